"""The README's command table held to click's real commands and options, and the docs to
the README (in the manner of sqlite-utils' tests/test_docs.py).

The table under "## Commands" has one row per command: the first cell the command in
backticks (`groundtui export`), the second its arguments and the third its options, each in
backticks exactly as ``groundtui COMMAND --help`` shows them (`-o, --output FILE`). A ``|``
inside a cell is written ``\\|``, as GitHub's tables need.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import click
import pytest

from groundtui.cli import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_WORDS = 3000


def _commands() -> dict[str, tuple[click.Command, click.Context]]:
    """Every command and group by its full name ("groundtui reviewers add"), with a context
    to render its parameters in."""
    found: dict[str, tuple[click.Command, click.Context]] = {}

    def walk(command: click.Command, ctx: click.Context) -> None:
        found[ctx.command_path] = (command, ctx)
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, click.Context(sub, info_name=name, parent=ctx))

    walk(cli, click.Context(cli, info_name="groundtui"))
    return found


COMMANDS = _commands()


def _options(name: str) -> dict[str, click.Option]:
    """The command's options but help, keyed by how ``--help`` shows each
    ("-o, --output FILE")."""
    command, ctx = COMMANDS[name]
    help_option = command.get_help_option(ctx)
    shown = {}
    for param in command.get_params(ctx):
        if not isinstance(param, click.Option) or param is help_option:
            continue
        record = param.get_help_record(ctx)
        assert record is not None, f"{name}: {param.name} is hidden from --help"
        shown[record[0]] = param
    return shown


def _arguments(name: str) -> list[str]:
    """The command's arguments as its usage line shows them ("FILE…", "[KEY]")."""
    command, ctx = COMMANDS[name]
    return [
        piece
        for param in command.get_params(ctx)
        if isinstance(param, click.Argument)
        for piece in param.get_usage_pieces(ctx)
    ]


def _needs_row(name: str) -> bool:
    """Commands need a row; a group only when it has options of its own."""
    command, _ = COMMANDS[name]
    return not isinstance(command, click.Group) or bool(_options(name))


def _cells(line: str) -> list[str]:
    """A table row's cells, split at the ``|`` not escaped, with ``\\|`` read as ``|``."""
    inner = line.strip()
    assert inner.startswith("|") and inner.endswith("|"), line
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner[1:-1])]


def _code(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


@cache
def readme() -> str:
    return README.read_text(encoding="utf-8")


@cache
def table() -> dict[str, tuple[list[str], list[str]]]:
    """The README's command table: each command's arguments and options as written."""
    section = readme().split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, tuple[list[str], list[str]]] = {}
    for line in section.splitlines():
        if not line.startswith("| `groundtui"):
            continue
        cells = _cells(line)
        names = _code(cells[0])
        assert len(names) == 1, f"the first cell names one command: {line}"
        assert names[0] not in rows, f"{names[0]} has two rows"
        rows[names[0]] = (_code(cells[1]), _code(cells[2]))
    assert rows, "no command table under ## Commands"
    return rows


@pytest.mark.parametrize("name", [n for n in COMMANDS if _needs_row(n)])
def test_every_command_is_in_the_table(name: str) -> None:
    assert name in table(), f"README's command table has no row for `{name}`"


@pytest.mark.parametrize("name", [n for n in COMMANDS if _needs_row(n)])
def test_every_option_is_in_its_row(name: str) -> None:
    written = table().get(name, ([], []))[1]
    named = {token for item in written for token in re.split(r"[\s,]+", item) if token}
    for shown, option in _options(name).items():
        for flag in [*option.opts, *option.secondary_opts]:
            assert flag in named, f"`{name}`: {flag} is not in its README row"
        assert shown in written, f"`{name}`: the README should write `{shown}` as --help does"


@pytest.mark.parametrize("name", [n for n in COMMANDS if _needs_row(n)])
def test_every_argument_is_in_its_row(name: str) -> None:
    written = table().get(name, ([], []))[0]
    assert written == _arguments(name), f"`{name}`: arguments as --help shows them"


def test_the_table_names_nothing_that_does_not_exist() -> None:
    for name, (_, written) in table().items():
        assert name in COMMANDS, f"README's command table names `{name}`, which is no command"
        options = _options(name)
        flags = {flag for option in options.values() for flag in option.opts}
        for item in written:
            assert item in options, f"`{name}`: `{item}` is not an option as --help shows it"
            for token in re.split(r"[\s,]+", item):
                if token.startswith("-"):
                    assert token in flags, f"`{name}`: {token} is no option of it"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    pages = sorted(p.relative_to(ROOT).as_posix() for p in DOCS.rglob("*") if p.is_file())
    assert pages, "docs/ is empty"
    linked = set(re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme()))
    missing = [page for page in pages if page not in linked]
    assert not missing, f"README.md links no: {missing}"


def test_every_link_to_docs_has_a_page() -> None:
    for target in re.findall(r"\]\((docs/[^)#\s]+)", readme()):
        assert (ROOT / target).is_file(), f"README.md links {target}, which does not exist"


def test_the_readme_is_short() -> None:
    words = len(readme().split())
    assert words <= MAX_WORDS, f"README.md has {words} words; at most {MAX_WORDS}"


def test_the_settings_table_says_each_settings_values_and_default() -> None:
    """README "Configuration" lists every setting with the bounds and default that `config`
    enforces, from the one table of settings."""
    from groundtui.store import SETTINGS

    section = readme().split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    rows = {
        _code(cells[0])[0]: cells[1:3]
        for cells in map(_cells, (line for line in section.splitlines() if line.startswith("| `")))
        if _code(cells[0])[0] in SETTINGS
    }
    written = {name: [s.values, s.shown_default] for name, s in SETTINGS.items()}
    assert rows == written


def test_every_benchmark_row_names_a_script_that_exists() -> None:
    rows = [line for line in (DOCS / "benchmarks.md").read_text().splitlines() if line[:2] == "| "]
    scripts = [re.match(r"\| [^|]+ \| `python (bench/\S+\.py)", row) for row in rows[2:]]
    assert rows[2:] and all(scripts), "a row without a `python bench/….py` command"
    assert not [m[1] for m in scripts if m and not (ROOT / m[1]).is_file()]


def test_a_recorded_benchmark_replaces_its_row_or_adds_one() -> None:
    from bench.record import write_row

    table = (
        "| benchmark | command | latest |\n| --- | --- | --- |\n| a | `python bench/a.py` | old |\n"
    )
    updated = write_row(table, "python bench/a.py", "a", "new \\| figures")
    assert updated.splitlines()[2] == "| a | `python bench/a.py` | new \\| figures |"
    added = write_row(updated, "python bench/b.py --x 1", "b", "first")
    assert added.splitlines()[2:] == [
        "| a | `python bench/a.py` | new \\| figures |",
        "| b | `python bench/b.py --x 1` | first |",
    ]
