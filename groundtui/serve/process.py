"""One browser session's ``groundtui review`` process.

textual-serve's ``AppService`` runs a shell command line; this one runs an argument list
(no shell: a reviewer's name is one argument whatever it contains), holds the terminal
size to ``MAX_WIDTH`` × ``MAX_HEIGHT``, reaps the process when it ends (closing its
browser tab's websocket), and ends it if it does not quit in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from asyncio.subprocess import PIPE, Process
from pathlib import Path

from textual_serve.app_service import AppService

from groundtui.serve import PARENT_ENV

log = logging.getLogger("groundtui.serve")

MAX_WIDTH = 500
"""The widest terminal a session draws, in cells; a browser asking for more gets this."""
MAX_HEIGHT = 200
"""The tallest terminal a session draws, in lines. Textual holds every cell of the screen:
a 100,000-line terminal grew one process past a gigabyte in seconds."""

QUIT_PATIENCE = 40.0
"""Seconds a quitting session has to end before it is killed: the review UI waits up to
30 s for a label still pending behind another writer's lock, then frees its leases."""
BUSY_CPU = 2.0
"""CPU seconds a quitting session may spend before it is killed at once: one finishing its
writes waits (for a lock) and spends next to none; one spending more is busy drawing, not
quitting, and would keep a core for ``QUIT_PATIENCE``."""


def review_argv(db_path: str, reviewer: str, *, blind: bool, adjudicate: bool) -> list[str]:
    """The command line of a session: ``groundtui review`` on ``db_path`` as ``reviewer``."""
    argv = [sys.executable, "-m", "groundtui", "review", "--db", db_path, "--reviewer", reviewer]
    if blind:
        argv.append("--blind")
    if adjudicate:
        argv.append("--adjudicate")
    return argv


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A browser's terminal size held to ``MAX_WIDTH`` × ``MAX_HEIGHT`` (and at least one
    cell), or None when either is not a whole number."""
    try:
        w, h = int(str(width)), int(str(height))
    except ValueError:
        return None
    return max(1, min(w, MAX_WIDTH)), max(1, min(h, MAX_HEIGHT))


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def resident_bytes(pid: int) -> int | None:
    """The memory ``pid`` holds (its resident set), or None where /proc cannot say."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """The CPU time ``pid`` has spent (user and system), or None where /proc cannot say."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, IndexError, ValueError):
        return None


class ReviewProcess(AppService):
    """textual-serve's app service, started from an argument list."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.env = env or {}
        """Added to textual-serve's environment (``store.checked``: the file is checked)."""
        self._ending: asyncio.Task | None = None
        self.killed = False
        """Whether it was sent SIGKILL."""

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def start(self, width: int, height: int) -> None:
        """Start the process at the browser's terminal size (held to the maximum)."""
        size = terminal_size(width, height) or (80, 24)
        await super().start(*size)

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Tell the process the browser's terminal size, held to the maximum; a size that
        is not a number is ignored."""
        size = terminal_size(width, height)
        if size is not None:
            await super().set_terminal_size(*size)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            env={
                **self._build_environment(width=width, height=height),
                **self.env,
                PARENT_ENV: str(os.getpid()),
            },
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """Relay the process's output; once it ends (quit, or killed), close the tab's
        websocket, so that the page says the session ended instead of freezing."""
        await super().run()
        with contextlib.suppress(Exception):
            await self.remote_close()

    def terminate(self) -> None:
        """SIGTERM the session's process: it quits as ``q`` does, without waiting for
        textual-serve's quit message to reach it."""
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL the session's process."""
        self.killed = self.running
        self._signal(signal.SIGKILL)

    def _signal(self, number: int) -> None:
        # os.kill, not Process.kill: subprocess polls the process before it signals it,
        # and a poll that reaps it leaves asyncio's watcher without its exit code.
        if self.running:
            assert self._process is not None
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._process.pid, number)

    async def stop(self) -> None:
        """Ask the app to quit (as ``q`` does: its leases are freed) and wait until it has
        ended, killing it when it does not quit in time (``end``)."""
        if self._task is not None:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if self.running:
            with contextlib.suppress(Exception):  # a process too busy to read its input
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)
        await self.end()
        if self._task is not None:
            await self._task
            self._task = None

    async def end(self) -> None:
        """SIGTERM the process and wait until it has ended: it is killed once it has spent
        ``BUSY_CPU`` seconds of CPU since (busy, not quitting), or after ``QUIT_PATIENCE``
        seconds whatever it does. Called again, it waits for the same ending."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        process = self._process
        if process is None:
            return
        self.terminate()
        start, spent = time.monotonic(), cpu_seconds(process.pid)
        while process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 0.2)
            except TimeoutError:
                pass
            else:
                break
            used = cpu_seconds(process.pid)
            busy = spent is not None and used is not None and used - spent > BUSY_CPU
            if busy or time.monotonic() - start > QUIT_PATIENCE:
                log.warning(
                    "session process %s did not quit (%s): ended",
                    process.pid,
                    "busy" if busy else f"{QUIT_PATIENCE:.0f} s",
                )
                self.kill()
                await process.wait()
