"""``groundtui serve`` and ``groundtui reviewers``: the review UI in a browser, and who may
sign in to it (docs/browser.md). The server is imported only by ``serve``."""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.json_input import reviewer_name
from groundtui.listen import bind, is_loopback
from groundtui.serve import SESSION_MEMORY_MIB
from groundtui.store import default_db_path
from groundtui.text.inert import one_line

DEFAULT_BASE = "http://127.0.0.1:8000"


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but loopback serves plain HTTP to others.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free one, printed).",
)
@click.option(
    "--max-sessions",
    default=None,
    type=click.IntRange(1),
    help="Browser sessions at once in all (each runs a review process) [default: 2 per CPU core].",
)
@click.option(
    "--max-per-reviewer",
    default=2,
    show_default=True,
    type=click.IntRange(1),
    help="Browser sessions at once per reviewer.",
)
@click.option(
    "--max-session-memory",
    default=SESSION_MEMORY_MIB,
    show_default=True,
    type=click.IntRange(1),
    help="MiB a session's review process may hold; one holding more is ended.",
)
@db_option
@user_errors
def serve(
    host: str,
    port: int,
    max_sessions: int | None,
    max_per_reviewer: int,
    max_session_memory: int,
    db_path: str | None,
) -> None:
    """Serve the review UI to browsers: one `groundtui review` per signed-in tab.

    Reviewers sign in with the personal link `groundtui reviewers add NAME` prints; a link
    that is wrong or revoked gets HTTP 403 and starts nothing.
    """
    if not host.strip():
        # An empty host binds every interface: the opposite of what leaving it out does.
        raise UserError(
            "--host is empty: give the address to listen on (127.0.0.1, the default, or "
            "0.0.0.0 for every interface)"
        )
    path = db_path or default_db_path()
    # Checked whole, and migrated, before anyone signs in: once for every session it starts.
    with open_store(path) as store:
        active = sum(1 for r in store.reviewers() if r["link"] == "active")
    try:
        from groundtui.serve.script import ScriptChanged, page_script
        from groundtui.serve.server import ReviewServer
    except ImportError as exc:
        raise UserError(f"serve needs textual-serve ({exc}): pip install textual-serve") from None
    try:
        page_script()
    except ScriptChanged as exc:
        raise UserError(str(exc)) from None
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    server = ReviewServer(
        path,
        host=host,
        port=bound,
        per_reviewer=max_per_reviewer,
        in_all=max_sessions,
        checked=True,
        memory_bound=max_session_memory << 20,
    )
    shown_host = f"[{host}]" if ":" in host else host
    click.echo(
        f"groundtui serve: {path} on http://{shown_host}:{bound}/ for {active} "
        f"reviewer link(s); at most {server.in_all} sessions, {max_per_reviewer} per "
        f"reviewer, {max_session_memory} MiB each; Ctrl-C stops",
        err=False,
    )
    if not is_loopback(host):
        click.echo(
            f"groundtui serve: plain HTTP on {host}: put TLS in a reverse proxy in "
            "front (docs/browser.md)"
        )
    if active == 0:
        click.echo(
            "groundtui serve: no reviewer has a link yet: `groundtui reviewers add NAME` prints one"
        )
    import logging
    import sys

    logging.basicConfig(
        level=logging.INFO, stream=sys.stdout, format="groundtui serve: %(message)s"
    )
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    server.run(sock)


@click.group()
def reviewers() -> None:
    """Reviewers' personal links to `groundtui serve`: add, list, revoke."""


def _usable_base(base: str) -> bool:
    """Whether ``base`` is an address a link can start with: http or https, a host, a port
    if any that is one, a path if any, and nothing a browser would cut the link at."""
    if any(c.isspace() or not c.isprintable() for c in base):
        return False
    try:
        parts = urlsplit(base)
        _ = parts.port  # a ValueError for a port that is none ("h:x", "h:99999")
    except ValueError:  # "http://[::1": an unclosed IPv6 address
        return False
    return (
        parts.scheme in ("http", "https")
        and bool(parts.hostname)
        and not parts.query
        and not parts.fragment
    )


@reviewers.command("add")
@click.argument("name")
@click.option("--lead", is_flag=True, help="A lead: their link may open adjudication.")
@click.option(
    "--url",
    "base",
    default=DEFAULT_BASE,
    show_default=True,
    help="The server's address as reviewers reach it.",
)
@db_option
@user_errors
def add(name: str, lead: bool, base: str, db_path: str | None) -> None:
    """Give NAME a personal link (a new one replaces the old, which stops working)."""
    try:
        name = reviewer_name(name)
    except ValueError as exc:
        raise UserError(f"reviewers add: {exc}") from None
    if not _usable_base(base):
        raise UserError(
            f"--url {base}: give the address as http://HOST:PORT or https://HOST "
            "(a path may follow; no spaces, ? or #)"
        )
    with open_store(db_path, create=False) as store:
        stored, token = store.add_reviewer(name, lead=lead)
    link = f"{base.rstrip('/')}/?{urlencode({'token': token})}"
    click.echo(f"{one_line(stored)}{' (lead)' if lead else ''}: {link}")
    if lead:
        click.echo(f"adjudication: {link}&adjudicate=1")
    click.echo(
        "Send the link privately: whoever holds it labels as "
        f"{one_line(stored)}. It is shown only now."
    )


@reviewers.command("list")
@db_option
@user_errors
def list_cmd(db_path: str | None) -> None:
    """Every reviewer: name, lead, their link's state, when added."""
    with open_store(db_path, reading=True) as store:
        rows = store.reviewers()
    if not rows:
        click.echo("No reviewers yet.")
    for row in rows:
        state = f"revoked {row['revoked_at']}" if row["link"] == "revoked" else row["link"]
        click.echo(
            f"{one_line(row['name'])}\t{'lead' if row['lead'] else '-'}\t"
            f"link {state}\tadded {row['added_at']}"
        )


@reviewers.command("revoke")
@click.argument("name")
@db_option
@user_errors
def revoke(name: str, db_path: str | None) -> None:
    """End NAME's link: it signs in no more, and `serve` ends its open sessions within 5 s."""
    with open_store(db_path) as store:
        stored = store.revoke_reviewer(name)
    if stored is None:
        raise UserError(
            f"reviewers revoke: no reviewer {name!r} with a live link (`groundtui reviewers list`)"
        )
    click.echo(f"Revoked the link of {one_line(stored)}.")
