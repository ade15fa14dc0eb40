"""Driving the review app through Textual's Pilot: wait for its workers, press keys as a
reviewer would, wait for a condition the live refresh brings about."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed


async def settle(pilot: Pilot) -> None:
    """Wait until every worker (and every worker a finished one started) is done."""
    app = pilot.app
    for _ in range(50):
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(not w.is_finished for w in app.workers):
            await pilot.pause()
            if not any(not w.is_finished for w in app.workers):
                return
    raise AssertionError("workers never settled")


async def press(pilot: Pilot, *keys: str) -> None:
    """Press ``keys`` as a reviewer would, then wait for the screen to settle."""
    await pilot.press(*keys)
    await settle(pilot)


async def until(pilot: Pilot, condition: Callable[[], object], seconds: float = 20.0) -> bool:
    """Let the app run until ``condition()`` holds (the live refresh), or give up.

    It returns as soon as the condition holds, the look after the change when the app's
    counts are not spaced (``spacing=0``); the bound is for a machine under load.
    """
    for _ in range(int(seconds / 0.05)):
        if condition():
            return True
        await pilot.pause(0.05)
    return bool(condition())
