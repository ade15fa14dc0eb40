"""The web server: textual-serve's ``Server`` with sign-in by link, caps and our page.

A reviewer opens their link, ``/?token=…``. The page handler finds the reviewer of the
token in the database (``Store.reviewer_for_token``; a wrong or revoked token is HTTP 403)
and hands the page a one-time *ticket*, valid for a minute; the page's websocket,
``/ws/<ticket>``, redeems it and only then starts the reviewer's ``groundtui review``
process, with the name from the database, never from the URL. A websocket without a
live ticket is HTTP 403 and starts nothing. Sessions are open websockets, capped per
reviewer and in all (each one is a process); beyond a cap the page and the websocket answer
HTTP 429. A page load that never opens its websocket holds no slot: a link preview or a
mail scanner fetching the link refuses no one.

A session lasts as long as the link that opened it: every ``LINK_CHECK`` seconds the server
reads which links are live, and ends the sessions of a link revoked (or replaced by
``reviewers add`` again) as a closed tab ends: the app quits and frees its leases.
The server checks the database whole once, at its start (``groundtui serve``), and tells
its sessions so (``store.checked``) instead of each checking it again.

Nothing a link holder sends can take the host down: the terminal size is held to a maximum
(``process.MAX_WIDTH`` × ``MAX_HEIGHT``), a session holding more memory than the bound is
killed, a quitting session too busy to quit is killed (``ReviewProcess.end``), the websocket
opens only from the page's own origin, and a connection that sends no whole request within
``IDLE_TIMEOUT`` is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.server import Server, to_int

from groundtui.serve import SESSION_MEMORY_MIB
from groundtui.serve.process import ReviewProcess, resident_bytes, review_argv
from groundtui.serve.script import page_script
from groundtui.store import Store
from groundtui.store.checked import checked_env
from groundtui.store.reviewers import Reviewer, token_hash
from groundtui.text.inert import one_line

log = logging.getLogger("groundtui.serve")

TEMPLATES = Path(__file__).parent / "templates"
PAGE_FILES = Path(__file__).parent / "page"
"""The page's own files: its stylesheet, which loads the font (a font an inline style
loads is fetched with the page's address, token and all, as its ``Referer``)."""
TICKET_SECONDS = 60.0
LINK_CHECK = 2.0
"""Seconds between two readings of which links are live: a revoked link's sessions end
within 5 s (docs/browser.md), the reading and the closing included."""
PER_REVIEWER = 2
"""Sessions at once per reviewer: a lead's review and adjudication tabs, or a reloaded tab
while the one it replaces quits."""
PER_CORE = 2
"""Sessions at once in all, per CPU core of the host (docs/browser.md: on 2
cores and 100,000 answers, 4 sessions kept a key to saved under a second, 10 did not)."""
MEMORY_CHECK = 1.0
"""Seconds between two readings of the sessions' memory."""
IDLE_TIMEOUT = 10.0
"""Seconds a connection may take to send its request's headers, and may stay idle between
requests, before it is closed (aiohttp's ``keepalive_timeout``, armed at the connection's
start): a client that trickles its headers holds no connection for longer."""
YES = ("1", "yes", "true", "on")
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the link's token never leaves in a Referer
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
}


class Ticket(NamedTuple):
    reviewer: Reviewer
    blind: bool
    adjudicate: bool
    expires: float
    link: str
    """The stored hash of the link's token: the session ends when the link does."""


@dataclass
class Session:
    """An open browser session: whose, by which link, and its websocket."""

    reviewer: str
    link: str
    websocket: web.WebSocketResponse
    closing: asyncio.Task | None = None
    """Closing its websocket, once its link is no longer live."""
    service: ReviewProcess | None = None
    """Its ``groundtui review`` process, once started."""


class ReviewServer(Server):
    """Serve ``groundtui review`` on ``db_path``, one process per signed-in browser tab."""

    def __init__(
        self,
        db_path: str,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        per_reviewer: int = PER_REVIEWER,
        in_all: int | None = None,
        checked: bool = False,
        link_check: float = LINK_CHECK,
        memory_bound: int = SESSION_MEMORY_MIB << 20,
    ) -> None:
        """The server of ``db_path``; nothing listens until ``run``.

        Args:
            in_all: sessions at once in all; by default ``sessions_for_host()``.
            checked: the database was checked whole just now (``groundtui serve`` does it
                before it serves): the sessions need not check it again at their start.
            link_check: seconds between two readings of which links are live.
            memory_bound: bytes a session's process may hold; one holding more is ended.
        """
        super().__init__("groundtui review", host=host, port=port, title="groundtui review")
        self.db_path = str(Path(db_path).resolve())
        self.per_reviewer = per_reviewer
        self.in_all = in_all or sessions_for_host()
        self.link_check = link_check
        self.memory_bound = memory_bound
        self.session_env = checked_env(self.db_path) if checked else {}
        self.tickets: dict[str, Ticket] = {}
        self.sessions: Counter[str] = Counter()
        self.open: dict[int, Session] = {}
        self.started = 0  # processes started since the server began (tests read it)
        self.script = page_script()  # ScriptChanged, before anything listens
        self._store: Store | None = None
        self._watch: list[asyncio.Task] = []

    # -- who is who -------------------------------------------------------------------

    def store(self) -> Store:
        """The server's own connection: reads the reviewers' table, fresh each time."""
        if self._store is None:
            self._store = Store(self.db_path, create=False)
        return self._store

    def full(self, reviewer: Reviewer) -> str | None:
        """Why ``reviewer`` may open no more sessions now, or None."""
        key = reviewer.name.casefold()
        if self.sessions[key] >= self.per_reviewer:
            return (
                f"{one_line(reviewer.name)} already has {self.per_reviewer} review sessions open "
                "(close a tab first)"
            )
        if sum(self.sessions.values()) >= self.in_all:
            return f"the server already runs {self.in_all} review sessions; try again later"
        return None

    def _forget_old_tickets(self) -> None:
        """Drop the tickets of page loads whose websocket never came (a link preview, a mail
        scanner): they never held a session."""
        now = time.monotonic()
        for ticket in [t for t, v in self.tickets.items() if v.expires < now]:
            del self.tickets[ticket]

    # -- the web application ----------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(
            app,
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=jinja2.select_autoescape(default=True),
        )
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws/{ticket}", self.handle_websocket, name="websocket"),
                web.get("/page.js", self.handle_script, name="script"),
                web.static("/static", self.statics_path, name="static"),
                web.static("/page", PAGE_FILES, name="page"),
            ]
        )
        app.on_response_prepare.append(no_referrer)
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Start watching the links and the sessions' memory (nothing printed: ``groundtui
        serve`` says where it serves)."""
        self._watch = [
            asyncio.create_task(self.watch_links()),
            asyncio.create_task(self.watch_memory()),
        ]

    async def on_shutdown(self, app: web.Application) -> None:
        # Every session ended at once, each as q ends it (its writes waited for, its
        # untouched answers freed), a busy one killed (ReviewProcess.end): none outlives
        # its server.
        services = [s.service for s in self.open.values() if s.service is not None]
        await asyncio.gather(*(service.end() for service in services))
        for task in self._watch:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._store is not None:
            self._store.close()

    async def watch_links(self) -> None:
        """Every ``link_check`` seconds, end the sessions whose link is no longer live."""
        while True:
            await asyncio.sleep(self.link_check)
            if self.open:
                try:
                    self.end_revoked()
                except Exception:  # a busy database now and then: look again next time
                    log.exception("could not read the reviewers' links")

    async def watch_memory(self) -> None:
        """Every ``MEMORY_CHECK`` seconds, end the sessions holding more than the bound."""
        while True:
            await asyncio.sleep(MEMORY_CHECK)
            self.end_oversized()

    def end_oversized(self) -> list[Session]:
        """End each session whose process holds more than ``memory_bound`` bytes."""
        ended = []
        for session in self.open.values():
            service = session.service
            if service is None or service.pid is None or not service.running or service.killed:
                continue
            held = resident_bytes(service.pid)
            if held is not None and held > self.memory_bound:
                log.warning(
                    "session of %s ending: its process held %d MiB, over the bound of %d MiB",
                    one_line(session.reviewer),
                    held >> 20,
                    self.memory_bound >> 20,
                )
                service.kill()  # past the bound it may grow by a gigabyte a second
                ended.append(session)
        return ended

    def end_revoked(self) -> list[Session]:
        """Close the websocket of each session whose link was revoked or replaced; the
        handler then quits its app, which frees its leases, as when the tab closes."""
        live = self.store().live_token_hashes()
        ended = [s for s in self.open.values() if s.link not in live and s.closing is None]
        for session in ended:
            log.info("session of %s ending: their link was revoked", one_line(session.reviewer))
            session.closing = asyncio.create_task(
                # the page shows why (templates/page.html reads the reason)
                session.websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"link revoked")
            )
        return ended

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page of a valid link; HTTP 403 for any other."""
        reviewer = self.store().reviewer_for_token(request.query.get("token", ""))
        if reviewer is None:
            return refuse(
                403, "this link is not valid (mistyped, or revoked): ask your lead for a new one"
            )
        adjudicate = request.query.get("adjudicate", "").lower() in YES
        if adjudicate and not reviewer.lead:
            return refuse(403, "adjudication is for a lead's link")
        if (why := self.full(reviewer)) is not None:
            return refuse(429, why)
        self._forget_old_tickets()
        ticket = secrets.token_urlsafe(24)
        blind = request.query.get("blind", "").lower() in YES
        self.tickets[ticket] = Ticket(
            reviewer,
            blind,
            adjudicate,
            time.monotonic() + TICKET_SECONDS,
            token_hash(request.query.get("token", "")),
        )
        mode = "adjudication" if adjudicate else "blind review" if blind else "review"
        context = {
            "name": one_line(reviewer.name, 80),  # escaped as HTML too, by the template
            "mode": mode,
            "ticket": ticket,
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "static": str(request.app.router["static"].url_for(filename="/")).rstrip("/") + "/",
            "page": str(request.app.router["page"].url_for(filename="/")).rstrip("/") + "/",
            "script": str(request.app.router["script"].url_for()),
        }
        response = aiohttp_jinja2.render_template("page.html", request, context)
        response.headers.update(SECURITY_HEADERS)
        return response

    async def handle_script(self, request: web.Request) -> web.StreamResponse:
        """The page's script: textual-serve's, with no link detection (``serve.script``)."""
        return web.Response(
            body=self.script, content_type="text/javascript", headers=SECURITY_HEADERS
        )

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Redeem the page's ticket, then run the reviewer's process for this websocket.

        Only the page's own origin may open it (a page elsewhere holding a ticket may not),
        and the terminal size it asks for is held to ``process.MAX_WIDTH`` × ``MAX_HEIGHT``.
        """
        if not same_origin(request):
            raise web.HTTPForbidden(text="this websocket is for the review page's own origin\n")
        ticket = self.tickets.pop(request.match_info["ticket"], None)
        if ticket is None or ticket.expires < time.monotonic():
            raise web.HTTPForbidden(text="no valid ticket: open your link again\n")
        reviewer = self.store().reviewer_for_name(ticket.reviewer.name)
        if reviewer is None or ticket.link not in self.store().live_token_hashes():
            raise web.HTTPForbidden(text="this link was revoked\n")  # since the page was served
        if (why := self.full(reviewer)) is not None:
            raise web.HTTPTooManyRequests(text=why + "\n")
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        argv = review_argv(
            self.db_path,
            reviewer.name,
            blind=ticket.blind,
            adjudicate=ticket.adjudicate and reviewer.lead,
        )
        websocket = web.WebSocketResponse(heartbeat=15)
        key = reviewer.name.casefold()
        self.sessions[key] += 1
        self.open[id(websocket)] = Session(reviewer.name, ticket.link, websocket)
        service: ReviewProcess | None = None
        try:
            await websocket.prepare(request)
            service = ReviewProcess(
                argv,
                env=self.session_env,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            self.open[id(websocket)].service = service
            self.started += 1
            log.info("session of %s started (process %s)", one_line(reviewer.name), service.pid)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await websocket.close()
        except Exception:
            log.exception("session of %s failed", one_line(reviewer.name))
        finally:
            if service is not None:
                await service.stop()
                log.info(
                    "session of %s ended (process %s exit %s)",
                    one_line(reviewer.name),
                    service.pid,
                    service._process and service._process.returncode,
                )
            self.sessions[key] -= 1
            del self.open[id(websocket)]
        return websocket

    # -- running ----------------------------------------------------------------------

    def run(self, sock: socket.socket) -> None:
        """Serve on the bound ``sock`` until Ctrl-C or SIGTERM; sessions are quit first."""
        import signal

        from aiohttp.web_runner import GracefulExit

        def stop() -> None:
            raise GracefulExit()

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop)
        web.run_app(
            self._make_app(),
            sock=sock,
            handle_signals=False,
            loop=loop,
            print=None,
            shutdown_timeout=50.0,
            keepalive_timeout=IDLE_TIMEOUT,
        )


def sessions_for_host() -> int:
    """The default cap on sessions in all: ``PER_CORE`` per CPU core this process may use."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(PER_REVIEWER, PER_CORE * cores)


def same_origin(request: web.Request) -> bool:
    """Whether a websocket request comes from a page of this server: its ``Origin`` (every
    browser sends one) names the host and port the request was made to. Behind a reverse
    proxy, the proxy passes the ``Host`` the browser sent (docs/browser.md)."""
    origin = request.headers.get("Origin", "")
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()


async def no_referrer(request: web.Request, response: web.StreamResponse) -> None:
    """Every response says ``Referrer-Policy: no-referrer``: a request a stylesheet makes
    (the font) carries no ``Referer``, whatever page it serves."""
    response.headers["Referrer-Policy"] = "no-referrer"


def refuse(status: int, why: str) -> web.StreamResponse:
    """A plain-text refusal: ``why`` on one line, no page, nothing started."""
    return web.Response(status=status, text=f"groundtui: {why}\n", headers=SECURITY_HEADERS)
