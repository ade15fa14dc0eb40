"""Where a reviewer's decisions wait to be written: in order, retried while the database is locked.

Another program (a judge run, an import, a second reviewer) may hold the database's write
lock for longer than a write waits. Such a write is not dropped: it stays first in the
queue, the screen shows it as pending, and it is tried again after a growing pause until it
lands; the decisions made meanwhile wait behind it, so the order of the keys stays the order
of the rows. A write refused for good (a read-only or damaged file) is reported and skipped.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

from groundtui.store import Store, StoreError, is_busy

Item = TypeVar("Item")
Result = TypeVar("Result")


def backoff(attempt: int) -> float:
    """Seconds to wait before retry ``attempt`` (0, 1, …): 0.05 s doubling, at most 2 s."""
    return min(2.0, 0.05 * 2**attempt)


def writable(path: str) -> bool:
    """Whether this process may write the database file at ``path`` and its folder.

    Opened for writing, SQLite falls back to reading a file it may not write, and then refuses
    every write; this asks the system the same question first (file modes, an immutable
    file, a read-only mount). The folder holds SQLite's journal files.
    """
    try:
        os.close(os.open(path, os.O_RDWR))
    except OSError:
        return not os.path.exists(path)  # a missing file is refused elsewhere
    return os.access(os.path.dirname(os.path.abspath(path)), os.W_OK)


class WriteQueue(Generic[Item, Result]):
    """Items applied one at a time, in order, each committed before the next is tried.

    Args:
        db_path: the database written to.
        apply: ``apply(store, item)`` writes one item and returns what the screen shows.
        failed: the result of an item refused for good (its exception given).
        waiting: the result that says an item is waiting for the lock (its exception given).
        timeout: seconds one write waits for the lock before the queue says it is pending.
        pause: seconds before retry ``attempt``; injectable so tests need not sleep.
    """

    def __init__(
        self,
        db_path: str,
        apply: Callable[[Store, Item], Result],
        failed: Callable[[Item, Exception], Result],
        waiting: Callable[[Item, Exception], Result],
        *,
        timeout: float = 1.0,
        pause: Callable[[int], float] = backoff,
    ) -> None:
        self.db_path = db_path
        self._apply, self._failed, self._waiting = apply, failed, waiting
        self.timeout = timeout
        self._pause = pause
        self._items: deque[Item] = deque()
        self._turn = threading.Lock()
        self._closing = threading.Event()
        self.unsaved: list[Item] = []
        """Items still not written when the app closed and its patience ran out."""

    def submit(self, item: Item) -> None:
        """Queue ``item``; a call to ``drain`` (from a worker) writes it."""
        self._items.append(item)

    @property
    def pending(self) -> list[Item]:
        """The items not written yet, the one being written first."""
        return list(self._items)

    def drain(self, deliver: Callable[[Result], None]) -> None:
        """Write every queued item in order, calling ``deliver(result)`` after each commit.

        Safe to call from several threads: one drains while the others wait their turn,
        then find nothing left. Returns early, leaving the rest queued, once ``close`` began.
        """
        with self._turn:
            self._run(deliver, lambda pause: not self._closing.wait(pause))

    def close(self, patience: float) -> None:
        """Write what is still queued (the app is closing), retrying for up to ``patience`` s.

        What cannot be written by then is kept in ``unsaved`` for the caller to report.
        """
        self._closing.set()  # a drain pausing for the lock gives up its turn now
        deadline = time.monotonic() + patience

        def pause_until_deadline(pause: float) -> bool:
            if time.monotonic() + pause > deadline:
                return False
            time.sleep(pause)
            return True

        with self._turn:
            self._run(lambda result: None, pause_until_deadline)
            self.unsaved.extend(self._items)
            self._items.clear()

    def _run(self, deliver: Callable[[Result], None], pause: Callable[[float], bool]) -> None:
        """Write items until none is left, or until ``pause(seconds)`` says to stop waiting."""
        store: Store | None = None
        attempt = 0
        try:
            while self._items:
                item = self._items[0]
                try:
                    store = store or Store(self.db_path, timeout=self.timeout)
                    result = self._apply(store, item)
                except (StoreError, sqlite3.Error) as exc:
                    if store is not None and store.db.conn.in_transaction:
                        store.close()  # never retry inside a half-done transaction
                        store = None
                    if not is_busy(exc):
                        result = self._failed(item, exc)
                    else:
                        if attempt == 0:
                            deliver(self._waiting(item, exc))
                        attempt += 1
                        if not pause(self._pause(attempt - 1)):
                            return
                        continue
                self._items.popleft()
                attempt = 0
                deliver(result)
        finally:
            if store is not None:
                store.close()
