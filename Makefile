# Two commands do all the set-up: `make demo` and `make test`.
# Each creates .venv if needed and reinstalls only when pyproject.toml changed: `make demo`
# the runtime alone, `make test` the dev extra too (pytest, mypy, ruff, Playwright).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: demo test test-fast test-unit venv clean chromium schema

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(DEV_STAMP)

# Ray (the optional extra for `scan-table --engine ray`) in its own environment: its data
# extra brings pandas, which sqlite-utils imports whenever it is installed (0.5 s on every
# command). The Ray tests run scan-table with this Python.
RAY_STAMP := .venv-ray/.installed
$(RAY_STAMP): pyproject.toml
	test -x .venv-ray/bin/python || $(PYTHON) -m venv .venv-ray
	.venv-ray/bin/python -m pip install --quiet --upgrade pip
	.venv-ray/bin/python -m pip install --quiet -e '.[ray]'
	touch $(RAY_STAMP)

venv: $(STAMP)

# One demo database, kept between runs (demo.db, ignored by git): your labels stay.
demo: $(STAMP)
	$(BIN)/groundtui demo --db demo.db

# The browser tests drive the system Chromium (README "Reviewing in a browser"): installed
# here with apt-get when absent and this user may; otherwise those tests skip, saying why.
chromium:
	@test -x /usr/bin/chromium || { \
	  if command -v apt-get >/dev/null && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
	    SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo -n); \
	    echo "make: installing chromium for the browser tests (apt-get)"; \
	    { $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; } >/dev/null \
	      || echo "make: could not install chromium: the browser tests will be skipped"; \
	  else \
	    echo "make: no /usr/bin/chromium and no apt-get as root: the browser tests will be skipped"; \
	  fi; }

test: $(DEV_STAMP) $(RAY_STAMP) chromium
	$(BIN)/ruff check groundtui tests bench
	$(BIN)/ruff format --check groundtui tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n auto

# The quick loop: the same checks, without the tests marked slow (pytest -m slow lists them).
test-fast: $(DEV_STAMP)
	$(BIN)/ruff check groundtui tests bench
	$(BIN)/python -m pytest -q -n auto -m "not slow"

# groundtui/store/sql/schema.sql, after a change of the migrations or the count files:
# the schema of a new database, which tests/test_schema.py holds every database to.
schema: $(STAMP)
	$(BIN)/python -m tests.helpers.schema > groundtui/store/sql/schema.sql

# The unit tier: tests/unit/, no Textual, no subprocess, no database file (its conftest
# refuses them). One process: starting workers would cost more than the tests.
test-unit: $(DEV_STAMP)
	$(BIN)/python -m pytest -q -p no:xdist tests/unit

clean:
	rm -rf $(VENV) .venv-ray .pytest_cache .mypy_cache
