"""Rows as the tables hold them, made from the models at the store's edge, and their keys.

Pure functions: no connection. The write modules (``imports``, ``labels``, ``judging``,
``flags``) insert what these make.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from groundtui.models import Answer, Claim, Review, Source
from groundtui.text.markers import source_index

IMPORT_JUDGE = "import"
"""The judge (and prompt version) of verdicts that came with imported answers."""


def now_iso(moment: datetime | None = None) -> str:
    """An instant as UTC ISO 8601 with microseconds, so text order is time order."""
    moment = moment or datetime.now(UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def source_key(source_id: str, text: str) -> str:
    """The key of one version of a source: its id and a hash of its exact text."""
    digest = hashlib.sha256(f"{source_id}\0{text}".encode()).hexdigest()[:20]
    return f"{source_id}@{digest}"


def content_hash(answer: Answer) -> str:
    """A hash of an answer's validated content, to tell a re-import from a conflict.

    An answer without ``answered_at`` hashes as it did before answers had one, so a file
    imported then is still found unchanged."""
    content = answer.model_dump(mode="json")
    if content["answered_at"] is None:
        del content["answered_at"]
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def overlap_point(answer_id: str) -> float:
    """A stable number in [0, 1) from an answer's id: its sha256's first 8 bytes ÷ 2^64.

    An answer is in the double-review overlap when this is below the ``overlap`` setting,
    so membership never changes when the setting is read again or answers are added.
    """
    digest = hashlib.sha256(answer_id.encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def control_point(answer_id: str) -> float:
    """A stable number in [0, 1) from an answer's id, independent of its ``overlap_point``.

    An unflagged answer is in the control sample when this is below the ``control_share``
    setting; the salt keeps the control sample and the double-review overlap apart.
    """
    digest = hashlib.sha256(b"control\0" + answer_id.encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def in_overlap(point: float | None, share: float) -> bool:
    """Whether an answer whose ``overlap_point`` is ``point`` is in an overlap of ``share``."""
    return point is not None and point < share


def chunks(items: list, size: int = 500) -> Iterator[tuple[list, str]]:
    """``items`` in chunks under SQLite's limit on parameters, each with its ``?`` marks."""
    for i in range(0, len(items), size):
        chunk = items[i : i + size]
        yield chunk, ",".join("?" * len(chunk))


@dataclass
class ClaimRow:
    """A claim as the importer and the pipeline write it."""

    id: str
    answer_id: str
    ordinal: int
    text: str
    kind: str
    citations: tuple[int, ...]
    """Every number the claim cites, in order; empty when it is uncited."""
    cited_keys: tuple[str, ...]
    """The keys of the sources those numbers name (a dangling one names none)."""
    span: tuple[int, int] | None
    located: str
    extracted_by: str | None = None

    @property
    def citation(self) -> int | None:
        """The first number cited (the ``citation`` column)."""
        return self.citations[0] if self.citations else None

    @property
    def source_key(self) -> str | None:
        """The first source cited (the ``source_key`` column)."""
        return self.cited_keys[0] if self.cited_keys else None

    @property
    def uncited(self) -> bool:
        return not self.citations

    @property
    def dangling(self) -> bool:
        """Whether a number it cites names no source of the answer ("[0]", "[3]" of two)."""
        return len(self.cited_keys) < len(self.citations)


def cited_keys(
    citations: tuple[int, ...], numbers: Sequence[int], keys: Sequence[str]
) -> tuple[str, ...]:
    """The key of the source each of ``citations`` names, in order, skipping numbers that
    name none (so a claim is dangling when this is shorter than its citations).

    Args:
        citations: the numbers a claim cites.
        numbers: each source's citation number, in the answer's order.
        keys: each source's key, in the same order.
    """
    found = (source_index(n, numbers) for n in citations)
    return tuple(keys[i] for i in found if i is not None)


def citation_columns(citations: tuple[int, ...], keys: tuple[str, ...]) -> dict:
    """The ``claims`` columns that say what a claim cites."""
    return {
        "citation": citations[0] if citations else None,
        "source_key": keys[0] if keys else None,
        "citations": json.dumps(citations) if citations else None,
        "cited_keys": json.dumps(keys) if keys else None,
        "uncited": int(not citations),
        "dangling": int(len(keys) < len(citations)),
    }


def source_row(source: Source, key: str, at: str) -> dict:
    """A ``sources`` row for one version of a source."""
    return {
        "key": key,
        "source_id": source.id,
        "text_hash": hashlib.sha256(source.text.encode()).hexdigest(),
        "title": source.title,
        "origin": source.origin,
        "text": source.text,
        "updated_at": source.updated_at,
        "first_seen": at,
    }


def answer_row(answer: Answer, digest: str, at: str, seq: int) -> dict:
    """An ``answers`` row; ``seq`` keeps import order for the queue."""
    return {
        "id": answer.id,
        "question": answer.question,
        "response": answer.response,
        "correct": None if answer.correct is None else int(answer.correct),
        "meta": json.dumps(answer.meta, ensure_ascii=False, sort_keys=True),
        "content_hash": digest,
        "imported_at": at,
        "seq": seq,
        "scanned_at": None,
        "overlap_point": overlap_point(answer.id),
        "answered_at": answer.answered_at,
    }


def claim_row(c: ClaimRow, at: str) -> dict:
    """The ``claims`` row of ``c``, created ``at``."""
    return {
        "id": c.id,
        "answer_id": c.answer_id,
        "ordinal": c.ordinal,
        "text": c.text,
        "kind": c.kind,
        **citation_columns(c.citations, c.cited_keys),
        "span_start": c.span[0] if c.span else None,
        "span_end": c.span[1] if c.span else None,
        "located": c.located,
        "extracted_by": c.extracted_by,
        "created_at": at,
        "retired": None,
    }


def imported_judgements(
    rows: list[ClaimRow], claims: list[Claim], texts: dict[str, str], judge: str, at: str
) -> list[dict]:
    """The ``judgements`` rows of the verdicts an answer's imported ``claims`` came with
    (``rows``, as stored, in the same order), their evidence's words read from ``texts``
    (each source's text by key)."""
    return [
        _imported_judgement_row(
            row, claim, texts.get(row.source_key) if row.source_key else None, judge, at
        )
        for row, claim in zip(rows, claims, strict=True)
        if claim.verdict is not None
    ]


def _imported_judgement_row(
    row: ClaimRow, claim: Claim, source_text: str | None, judge: str, at: str
) -> dict:
    """The ``judgements`` row of the verdict an imported ``claim`` came with.

    Args:
        row: the claim as stored.
        claim: the claim as imported, with its verdict.
        source_text: the text of the source it cites, to keep its evidence's words.
        judge: who judged it when the import does not say, and the prompt version.
    """
    evidence = claim.evidence
    return {
        "claim_id": row.id,
        "judge": claim.judge or judge,
        "prompt_version": judge,
        "verdict": claim.verdict.value if claim.verdict else None,
        "invention_kind": claim.invention_kind.value if claim.invention_kind else None,
        "evidence_start": evidence[0] if evidence else None,
        "evidence_end": evidence[1] if evidence else None,
        "evidence_text": (
            source_text[evidence[0] : evidence[1]]
            if evidence is not None and source_text is not None
            else None
        ),
        "rationale": claim.rationale,
        "at": at,
    }


def review_row(
    claim_id: str,
    reviewer: str,
    verdict: str | None,
    invention_kind: str | None,
    note: str,
    *,
    blind: bool,
    at: str,
    origin: str,
    reverts: int | None = None,
    independent: bool = False,
) -> dict:
    """The ``reviews`` row of one label (``verdict=None``: a retraction)."""
    return {
        "claim_id": claim_id,
        "reviewer": reviewer,
        "verdict": verdict,
        "invention_kind": invention_kind,
        "note": note,
        "blind": int(blind),
        "independent": int(independent),
        "at": at,
        "origin": origin,
        "reverts": reverts,
    }


def imported_review_row(claim_id: str, review: Review) -> dict:
    """The ``reviews`` row of a label an imported claim came with."""
    kind = review.invention_kind.value if review.invention_kind else None
    return review_row(
        claim_id,
        review.reviewer,
        review.verdict.value,
        kind,
        review.note,
        blind=review.blind,
        independent=review.independent,
        at=now_iso(review.at),
        origin="import",
    )
