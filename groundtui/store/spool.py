"""An import's rows, prepared before the write lock in a temporary SQLite file.

An import builds its rows batch by batch, holding no lock, into a file in the system's
temporary folder that has the database's own tables (copied from its schema, with no
triggers and only the indexes the labels need); ``ImportWrites.copy_spool`` then copies
them into the database in one write transaction. So what an import holds in memory is one
batch, whatever the size of its input, and the write lock is held only for the copy.

A merge of ``export --format answers`` records (``groundtui.importing.merge``) spools its
rows too, but inside the write transaction, through the attached spool
(``ImportWrites.spool_rows``): which rows the database lacks is known only while the
lock is held. The same copy writes them, so rows enter the database in bulk in one place.

The spool is a scratch file (``groundtui.scratch``): one a killed import left is removed when
the next import starts.

Rows are numbered in the spool from 1 (answers' ``seq``; the ``id`` of judgements, reviews
and a merge's adjudications, marks, extractions and claim edits); the copy moves them past
the database's own.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import sqlite_utils

from groundtui.models import Answer
from groundtui.scratch import make_file, sweep
from groundtui.store.connection import Connection
from groundtui.store.errors import StoreError, temp_folder_full
from groundtui.store.labelling import LabelWrites
from groundtui.store.reviewers import ReviewerWrites
from groundtui.store.rows import (
    ClaimRow,
    answer_row,
    claim_row,
    imported_judgements,
    imported_review_row,
    now_iso,
    source_key,
    source_row,
)

#: The tables an import writes, in the order it writes them (each row's parents first).
SPOOLED = (
    "sources",
    "answers",
    "answer_sources",
    "claims",
    "judgements",
    "reviews",
    "claim_labels",
)

#: The tables only a merge writes besides (``adjudications`` the labels also read).
MERGED = ("flags", "answer_marks", "extractions", "adjudications", "claim_edits")

_REFERENCE = re.compile(r'\s+REFERENCES\s+"?\w+"?\s*\("?\w+"?\)', re.IGNORECASE)
"""A column's foreign key in the schema's SQL. The spool's tables have none: a merge's
rows name parents the database holds, which the spool does not (the copy's inserts
check them)."""

RELABEL = "create table relabel (claim_id text primary key, new integer not null)"
"""The claims a merge gave rows to, whose ``claim_labels`` row the copy writes once their
rows are in (``new``: the claim is new, and has none yet)."""


class NewAnswer(NamedTuple):
    """An answer to import: the model, its content hash, and its claims as they are stored."""

    answer: Answer
    digest: str
    claims: list[ClaimRow]
    """One per ``answer.claims`` item, in order."""


class Spool(Connection):
    """A temporary database of rows to import; removed when closed.

    It labels its claims with a ``LabelWrites`` of its own, so that each claim's
    ``claim_labels`` row is made by the same code as everywhere else, here from the claim's
    own imported verdict and reviews. Made without ``Connection``'s opening: the file has
    the database's tables and no migrations.
    """

    def __init__(self, schema_of: sqlite_utils.Database) -> None:
        """Create the spool file with the tables of ``schema_of``, the database to import into."""
        self.folder = folder = tempfile.gettempdir()
        sweep(folder)
        with self.room():
            fd, path = make_file(folder, "import", ".db")
            os.close(fd)
        self.path = path
        self.at = now_iso()
        """When the rows were made: their ``imported_at``, ``first_seen`` and ``created_at``."""
        self.answers = 0
        """Answers spooled so far (the last one's ``seq``)."""
        self.db = sqlite_utils.Database(sqlite3.connect(path))
        self.labels = LabelWrites(self, ReviewerWrites(self))
        try:
            self._create_tables(schema_of)
        except BaseException:
            self.close()
            raise

    def _create_tables(self, schema_of: sqlite_utils.Database) -> None:
        with self.room():
            # A scratch file, removed on every exit: neither journal nor fsync earns its cost.
            self.db.execute("PRAGMA journal_mode = OFF")
            self.db.execute("PRAGMA synchronous = OFF")
            # adjudications: also read by the labels' code.
            for table in (*SPOOLED, *MERGED):
                (sql,) = schema_of.execute(
                    "select sql from sqlite_master where type = 'table' and name = ?", [table]
                ).fetchone()
                self.db.execute(_REFERENCE.sub("", sql))
            self.db.execute(RELABEL)
            self.db.execute("create index spool_judgements on judgements (claim_id)")
            self.db.execute("create index spool_reviews on reviews (claim_id)")

    @contextlib.contextmanager
    def room(self) -> Iterator[None]:
        """Say that the temporary folder is full, not the database, when the spool's disk is:
        SQLite and the OS say only "database or disk is full"."""
        try:
            yield
        except (sqlite3.OperationalError, OSError) as exc:
            full = getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or (
                getattr(exc, "errno", None) == errno.ENOSPC
            )
            if not full:
                raise
            raise StoreError(temp_folder_full(self.folder)) from exc

    def add(self, batch: list[NewAnswer], *, judge: str) -> None:
        """Spool one batch of answers with their sources, claims, verdicts and labels.

        Args:
            batch: answers not spooled yet, in input order.
            judge: who made an imported verdict that does not name its judge.
        """
        rows: dict[str, list[dict]] = {table: [] for table in SPOOLED[:-1]}
        for answer, digest, claims in batch:
            self.answers += 1
            texts: dict[str, str] = {}
            numbers = answer.numbers()
            for position, source in enumerate(answer.sources, start=1):
                key = source_key(source.id, source.text)
                texts[key] = source.text
                rows["sources"].append(source_row(source, key, self.at))
                rows["answer_sources"].append(
                    {
                        "answer_id": answer.id,
                        "position": position,
                        "source_key": key,
                        "number": numbers[position - 1],
                    }
                )
            rows["answers"].append(answer_row(answer, digest, self.at, self.answers))
            for row, claim in zip(claims, answer.claims or [], strict=True):
                rows["claims"].append(claim_row(row, self.at))
                rows["reviews"].extend(imported_review_row(row.id, r) for r in claim.reviews)
            rows["judgements"].extend(
                imported_judgements(claims, answer.claims or [], texts, judge, self.at)
            )
        with self.room(), self.transaction():
            for table, table_rows in rows.items():
                if table_rows:
                    # A source cited by many answers is spooled once; the copy skips the
                    # versions the database already holds.
                    self.db.table(table).insert_all(
                        table_rows, batch_size=500, ignore=table == "sources"
                    )
            self.labels.refresh([c["id"] for c in rows["claims"]], new=True)

    def close(self) -> None:
        """Close the spool and remove its file."""
        try:
            self.db.conn.close()
        finally:
            Path(self.path).unlink(missing_ok=True)
