"""The language of the code: answers, sources, claims and labels as pydantic models.

These models validate input at the edge (docs/formats.md); the store converts them to rows and
back. Vocabulary enums are ``StrEnum`` so their values are the README's words.
"""

from __future__ import annotations

import re
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    field_validator,
    model_validator,
)

from groundtui.json_input import (
    MAX_CLAIMS,
    MAX_SOURCES,
    aware,
    instant,
    nfc,
    reviewer_name,
    without_nul,
)
from groundtui.text import markers
from groundtui.text.inert import blank, quoted
from groundtui.text.markers import LONGEST, NO_SOURCE, distinct, numbered, source_index


class Verdict(StrEnum):
    """Whether the cited source asserts a claim (docs/judge.md)."""

    STATED = "stated"
    CONTRADICTED = "contradicted"
    ABSENT = "absent"
    PARTIAL = "partial"


CHECK_NAME = "unsourced_specifics"
"""The mechanical check's name, under which its flags are stored (``flags.check_name``):
by ``groundtui scan`` and by an import of ``scan-table``'s output alike."""


class ClaimKind(StrEnum):
    """What kind of assertion a claim makes (docs/judge.md)."""

    FIGURE = "figure"
    DATE = "date"
    NAME = "name"
    POLICY = "policy"
    RELATION = "relation"


class InventionKind(StrEnum):
    """How a claim that is not ``stated`` came to be invented (docs/judge.md)."""

    PLAUSIBLE_SPECIFICS = "plausible_specifics"
    BRIDGING_INFERENCE = "bridging_inference"
    CONFIDENT_GENERALISATION = "confident_generalisation"
    FABRICATED_PROVENANCE = "fabricated_provenance"


_CONTENT_ID = re.compile(r"h-[0-9a-f]{16}")


def content_id(hex_digest: str) -> str:
    """The id of an answer whose format carries none (ragas, deepeval, a CSV without an id
    column), made from a hex digest of its content: ``h-3c54fbdd09bd5e8a``."""
    return "h-" + hex_digest[:16]


def answer_name(answer_id: str, question: str) -> str:
    """How the review names an answer: its id, or its question when the id was made from
    its content (``content_id``), which tells a reviewer nothing."""
    if _CONTENT_ID.fullmatch(answer_id) and question.strip():
        return question
    return answer_id


# Strict ints and bools: "3" or "yes" in a file is a wrong type to report, not to coerce.
Span = tuple[StrictInt, StrictInt]


def _check_span(value: Span | None, name: str) -> Span | None:
    if value is None:
        return None
    start, end = value
    if start < 0 or end < start:
        raise ValueError(f"{name} must be [start, end) with 0 <= start <= end")
    return value


class Review(BaseModel):
    """One reviewer's label on one claim, made at one instant."""

    model_config = ConfigDict(extra="ignore")

    reviewer: str = Field(min_length=1)
    verdict: Verdict
    invention_kind: InventionKind | None = None
    note: str = ""
    at: datetime
    blind: StrictBool = False
    independent: StrictBool = False
    """Made with the other reviewers' labels hidden (the double-review overlap)."""

    @field_validator("reviewer")
    @classmethod
    def _named(cls, value: str) -> str:
        return reviewer_name(value)

    @field_validator("at")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        return aware(value)


class Source(BaseModel):
    """A document an answer cites; identified by its id *and* its text (a version)."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(min_length=1)
    text: str
    title: str | None = None
    origin: str = "unknown"
    updated_at: str | None = None
    number: StrictInt | None = None
    """The number the response cites it by ("[4]"); its place from 1 when not given."""

    @field_validator("number")
    @classmethod
    def _number(cls, value: int | None) -> int | None:
        if value is not None and not 1 <= value < 10**LONGEST:
            raise ValueError(f"must be a whole number from 1 to {10**LONGEST - 1}")
        return value

    @field_validator("id")
    @classmethod
    def _nfc_id(cls, value: str) -> str:
        return nfc(value)

    @field_validator("text")
    @classmethod
    def _has_text(cls, value: str) -> str:
        if blank(value):
            raise ValueError("empty; a source without text supports no claim")
        return value

    @field_validator("origin", mode="before")
    @classmethod
    def _default_origin(cls, value: Any) -> Any:
        return "unknown" if value in (None, "") else value

    @field_validator("origin")
    @classmethod
    def _origin(cls, value: str) -> str:
        return without_nul(value, "an origin")


class Claim(BaseModel):
    """One verifiable assertion of a response, as imported or extracted."""

    model_config = ConfigDict(extra="ignore")

    text: str = Field(min_length=1)
    kind: ClaimKind | None = None
    citation: StrictInt | str | list[StrictInt | str] | None = None
    """The source(s) the claim cites: numbers as its markers read ("[2]"), or sources' ids."""
    span: Span | None = None
    verdict: Verdict | None = None
    invention_kind: InventionKind | None = None
    evidence: Span | None = None
    judge: str | None = None
    rationale: str | None = None
    reviews: list[Review] = Field(default_factory=list)

    @field_validator("span")
    @classmethod
    def _span(cls, value: Span | None) -> Span | None:
        return _check_span(value, "span")

    @field_validator("evidence")
    @classmethod
    def _evidence(cls, value: Span | None) -> Span | None:
        return _check_span(value, "evidence")

    @field_validator("citation", mode="before")
    @classmethod
    def _citation_shape(cls, value: Any) -> Any:
        # One sentence, not one per branch of the union ('citation.list[union[int,str]]')
        items = value if isinstance(value, list) else [value]
        if value is not None and not all(
            isinstance(i, int | str) and not isinstance(i, bool) for i in items
        ):
            raise ValueError("must be a source's number, its id, or a list of them")
        return value

    @field_validator("citation")
    @classmethod
    def _citation(cls, value: Any) -> Any:
        items = value if isinstance(value, list) else [value]
        if isinstance(value, list) and not 1 <= len(value) <= 50:
            raise ValueError("a list of citations holds 1 to 50 of them")
        for item in items:
            if isinstance(item, int) and item < 1:
                raise ValueError("citation numbers start at 1")
            if isinstance(item, str) and not item:
                raise ValueError("a citation by id needs the id")
            if isinstance(item, str):
                without_nul(item, "an id")
        return value


class Answer(BaseModel):
    """One assistant answer with the sources it was given (one JSONL line, docs/formats.md)."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1)
    question: str
    response: str
    sources: list[Source] = Field(max_length=MAX_SOURCES)
    correct: StrictBool | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
    claims: list[Claim] | None = Field(default=None, max_length=MAX_CLAIMS)
    answered_at: str | None = None
    """When the answer was given, ISO 8601 in UTC (``2026-11-30T10:12:00.000000Z``); read
    from ISO 8601 (a time without a zone is UTC) or a number since 1970 (``instant``)."""

    @field_validator("id")
    @classmethod
    def _nfc_id(cls, value: str) -> str:
        return nfc(value)

    @field_validator("answered_at", mode="before")
    @classmethod
    def _answered_at(cls, value: Any) -> Any:
        return instant(value)

    @model_validator(mode="after")
    def _fold_unknown_keys(self) -> Answer:
        """Unknown keys are kept in ``meta``, never an error (docs/formats.md)."""
        extra = self.__pydantic_extra__ or {}
        if extra:
            self.meta = {**self.meta, **extra}
            self.__pydantic_extra__ = {}
        return self

    @model_validator(mode="after")
    def _citations_and_ranges(self) -> Answer:
        numbers = self.numbers()
        if len(set(numbers)) < len(numbers):
            raise ValueError("two sources of the answer have the same number")
        citations = [c.citation for c in self.claims or []]  # ids two sources share: either
        if shared := markers.cites_shared([s.id for s in self.sources], citations, self.response):
            raise ValueError(f"{shared}, the id of two sources of the answer: cite them by number")
        for i, claim in enumerate(self.claims or []):
            if claim.span is not None and claim.span[1] > len(self.response):
                raise ValueError(
                    f"claims[{i}].span {list(claim.span)} is outside the response "
                    f"({len(self.response)} characters)"
                )
            if claim.evidence is None:
                continue
            cited = self.cited_numbers(claim)
            if cited:  # without a citation, the importer infers it, then checks the range
                check_evidence(f"claims[{i}].evidence", claim.evidence, cited[0], self.sources)
        return self

    def numbers(self) -> list[int]:
        """Each source's citation number (``source_numbers``)."""
        return source_numbers(self.sources)

    def cited_response(self) -> str:
        """The response with markers naming a source by id read as its number (``numbered``)."""
        return numbered(self.response, [s.id for s in self.sources], self.numbers())

    def cited_numbers(self, claim: Claim) -> tuple[int, ...]:
        """The numbers ``claim``'s own ``citation`` names, in order, each once.

        A source id names that source's number; an id of no source of the answer is a
        dangling citation (``NO_SOURCE``), like "[3]" of two.
        """
        if claim.citation is None:
            return ()
        items = claim.citation if isinstance(claim.citation, list) else [claim.citation]
        by_id = {s.id: n for s, n in zip(self.sources, self.numbers(), strict=True)}
        return distinct(
            item if isinstance(item, int) else by_id.get(nfc(item), NO_SOURCE) for item in items
        )


def source_numbers(sources: list[Source]) -> list[int]:
    """Each source's citation number: its own ``number``, else its place from 1."""
    return [s.number or place for place, s in enumerate(sources, start=1)]


def check_evidence(field: str, evidence: Span, citation: int | None, sources: list[Source]) -> None:
    """Raise ``ValueError`` unless ``evidence`` (a claim's, or one of its judgements', named
    ``field`` in the message: ``claims[0].evidence``) fits the (first) source it cites."""
    index = source_index(citation, source_numbers(sources))
    if index is None:
        raise ValueError(f"{field} is given but the claim cites no source of the answer")
    size = len(sources[index].text)
    if evidence[1] > size:
        raise ValueError(
            f"{field} {list(evidence)} is outside source {citation} ({size} characters)"
        )


def describe_error(exc: Exception) -> str:
    """One readable sentence for a pydantic ``ValidationError``, naming the field."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    parts = []
    for err in errors()[:3]:
        loc = ".".join(str(p) for p in err.get("loc", ())) or "record"
        msg = err.get("msg", "invalid")
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        if err.get("type") == "missing":
            parts.append(f"missing field '{loc}'")
        elif err.get("type") == "enum":
            expected = err.get("ctx", {}).get("expected", "")
            parts.append(f"field '{loc}': {quoted(err.get('input'))} is not one of {expected}")
        elif loc == "record":
            parts.append(msg)
        else:
            parts.append(f"field '{loc}': {msg}")
    return "; ".join(parts)
