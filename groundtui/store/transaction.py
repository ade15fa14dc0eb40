"""The one write path: a transaction that takes the write lock before it reads anything.

``BEGIN IMMEDIATE`` takes the write lock at the start, so a writer that finds another one
busy waits within the busy timeout. After a deferred ``BEGIN`` (sqlite-utils' ``atomic()``)
a write that reads first (sqlite-utils reads the table's columns before inserting) holds
a read snapshot, and in WAL mode its upgrade to a write lock fails at once with "database
is locked", without calling the busy handler, when another writer holds the lock or has
committed since that read. Two processes writing 300 reviews and judgements each to one
file failed between 39 and 285 times each so; through this path none do
(``tests/test_store.py``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def immediate(conn: sqlite3.Connection) -> Iterator[None]:
    """One write transaction on ``conn`` that holds the write lock from its start.

    Everything inside commits together or not at all; nested use becomes a savepoint of
    the transaction already holding the lock.
    """
    if conn.in_transaction:
        conn.execute("savepoint groundtui")
        try:
            yield
        except BaseException:
            if conn.in_transaction:  # an error may have ended the whole transaction
                conn.execute("rollback to groundtui")
                conn.execute("release groundtui")
            raise
        conn.execute("release groundtui")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    conn.commit()
