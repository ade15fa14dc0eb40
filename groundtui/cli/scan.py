"""``groundtui scan``: the mechanical check over the database's answers."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import user_errors


@click.command()
@click.option("--all", "all_", is_flag=True, help="Check every answer, not only unscanned ones.")
@click.option("--rescan", is_flag=True, help="Replace earlier results of the check.")
@db_option
@user_errors
def scan(all_: bool, rescan: bool, db_path: str | None) -> None:
    """Flag answers with figures, dates or names their cited sources lack."""
    from groundtui.cli.progress import Counting, first_few
    from groundtui.scan import scan_answers
    from groundtui.text.inert import shown

    with open_store(db_path) as store, Counting("scanning") as bar:
        result = scan_answers(store, all_answers=all_, rescan=rescan, progress=bar.scanned)
        total = store.scalar("select count(*) from flags")
    rate = f"{result.rate:.1%}" if result.rate is not None else "n/a"
    click.echo(
        f"Scanned {result.scanned} answers: {result.flagged} flagged ({rate}); "
        f"{total} flagged in the database."
    )
    if result.flagged:
        click.echo(f"Flagged: {shown(first_few(result.first_flagged, result.flagged)).text}.")
