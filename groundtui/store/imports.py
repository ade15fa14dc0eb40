"""The writes of an import: answers, the source versions they cite, and what they came with.

An imported answer may carry claims, each with a verdict and reviewers' labels; they are
written with it, in one transaction, and labelled as the pipeline's would be.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from typing import NamedTuple

from groundtui.models import Answer
from groundtui.store.counts import bulk_load
from groundtui.store.labels import LabelWrites
from groundtui.store.rows import (
    ClaimRow,
    answer_row,
    chunks,
    claim_row,
    imported_judgement_row,
    imported_review_row,
    now_iso,
    source_key,
    source_row,
)


class NewAnswer(NamedTuple):
    """An answer to import: the model, its content hash, and its claims as they are stored."""

    answer: Answer
    digest: str
    claims: list[ClaimRow]
    """One per ``answer.claims`` item, in order."""


class Written(NamedTuple):
    """Rows one ``add_answers`` wrote."""

    answers: int
    sources: int
    claims: int
    reviews: int


class ImportWrites(LabelWrites):
    """Answers and their sources, with the claims, verdicts and labels they came with."""

    def answer_hashes(self, ids: Iterable[str]) -> dict[str, str]:
        """``{answer id: content hash}`` for those of ``ids`` already stored."""
        found: dict[str, str] = {}
        for chunk, marks in chunks(list(ids)):
            for row in self.db.execute(
                f"select id, content_hash from answers where id in ({marks})", chunk
            ):
                found[row[0]] = row[1]
        return found

    def existing_source_keys(self, keys: Iterable[str]) -> set[str]:
        """Those of ``keys`` already stored."""
        found: set[str] = set()
        for chunk, marks in chunks(list(keys)):
            found.update(r[0] for r in self.db.execute(
                f"select key from sources where key in ({marks})", chunk))
        return found

    def add_answers(self, fresh: list[NewAnswer], *, judge: str, bulk: bool = False) -> Written:
        """Insert answers not stored yet, after those already there, in one transaction.

        Args:
            fresh: the answers, none of them stored yet.
            judge: who made an imported verdict that does not name its judge.
            bulk: write with the report's triggers off and recount its counts once at the
                end: cheaper for many rows into a small database, dearer the other way.
        """
        with self.transaction(), bulk_load(self.db) if bulk else nullcontext():
            return self._insert(fresh, judge)

    def _insert(self, fresh: list[NewAnswer], judge: str) -> Written:
        at = now_iso()
        seq = self.scalar("select coalesce(max(seq), 0) from answers") or 0
        known = self.existing_source_keys(
            source_key(s.id, s.text) for new in fresh for s in new.answer.sources)
        rows: dict[str, list[dict]] = {t: [] for t in (
            "sources", "answers", "answer_sources", "claims", "judgements", "reviews")}
        for answer, digest, claims in fresh:
            seq += 1
            texts: dict[str, str] = {}
            for position, source in enumerate(answer.sources, start=1):
                key = source_key(source.id, source.text)
                texts[key] = source.text
                if key not in known:
                    known.add(key)
                    rows["sources"].append(source_row(source, key, at))
                rows["answer_sources"].append(
                    {"answer_id": answer.id, "position": position, "source_key": key})
            rows["answers"].append(answer_row(answer, digest, at, seq))
            for row, claim in zip(claims, answer.claims or [], strict=True):
                rows["claims"].append(claim_row(row, at))
                if claim.verdict is not None:
                    cited = texts.get(row.source_key) if row.source_key else None
                    rows["judgements"].append(
                        imported_judgement_row(row, claim, cited, judge, at))
                rows["reviews"].extend(imported_review_row(row.id, r) for r in claim.reviews)
        for table, table_rows in rows.items():
            if table_rows:
                self.db.table(table).insert_all(table_rows, batch_size=500)
        self.refresh_labels([c["id"] for c in rows["claims"]], new=True)
        return Written(len(fresh), len(rows["sources"]), len(rows["claims"]),
                       len(rows["reviews"]))
