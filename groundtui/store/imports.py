"""The writes of an import: answers, the source versions they cite, and what they came with.

An imported answer may carry claims, each with a verdict and reviewers' labels; they are
written with it, labelled as the pipeline's would be. The rows are made first, with no
lock held, in a spool (``groundtui.store.spool``); the write transaction compares the
spooled answers with those stored and copies the new ones with ``INSERT … SELECT``.

A merge of answer records spools, inside that transaction, the rows the database lacks
(``spool_rows``), and the same copy writes them: ``copy_spool`` is the one place rows
enter the database in bulk. What a merge changes of the rows already stored (a later scan
or flag, a claim the other database retired, a time the answer was given) it changes
through the methods here, in the same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import NamedTuple

from groundtui.store.connection import Connection, Part
from groundtui.store.counts import bulk_load
from groundtui.store.labelling import LabelWrites
from groundtui.store.spool import Spool
from groundtui.text.inert import quoted

COPIED = (
    "sources",
    "answers",
    "answer_sources",
    "flags",
    "answer_marks",
    "extractions",
    "claims",
    "judgements",
    "reviews",
    "adjudications",
    "claim_edits",
    "claim_labels",
)
"""The tables the copy writes, parents first."""

NUMBERED = ("judgements", "reviews", "adjudications", "answer_marks", "extractions", "claim_edits")
"""The tables whose rows the spool numbers from 1 (``id``), moved past the database's."""


class Written(NamedTuple):
    """Rows one ``copy_spool`` wrote."""

    answers: int
    sources: int
    claims: int
    reviews: int


class Present(NamedTuple):
    """The spooled answers already stored, by how they compare with the stored ones."""

    unchanged: list[str]
    """The ids of those stored with the same content."""
    merged: list[str]
    """Those that differ only where an import joins them (``meta``, an ``answered_at``
    one of them lacks, a source's title): ``merge_spool_meta`` joins them."""
    differing: dict[str, str]
    """Those that differ in what an answer is: the field each differs in first, as the
    user would name it (``spool_difference``). Refused."""

    @property
    def stored(self) -> int:
        """How many of the spooled answers are stored already."""
        return len(self.unchanged) + len(self.merged) + len(self.differing)


# Columns the copy computes rather than copies: spooled numbers move past the database's.
_MOVED = {
    ("answers", "seq"): ":seq + row_number() over (order by s.seq)",
    **{(table, "id"): f"s.id + :{table}" for table in NUMBERED},
    ("claim_edits", "reverts"): "s.reverts + :claim_edits",
    ("claim_labels", "judgement_id"): "s.judgement_id + :judgements",
    ("claim_labels", "review_id"): "s.review_id + :reviews",
    ("claim_labels", "adjudication_id"): "s.adjudication_id + :adjudications",
}
_KEPT = "s.answer_id not in (select id from temp.spool_present)"
_KEPT_CLAIM = (
    "s.claim_id not in (select c.id from spool.claims c"
    " join temp.spool_present p on p.id = c.answer_id)"
)
# Which spooled rows are copied: those of answers not stored yet, and source versions
# the database does not hold that such an answer cites. A merge's rows for an answer
# already stored are kept too: it spools no answer row for one.
_WHERE = {
    "sources": "s.key not in (select key from main.sources) and s.key in ("
    "select source_key from spool.answer_sources s where " + _KEPT + ")",
    "answers": "s.id not in (select id from temp.spool_present)",
    "answer_sources": _KEPT,
    "flags": _KEPT,
    "answer_marks": _KEPT,
    "extractions": _KEPT,
    "claims": _KEPT,
    "judgements": _KEPT_CLAIM,
    "reviews": _KEPT_CLAIM,
    "adjudications": _KEPT_CLAIM,
    "claim_edits": _KEPT,
    "claim_labels": _KEPT,
}


class ImportWrites(Part):
    """Answers and their sources, with the claims, verdicts and labels they came with
    (``Store.imports``). All but ``copy_spool`` run inside the import's transaction."""

    relabel_chunk = 2000
    """Claims labelled at a time after a merge's copy: what the copy holds of their ids."""

    def __init__(self, connection: Connection, labels: LabelWrites) -> None:
        super().__init__(connection)
        self.labels = labels

    @contextmanager
    def attached(self, spool: Spool) -> Iterator[None]:
        """``spool`` readable as the schema ``spool``, for ``spool_present`` and ``copy_spool``.

        Outside any transaction: SQLite attaches a database only between transactions.
        """
        self.db.execute("attach database ? as spool", [spool.path])
        # A merge writes the spool in the import's transaction: a scratch file needs no
        # fsync, and its journal (for a rollback) can stay in memory.
        self.db.execute("pragma spool.synchronous = off")
        self.db.execute("pragma spool.journal_mode = memory")
        try:
            yield
        finally:
            self.db.execute("detach database spool")

    def spool_present(self) -> Present:
        """The attached spool's answers already stored, by how their content compares."""
        present = Present([], [], {})
        for answer_id, same in self.db.execute(
            "select s.id, s.content_hash = m.content_hash from spool.answers s"
            " join main.answers m on m.id = s.id order by s.seq"
        ).fetchall():
            if same:
                present.unchanged.append(answer_id)
            elif (what := self.spool_difference(answer_id)) is None:
                present.merged.append(answer_id)
            else:
                present.differing[answer_id] = what
        return present

    def spool_difference(self, answer_id: str) -> str | None:
        """The first field in which the spooled answer differs from the stored one, as the
        user would name it (``response``, ``sources[2]``, ``answered_at``), or None when they
        differ only in ``meta``, in an ``answered_at`` one of them lacks, or in a source's
        title and origin (which stay those of the first import)."""

        def answer(schema: str) -> tuple:
            return self.db.execute(
                f"select question, response, correct, answered_at from {schema}.answers"
                " where id = ?",
                [answer_id],
            ).fetchone()

        stored, spooled = answer("main"), answer("spool")
        for i, name in enumerate(("question", "response", "correct")):
            if stored[i] != spooled[i]:
                return name
        if None not in (stored[3], spooled[3]) and stored[3] != spooled[3]:
            return "answered_at"

        def sources(schema: str) -> list[tuple]:
            return self.db.execute(
                f"select s.source_id, s.text from {schema}.answer_sources x"
                f" join {schema}.sources s on s.key = x.source_key"
                " where x.answer_id = ? order by x.position",
                [answer_id],
            ).fetchall()

        old, new = sources("main"), sources("spool")
        if len(old) != len(new):
            return f"sources (it had {len(old)}, this has {len(new)})"
        for i, (was, now) in enumerate(zip(old, new, strict=True)):
            if was[0] != now[0]:
                return f"sources[{i}] id ({quoted(now[0])}; stored: {quoted(was[0])})"
            if was[1] != now[1]:
                return f"sources[{i}] text"
        claims = "select count(*) from {}.claims where answer_id = ?"
        if self.scalar(claims.format("spool"), [answer_id]):
            return "claims"
        return None

    def merge_spool_meta(self, answer_id: str) -> int:
        """Add the spooled answer's ``meta`` keys the stored one lacks, and its
        ``answered_at`` if the stored one has none; the stored value is kept where both
        have a key. How many keys clashed with another value."""
        self.db.execute(
            "update main.answers set answered_at ="
            " (select s.answered_at from spool.answers s where s.id = ?)"
            " where id = ? and answered_at is null",
            [answer_id, answer_id],
        )
        [stored] = self.db.execute("select meta from main.answers where id = ?", [answer_id])
        [spooled] = self.db.execute("select meta from spool.answers where id = ?", [answer_id])
        old, new = json.loads(stored[0] or "{}"), json.loads(spooled[0] or "{}")
        clashes = sum(1 for k, v in new.items() if k in old and old[k] != v)
        combined = {**new, **old}
        if combined != old:
            self.db.execute(
                "update main.answers set meta = ? where id = ?",
                [json.dumps(combined, ensure_ascii=False, sort_keys=True), answer_id],
            )
        return clashes

    def merge_scan(self, answer_id: str, scanned_at: str) -> None:
        """A merged answer stored already was scanned at ``scanned_at``: kept if later."""
        self.db.execute(
            "update answers set scanned_at = ? where id = ? and"
            " (scanned_at is null or scanned_at < ?)",
            [scanned_at, answer_id, scanned_at],
        )

    def merge_answered_at(self, answer_id: str, answered_at: str) -> None:
        """When a merged answer stored already was given, where the stored one lacks it."""
        self.db.execute(
            "update answers set answered_at = ? where id = ? and answered_at is null",
            [answered_at, answer_id],
        )

    def merge_flag(self, answer_id: str, check_name: str, details: str, at: str) -> None:
        """A later flag of a check replaces the stored one (``details`` as JSON)."""
        self.db.execute(
            "update flags set details = ?, at = ? where answer_id = ? and check_name = ?",
            [details, at, answer_id, check_name],
        )

    def merge_retired(self, claim_id: str, retired: str) -> None:
        """A claim the other database retired (dismissed, replaced) is retired here too,
        unless it is already; the copy labels it again (``spool_rows``' ``relabel``)."""
        self.db.execute(
            "update claims set retired = ? where id = ? and retired is null", [retired, claim_id]
        )

    def spool_review_work(self) -> int:
        """The sum over the spool's claims of their reviews squared: what the count triggers
        would read to add them one by one (each reads its claim's reviews)."""
        return self.scalar(
            "select coalesce(sum(n * n), 0) from"
            " (select count(*) as n from spool.reviews group by claim_id)"
        )

    def spool_rows(self, tables: dict[str, list[dict]]) -> None:
        """Add rows by table to the attached spool, in the caller's transaction, for
        ``copy_spool`` (a merge's: parents first, ``id`` numbered by the spool).

        With ``executemany``: sqlite-utils' ``insert`` reads the table's schema on every
        call, most of a merge's time, measured. A source version already spooled (cited by
        another answer of the import) is spooled once.
        """
        for table in (*COPIED, "relabel"):
            rows = tables.get(table)
            if rows:
                columns = list(rows[0])
                self.db.conn.executemany(
                    f"insert {'or ignore ' if table in ('sources', 'relabel') else ''}"
                    f"into spool.{table} ({', '.join(columns)})"
                    f" values ({', '.join(':' + c for c in columns)})",
                    rows,
                )

    def copy_spool(self, *, bulk: bool = False) -> Written:
        """Copy the attached spool's answers not stored yet, after those already there, and
        a merge's rows; then label the claims a merge gave rows to.

        Answers already stored (the same, or conflicting) are left out with every row of
        theirs, and so are source versions already stored. Inside a caller's transaction
        this is part of it; otherwise it is one transaction.

        Args:
            bulk: write with the report's triggers off and recount its counts once at the
                end: cheaper for many rows into a small database, dearer the other way.
        """
        with self.transaction(), bulk_load(self.db) if bulk else nullcontext():
            self.db.execute("drop table if exists temp.spool_present")
            self.db.execute(
                "create temp table spool_present as select s.id from spool.answers s"
                " join main.answers m on m.id = s.id"
            )
            # A reviewer is one person whatever the case of their name: every name takes
            # the spelling the database first knew it by (docs/team-review.md).
            self.db.execute(
                "insert or ignore into main.reviewers (key, name, lead, added_at)"
                f" select casefold(s.reviewer), s.reviewer, 0, s.at from spool.reviews s"
                f" where {_KEPT_CLAIM} order by s.rowid"
            )
            for table in ("reviews", "claim_labels"):
                self.db.execute(
                    f"update spool.{table} set reviewer = (select r.name from main.reviewers r"
                    f" where r.key = casefold(spool.{table}.reviewer)) where reviewer is not null"
                )
            bases = {"seq": self.scalar("select coalesce(max(seq), 0) from main.answers")}
            for table in NUMBERED:
                bases[table] = self.scalar(f"select coalesce(max(id), 0) from main.{table}")
            counts = {}
            for table in COPIED:
                columns = [row[1] for row in self.db.execute(f"pragma main.table_info({table})")]
                picks = ", ".join(_MOVED.get((table, c), f"s.{c}") for c in columns)
                order = "s.seq" if table == "answers" else "s.rowid"
                counts[table] = self.db.execute(
                    f"insert into main.{table} ({', '.join(columns)}) select {picks}"
                    f" from spool.{table} s where {_WHERE[table]} order by {order}",
                    bases,
                ).rowcount
            self.db.execute("drop table temp.spool_present")
            for new in (True, False):
                # Each chunk read whole before it is labelled: a write to the database with
                # a read of the spool still open fails as "locked".
                after = 0
                while chunk := self.db.execute(
                    "select rowid, claim_id from spool.relabel where new = ? and rowid > ?"
                    " order by rowid limit ?",
                    [new, after, self.relabel_chunk],
                ).fetchall():
                    self.labels.refresh([claim_id for _, claim_id in chunk], new=new)
                    after = chunk[-1][0]
        return Written(counts["answers"], counts["sources"], counts["claims"], counts["reviews"])
