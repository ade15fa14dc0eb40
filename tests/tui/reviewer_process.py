"""A reviewer as a process of its own: the review UI driven headless, one key per claim.

Used by the test of several real processes on one database file and by ``bench/team.py``.
``review_answers`` runs in a child process (``multiprocessing`` spawn): it opens the app on
the database, waits at ``start`` (a barrier shared with the others), then labels every
claim of the answer on screen with one verdict key, moves on with ``n``, and puts what
happened on ``out``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

KEYS = ("s", "a", "p", "c")


async def _until(predicate, timeout: float = 60.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the review UI did not get there in time")
        await asyncio.sleep(0.001)


async def _review(db: str, name: str, answers: int, start: Any) -> dict:
    from groundtui.tui import make_app
    from groundtui.tui.widgets.bars import StatusLine

    app = make_app(db, name, advance=False)  # it moves on itself (j, then n)
    failures: list[str] = []
    said = StatusLine.say

    def status(self: StatusLine, text: str, warning: bool = False) -> None:
        # Every warning the reviewer would read: a lock, a refusal, a failed read.
        if warning:
            failures.append(text)
        said(self, text, warning)

    StatusLine.say = status  # type: ignore[method-assign]
    latencies: list[float] = []
    seen: list[str] = []
    first = last = 0.0
    async with app.run_test(size=(140, 44)) as pilot:
        screen = app.screen
        await _until(lambda: screen.detail is not None or not screen.awaiting_answer)
        start.wait()
        first = time.perf_counter()
        while len(seen) < answers and screen.detail is not None:
            seen.append(screen.detail.id)
            for index in range(len(screen.detail.claims)):
                labels = app.session.counts["labels"]
                before = time.perf_counter()
                await pilot.press(KEYS[(len(latencies) + index) % len(KEYS)])
                await _until(lambda n=labels: app.session.counts["labels"] > n or bool(failures))
                latencies.append(time.perf_counter() - before)
                if failures:
                    break
                await pilot.press("j")
            last = time.perf_counter()
            answer = screen.detail.id
            if failures or (screen.index >= len(screen.rows) - 1 and not screen.queue.more):
                break
            await pilot.press("n")
            await _until(
                lambda a=answer: (
                    screen.detail is not None
                    and screen.detail.id != a
                    and not screen.awaiting_answer
                )
            )
        await pilot.press("q")
    return {
        "name": name,
        "answers": seen,
        "latencies": latencies,
        "first": first,
        "last": last,
        "failures": failures,
        "labels": app.session.counts["labels"],
    }


def review_answers(db: str, name: str, answers: int, start: Any, out: Any) -> None:
    """Label ``answers`` answers as reviewer ``name``; put the outcome on ``out``."""
    try:
        out.put(asyncio.run(_review(db, name, answers, start)))
    except Exception as exc:  # the parent reports it; a child's traceback would be lost
        out.put({"name": name, "error": repr(exc)})


def _reviews(db: str, name: str) -> int:
    import sqlite3

    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute("select count(*) from reviews where reviewer = ?", [name]).fetchone()[0]


async def _press(
    db: str, name: str, keys: tuple[str, ...], hold: bool = False, out: Any = None
) -> list[str]:
    from groundtui.tui import make_app

    app = make_app(db, name, advance=False)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = app.screen
        await _until(lambda: screen.detail is not None and not screen.awaiting_answer)
        opened = [screen.detail.id]
        for key in keys:  # each a key that writes a row: wait until it is on disk
            rows = _reviews(db, name)
            await pilot.press(key)
            await _until(lambda n=rows: _reviews(db, name) > n)
        if hold:
            out.put(opened)
            await asyncio.Event().wait()  # until the parent kills this process
        await pilot.press("q")
    return opened


def press_keys(db: str, name: str, keys: tuple[str, ...], out: Any, hold: bool = False) -> None:
    """Open the review UI as ``name``, press ``keys`` on the first answer, quit; put the
    answer it opened on ``out``. ``hold``: put it there and stay open, to be killed."""
    try:
        result = asyncio.run(_press(db, name, keys, hold, out))
        out.put(result)
    except Exception as exc:  # the parent reports it; a child's traceback would be lost
        out.put(repr(exc))
