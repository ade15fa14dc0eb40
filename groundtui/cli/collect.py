"""``groundtui collect``: production answers in as they happen, over OTLP/HTTP
(docs/collect.md). The server is imported only by this command."""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING

import click
from rich.console import Console

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.listen import bind, is_loopback
from groundtui.store import default_db_path
from groundtui.text.inert import one_line

if TYPE_CHECKING:
    from groundtui.collect.writer import CollectorTally

PLAIN_EVERY = 10.0
"""Seconds between two progress lines when stderr is not a terminal (a log)."""
RATE_OVER = 10.0
"""Seconds over which the progress line's answers a second are counted."""


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; any but loopback needs --token.",
)
@click.option(
    "--port",
    default=4318,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (4318: OTLP/HTTP's; 0: any free one, printed).",
)
@click.option(
    "--token",
    envvar="GROUNDTUI_COLLECT_TOKEN",
    default=None,
    metavar="TOKEN",
    help="Take only requests with 'Authorization: Bearer TOKEN' [default: "
    "$GROUNDTUI_COLLECT_TOKEN].",
)
@click.option(
    "--grace",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0, 3600),
    metavar="SECONDS",
    help="How long a trace waits after its root span arrives, for late child spans.",
)
@click.option(
    "--orphan-after",
    default=600.0,
    show_default=True,
    type=click.FloatRange(0, 7 * 86400),
    metavar="SECONDS",
    help="How long a trace waits for its root span; then it is built from what arrived.",
)
@click.option(
    "--max-pending",
    default=100_000,
    show_default=True,
    type=click.IntRange(1),
    metavar="SPANS",
    help="Spans held unwritten before senders are told to retry (429).",
)
@db_option
@user_errors
def collect(
    host: str,
    port: int,
    token: str | None,
    grace: float,
    orphan_after: float,
    max_pending: int,
    db_path: str | None,
) -> None:
    """Take OTLP traces over HTTP (POST /v1/traces) and store every answer they carry,
    checked: flagged ones enter the review queue as they arrive.

    Point an OpenTelemetry exporter (or a Collector's otlphttp exporter) at
    http://HOST:PORT; GET /healthz says how it is doing.
    """
    if not host.strip():
        raise UserError(
            "--host is empty: give the address to listen on (127.0.0.1, the default, or "
            "0.0.0.0 for every interface, with --token)"
        )
    token = token.strip() if token else None
    if not is_loopback(host) and not token:
        raise UserError(
            f"--host {host} takes traces from other machines: give --token (or "
            "GROUNDTUI_COLLECT_TOKEN) so that only your senders may write answers"
        )
    path = db_path or default_db_path()
    # Checked whole, and migrated, before anything is taken.
    with open_store(path, create=True):
        pass
    try:
        from groundtui.collect.server import Collector
        from groundtui.collect.spool import SpoolError
    except ImportError as exc:
        raise UserError(f"collect needs aiohttp and opentelemetry-proto ({exc})") from None
    console = Console(stderr=True, highlight=False)
    progress = Progress(console)
    try:
        collector = Collector(
            path,
            token=token,
            grace=grace,
            orphan_after=orphan_after,
            max_pending=max_pending,
            say=progress.say,
            tick=progress.show,
        )
    except SpoolError as exc:
        raise UserError(str(exc)) from None
    try:
        sock = bind(host, port, backlog=512)
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    shown_host = f"[{host}]" if ":" in host else host
    click.echo(
        f"groundtui collect: {path} takes OTLP traces at http://{shown_host}:"
        f"{sock.getsockname()[1]}/v1/traces{' (token required)' if token else ''}; "
        "Ctrl-C stops"
    )
    if not is_loopback(host):
        click.echo(
            f"groundtui collect: plain HTTP on {host}: put TLS in a reverse proxy in front "
            "(docs/collect.md)"
        )
    with progress:
        collector.run(sock)
    tally = collector.tally
    click.echo(
        f"groundtui collect: stopped; {tally.stored:,} answers stored ({tally.flagged:,} "
        f"flagged); {tally.pending_traces:,} traces wait in {collector.spool_path} for the "
        "next start"
    )


class Progress:
    """The progress line: a live line on a terminal, else a line every ``PLAIN_EVERY`` s."""

    def __init__(self, console: Console) -> None:
        from rich.live import Live

        self.console = console
        self.stored: deque[tuple[float, int]] = deque()
        """``(when, answers stored)`` over the last ``RATE_OVER`` seconds: the rate shown."""
        self.live = Live(console=console, transient=True, auto_refresh=False)
        self.last_plain = 0.0
        self.last_line = ""

    def __enter__(self) -> Progress:
        if self.console.is_terminal:
            self.live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.console.is_terminal:
            self.live.stop()
        elif self.last_line:
            self.console.print(f"groundtui collect: {self.last_line}", markup=False, soft_wrap=True)

    def say(self, line: str) -> None:
        """Print ``line`` above the progress line (from any thread)."""
        self.console.print(
            f"groundtui collect: {one_line(line, 400)}", markup=False, soft_wrap=True
        )

    def show(self, tally: CollectorTally) -> None:
        """Redraw from the collector's counts."""
        from rich.text import Text

        now = time.monotonic()
        self.stored.append((now, tally.stored))
        while now - self.stored[0][0] > RATE_OVER:
            self.stored.popleft()
        then, before = self.stored[0]
        rate = f"{(tally.stored - before) / (now - then):,.0f}" if now - then >= 1 else "…"
        line = (
            f"{tally.traces:,} traces received · {tally.stored:,} answers stored · "
            f"{tally.flagged:,} flagged · {tally.pending_traces:,} pending traces · "
            f"{tally.unbuilt:,} unbuilt · {tally.refused:,} requests refused · "
            f"{rate} answers/s"
        )
        if self.console.is_terminal:
            self.live.update(Text(f"collecting · {line}"), refresh=True)
        elif line != self.last_line and time.monotonic() - self.last_plain >= PLAIN_EVERY:
            self.console.print(f"groundtui collect: {line}", markup=False, soft_wrap=True)
            self.last_plain = time.monotonic()
        self.last_line = line
