"""The SQLite store: opening, migrating, and every write the product makes.

Rows are converted to and from the pydantic models at this edge. Every write that changes
a claim's labels also refreshes its row in ``claim_labels`` in the same transaction, so
readers (the report, the UI) never rank judgements and reviews themselves.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from groundtui.models import Answer, Source
from groundtui.store.migrations import MIGRATIONS

DEFAULT_DB = "groundtui.db"


def _chunks(items: list, size: int = 500) -> Iterator[tuple[list, str]]:
    """``items`` in chunks under SQLite's limit on parameters, each with its ``?`` marks."""
    for i in range(0, len(items), size):
        chunk = items[i : i + size]
        yield chunk, ",".join("?" * len(chunk))


class StoreError(Exception):
    """A problem with the database a user can act on; its message is one sentence."""


def default_db_path() -> str:
    """``$GROUNDTUI_DB``, else ``groundtui.db`` in the current folder (README "Commands")."""
    return os.environ.get("GROUNDTUI_DB") or DEFAULT_DB


def now_iso(moment: datetime | None = None) -> str:
    """An instant as UTC ISO 8601 with microseconds, so text order is time order."""
    moment = moment or datetime.now(UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def source_key(source_id: str, text: str) -> str:
    """The key of one version of a source: its id and a hash of its exact text."""
    digest = hashlib.sha256(f"{source_id}\0{text}".encode()).hexdigest()[:20]
    return f"{source_id}@{digest}"


def content_hash(answer: Answer) -> str:
    """A hash of an answer's validated content, to tell a re-import from a conflict."""
    canonical = json.dumps(answer.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass
class ClaimRow:
    """A claim as the pipeline writes it."""

    id: str
    answer_id: str
    ordinal: int
    text: str
    kind: str
    citation: int | None
    source_key: str | None
    span: tuple[int, int] | None
    located: str
    uncited: bool
    dangling: bool
    extracted_by: str | None = None


class Store:
    """One SQLite database file. Not shared between threads: open one per thread."""

    def __init__(
        self, path: str | Path, *, create: bool = True, timeout: float = 5.0,
        readonly: bool = False,
    ) -> None:
        """Open (or create) the database at ``path`` and bring its schema up to date.

        ``readonly`` opens an existing, up-to-date database without writing to it at all
        (no journal-mode change, no migration), for reading a file one may not write.
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
        try:
            if readonly:
                conn = _connect_readonly(self.path, timeout)
            else:
                conn = sqlite3.connect(self.path, timeout=timeout)
            self.db = sqlite_utils.Database(conn)
            self.db.execute("PRAGMA foreign_keys = ON")
            # Refuse a foreign or newer database before changing anything in it, not even
            # its journal mode.
            applied = self._check_schema()
            if readonly:
                if len(applied) < len(MIGRATIONS):
                    raise StoreError(
                        f"{self.path} needs upgrading by someone who may write to it "
                        "(any groundtui command with write access does it)")
                return
            if self.path != ":memory:":
                self._enable_wal(timeout)
            self.db.execute("PRAGMA synchronous = NORMAL")
            if len(applied) < len(MIGRATIONS):
                self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(_describe_db_error(self.path, exc)) from None

    # -- lifecycle -------------------------------------------------------------------

    def _check_schema(self) -> set[str]:
        """The migrations applied so far; refuses another program's or a newer database."""
        if not self.db["_migrations"].exists():
            if self.scalar("select count(*) from sqlite_master"):
                raise StoreError(
                    f"{self.path} is not a groundtui database (it holds other tables)")
            return set()
        applied = {row[0] for row in self.db.execute("select name from _migrations")}
        unknown = sorted(applied - {name for name, _ in MIGRATIONS})
        if unknown:
            raise StoreError(
                f"{self.path} was written by a newer groundtui (unknown migration "
                f"{unknown[0]}); upgrade groundtui to open it"
            )
        return applied

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
        # BEGIN IMMEDIATE takes the write lock first, so two processes opening a new
        # database at once apply each migration exactly once (the second waits, then
        # finds them applied).
        with self.transaction():
            applied = self._check_schema()
            table = self.db["_migrations"]
            if not table.exists():
                table.create({"name": str, "applied_at": str}, pk="name")
            for name, fn in MIGRATIONS:
                if name not in applied:
                    fn(self.db)
                    table.insert({"name": name, "applied_at": now_iso()})

    def close(self) -> None:
        """Close the connection."""
        self.db.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: everything inside commits together or not at all.

        ``BEGIN IMMEDIATE`` takes the write lock at the start (waiting out the busy
        timeout), so what is read inside cannot be changed by another writer before the
        commit. Nested use becomes a savepoint.
        """
        conn = self.db.conn
        try:
            if conn.in_transaction:
                with self.db.atomic():
                    yield
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
            conn.commit()
        except (sqlite3.OperationalError, sqlite3.IntegrityError) as exc:
            raise StoreError(_describe_db_error(self.path, exc)) from None

    def query(self, sql: str, params: Iterable[Any] | dict | None = None) -> list[dict]:
        """Rows of ``sql`` as dicts."""
        try:
            return list(self.db.query(sql, params or ()))
        except sqlite3.OperationalError as exc:
            raise StoreError(_describe_db_error(self.path, exc)) from None

    def scalar(self, sql: str, params: Iterable[Any] | None = None) -> Any:
        """The first column of the first row of ``sql``."""
        row = self.db.execute(sql, tuple(params or ())).fetchone()
        return row[0] if row else None

    # -- answers and sources -----------------------------------------------------------

    def answer_hashes(self, ids: Iterable[str]) -> dict[str, str]:
        """``{answer id: content hash}`` for those of ``ids`` already stored."""
        ids = list(ids)
        found: dict[str, str] = {}
        for chunk, marks in _chunks(ids):
            for row in self.db.execute(
                f"select id, content_hash from answers where id in ({marks})", chunk
            ):
                found[row[0]] = row[1]
        return found

    def existing_source_keys(self, keys: Iterable[str]) -> set[str]:
        """Those of ``keys`` already stored."""
        keys = list(keys)
        found: set[str] = set()
        for chunk, marks in _chunks(keys):
            found.update(r[0] for r in self.db.execute(
                f"select key from sources where key in ({marks})", chunk))
        return found

    @staticmethod
    def source_row(source: Source, key: str, at: str) -> dict:
        """A ``sources`` row for one version of a source."""
        return {
            "key": key, "source_id": source.id,
            "text_hash": hashlib.sha256(source.text.encode()).hexdigest(),
            "title": source.title, "origin": source.origin, "text": source.text,
            "updated_at": source.updated_at, "first_seen": at,
        }

    @staticmethod
    def answer_row(answer: Answer, digest: str, at: str, seq: int) -> dict:
        """An ``answers`` row; ``seq`` keeps import order for the queue."""
        return {
            "id": answer.id, "question": answer.question, "response": answer.response,
            "correct": None if answer.correct is None else int(answer.correct),
            "meta": json.dumps(answer.meta, ensure_ascii=False, sort_keys=True),
            "content_hash": digest, "imported_at": at, "seq": seq, "scanned_at": None,
        }

    def answer_sources(self, answer_id: str) -> list[dict]:
        """The answer's sources in citation order, each with its ``position``."""
        return self.query(
            "select a.position, s.* from answer_sources a join sources s on s.key = a.source_key"
            " where a.answer_id = ? order by a.position",
            [answer_id],
        )

    # -- claims, judgements, reviews ---------------------------------------------------

    @staticmethod
    def claim_row(c: ClaimRow, at: str) -> dict:
        """The ``claims`` row of ``c``, created ``at``."""
        return {
            "id": c.id, "answer_id": c.answer_id, "ordinal": c.ordinal, "text": c.text,
            "kind": c.kind, "citation": c.citation, "source_key": c.source_key,
            "span_start": c.span[0] if c.span else None,
            "span_end": c.span[1] if c.span else None,
            "located": c.located, "uncited": int(c.uncited), "dangling": int(c.dangling),
            "extracted_by": c.extracted_by, "created_at": at,
        }

    def add_claims(self, claims: list[ClaimRow], at: str) -> None:
        """Insert claims, each with its (empty) ``claim_labels`` row."""
        self.db["claims"].insert_all(self.claim_row(c, at) for c in claims)
        self.refresh_labels([c.id for c in claims], new=True)

    def add_judgement(self, claim_id: str, judge: str, prompt_version: str, **fields: Any) -> int:
        """Append one judgement (or a failure: ``verdict=None, error=...``) and relabel."""
        row = {"claim_id": claim_id, "judge": judge, "prompt_version": prompt_version,
               "at": fields.pop("at", None) or now_iso(), **fields}
        with self.db.atomic():
            pk = self.db["judgements"].insert(row).last_pk
            self.refresh_labels([claim_id])
        return pk

    def add_review(
        self,
        claim_id: str,
        reviewer: str,
        verdict: str | None,
        invention_kind: str | None = None,
        note: str = "",
        *,
        blind: bool = False,
        at: str | None = None,
        origin: str = "ui",
        reverts: int | None = None,
    ) -> int:
        """Append one review row (``verdict=None`` retracts the reviewer's label) and relabel.

        Committed before returning: a reviewer's label is on disk when the key is pressed.
        """
        row = self.review_row(
            claim_id, reviewer, verdict, invention_kind, note,
            blind=blind, at=at or now_iso(), origin=origin, reverts=reverts,
        )
        with self.db.atomic():
            pk = self.db["reviews"].insert(row).last_pk
            self.refresh_labels([claim_id])
        return pk

    @staticmethod
    def review_row(
        claim_id: str, reviewer: str, verdict: str | None, invention_kind: str | None,
        note: str, *, blind: bool, at: str, origin: str, reverts: int | None = None,
    ) -> dict:
        """The ``reviews`` row of one label (``verdict=None``: a retraction)."""
        return {"claim_id": claim_id, "reviewer": reviewer, "verdict": verdict,
                "invention_kind": invention_kind, "note": note, "blind": int(blind),
                "at": at, "origin": origin, "reverts": reverts}

    def add_mark(
        self, answer_id: str, reviewer: str, correct: bool | None, *,
        at: str | None = None, reverts: int | None = None,
    ) -> int:
        """Append a reviewer's correctness mark for an answer (``None`` = unknown)."""
        return self.db["answer_marks"].insert(
            {"answer_id": answer_id, "reviewer": reviewer,
             "correct": None if correct is None else int(correct),
             "at": at or now_iso(), "reverts": reverts}
        ).last_pk

    def refresh_labels(self, claim_ids: list[str], *, new: bool = False) -> None:
        """Recompute ``claim_labels`` for ``claim_ids`` from judgements and reviews (README "The report").

        ``new``: the claims were just inserted and have no label row yet (a plain insert).
        """
        for chunk, marks in _chunks(claim_ids, 400):
            answer_of = dict(self.db.execute(
                f"select id, answer_id from claims where id in ({marks})", chunk).fetchall())
            judged = {}
            for row in self.db.execute(
                "select claim_id, id, judge, verdict, invention_kind from judgements"
                f" where claim_id in ({marks}) and verdict is not null order by at, id",
                chunk,
            ):
                judged[row[0]] = row  # the last one wins: greatest at, then order made
            latest: dict[str, dict[str, tuple]] = {}
            for row in self.db.execute(
                "select claim_id, id, reviewer, verdict, invention_kind, note, at from reviews"
                f" where claim_id in ({marks}) order by at, id",
                chunk,
            ):
                latest.setdefault(row[0], {})[row[2]] = row
            rows = []
            for claim_id in chunk:
                j = judged.get(claim_id)
                # Each reviewer's latest row; a retraction (NULL verdict) withdraws theirs.
                live = [r for r in latest.get(claim_id, {}).values() if r[3] is not None]
                r = max(live, key=lambda x: (x[6], x[1])) if live else None
                rows.append({
                    "claim_id": claim_id, "answer_id": answer_of.get(claim_id),
                    "judge": j[2] if j else None, "judge_verdict": j[3] if j else None,
                    "judge_kind": j[4] if j else None, "judgement_id": j[1] if j else None,
                    "reviewer": r[2] if r else None, "reviewer_verdict": r[3] if r else None,
                    "reviewer_kind": r[4] if r else None, "review_id": r[1] if r else None,
                    "reviewed_at": r[6] if r else None, "note": r[5] if r else None,
                    "label": r[3] if r else (j[3] if j else None),
                    "label_kind": r[4] if r else (j[4] if j else None),
                })
            # An upsert, never INSERT OR REPLACE: a replace skips the delete triggers that
            # keep the report aggregates (groundtui/aggregates.py) current.
            if new:
                self.db["claim_labels"].insert_all(rows, pk="claim_id", batch_size=500)
            else:
                self.db["claim_labels"].upsert_all(rows, pk="claim_id")


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


def _describe_db_error(path: str, exc: sqlite3.DatabaseError) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"database {path} is locked by another program; try again when it is done"
    if "not a database" in text or "malformed" in text:
        return f"{path} is not a groundtui database (SQLite says: {text})"
    if "unable to open" in text or "readonly" in text:
        return f"cannot open database {path} (SQLite says: {text})"
    return f"database {path}: {text}"
