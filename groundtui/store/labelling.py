"""The writes that label claims: claims, judgements, reviews, correctness marks.

Every write that changes a claim's labels also refreshes its row in ``claim_labels`` in
the same transaction, so readers (the report, the UI) never rank judgements and reviews
themselves. Each method commits before it returns unless it runs inside a caller's
``transaction()``.
"""

from __future__ import annotations

from typing import Any

from sqlite_utils.db import Table

from groundtui.store.connection import Connection, Part
from groundtui.store.reviewers import ReviewerWrites
from groundtui.store.rows import ClaimRow, chunks, claim_row, now_iso, review_row


def _new_id(table: Table) -> int:
    """The ``id`` of the row ``table`` just inserted.

    sqlite-utils types ``last_pk`` as optional (it is None before any insert); after an
    insert into a table whose key is ``id INTEGER`` it is that row's id.
    """
    pk = table.last_pk
    assert isinstance(pk, int), pk
    return pk


class LabelWrites(Part):
    """Claims, judgements, reviews and marks, each with the labels it changes
    (``Store.labels``)."""

    def __init__(self, connection: Connection, reviewers: ReviewerWrites) -> None:
        super().__init__(connection)
        self.reviewers = reviewers

    def add_claims(self, claims: list[ClaimRow], at: str) -> None:
        """Insert claims, each with its (empty) ``claim_labels`` row."""
        with self.transaction():
            self.db.table("claims").insert_all(claim_row(c, at) for c in claims)
            self.refresh([c.id for c in claims], new=True)

    def add_judgement(self, claim_id: str, judge: str, prompt_version: str, **fields: Any) -> int:
        """Append one judgement (or a failure: ``verdict=None, error=...``) and relabel."""
        row = {
            "claim_id": claim_id,
            "judge": judge,
            "prompt_version": prompt_version,
            "at": fields.pop("at", None) or now_iso(),
            **fields,
        }
        with self.transaction():
            pk = _new_id(self.db.table("judgements").insert(row))
            self.refresh([claim_id])
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
        independent: bool = False,
        at: str | None = None,
        origin: str = "ui",
        reverts: int | None = None,
    ) -> int:
        """Append one review row (``verdict=None`` retracts the reviewer's label) and relabel.

        Committed before returning: a reviewer's label is on disk when the key is pressed.
        """
        reviewer = self.reviewers.name(reviewer)
        row = review_row(
            claim_id,
            reviewer,
            verdict,
            invention_kind,
            note,
            blind=blind,
            independent=independent,
            at=at or now_iso(),
            origin=origin,
            reverts=reverts,
        )
        with self.transaction():
            pk = _new_id(self.db.table("reviews").insert(row))
            self.refresh([claim_id])
        return pk

    def add_mark(
        self,
        answer_id: str,
        reviewer: str,
        correct: bool | None,
        *,
        at: str | None = None,
        reverts: int | None = None,
    ) -> int:
        """Append a reviewer's correctness mark for an answer (``None`` = unknown)."""
        reviewer = self.reviewers.name(reviewer)
        with self.transaction():
            return _new_id(
                self.db.table("answer_marks").insert(
                    {
                        "answer_id": answer_id,
                        "reviewer": reviewer,
                        "correct": None if correct is None else int(correct),
                        "at": at or now_iso(),
                        "reverts": reverts,
                    }
                )
            )

    def refresh(self, claim_ids: list[str], *, new: bool = False) -> None:
        """Recompute ``claim_labels`` for ``claim_ids`` from judgements and reviews
        (docs/report.md).

        A claim's judge verdict is its latest judgement with a verdict; its label is its
        live adjudication's, else the latest live review's, else that verdict.

        Args:
            claim_ids: the claims whose judgements or reviews changed.
            new: the claims were just inserted and have no label row yet (a plain insert).
        """
        with self.transaction():
            for chunk, marks in chunks(claim_ids, 400):
                self._refresh_chunk(chunk, marks, new)

    def _refresh_chunk(self, chunk: list[str], marks: str, new: bool) -> None:
        # A retired claim's row names no answer, so every reader of an answer's labels
        # (the queue, coverage, the team's progress) leaves it out as the counts do.
        answer_of = dict(
            self.db.execute(
                "select id, case when retired is null then answer_id end from claims"
                f" where id in ({marks})",
                chunk,
            ).fetchall()
        )
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
            latest.setdefault(row[0], {})[row[2].casefold()] = row
        adjudicated = {}
        for row in self.db.execute(
            "select claim_id, id, adjudicator, verdict, invention_kind from adjudications"
            f" where claim_id in ({marks}) order by at, id",
            chunk,
        ):
            adjudicated[row[0]] = row  # the latest; a retraction (NULL verdict) withdraws it
        rows = []
        for claim_id in chunk:
            j = judged.get(claim_id)
            # Each reviewer's latest row; a retraction (NULL verdict) withdraws theirs.
            live = [r for r in latest.get(claim_id, {}).values() if r[3] is not None]
            r = max(live, key=lambda x: (x[6], x[1])) if live else None
            a = adjudicated.get(claim_id)
            a = a if a and a[3] is not None else None
            # The effective label: the adjudication, else the latest reviewer's, else the judge's.
            top = (a[3], a[4]) if a else (r[3], r[4]) if r else (j[3], j[4]) if j else (None, None)
            rows.append(
                {
                    "claim_id": claim_id,
                    "answer_id": answer_of.get(claim_id),
                    "judge": j[2] if j else None,
                    "judge_verdict": j[3] if j else None,
                    "judge_kind": j[4] if j else None,
                    "judgement_id": j[1] if j else None,
                    "reviewer": r[2] if r else None,
                    "reviewer_verdict": r[3] if r else None,
                    "reviewer_kind": r[4] if r else None,
                    "review_id": r[1] if r else None,
                    "reviewed_at": r[6] if r else None,
                    "note": r[5] if r else None,
                    "adjudicator": a[2] if a else None,
                    "adjudicated_verdict": a[3] if a else None,
                    "adjudicated_kind": a[4] if a else None,
                    "adjudication_id": a[1] if a else None,
                    "label": top[0],
                    "label_kind": top[1],
                }
            )
        # An upsert, never INSERT OR REPLACE: a replace skips the delete triggers that
        # keep the report's counts (groundtui/store/sql/labels.sql) current.
        if new and rows:
            # A plain insert of rows this code shaped: sqlite-utils' insert_all re-reads the
            # table and converts every value, most of an import's label time (measured).
            columns = list(rows[0])
            self.db.conn.executemany(
                f"insert into claim_labels ({', '.join(columns)})"
                f" values ({', '.join(':' + c for c in columns)})",
                rows,
            )
        elif rows:
            self.db.table("claim_labels").upsert_all(rows, pk="claim_id")
