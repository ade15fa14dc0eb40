"""``groundtui import``: load answers from files in any of the formats docs/formats.md lists."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import user_errors
from groundtui.importing.formats import FORMATS
from groundtui.json_input import parse_instant
from groundtui.store import default_db_path
from groundtui.text.counts import plural
from groundtui.text.inert import shown


def _check_time(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--reviews-at``: kept as given, once it reads as a time with a zone."""
    if value is not None:
        try:
            parse_instant(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


@click.command("import")
@click.argument("files", nargs=-1, required=True, metavar="FILE…")
@click.option("--skip-invalid", is_flag=True, help="Import the good lines; list the bad ones.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="The files' format (detected from each file when omitted).",
)
@click.option(
    "--map",
    "maps",
    multiple=True,
    metavar="FIELD=PATH",
    help="Read FIELD (id, question, response, sources, answered_at, sources[].id, "
    "sources[].title, sources[].text) from PATH (keys joined by '.', [] over a list, "
    "[n] one item); repeatable.",
)
@click.option(
    "--reviews-at",
    metavar="TIME",
    callback=_check_time,
    help="The time of reviews given without `at` (ISO 8601 with a zone).",
)
@click.option(
    "--flagged-only",
    is_flag=True,
    help="Read the output of `groundtui scan-table`: import its flagged answers "
    "with their stored flags (a folder stands for its Parquet files).",
)
@click.option(
    "--id",
    "id_col",
    default="id",
    show_default=True,
    metavar="COL",
    help="With --flagged-only: the id column, as named to scan-table.",
)
@click.option(
    "--response",
    "response_col",
    default="response",
    show_default=True,
    metavar="COL",
    help="With --flagged-only: the response column.",
)
@click.option(
    "--sources",
    "sources_col",
    default="sources",
    show_default=True,
    metavar="COL",
    help="With --flagged-only: the sources column.",
)
@click.option(
    "--question",
    "question_col",
    default="question",
    show_default=True,
    metavar="COL",
    help="With --flagged-only: the question column (empty if absent).",
)
@db_option
@user_errors
def import_cmd(
    files: tuple[str, ...],
    skip_invalid: bool,
    fmt: str | None,
    maps: tuple[str, ...],
    reviews_at: str | None,
    flagged_only: bool,
    id_col: str,
    response_col: str,
    sources_col: str,
    question_col: str,
    db_path: str | None,
) -> None:
    """Load answers from FILEs ("-" reads stdin), each in its detected format or --format."""
    from groundtui.cli.progress import Counting, first_few
    from groundtui.importing.files import import_files
    from groundtui.importing.formats.fields import parse_map
    from groundtui.importing.formats.scanned import ScanColumns

    scanned = ScanColumns(id_col, response_col, sources_col, question_col)
    if not flagged_only and scanned != ScanColumns():
        raise click.UsageError(
            "--id, --response, --sources and --question name the columns "
            "of a scan-table output: use them with --flagged-only"
        )

    try:
        columns = parse_map(maps)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--map") from None
    if columns and flagged_only:
        raise click.UsageError("--map names a table's columns: --flagged-only has --id, …")
    path = Path(db_path or default_db_path())
    existed, written = path.exists(), False
    try:
        with open_store(str(path), create=True) as store, Counting("importing") as bar:
            result = import_files(
                store,
                list(files),
                skip_invalid=skip_invalid,
                fmt=fmt,
                reviews_at=reviews_at,
                flagged_only=scanned if flagged_only else None,
                columns=columns,
                progress=bar.imported,
            )
            written = result.written and result.answers > 0
    finally:
        if not existed and not written:
            # Nothing imported into a database this command created (a bad file, or one
            # holding no answers: /dev/null): leave no file behind.
            for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                leftover.unlink(missing_ok=True)
    for bad in result.bad:
        click.echo(f"groundtui: {shown(str(bad)).text}", err=True)
    refused = ""
    if result.bad:  # the answers refused, by id where the line says it
        names = [b.ident or f"{Path(b.file).name}:{b.line}" for b in result.bad[:5]]
        refused = f": {shown(first_few(names, len(result.bad))).text}"
    if result.bad and not skip_invalid:
        click.echo(
            f"groundtui: nothing imported: {len(result.bad)} bad line(s); fix them or "
            "pass --skip-invalid",
            err=True,
        )
    else:
        click.echo(
            f"Imported {plural(result.answers, 'answer')}, {plural(result.sources, 'source')}, "
            f"{plural(result.claims, 'claim')}, {plural(result.reviews, 'review')}; "
            f"{result.unchanged:,} unchanged; {plural(len(result.bad), 'line')} skipped{refused}."
            + (
                f" Took {result.flags} stored flags; passed over {result.unflagged} answers "
                "not flagged."
                if flagged_only
                else ""
            )
            + (
                f" Merged {plural(result.merged, 'answer')} already imported with other meta "
                f"(keys combined; {plural(result.kept, 'clashing key')} kept as first imported)."
                if result.merged
                else ""
            )
            + (f" ({result.detected()})" if result.detected() else "")
        )
    sys.exit(result.exit_code)
