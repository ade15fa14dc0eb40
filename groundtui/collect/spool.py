"""The collector's spool: every span acknowledged, on disk, until its trace is written.

A SQLite file beside the database (``PATH-collect`` for ``--db PATH``), in WAL mode with
``synchronous = FULL``: a request's spans are committed, and so synced to the disk, before
its 200 is sent, so neither ``kill -9`` nor a power cut loses a span the sender was told
was taken. The database itself is not used for this: every request would take its write
lock, which reviewers' keys need (docs/collect.md).

- ``spans``: one row per span, its record as OTLP JSON, once per (trace, span) id: an
  exporter that sends a batch again (its retry after a lost reply) adds nothing.
- ``traces``: when each trace's first span arrived, and its root (a span without a parent,
  or whose parent is in another process): what the writer waits on.
- ``unbuilt``: the traces that made no answer, with why and their spans (docs/collect.md).

A span whose parent is in another process (OTLP's remote-parent flag: the request came
in with a ``traceparent`` header) is its trace's root, as the trace reader takes it
(``otlp_parent``).
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from groundtui.importing.traces.spans import otlp_parent
from groundtui.store import immediate

SCHEMA = """
create table if not exists spans (
    seq integer primary key,
    trace_id text not null,
    span_id text not null,
    root integer not null,
    span text not null,
    unique (trace_id, span_id)
);
create table if not exists traces (
    trace_id text primary key,
    first_at real not null,
    root_at real
);
create index if not exists traces_by_root on traces (root_at);
create index if not exists traces_by_first on traces (first_at);
create table if not exists unbuilt (
    trace_id text not null,
    at text not null,
    root integer not null,
    reason text not null,
    spans text not null
);
"""


class SpoolError(Exception):
    """The spool cannot be opened or written: one sentence naming the file."""


def spool_path(db_path: str) -> str:
    """The spool of the database at ``db_path``: ``PATH-collect``, as SQLite names its own
    files beside a database (``PATH-wal``)."""
    return f"{db_path}-collect"


def hold(path: str) -> int:
    """Take the spool at ``path`` for this process alone (a lock the OS drops when the
    process ends, however it ends); the lock's file descriptor, kept open until exit.

    Raises:
        SpoolError: another process holds it (another ``groundtui collect`` on the same
            database).
    """
    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SpoolError(
            f"another groundtui collect is writing to this database (its spool {path} is "
            "taken): stop it first, or give this one another --db"
        ) from None
    return fd


class SpoolCounts(NamedTuple):
    """What the spool holds: traces waiting to be written, and their spans."""

    traces: int
    spans: int


class Due(NamedTuple):
    """A trace ready to be built: its id, and whether its root arrived."""

    trace: str
    rooted: bool


@dataclass
class Finished:
    """A trace the writer is done with: the last of its spans it read, and, when it made
    no answer, why."""

    trace: str
    last: int
    """The ``seq`` of the last span read: a span that arrived since is kept."""
    rooted: bool = True
    reason: str | None = None
    spans: list[dict[str, Any]] | None = None


class TraceSpool:
    """One connection to the spool file; one per thread."""

    def __init__(self, path: str) -> None:
        """Open (or create) the spool at ``path``.

        Raises:
            SpoolError: the file cannot be opened or created as a SQLite database.
        """
        self.path = path
        try:
            # Autocommit: every write is in ``immediate``'s explicit transaction.
            self.conn = sqlite3.connect(
                path, timeout=30, isolation_level=None, check_same_thread=False
            )
            self.conn.execute("pragma journal_mode = wal")
            self.conn.execute("pragma synchronous = full")
            with immediate(self.conn):
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
        except sqlite3.DatabaseError as exc:
            raise SpoolError(f"cannot use the collector's spool {path}: {exc}") from None

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def add(self, spans: list[dict[str, Any]], now: float) -> int:
        """Commit ``spans`` (OTLP JSON records, ids checked), received at ``now`` (Unix
        seconds); the number not already held. Returns once they are on the disk.

        Raises:
            sqlite3.Error: the disk is full or the file cannot be written; nothing was added.
        """
        rows = []
        roots: dict[str, bool] = {}
        for span in spans:
            root = otlp_parent(span) is None
            roots[span["traceId"]] = roots.get(span["traceId"], False) or root
            rows.append(
                (span["traceId"], span["spanId"], root, json.dumps(span, ensure_ascii=False))
            )
        with immediate(self.conn):
            before = self.conn.total_changes
            self.conn.executemany(
                "insert or ignore into spans (trace_id, span_id, root, span) values (?, ?, ?, ?)",
                rows,
            )
            added = self.conn.total_changes - before
            self.conn.executemany(
                "insert into traces (trace_id, first_at, root_at) values (?, ?, ?)"
                " on conflict (trace_id) do update set root_at = coalesce(root_at, excluded.root_at)",
                [(trace, now, now if root else None) for trace, root in roots.items()],
            )
        return added

    def held(self) -> SpoolCounts:
        """The traces and spans waiting."""
        traces, spans = self.conn.execute(
            "select (select count(*) from traces), (select count(*) from spans)"
        ).fetchone()
        return SpoolCounts(traces, spans)

    def unbuilt(self) -> int:
        """The traces kept that made no answer."""
        return int(self.conn.execute("select count(*) from unbuilt").fetchone()[0])

    def due(self, now: float, grace: float, orphan_after: float, limit: int) -> list[Due]:
        """Traces ready to build: those whose root arrived ``grace`` seconds
        ago or more, and those whose root has not arrived in ``orphan_after`` seconds."""
        return [
            Due(trace, bool(rooted))
            for trace, rooted in self.conn.execute(
                "select trace_id, 1 from traces where root_at <= ?"
                " union all select trace_id, 0 from traces where root_at is null and first_at <= ?"
                " limit ?",
                [now - grace, now - orphan_after, limit],
            )
        ]

    def spans_of(self, traces: Iterable[str]) -> dict[str, list[tuple[int, dict[str, Any]]]]:
        """Each trace's spans held, ``(seq, record)`` in the order they arrived."""
        found: dict[str, list[tuple[int, dict[str, Any]]]] = {trace: [] for trace in traces}
        for trace, seq, span in self.conn.execute(
            "select trace_id, seq, span from spans"
            " where trace_id in (select value from json_each(?)) order by seq",
            [json.dumps(list(found))],
        ):
            found[trace].append((seq, json.loads(span)))
        return found

    def finish(self, done: list[Finished], at: str, now: float) -> None:
        """Let go of the spans of ``done`` the writer read, keeping those that made no
        answer in ``unbuilt``; a trace with spans that arrived meanwhile waits again, as
        one whose root has not come (``at``: now in ISO 8601, ``now``: in Unix seconds)."""
        with immediate(self.conn):
            self.conn.executemany(
                "insert into unbuilt (trace_id, at, root, reason, spans) values (?, ?, ?, ?, ?)",
                [
                    (f.trace, at, f.rooted, f.reason, json.dumps(f.spans, ensure_ascii=False))
                    for f in done
                    if f.reason is not None
                ],
            )
            self.conn.executemany(
                "delete from spans where trace_id = ? and seq <= ?",
                [(f.trace, f.last) for f in done],
            )
            self.conn.executemany(
                "delete from traces where trace_id = ?"
                " and not exists (select 1 from spans s where s.trace_id = traces.trace_id)",
                [(f.trace,) for f in done],
            )
            self.conn.executemany(
                "update traces set first_at = ?, root_at = (select case when max(root) then ?"
                " end from spans s where s.trace_id = traces.trace_id) where trace_id = ?",
                [(now, now, f.trace) for f in done],
            )
