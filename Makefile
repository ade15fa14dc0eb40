# Two commands do all the set-up: `make demo` and `make test`.
# Each creates .venv if needed and reinstalls only when pyproject.toml changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test venv clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(BIN)/groundtui demo

test: $(STAMP)
	$(BIN)/ruff check groundtui tests bench
	$(BIN)/mypy groundtui
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache
