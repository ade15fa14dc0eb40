"""``groundtui review`` and ``groundtui demo``: the commands that open the review UI."""

from __future__ import annotations

import getpass
import os
import shlex
import sys
from pathlib import Path

import click

from groundtui.cli.database import db_option
from groundtui.cli.errors import UserError, user_errors
from groundtui.json_input import reviewer_name
from groundtui.store import Store, StoreError, default_db_path


@click.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--blind", is_flag=True, help="Hide the judge's labels until you label.")
@click.option(
    "--read-only",
    "read_only",
    is_flag=True,
    help="Open the database read-only: browse and filter, labels off "
    "[default: when you may not write it].",
)
@click.option(
    "--adjudicate",
    is_flag=True,
    help="Decide the claims two reviewers disagree on (a lead's queue); your keys record "
    "adjudications, which outrank the reviewers' labels.",
)
@click.option(
    "--no-advance",
    "no_advance",
    is_flag=True,
    help="Stay on a claim after labelling it (for this session; by default a key that "
    "completes a claim moves on to your next unlabelled one).",
)
@db_option
@user_errors
def review(
    reviewer: str | None,
    blind: bool,
    read_only: bool,
    adjudicate: bool,
    no_advance: bool,
    db_path: str | None,
) -> None:
    """Open the review UI.

    Several reviewers can review one database at once: each answer you open is yours
    (a lease) until you leave it unfinished for `lease_minutes`; your queue skips what
    others hold. See `groundtui config` for overlap, lease_minutes and guidelines.
    """
    try:
        reviewer = reviewer_name(reviewer or _login())
    except ValueError as exc:
        raise UserError(f"--reviewer: {exc}") from None
    path, read_only = _checked(db_path or default_db_path(), read_only)
    _need_terminal("review")
    from groundtui.serve import PARENT_ENV
    from groundtui.tui.app import make_app

    parent = os.environ.get(PARENT_ENV, "")  # a browser session's server
    app = make_app(
        path,
        reviewer,
        blind,
        readonly=read_only,
        adjudicate=adjudicate,
        advance=not no_advance,
        parent=int(parent) if parent.isdigit() else None,
    )
    try:
        app.run()
    finally:
        app.close_session()
    if app.unsaved:  # the terminal closed while another program held the lock for long
        raise UserError(
            f"{len(app.unsaved)} decision(s) could not be saved: database {path} stayed "
            "locked by another program; make them again when it is free"
        )


def _checked(path: str, read_only: bool) -> tuple[str, bool]:
    """Refuse a missing or foreign database in one line, and settle whether it opens read-only.

    Read-only when asked, when this process may not write the file or its folder, or when
    opening it for writing fails because it is read-only. The file is checked whole before
    it is written, unless ``groundtui serve``, this session's parent, has checked it
    (``store.checked``).
    """
    from groundtui.review.writes import writable
    from groundtui.store import checked_by_parent

    read_only = read_only or not writable(path)
    check = not read_only and not checked_by_parent(path)
    try:
        Store(path, create=False, readonly=read_only, check=check).close()
    except StoreError as exc:
        if read_only or "readonly" not in str(exc):
            raise UserError(str(exc)) from None
        return _checked(path, True)
    return path, read_only


@click.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--no-ui", is_flag=True, help="Build the demo database, then stop.")
@click.option(
    "--db",
    "db_path",
    metavar="PATH",
    default=None,
    help="Where to build the demo database; one built before is reused, with your labels "
    "[default: a new temporary folder; $GROUNDTUI_DB is not used, so a real database is "
    "never filled with sample data].",
)
@user_errors
def demo(reviewer: str | None, no_ui: bool, db_path: str | None) -> None:
    """Build a demo database from the bundled sample data and open the review UI.

    Offline and keyless. The database goes to --db PATH, else a fresh temporary folder.
    """
    import tempfile

    from groundtui.demo import build_demo

    if not no_ui:
        _need_terminal("demo")
    if db_path:
        path = Path(db_path)
    else:
        path = Path(tempfile.mkdtemp(prefix="groundtui-demo-")) / "demo.db"
    reused = path.exists()
    click.echo(f"{'Opening' if reused else 'Building'} the demo database at {path} …")
    built = build_demo(path)
    click.echo(
        f"{built.answers} answers, {built.claims} claims; {built.flagged} answers flagged by "
        f"the mechanical check; {built.judged_claims} claims judged now by the heuristic judge."
    )
    me, db = this_command(), shlex.quote(str(path))  # commands to paste: quoted for a shell
    reopen = f"`{me} review --db {db}` reopens it, `{me} report --db {db}` prints its report."
    if me != "groundtui" and sys.prefix != sys.base_prefix:  # a venv not on PATH
        activate = _shown_path(Path(sys.prefix) / "bin" / "activate")
        reopen += f" (Or `source {shlex.quote(activate)}` first, then type `groundtui`.)"
    if no_ui:
        click.echo(f"The demo database is at {path}: {reopen}")
        return
    from groundtui.tui import make_app

    click.echo(f"Opening the review UI on {path} (q quits; every label is saved as made).")
    app = make_app(str(path), reviewer or _login(), False)
    app.notice = f"Demo database: {path}"
    app.run()
    # Said again after the UI, which has taken the screen since the lines above.
    click.echo(f"The demo database is at {path}: {reopen}")


def this_command() -> str:
    """How to run this very groundtui again, as the user would type it: ``groundtui`` when
    that is the command on PATH, else the script's path, else ``python -m groundtui``."""
    import shutil

    script = Path(sys.argv[0])
    if script.name == "__main__.py":  # python -m groundtui
        return f"{shlex.quote(_shown_path(Path(sys.executable)))} -m groundtui"
    on_path = shutil.which("groundtui")
    if on_path and Path(on_path).resolve() == script.resolve():
        return "groundtui"
    return shlex.quote(_shown_path(script))


def _shown_path(path: Path) -> str:
    """``path`` relative to the current folder when under it (``.venv/bin/groundtui``)."""
    try:
        return str(path.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def has_terminal() -> bool:
    """Whether keys can be read: stdin is a terminal, or a driver was chosen for the UI
    (``groundtui serve``'s textual-serve sets ``TEXTUAL_DRIVER`` and talks through pipes)."""
    stdin = sys.stdin  # None when the process was started with no stdin at all
    return (stdin is not None and stdin.isatty()) or bool(os.environ.get("TEXTUAL_DRIVER"))


def _need_terminal(command: str) -> None:
    """Refuse to open the UI with no terminal to read keys from: Textual would wait for
    them forever at full CPU (in a script, a cron job, ``ssh host`` without ``-t``)."""
    if not has_terminal():
        raise UserError(
            f"{command} opens the review UI, which needs a terminal (stdin is not one): "
            "run it in a terminal (`ssh -t` over SSH), or `groundtui serve` for a browser; "
            "`groundtui report` prints the report as text"
        )


def _login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers
        return "reviewer"
