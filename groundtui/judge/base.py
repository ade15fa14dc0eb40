"""The Judge protocol and the values a judge returns.

A judge does two things (docs/judge.md): split a response into claims, and verify one
claim against one source's text. Everything else (locating spans, resolving citations,
rules that cross-check invention kinds, storing) is the pipeline's, so every judge gets it.

This module is all the pipeline knows of its judges: the protocols, the values they
return, and what the pipeline tells a judge about the call it is making (the answer being
judged, how urgent the call is), each in a context variable the pipeline sets in the task
that calls the judge.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from groundtui.models import ClaimKind, InventionKind, Verdict

EXTRACT, VERIFY, CROSS_CHECK = 0, 1, 2
"""The priorities of a judge's calls, most urgent first: an extraction has a whole answer's
verifications behind it, a verification perhaps a cross-check, a cross-check nothing."""

call_priority: ContextVar[int] = ContextVar("call_priority", default=VERIFY)
"""The priority of the calls the current task makes; the pipeline sets ``CROSS_CHECK`` for
the provenance cross-check. A judge that bounds its calls may serve them in this order."""

for_answer: ContextVar[str | None] = ContextVar("for_answer", default=None)
"""The id of the stored answer being judged in this task, or None (an answer judged with no
database): the pipeline sets it; a judge that caches its calls keeps it with each."""

PROVENANCE_MIN_COVERAGE = 0.5
"""Share of a claim's content words and values (weighted) that another source must hold
before it is asked whether it states the claim (the provenance cross-check): below it, no
call is made. A judge that cross-checks its own batched verifications (``also_stated_by``)
asks with the same bar."""


@dataclass
class Usage:
    """What a judge spent on one result: model calls, tokens, dollars, cache hits."""

    calls: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    cached_prompt_tokens: int = 0
    """Prompt tokens the provider read from its prompt cache (part of ``prompt_tokens``)."""

    def add(self, other: Usage) -> None:
        """Accumulate ``other`` into this usage."""
        self.calls += other.calls
        self.cached += other.cached
        self.cached_prompt_tokens += other.cached_prompt_tokens
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cost += other.cost


class JudgeError(Exception):
    """A judge could not produce a valid result for one call (costs one claim, not the run).

    ``usage`` is what the failed attempt still cost (calls made, tokens, dollars).
    """

    def __init__(self, message: str, usage: Usage | None = None) -> None:
        super().__init__(message)
        self.usage = usage if usage is not None else Usage()


@dataclass
class ExtractedClaim:
    """A claim as a judge extracted it: its text, kind and the citation numbers it carries."""

    text: str
    kind: ClaimKind | None = None
    citations: tuple[int, ...] = ()
    span: tuple[int, int] | None = None
    """Where in the response the judge took the claim from, when it knows (the heuristic
    judge does, a model does not): the pipeline looks for the claim there first, so placing
    it costs its sentence, not the response, and a repeated text is placed where it came from."""


@dataclass
class Extraction:
    """The claims of one response, with what extracting them cost."""

    claims: list[ExtractedClaim]
    usage: Usage = field(default_factory=Usage)


@dataclass
class Verification:
    """A judge's verdict on one claim against one source.

    ``evidence`` is a verbatim quote of the source ("" when there is none); the pipeline
    locates it in the source as a span.
    """

    verdict: Verdict
    evidence: str = ""
    invention_kind: InventionKind | None = None
    rationale: str = ""
    usage: Usage = field(default_factory=Usage)
    evidence_span: tuple[int, int] | None = None
    """Where in the source ``evidence`` was taken from, when the judge knows: the pipeline
    looks for the quote there first (as for :attr:`ExtractedClaim.span`)."""
    also_stated_by: tuple[int, ...] = ()
    """The numbers (from 1) of the answer's other sources that state the claim, when the
    judge checked them in the same call (a batched verification)."""


class Named(Protocol):
    """Who judged: what is recorded with every extraction and judgement."""

    name: str
    """Recorded with every judgement, so two judges can be compared on the same claims."""
    prompt_version: str
    """Versioned with the judge's prompts and rules; recorded with every judgement."""


@runtime_checkable
class Judge(Named, Protocol):
    """What the pipeline needs of a judge."""

    async def extract(self, question: str, response: str, n_sources: int) -> Extraction:
        """Split ``response`` into claims, one verifiable assertion each.

        Raises:
            JudgeError: when no valid extraction could be had.
        """
        ...

    async def verify(self, claim: str, source: str) -> Verification:
        """Verify ``claim`` against the text of one source, ``source``.

        Raises:
            JudgeError: when no valid verdict could be had.
        """
        ...


@runtime_checkable
class ClaimsJudge(Judge, Protocol):
    """A judge that verifies an answer's claims together (docs/judge.md "With a model"):
    the pipeline hands it the answer's sources apart and each claim with what it cites."""

    per_claim: bool
    """True to be handed one claim at a time (:meth:`Judge.verify`) all the same."""

    async def verify_claims(
        self, sources: list[str], claims: list[tuple[str, tuple[int, ...]]]
    ) -> tuple[list[Verification | JudgeError], Usage]:
        """Verify each of ``claims`` (its text and the numbers, from 1, of the ``sources``
        it cites) against the sources it cites.

        Returns:
            for each claim, in order, its verification or the error that cost it; and what
            the calls cost, counted in none of the verifications' own usage.

        Raises:
            JudgeUnavailable: the judge cannot work at all.
        """
        ...


def batched(judge: Judge) -> ClaimsJudge | None:
    """``judge`` when it verifies an answer's claims together, else None."""
    if isinstance(judge, ClaimsJudge) and not judge.per_claim:
        return judge
    return None
