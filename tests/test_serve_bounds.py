"""``groundtui serve`` bounded (docs/browser.md): the terminal size held to a maximum, a
session past the memory bound ended, sessions ending with their server or their tab even
when busy, the websocket for its own origin only, connections that send no request closed.

Each test runs a real ``groundtui serve`` and talks to it with aiohttp's client, as a
browser would (and as an attacker might).
"""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import time
from pathlib import Path

import aiohttp
import pytest

from groundtui.serve.process import MAX_HEIGHT, MAX_WIDTH
from groundtui.serve.server import IDLE_TIMEOUT
from groundtui.store import Store
from tests.helpers.serving import Served, alive, serve_db

# Real servers and review processes.
pytestmark = pytest.mark.slow

BUSY = Path(__file__).parent / "helpers" / "busy_session"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return serve_db(tmp_path, answers=2)


def _token(db: Path, name: str = "Robin") -> str:
    with Store(db) as store:
        return store.reviewers.add(name)[1]


async def _ticket(client: aiohttp.ClientSession, server: Served, token: str) -> str:
    async with client.get(f"{server.url}/?token={token}") as page:
        assert page.status == 200, await page.text()
        found = re.search(r"/ws/([\w-]+)", await page.text())
    assert found is not None
    return found[1]


async def _until(what, timeout: float = 60.0, server: Served | None = None) -> None:
    """Wait until ``what()`` holds; fail saying what (and what ``server`` logged) when
    ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, (what.__doc__ or what, server and server.lines)
        await asyncio.sleep(0.1)


async def _session(server: Served, before: list[int]) -> int:
    """The process id of the session started since ``before`` (the server's children)."""
    found: list[int] = []

    def started() -> bool:
        """a session's process started"""
        found[:] = [p for p in server.children() if p not in before]
        return bool(found)

    await _until(started)
    return found[0]


def _logged(server: Served, text: str) -> bool:
    return any(text in line for line in server.lines)


class Screen:
    """What a session's websocket has drawn: the furthest row and column the terminal's
    cursor was moved to (Textual draws each line from its start, ``ESC[row;colH``)."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.rows = self.columns = 0
        self._tail = ""

    async def read_until(self, what, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not what():
            left = deadline - time.monotonic()
            assert left > 0, f"drawn up to row {self.rows}, column {self.columns}"
            try:
                message = await self.websocket.receive(timeout=left)
            except TimeoutError:
                continue
            assert message.type == aiohttp.WSMsgType.BINARY, message
            text = self._tail + message.data.decode("utf-8", "replace")
            self._tail = text[-16:]  # a move split between two messages
            for row, column in re.findall(r"\x1b\[(\d+);(\d+)H", text):
                self.rows, self.columns = max(self.rows, int(row)), max(self.columns, int(column))


async def test_a_terminal_size_above_the_maximum_is_held_to_it(db: Path) -> None:
    """A link holder asked for a 100,000-line terminal (a review process grew past a
    gigabyte in seconds), at the start or by a resize message: the session draws at most
    MAX_WIDTH × MAX_HEIGHT."""
    token = _token(db)
    server = Served(db)
    try:
        async with aiohttp.ClientSession() as client:
            ticket = await _ticket(client, server, token)
            huge = await client.ws_connect(
                f"{server.url}/ws/{ticket}?width=99999999999999999999&height=100000",
                headers=server.origin,
            )
            pid = await _session(server, [])
            environ: list[bytes] = []

            def started() -> bool:
                """the session's process runs its own command (forked, not yet: serve's)"""
                environ[:] = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                return any(line.startswith(b"GROUNDTUI_SERVE_PID=") for line in environ)

            await _until(started)
            assert f"COLUMNS={MAX_WIDTH}".encode() in environ
            assert f"ROWS={MAX_HEIGHT}".encode() in environ
            screen = Screen(huge)
            await screen.read_until(lambda: screen.rows >= MAX_HEIGHT)
            await huge.close()

            ticket = await _ticket(client, server, token)
            small = await client.ws_connect(
                f"{server.url}/ws/{ticket}?width=100&height=30", headers=server.origin
            )
            screen = Screen(small)
            await screen.read_until(lambda: screen.rows >= 30)
            assert (screen.rows, screen.columns) <= (30, 100)
            # not numbers: ignored, the session goes on
            await small.send_json(["resize", {"width": "wide", "height": 1.5}])
            await small.send_json(["resize", {"width": 100_000, "height": 100_000}])
            await screen.read_until(lambda: screen.rows >= MAX_HEIGHT)
            await small.close()
            await _until(lambda: not server.children())
        # every move the two screens made stayed within the maximum
        assert screen.rows == MAX_HEIGHT and screen.columns <= MAX_WIDTH
    finally:
        server.stop()


async def test_a_session_past_the_memory_bound_is_ended_and_its_page_told(db: Path) -> None:
    """``--max-session-memory 16``: every review process holds more (about 65 MiB), so the
    one started is ended, its websocket closed; the server goes on serving."""
    token = _token(db)
    server = Served(db, ("--max-session-memory", "16"))
    try:
        assert "at most" in server.first and "16 MiB each" in server.first
        async with aiohttp.ClientSession() as client:
            ticket = await _ticket(client, server, token)
            websocket = await client.ws_connect(
                f"{server.url}/ws/{ticket}?width=100&height=30", headers=server.origin
            )
            pid = await _session(server, [])
            async for _ in websocket:  # until the server closes it: the page says so
                pass
            assert websocket.closed
            await _until(lambda: not alive(pid), server=server)
            await _until(lambda: _logged(server, f"(process {pid} exit -9)"), server=server)
            assert _logged(server, "over the bound of 16 MiB")
            await _ticket(client, server, token)  # still serving
        assert server.process.poll() is None
    finally:
        server.stop()


async def test_busy_sessions_end_with_their_tab_and_with_their_server(
    db: Path, tmp_path: Path
) -> None:
    """Each session's main thread spins once its app is up (``helpers/busy_session``), as a
    huge frame once kept one busy: it reads no quit message and handles no SIGTERM. Its tab
    closed, it is killed; SIGINT to ``serve`` kills the other, and ``serve`` exits."""
    tokens = {name: _token(db, name) for name in ("Robin", "Kim")}
    busy = tmp_path / "busy"
    busy.mkdir()
    server = Served(db, env={"PYTHONPATH": f"{BUSY}:{ROOT}", "GROUNDTUI_TEST_BUSY": str(busy)})
    readers = []
    try:
        async with aiohttp.ClientSession() as client:
            sockets: dict[str, aiohttp.ClientWebSocketResponse] = {}
            pids: dict[str, int] = {}
            for name, token in tokens.items():
                ticket = await _ticket(client, server, token)
                sockets[name] = websocket = await client.ws_connect(
                    f"{server.url}/ws/{ticket}?width=100&height=30", headers=server.origin
                )
                pids[name] = await _session(server, list(pids.values()))
                # read on, as a page does (it answers the server's pings)
                readers.append(asyncio.create_task(_drain(websocket)))
            await _until(lambda: all((busy / str(pid)).exists() for pid in pids.values()))
            await sockets["Robin"].close()
            await _until(lambda: not alive(pids["Robin"]), server=server)
            await _until(lambda: _logged(server, f"process {pids['Robin']} exit -9"), server=server)
            assert _logged(server, f"session process {pids['Robin']} did not quit (busy): ended")
            assert alive(pids["Kim"])
            server.process.send_signal(signal.SIGINT)
            assert server.process.wait(timeout=60) == 0
            assert not alive(pids["Kim"])
            assert _logged(server, f"session process {pids['Kim']} did not quit (busy): ended")
    finally:
        for reader in readers:
            reader.cancel()
        if server.process.poll() is None:
            server.stop()


async def _drain(websocket: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in websocket:
        pass


async def test_the_websocket_is_only_for_the_pages_own_origin(db: Path) -> None:
    """A page elsewhere (or no page) holding a ticket gets HTTP 403 and starts nothing; the
    ticket is not spent, and the page's own origin then opens the session."""
    token = _token(db)
    server = Served(db)
    try:
        async with aiohttp.ClientSession() as client:
            ticket = await _ticket(client, server, token)
            url = f"{server.url}/ws/{ticket}?width=100&height=30"
            port = server.url.rsplit(":", 1)[1]
            for origin in ("http://evil.example", "null", f"http://localhost.evil:{port}", None):
                headers = {"Origin": origin} if origin else {}
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(url, headers=headers)
                assert refused.value.status == 403, origin
            assert not server.children() and not _logged(server, "started")
            websocket = await client.ws_connect(url, headers=server.origin)
            await _session(server, [])
            await websocket.close()
            await _until(lambda: not server.children())
    finally:
        server.stop()


async def test_connections_that_send_no_whole_request_are_closed(db: Path) -> None:
    """Slowloris: 20 connections trickle a header line every half second, 20 send nothing;
    each is closed once IDLE_TIMEOUT passes, and the page is served throughout."""
    token = _token(db)
    server = Served(db)
    host, port = server.url.split("//")[1].split(":")
    trickling = [socket.create_connection((host, int(port))) for _ in range(20)]
    silent = [socket.create_connection((host, int(port))) for _ in range(20)]
    connections = trickling + silent
    try:
        for connection in connections:
            connection.setblocking(False)
        for connection in trickling:
            connection.send(b"GET / HTTP/1.1\r\nHost: x\r\n")
        closed: set[int] = set()

        def all_closed() -> bool:
            """every connection closed by the server"""
            for i, connection in enumerate(connections):
                if i in closed:
                    continue
                try:
                    if connection.recv(1024) == b"":
                        closed.add(i)
                except BlockingIOError:
                    if i < len(trickling):
                        try:
                            connection.send(b"X-Slow: 1\r\n")
                        except OSError:
                            closed.add(i)
                except OSError:
                    closed.add(i)
            return len(closed) == len(connections)

        started = time.monotonic()
        async with aiohttp.ClientSession() as client:
            await _ticket(client, server, token)  # served beside them
            deadline = started + IDLE_TIMEOUT * 4
            while not all_closed():
                assert time.monotonic() < deadline, f"{len(closed)} of 40 closed"
                await asyncio.sleep(0.5)
            await _ticket(client, server, token)
    finally:
        for connection in connections:
            connection.close()
        server.stop()


@pytest.mark.parametrize(
    ("after_sigterm", "killed"),
    [
        ("time.sleep(3)", False),  # waits for another writer's lock: given its patience
        ("while True: pass", True),  # busy, not quitting: killed
    ],
)
async def test_a_quitting_session_is_killed_when_busy_and_waited_for_when_not(
    after_sigterm: str, killed: bool
) -> None:
    """``ReviewProcess.end`` on a real process that, told to quit (SIGTERM), waits three
    seconds before it exits, or spins: only the busy one is killed."""
    import sys

    from textual_serve.download_manager import DownloadManager

    from groundtui.serve.process import ReviewProcess

    async def nowhere(*_: object) -> None:
        pass

    code = (
        "import signal, sys, time\n"
        "signal.signal(signal.SIGTERM, lambda *_: None)\n"
        "print('__GANGLION__', flush=True)\n"
        "signal.pause()\n"  # until told to quit
        f"{after_sigterm}\n"
    )
    service = ReviewProcess(
        [sys.executable, "-c", code],
        write_bytes=nowhere,
        write_str=nowhere,
        close=nowhere,
        download_manager=DownloadManager(),
    )
    await service.start(80, 24)
    assert service.pid is not None

    def handles_sigterm() -> bool:
        """the process handles SIGTERM"""
        status = Path(f"/proc/{service.pid}/status").read_text()
        caught = int(re.search(r"SigCgt:\s*([0-9a-f]+)", status)[1], 16)  # type: ignore[index]
        return bool(caught & (1 << (signal.SIGTERM - 1)))

    await _until(handles_sigterm)
    await service.stop()
    assert service._process is not None
    assert service._process.returncode == (-signal.SIGKILL if killed else 0)
