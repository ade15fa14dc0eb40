"""One browser session's ``groundtui review`` process.

textual-serve's ``AppService`` runs a shell command line; this one runs an argument list
(no shell: a reviewer's name is one argument whatever it contains), reaps the process when
it ends, and ends it if it does not quit in time after the browser went away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from asyncio.subprocess import PIPE, Process

from textual_serve.app_service import AppService

from groundtui.serve import PARENT_ENV

log = logging.getLogger("groundtui.serve")

#: Seconds a session's process has to quit after its tab closed: the review UI waits up to
#: 30 s for a label still pending behind another writer's lock, then frees its leases.
QUIT_PATIENCE = 40.0


def review_argv(db_path: str, reviewer: str, *, blind: bool, adjudicate: bool) -> list[str]:
    """The command line of a session: ``groundtui review`` on ``db_path`` as ``reviewer``."""
    argv = [sys.executable, "-m", "groundtui", "review", "--db", db_path, "--reviewer", reviewer]
    if blind:
        argv.append("--blind")
    if adjudicate:
        argv.append("--adjudicate")
    return argv


class ReviewProcess(AppService):
    """textual-serve's app service, started from an argument list."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.env = env or {}
        """Added to textual-serve's environment (``store.checked``: the file is checked)."""

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

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

    def terminate(self) -> None:
        """SIGTERM the session's process: it quits as ``q`` does, without waiting for
        textual-serve's quit message to reach it."""
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.terminate()

    async def stop(self) -> None:
        """Ask the app to quit (as ``q`` does: its leases are freed) and wait for it."""
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), QUIT_PATIENCE)
            if process is not None:
                await asyncio.wait_for(process.wait(), QUIT_PATIENCE)
        except TimeoutError:
            log.warning("session process %s did not quit in %.0f s: ended", self.pid, QUIT_PATIENCE)
        if process is not None:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            await process.wait()
