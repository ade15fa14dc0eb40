"""An answer record of ``export --format answers``: the import format, extended with every
row the report reads, as pydantic models that check a record where it enters. Importing
such a file merges it into a database (``merge``); ``exporting.answers`` writes it.

Every row keeps its own time (``at``), so rows merged from several databases keep their
order, and the latest label of a claim is the same wherever it is read.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from groundtui.json_input import MAX_CLAIMS, MAX_SOURCES, parse_instant
from groundtui.models import ClaimKind, InventionKind, Source, Span, Verdict
from groundtui.store import now_iso

FORMAT = "answers/1"
"""The value of the ``groundtui`` key that marks a record of this format, and its version."""

NESTED = ("sources", "claims", "meta", "flags", "marks", "extractions", "edits")
"""The record's nested parts: each a column of JSON text when the records are Parquet."""


def _instant(value: Any) -> Any:
    """An ISO 8601 time with a zone, as the database writes times (UTC, microseconds)."""
    return now_iso(parse_instant(value)) if isinstance(value, str) else value


class _Row(BaseModel):
    model_config = ConfigDict(extra="ignore")

    at: str

    @field_validator("at", mode="before")
    @classmethod
    def _at(cls, value: Any) -> Any:
        return _instant(value)


class _Judged(_Row):
    """A judge's work on the answer or a claim: who, which prompt, and what it cost."""

    judge: str = Field(min_length=1)
    prompt_version: str = Field(min_length=1)
    error: str | None = None
    calls: StrictInt | None = None
    prompt_tokens: StrictInt | None = None
    completion_tokens: StrictInt | None = None
    cost: float | None = None
    seconds: float | None = None


class JudgementRecord(_Judged):
    """One judgement of a claim (or a failed one: ``verdict`` null, ``error`` set)."""

    verdict: Verdict | None = None
    invention_kind: InventionKind | None = None
    rule_invention_kind: InventionKind | None = None
    evidence: Span | None = None
    evidence_text: str | None = None
    provenance_source_key: str | None = None
    rationale: str | None = None


class ReviewRecord(_Row):
    """One reviewer's label on a claim (``verdict`` null: the label withdrawn)."""

    reviewer: str = Field(min_length=1)
    verdict: Verdict | None = None
    invention_kind: InventionKind | None = None
    note: str = ""
    blind: StrictBool = False
    independent: StrictBool = False
    origin: str = "import"


class AdjudicationRecord(_Row):
    """A lead's decision on a claim (``verdict`` null: withdrawn)."""

    adjudicator: str = Field(min_length=1)
    verdict: Verdict | None = None
    invention_kind: InventionKind | None = None
    note: str = ""


class MarkRecord(_Row):
    """A reviewer's mark of the answer's correctness (``correct`` null: unknown)."""

    reviewer: str = Field(min_length=1)
    correct: StrictBool | None = None


class FlagRecord(_Row):
    """What the mechanical check (``check``) found in the answer."""

    check: str = Field(min_length=1)
    details: Any = None


class ExtractionRecord(_Judged):
    """One judge's extraction of the answer's claims (or its failure)."""

    claims: StrictInt | None = None


class ClaimRecord(BaseModel):
    """A claim with every judgement, review and adjudication it has."""

    model_config = ConfigDict(extra="ignore")

    n: StrictInt | None = Field(default=None, ge=1, le=2**63 - 1)
    """The number of its id (``<answer id>#<n>``), kept where the answer is new."""
    ordinal: StrictInt | None = Field(default=None, ge=0, le=2**63 - 1)
    """Its place among the answer's claims (a split's parts share their claim's)."""
    text: str = Field(min_length=1)
    kind: ClaimKind
    citation: list[StrictInt] = Field(default_factory=list)
    """Every number it cites, as its markers read (empty: uncited)."""
    span: Span | None = None
    located: str = "given"
    extracted_by: str | None = None
    created_at: str | None = None
    judgements: list[JudgementRecord] = Field(default_factory=list)
    reviews: list[ReviewRecord] = Field(default_factory=list)
    adjudications: list[AdjudicationRecord] = Field(default_factory=list)
    retired: Literal["dismissed", "replaced", "undone"] | None = None
    """Why the claim no longer counts: a reviewer dismissed it, an edit or a split replaced
    it, or the correction that made it was undone; null for a claim that counts."""

    @field_validator("created_at", mode="before")
    @classmethod
    def _created(cls, value: Any) -> Any:
        return _instant(value)


class EditRecord(_Row):
    """A reviewer's correction of the answer's claims (docs/review.md), or its undo."""

    reviewer: str = Field(min_length=1)
    action: Literal["edit", "split", "add", "dismiss", "undo"]
    claim: StrictInt | None = None
    """The claim it acts on, by its place in the record's ``claims``; null for an addition."""
    made: list[StrictInt] = Field(default_factory=list)
    """The claims it made, by their places in ``claims``."""
    text: str | None = None
    span: Span | None = None
    reverts: StrictInt | None = None
    """For an undo: the correction it undoes, by its place in ``edits``."""


class AnswerRecord(BaseModel):
    """One line of ``export --format answers``."""

    model_config = ConfigDict(extra="ignore")

    groundtui: Literal["answers/1"]
    """The format's name and version (``FORMAT``): what tells this record from a plain one."""
    id: str = Field(min_length=1)
    question: str
    response: str
    sources: list[Source] = Field(max_length=MAX_SOURCES)
    correct: StrictBool | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
    content_hash: str | None = None
    """The hash the answer was first imported with: importing that file again finds it."""
    answered_at: str | None = None
    """When the answer was given (ISO 8601, UTC), where its input said."""
    scanned_at: str | None = None
    flags: list[FlagRecord] = Field(default_factory=list)
    marks: list[MarkRecord] = Field(default_factory=list)
    extractions: list[ExtractionRecord] = Field(default_factory=list)
    claims: list[ClaimRecord] = Field(default_factory=list, max_length=MAX_CLAIMS)
    edits: list[EditRecord] = Field(default_factory=list)
    """Reviewers' corrections of the claims, oldest first (absent when there are none)."""

    @field_validator("edits", mode="before")
    @classmethod
    def _edits(cls, value: Any) -> Any:
        return [] if value is None else value  # a Parquet row of an answer without any

    @field_validator("scanned_at", mode="before")
    @classmethod
    def _scanned(cls, value: Any) -> Any:
        return _instant(value)

    def core(self) -> dict[str, Any]:
        """The answer as the plain import format has it (no claims), to validate as one."""
        return {
            "id": self.id,
            "question": self.question,
            "response": self.response,
            "sources": [s.model_dump(exclude_none=True) for s in self.sources],
            "correct": self.correct,
            "meta": self.meta,
            "answered_at": self.answered_at,
        }
