"""Opening a database: WAL, the busy timeout, read-only use, migrations, errors in a sentence.

What an up-to-date database holds is read from ``groundtui/store/sql/schema.sql``
(``groundtui.store.schema``), not from running the migrations: the tables it must have,
and the counts, which are built again whole when they differ from the files.

A damaged file (SQLite reports SQLITE_CORRUPT or SQLITE_NOTADB) is named in one sentence
that says how to recover it, whether SQLite finds the damage while opening, in the check
a command runs before it uses the file (``check=True``: ``PRAGMA quick_check``), or
while reading or writing later: leaving a ``with Store(...)`` block, a query or a
transaction with such an error raises that sentence as a ``StoreError``.

Every write the product makes runs inside ``Connection.transaction``, the one write path
(``groundtui.store.transaction``).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Self

import sqlite_utils

from groundtui.json_input import nfc_text
from groundtui.store import counts, schema
from groundtui.store.errors import StoreError, damaged, describe_error, is_damage
from groundtui.store.migrations import MIGRATIONS
from groundtui.store.rows import control_point, now_iso
from groundtui.store.transaction import immediate

DEFAULT_DB = "groundtui.db"


def default_db_path() -> str:
    """``$GROUNDTUI_DB``, else ``groundtui.db`` in the current folder (README "Commands")."""
    return os.environ.get("GROUNDTUI_DB") or DEFAULT_DB


class Connection:
    """One SQLite database file, opened and brought up to date. One per thread."""

    def __init__(
        self,
        path: str | Path,
        *,
        create: bool = True,
        timeout: float = 5.0,
        readonly: bool = False,
        check: bool = False,
    ) -> None:
        """Open (or create) the database at ``path`` and bring its schema up to date.

        Args:
            path: the database file, or ``":memory:"``.
            create: create the file when it is missing.
            timeout: seconds a write waits for another writer's lock before failing.
            readonly: open an existing, up-to-date database without writing to it at all
                (no journal-mode change, no migration), for a file one may not write.
            check: verify the whole file (``check_intact``) before anything is written to
                it, a migration included; a pending migration checks it anyway.

        Raises:
            StoreError: the file is missing, a folder, another program's, newer, locked,
                or damaged.
        """
        self.path = str(path)
        if self.path != ":memory:":
            p = Path(self.path)
            if (readonly or not create) and not p.exists():
                raise StoreError(f"no database at {self.path}: run `groundtui import` first")
            if p.exists() and p.is_dir():
                raise StoreError(f"{self.path} is a folder, not a database file")
            if not p.parent.exists():
                raise StoreError(f"cannot create database {self.path}: no folder {p.parent}")
        conn = None
        try:
            if readonly:
                conn = _connect_readonly(self.path, timeout)
            else:
                conn = sqlite3.connect(self.path, timeout=timeout)
            # Reviewer names compare by their casefold (docs/team-review.md):
            # SQLite's NOCASE folds only ASCII letters.
            conn.create_function("casefold", 1, _casefold, deterministic=True)
            # Text compares composed, however it was stored (delete --where).
            conn.create_function("nfc", 1, _nfc, deterministic=True)
            # The control sample is chosen by a hash of the answer id (docs/report.md).
            conn.create_function("control_point", 1, control_point, deterministic=True)
            self.db = sqlite_utils.Database(conn)
            self.db.execute("PRAGMA foreign_keys = ON")
            # Refuse a foreign or newer database before changing anything in it, not even
            # its journal mode.
            applied = self._check_schema()
            pending = len(applied) < len(MIGRATIONS)
            # The counts differ from the files: an older groundtui's, or another program's.
            stale = not pending and not counts.current(conn, schema.counts())
            if readonly and (pending or stale):
                raise StoreError(
                    f"{self.path} needs upgrading by someone who may write to it "
                    "(any groundtui command with write access does it)"
                )
            if check or pending or stale:  # a migration writes: never into a damaged file
                self.check_intact()
            if not pending:
                self._check_tables()
            if readonly:
                return
            if self.path != ":memory:":
                self._enable_wal(timeout)
            self.db.execute("PRAGMA synchronous = NORMAL")
            if pending or stale:
                self._migrate()
        except (sqlite3.DatabaseError, StoreError) as exc:
            if conn is not None:
                conn.close()  # a refused file is left as it was found, not held open
            if isinstance(exc, StoreError):
                raise
            raise StoreError(describe_error(self.path, exc)) from None

    def _check_schema(self) -> set[str]:
        """The migrations applied so far; refuses another program's or a newer database."""
        if not self.db["_migrations"].exists():
            if self.scalar("select count(*) from sqlite_master"):
                raise StoreError(f"{self.path} is not a groundtui database (it holds other tables)")
            return set()
        applied = {row[0] for row in self.db.execute("select name from _migrations")}
        unknown = sorted(applied - {name for name, _ in MIGRATIONS})
        if unknown:
            raise StoreError(
                f"{self.path} was written by a newer groundtui (unknown migration "
                f"{unknown[0]}); upgrade groundtui to open it"
            )
        return applied

    def _check_tables(self) -> None:
        """Refuse a database whose migrations are all applied but whose tables are not all
        there, as ``schema.sql`` has them: another program dropped or rebuilt one (``drop
        table reviews``). The counts' tables are not checked here: changed, they are built
        again (``counts.current``).

        Raises:
            StoreError: names the first table or column missing.
        """
        if self.path == ":memory:":
            return
        present = {
            table: {column[1] for column in self.db.execute(f"pragma table_info([{table}])")}
            for table in self.db.table_names()
        }
        for table, columns in schema.tables().items():
            missing = (
                [f"table {table}"]
                if table not in present
                else [
                    f"column {column} of table {table}"
                    for column in sorted(columns - present[table])
                ]
            )
            if missing:
                raise StoreError(
                    f"{self.path} is not a groundtui database it can use: it has no "
                    f"{missing[0]} (another program changed it; restore it from a backup)"
                )

    def check_intact(self) -> None:
        """Refuse a damaged file: ``PRAGMA quick_check(1)``, which reads every page.

        SQLite keeps no page checksums, so damage is found only by reading the page that
        holds it; quick_check parses every page of every b-tree and the freelist (1.7 s
        for the million-claim database, docs/reliability.md "The database"), skipping only
        integrity_check's cross-check of each index against its table (5 times slower,
        and it found the same damage there). Its ``(1)`` stops at the first problem of a
        damaged file; it costs the same on a healthy one.

        Raises:
            StoreError: the file is damaged, in the sentence ``damaged`` gives.
        """
        rows = self.db.execute("PRAGMA quick_check(1)").fetchall()
        if rows != [("ok",)]:
            problem = rows[0][0] if rows else "no result"
            # Drop the "*** in database main ***" heading: the sentence names the file.
            problem = problem.split("\n")[-1]
            raise StoreError(damaged(self.path, f"SQLite's quick_check says: {problem}"))

    def _enable_wal(self, timeout: float) -> None:
        # Switching to WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY at once,
        # without calling the busy handler, when another connection is opening the same
        # new file (seen about once in 300 openings by four processes under load). The
        # busy timeout cannot cover it, so retry the switch until the same deadline.
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.db.enable_wal()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.01)

    def _migrate(self) -> None:
        # The write lock comes first, so two processes opening a new database at once
        # apply each migration exactly once (the second waits, then finds them applied).
        with self.transaction():
            applied = self._check_schema()
            pending = [(name, fn) for name, fn in MIGRATIONS if name not in applied]
            if not pending and counts.current(self.db.conn, schema.counts()):
                return  # another process brought it up to date while this one waited
            table = self.db.table("_migrations")
            if not table.exists():
                table.create({"name": str, "applied_at": str}, pk="name")
            # The counts are rebuilt whole from the files after the migrations, which
            # therefore run without their triggers.
            counts.drop(self.db)
            for name, fn in pending:
                fn(self.db)
                table.insert({"name": name, "applied_at": now_iso()})
            counts.build(self.db)

    def close(self) -> None:
        """Close the connection."""
        self.db.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type | None, exc: BaseException | None, tb: object) -> None:
        self.close()
        if isinstance(exc, sqlite3.DatabaseError) and is_damage(exc):
            # Whatever read ran inside the block, the error names the file and the way out.
            raise StoreError(describe_error(self.path, exc)) from None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The one write path: a transaction holding the write lock from its start.

        It waits out the busy timeout for another writer, so what is read inside cannot
        be changed by another writer before the commit; it commits everything inside or
        nothing. Nested use becomes a savepoint.

        Raises:
            StoreError: the lock did not come within the timeout, or SQLite refused the
                write (a read-only file, a constraint); nothing was written.
        """
        try:
            with immediate(self.db.conn):
                yield
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError | sqlite3.IntegrityError) or is_damage(exc):
                raise StoreError(describe_error(self.path, exc)) from None
            raise

    def query(self, sql: str, params: Sequence[Any] | dict | None = None) -> list[dict]:
        """Rows of ``sql`` as dicts."""
        try:
            return list(self.db.query(sql, params or ()))
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) or is_damage(exc):
                raise StoreError(describe_error(self.path, exc)) from None
            raise

    def scalar(self, sql: str, params: Iterable[Any] | None = None) -> Any:
        """The first column of the first row of ``sql``."""
        try:
            row = self.db.execute(sql, tuple(params or ())).fetchone()
        except sqlite3.DatabaseError as exc:
            if is_damage(exc):
                raise StoreError(describe_error(self.path, exc)) from None
            raise
        return row[0] if row else None


class Part:
    """One group of the store's reads and writes (``Store.labels``, ``Store.team``, …):
    it reads and writes through the store's one connection and its one write path."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.db = connection.db
        self.path = connection.path

    def transaction(self) -> AbstractContextManager[None]:
        """The store's one write path (``Connection.transaction``)."""
        return self.connection.transaction()

    def query(self, sql: str, params: Sequence[Any] | dict | None = None) -> list[dict]:
        """Rows of ``sql`` as dicts (``Connection.query``)."""
        return self.connection.query(sql, params)

    def scalar(self, sql: str, params: Iterable[Any] | None = None) -> Any:
        """The first column of the first row of ``sql`` (``Connection.scalar``)."""
        return self.connection.scalar(sql, params)


def _casefold(text: str | None) -> str | None:
    return None if text is None else text.casefold()


def _nfc(text: str | None) -> str | None:
    return None if text is None else nfc_text(text)


def _connect_readonly(path: str, timeout: float) -> sqlite3.Connection:
    """A connection that never writes to ``path``.

    A WAL database opened read-only still needs its shared-memory file; where that cannot
    be created (a folder we may not write), SQLite can only read the file as immutable,
    which is right for a database file we may not write: we read it as it stands.
    """
    uri = Path(path).resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=timeout)
    try:
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=timeout)
