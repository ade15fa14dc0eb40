"""A read of the database from a worker thread, on a store of that thread's own.

A sqlite3 connection belongs to the thread that opened it, so each read opens the store
where it runs. A failure (a locked or vanished file) is posted as ``ReadFailed`` for the
status line and the read returns None: never fatal, never on the UI thread.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

from textual.message_pump import MessagePump

from groundtui.review.session import ReviewSession
from groundtui.store import Store, StoreError
from groundtui.tui.messages import ReadFailed

T = TypeVar("T")


def read(
    sender: MessagePump,
    session: ReviewSession,
    what: str,
    query: Callable[[Store], T],
    *,
    quiet: bool = False,
) -> T | None:
    """``query(store)``; None when it failed (said as ``ReadFailed`` unless ``quiet``)."""
    try:
        with Store(session.db_path, readonly=session.readonly) as store:
            return query(store)
    except (StoreError, sqlite3.Error) as exc:
        if not quiet:
            sender.post_message(ReadFailed(what, str(exc)))
        return None
