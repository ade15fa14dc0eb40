"""The parts of the package and what each may import, as docs/development.md's map draws them.

Read from the source with ``ast``: every ``import`` counts for the layering, wherever it
stands; only those at a module's top level count as "at import".
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.helpers.builders import packages_loaded

PACKAGE = Path(__file__).resolve().parents[1] / "groundtui"

# The parts of groundtui and the parts each may import (itself always). Keep this table
# and the map of docs/development.md the same.
MAY_IMPORT: dict[str, set[str]] = {
    "text": set(),
    "scratch": set(),
    "targets": set(),
    "listen": set(),
    "json_input": {"text"},
    "checks": {"text"},
    "models": {"text", "json_input"},
    "store": {"models", "json_input", "scratch", "text"},
    "report": {"store", "models", "text"},
    "scan": {"checks", "store", "models", "text"},
    "importing": {"json_input", "models", "scan", "store", "text"},
    "scan_table": {"checks", "importing", "scratch", "targets"},
    "judge": {"checks", "models", "json_input", "scan", "store", "text"},
    "exporting": {"importing", "report", "store", "models", "scratch", "targets", "text"},
    "demo": {"importing", "judge", "scan", "store"},
    "api": {
        "checks",
        "exporting",
        "importing",
        "judge",
        "models",
        "report",
        "scan",
        "store",
    },
    "testing": {"api", "judge", "models", "text"},
    "pytest_plugin": {"store", "testing"},
    "collect": {"importing", "listen", "models", "store", "text"},
    "cli": {
        "api",
        "checks",
        "collect",
        "demo",
        "exporting",
        "importing",
        "judge",
        "json_input",
        "listen",
        "models",
        "report",
        "review",
        "scan",
        "scan_table",
        "scratch",
        "serve",
        "store",
        "targets",
        "text",
        "tui",
    },
    "serve": {"listen", "store", "text"},
    "review": {"checks", "models", "json_input", "report", "store", "text"},
    "tui": {"checks", "models", "json_input", "report", "review", "store", "text"},
}
# Third-party packages each part may import; the standard library is open to all.
MAY_USE: dict[str, set[str]] = {
    "text": set(),
    "scratch": set(),
    "targets": set(),
    "listen": set(),
    "json_input": set(),
    "checks": set(),
    "models": {"pydantic"},
    "store": {"sqlite_utils"},
    "report": {"rich", "plotly"},
    "scan": set(),
    "importing": {"pydantic", "pyarrow"},
    "judge": {"litellm", "pydantic", "snowballstemmer"},
    "exporting": {"pyarrow"},
    "demo": set(),
    "api": set(),
    "testing": {"rich"},
    "pytest_plugin": {"pytest"},
    "collect": {"aiohttp", "google", "opentelemetry"},
    "cli": {"click", "dotenv", "rich"},
    "serve": {"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"},
    "review": set(),
    "tui": {"textual", "rich"},
    "scan_table": {"pyarrow", "ray"},
}
LAZY_ONLY = {
    "litellm",
    "plotly",
    "pyarrow",
    "ray",
    "textual",
    "textual_serve",
    "groundtui.tui",
    "groundtui.serve",
    "groundtui.collect",
    "groundtui.cli",
    "groundtui.scan_table",
}
"""Never imported at a module's top level outside their own part."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(module: str) -> str | None:
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 and pieces[0] == "groundtui" else None


@cache
def imports() -> dict[str, list[tuple[str, bool]]]:
    """Each module of the package: what it imports, and whether at its top level."""
    found: dict[str, list[tuple[str, bool]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        names: list[tuple[str, bool]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [(alias.name, id(node) in top_level) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                # "from groundtui.judge import invention_rules" imports a module; only names
                # that are not modules count as an import of the package itself
                modules = [
                    f"{node.module}.{a.name}"
                    for a in node.names
                    if (PACKAGE.parent / f"{node.module}.{a.name}".replace(".", "/"))
                    .with_suffix(".py")
                    .exists()
                ]
                if len(modules) < len(node.names):
                    names.append((node.module, id(node) in top_level))
                names += [(module, id(node) in top_level) for module in modules]
        found[_module_name(path)] = names
    return found


def test_every_part_is_in_the_map():
    parts = {_part(m) for m in imports()} - {None, "__main__"}
    assert parts == set(MAY_IMPORT) == set(MAY_USE)


@pytest.mark.parametrize("part", sorted(MAY_IMPORT))
def test_a_part_imports_only_the_parts_below_it(part):
    wrong = sorted(
        f"{module} imports {name}"
        for module, names in imports().items()
        if _part(module) == part
        for name, _ in names
        if _part(name) not in (None, part) and _part(name) not in MAY_IMPORT[part]
    )
    assert not wrong


@pytest.mark.parametrize("part", sorted(MAY_USE))
def test_a_part_uses_only_its_own_third_party_packages(part):
    stdlib = sys.stdlib_module_names
    wrong = sorted(
        f"{module} imports {name}"
        for module, names in imports().items()
        if _part(module) == part
        for name, _ in names
        if (root := name.split(".")[0]) not in stdlib
        and root not in ("groundtui", "__future__")
        and root not in MAY_USE[part]
    )
    assert not wrong


def test_the_heavy_and_the_ui_parts_are_imported_lazily():
    eager = sorted(
        f"{module} imports {name} at import"
        for module, names in imports().items()
        for name, top in names
        if top
        and any(name == lazy or name.startswith(lazy + ".") for lazy in LAZY_ONLY)
        and not any(module == lazy or module.startswith(lazy + ".") for lazy in LAZY_ONLY)
        and module != "groundtui.__main__"  # ``python -m groundtui`` is the command line
    )
    assert not eager


def test_no_module_imports_one_that_imports_it_back():
    graph = {m: {n for n, _ in names if n in imports()} for m, names in imports().items()}
    # a package's __init__ re-exporting its modules is no cycle of parts
    for module in graph:
        graph[module] = {n for n in graph[module] if not module.startswith(n + ".")}
    seen: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(graph[node]):
            if seen.get(nxt) == 1 and not cycle:
                cycle.extend([*path[path.index(nxt) :], nxt])
            elif nxt not in seen:
                visit(nxt, [*path, nxt])
        seen[node] = 2

    for module in sorted(graph):
        if module not in seen:
            visit(module, [module])
    assert not cycle, " -> ".join(cycle)


def test_importing_the_core_loads_neither_textual_nor_litellm():
    core = [
        m
        for m in imports()
        if _part(m) not in ("tui", "serve", "collect", "cli", "scan_table", None, "__main__")
    ]
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in core)
        + "print(sorted(m for m in ('textual', 'textual_serve', 'aiohttp', 'litellm', 'pyarrow',"
        " 'plotly') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _outside_the_store() -> list[Path]:
    """Every Python file of the package, the tests and the benchmarks but the store's own."""
    root = PACKAGE.parent
    files = [
        *PACKAGE.rglob("*.py"),
        *(root / "tests").rglob("*.py"),
        *(root / "bench").rglob("*.py"),
    ]
    return sorted(f for f in files if PACKAGE / "store" not in f.parents)


@pytest.mark.slow
def test_code_outside_the_store_comes_in_by_its_one_door():
    """``groundtui.store`` (its ``__init__``) is the store's one door: no code outside the
    store imports one of its modules, nor a name the door does not export."""
    import groundtui.store

    exported = set(groundtui.store.__all__)
    wrong = []
    for path in _outside_the_store():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
                wrong += [f"{path}: import {n}" for n in names if n.startswith("groundtui.store.")]
            elif isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("groundtui.store."):
                    wrong.append(f"{path}: from {node.module} import ...")
                elif node.module == "groundtui.store":
                    wrong += [
                        f"{path}: from groundtui.store import {a.name} (not exported)"
                        for a in node.names
                        if a.name not in exported
                    ]
    assert not wrong, "\n".join(wrong)


def test_the_door_exports_what_it_imports():
    import groundtui.store

    missing = [name for name in groundtui.store.__all__ if not hasattr(groundtui.store, name)]
    assert not missing


def test_an_import_loads_neither_the_check_nor_the_report(tmp_path: Path) -> None:
    """``groundtui import`` writes answers: the check's modules and the report's are not
    its work (it stores a scan-table output's flags under the check's name alone)."""
    answers = tmp_path / "a.jsonl"
    answers.write_text(
        '{"id": "a", "question": "q", "response": "It is 5 [1].",'
        ' "sources": [{"id": "s", "text": "It is 5."}]}\n'
    )
    code = (
        "import sys\n"
        "from groundtui.cli import cli\n"
        f"try: cli(['import', {str(answers)!r}, '--db', {str(tmp_path / 'a.db')!r}])\n"
        "except SystemExit as exc: assert exc.code == 0, exc.code\n"
        "print(sorted({m.split('.')[1] for m in sys.modules"
        " if m.split('.')[0] == 'groundtui' and '.' in m}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(out.stdout.strip().splitlines()[-1]))
    assert "importing" in loaded  # the command ran
    assert not loaded & {"checks", "scan", "report"}, loaded


JUDGES = ("groundtui.judge.heuristic", "groundtui.judge.llm")
"""The judges the package has: the pipeline knows them through ``judge.base`` alone."""


def test_the_judge_pipeline_knows_no_judge_inside():
    """The pipeline's modules (``groundtui/judge/*.py``) import no module of a judge's own:
    what a judge is told and what it returns are ``judge.base``'s; only the offline
    judge's public door (``groundtui.judge.heuristic``: its coverage measure) is open.
    ``estimate`` is the model's bill (``--dry-run``): it counts the model's prompts."""
    pipeline = [
        m
        for m in imports()
        if m.count(".") == 2
        and m.startswith("groundtui.judge.")
        and m not in (*JUDGES, "groundtui.judge.estimate")
    ]
    assert "groundtui.judge.pipeline" in pipeline and "groundtui.judge.provenance" in pipeline
    wrong = sorted(
        f"{module} imports {name}"
        for module in pipeline
        for name, _ in imports()[module]
        if any(name.startswith(judge + ".") for judge in JUDGES)
    )
    assert not wrong


def test_no_two_classes_share_a_name():
    """A class's name says which it is anywhere in the package, without its module."""
    where: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(_module_name(path))
    assert {name: found for name, found in where.items() if len(found) > 1} == {}


def test_importing_the_check_loads_neither_ui_nor_model() -> None:
    packages = ("textual", "litellm", "pydantic", "rich")
    assert packages_loaded(["groundtui.checks"], packages) == []


def test_no_unit_test_imports_textual() -> None:
    """``make test-unit`` stays quick: its tests import neither Textual nor the UI."""
    for path in sorted((Path(__file__).parent / "unit").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                for name in names:
                    assert not name.startswith(("textual", "groundtui.tui")), (path.name, name)
