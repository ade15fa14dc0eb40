"""``groundtui scan-table``: the mechanical check over Parquet, on all cores or on Ray."""

from __future__ import annotations

import sys
import time

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from groundtui.cli.errors import user_errors
from groundtui.text.inert import shown


class _RateColumn(ProgressColumn):
    """Rows per second, over the run so far."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 and task.completed else None
        return Text("… rows/s" if rate is None else f"{rate:,.0f} rows/s")


@click.command("scan-table")
@click.argument("source", metavar="IN")
@click.option(
    "-o",
    "--out",
    "out",
    required=True,
    metavar="OUT",
    help="Output folder of Parquet parts (new or empty).",
)
@click.option("--id", "id_col", required=True, metavar="COL", help="Column of answer ids.")
@click.option(
    "--response", "response_col", required=True, metavar="COL", help="Column of responses (text)."
)
@click.option(
    "--sources",
    "sources_col",
    required=True,
    metavar="COL",
    help="Column of cited sources in citation order: a list of texts, or of structs "
    "with `text` (and optionally `id`).",
)
@click.option(
    "--question", "question_col", metavar="COL", help="Column of questions, carried to the output."
)
@click.option("--flagged-only", is_flag=True, help="Write only the answers the check flags.")
@click.option(
    "--engine",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="A process pool on this machine, or Ray actors.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    metavar="N",
    help="Processes (local) or actors (ray); default: all cores.",
)
@click.option(
    "--address",
    metavar="RAY",
    help="With --engine ray: the cluster to join (default: start a local Ray).",
)
@user_errors
def scan_table(
    source: str,
    out: str,
    id_col: str,
    response_col: str,
    sources_col: str,
    question_col: str | None,
    flagged_only: bool,
    engine: str,
    workers: int | None,
    address: str | None,
) -> None:
    """Check every answer in the Parquet IN (a file, a folder or a glob) and write OUT.

    OUT holds the columns read, under their own names, plus `flagged` and `specifics`
    (text, start, end, kind, sources of each unsourced figure, date or name). Rows that
    cannot be checked are reported by file, row group and row, and left out. Exit code 0
    when every row was checked, 1 when some were not.
    """
    from groundtui.scan_table import Columns, Unit, scan_table

    if address and engine != "ray":
        raise click.UsageError("--address joins a Ray cluster: use it with --engine ray")
    console = Console(stderr=True)
    progress = Progress(
        SpinnerColumn(),
        TextColumn("checking"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("answers ·"),
        _RateColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    task = progress.add_task("checking", total=None)

    def planned(units: list[Unit]) -> None:
        progress.update(task, total=sum(u.rows for u in units))
        progress.start()

    def done(rows: int) -> None:
        progress.advance(task, rows)

    columns = Columns(id_col, response_col, sources_col, question_col)
    start = time.perf_counter()
    try:
        total = scan_table(
            source,
            out,
            columns,
            flagged_only=flagged_only,
            engine=engine,
            workers=workers,
            address=address,
            planned=planned,
            done=done,
        )
    finally:
        progress.stop()
    seconds = time.perf_counter() - start
    for line in total.bad_rows:
        click.echo(f"groundtui: {shown(line).text}", err=True)
    if total.more_bad:
        click.echo(
            f"groundtui: (the first {len(total.bad_rows)} bad rows shown; {total.bad:,} in all)",
            err=True,
        )
    checked = total.rows - total.bad
    rate = f"{total.flagged / checked:.1%}" if checked else "n/a"
    click.echo(
        f"Checked {checked:,} answers in {seconds:.1f} s ({total.rows / max(seconds, 1e-9):,.0f} "
        f"rows/s, engine {engine}): {total.flagged:,} flagged ({rate}); wrote {total.written:,} "
        f"rows to {out}; {total.bad:,} bad {'row' if total.bad == 1 else 'rows'}."
    )
    sys.exit(1 if total.bad else 0)
