"""``groundtui leases``: who holds which answer, and freeing a reviewer's answers."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.json_input import reviewer_name
from groundtui.store import now_iso
from groundtui.text.inert import one_line


@click.command()
@click.option(
    "--release",
    "release",
    metavar="NAME",
    default=None,
    help="Free every answer NAME holds (for a lead, when someone has left).",
)
@db_option
@user_errors
def leases(release: str | None, db_path: str | None) -> None:
    """List the live leases: who holds which answer, until when.

    Opening an answer in `groundtui review` takes it for you; it stays yours while you are
    on it and for `lease_minutes` (see `groundtui config`) after you leave it unfinished.
    An answer you finished stays yours; one you labelled in part goes back to the queue
    when your lease ends, and the next reviewer finishes it.
    """
    if release is not None:
        try:
            release = reviewer_name(release)
        except ValueError as exc:
            raise UserError(f"--release: {exc}") from None
    with open_store(db_path, reading=release is None) as store:
        if release is not None:
            name = store.reviewers.name(release, register=False)
            click.echo(store.team.release_leases(name).sentence(one_line(name)))
            return
        rows = store.team.live_leases(now_iso())
    if not rows:
        click.echo("No live leases.")
        return
    for row in rows:
        click.echo(
            f"{one_line(row['reviewer'])}\t{one_line(row['answer_id'])}\tuntil {row['expires_at']}"
        )
