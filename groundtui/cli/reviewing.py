"""``groundtui review`` and ``groundtui demo``: the commands that open the review UI."""

from __future__ import annotations

import getpass

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import user_errors


@click.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--blind", is_flag=True, help="Hide the judge's labels until you label.")
@db_option
@user_errors
def review(reviewer: str | None, blind: bool, db_path: str | None) -> None:
    """Open the review UI."""
    reviewer = reviewer or _login()
    with open_store(db_path) as store:  # a missing or foreign database: one line, not a UI
        path = store.path
    from groundtui.tui import make_app

    make_app(path, reviewer, blind).run()


@click.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--no-ui", is_flag=True, help="Build the demo database, then stop.")
@db_option
@user_errors
def demo(reviewer: str | None, no_ui: bool, db_path: str | None) -> None:
    """Build a demo database from the bundled sample data and open the review UI.

    Offline and keyless. The database goes to --db PATH, else a fresh temporary folder.
    """
    import tempfile
    from pathlib import Path

    from groundtui.demo import build_demo

    if db_path:
        path = Path(db_path)
    else:
        path = Path(tempfile.mkdtemp(prefix="groundtui-demo-")) / "demo.db"
    click.echo(f"Building the demo database at {path} …")
    built = build_demo(path)
    click.echo(
        f"{built.answers} answers, {built.claims} claims; {built.flagged} answers flagged by "
        f"the mechanical check; {built.judged_claims} claims judged now by the heuristic judge.")
    if not no_ui:
        from groundtui.tui import make_app

        make_app(str(path), reviewer or _login(), False).run()
    # Said after the UI too, which has taken the screen since the lines above.
    click.echo(f"The demo database is at {path}: `groundtui review --db {path}` reopens it, "
               f"`groundtui report --db {path}` prints its report.")


def _login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers
        return "reviewer"
