"""One answer judged with no database: what ``groundtui.judge()`` returns.

:func:`judge_alone` runs the pipeline's own work on one answer
(:class:`~groundtui.judge.one_answer.AnswerJudging`: the same extraction, verification,
fences, retries and rules as ``groundtui judge``) and collects what it hands over into a
:class:`Judgement` instead of writing it to a database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from groundtui.checks import Specific
from groundtui.judge.answers import AnswerContext, answer_context
from groundtui.judge.base import Judge, Usage
from groundtui.judge.one_answer import AnswerJudging, Sink
from groundtui.models import Answer, ClaimKind, InventionKind, Verdict
from groundtui.scan import answer_specifics
from groundtui.store import IMPORT_JUDGE, ClaimRow, claim_row, imported_judgements, now_iso
from groundtui.text.cited import read_places


@dataclass(frozen=True)
class Evidence:
    """The words of a source that a verdict rests on."""

    text: str
    """The quote, as the source writes it."""
    source: int | None
    """The citation number of the source it is in (``[2]`` is 2); None when the quote runs
    across two of the sources a claim was verified against together."""
    start: int | None
    """Where the quote starts in that source's text (None with ``source``)."""
    end: int | None
    """Where it ends (exclusive)."""

    def to_dict(self) -> dict[str, Any]:
        """The evidence as plain values."""
        return {"text": self.text, "source": self.source, "start": self.start, "end": self.end}


@dataclass(frozen=True)
class JudgedClaim:
    """One claim of the answer and the judge's verdict on it."""

    text: str
    kind: ClaimKind
    citations: tuple[int, ...]
    """The numbers it cites, in order; empty when it cites none (``uncited``)."""
    verdict: Verdict | None
    """``stated``, ``contradicted``, ``absent`` or ``partial``; None when its judging
    failed (``error`` says why)."""
    invention_kind: InventionKind | None
    """For a claim that is not stated: what kind of invention it looks like."""
    evidence: Evidence | None
    rationale: str
    span: tuple[int, int] | None = None
    """Where the claim is in the response, when it could be placed."""
    uncited: bool = False
    """Verified against all the answer's sources together: it cites none."""
    judge: str = ""
    """Who gave the verdict: the judge, or, for a claim that came with its verdict, the
    judge the answer names (``import`` when it names none)."""
    dangling: bool = False
    """It cites a number that names no source of the answer: not verified, ``absent``."""
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The claim as plain values (enums as their strings)."""
        return {
            "text": self.text,
            "kind": self.kind.value,
            "citations": list(self.citations),
            "verdict": self.verdict.value if self.verdict else None,
            "invention_kind": self.invention_kind.value if self.invention_kind else None,
            "evidence": self.evidence.to_dict() if self.evidence else None,
            "rationale": self.rationale,
            "span": list(self.span) if self.span else None,
            "uncited": self.uncited,
            "dangling": self.dangling,
            "judge": self.judge,
            "error": self.error,
        }


@dataclass(frozen=True)
class Judgement:
    """One answer judged: its claims with their verdicts, the check's specifics, the cost."""

    claims: list[JudgedClaim]
    specifics: list[Specific]
    """What the mechanical check flags: figures, dates and names no cited source gives."""
    usage: Usage
    """Calls, cache hits, tokens and dollars spent."""
    judge: str
    prompt_version: str
    error: str | None = None
    """Why no claims could be extracted, when none could (``claims`` is then empty)."""
    answer: Answer | None = field(default=None, repr=False, compare=False)
    """The answer judged, as the import shape reads it (its id made from its content when
    it was given none)."""
    _trail: tuple[tuple[str, tuple], ...] = field(default=(), repr=False, compare=False)
    """What the judging handed its sink, in order (each the method and its arguments), so
    that it can be written to a database as ``groundtui judge`` writes it (:meth:`replay`)."""

    def replay(self, sink: Sink) -> None:
        """Hand ``sink`` what the judging handed over, in the order it came: the pipeline's
        recorder writes it as ``groundtui judge`` would have (the answer stored first)."""
        for method, args in self._trail:
            getattr(sink, method)(*args)

    @property
    def stated(self) -> int:
        """How many claims their sources state."""
        return sum(c.verdict is Verdict.STATED for c in self.claims)

    @property
    def groundedness(self) -> float | None:
        """Claims stated / claims (a claim whose judging failed counts as not stated); None
        for an answer without claims."""
        return self.stated / len(self.claims) if self.claims else None

    def falls_short(self, min_groundedness: float) -> bool:
        """Whether this judgement fails ``min_groundedness``: too few claims stated, or not
        judged at all (its extraction failed). An answer without claims does not."""
        if self.error is not None:
            return True
        grounded = self.groundedness
        return grounded is not None and grounded < min_groundedness

    @property
    def cost(self) -> float:
        """Dollars spent by litellm's price list (0 for the heuristic judge and cache hits)."""
        return self.usage.cost

    @property
    def failed(self) -> bool:
        """Whether the extraction, or the judging of a claim, failed."""
        return self.error is not None or any(c.error is not None for c in self.claims)

    def to_dict(self) -> dict[str, Any]:
        """The judgement as plain values, ready for ``json.dumps``."""
        usage = self.usage
        return {
            "judge": self.judge,
            "prompt_version": self.prompt_version,
            "groundedness": self.groundedness,
            "claims": [c.to_dict() for c in self.claims],
            "specifics": [s.to_dict() for s in self.specifics],
            "cost": usage.cost,
            "usage": {
                "calls": usage.calls,
                "cached": usage.cached,
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
            },
            "error": self.error,
        }


@dataclass
class Collected:
    """A sink (:class:`~groundtui.judge.one_answer.Sink`) that keeps what one answer's
    judging hands over, in memory: each claim's judgement columns or error, by claim id."""

    fields: dict[str, dict] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    """Why extraction failed, when it did."""
    usage: Usage = field(default_factory=Usage)
    trail: list[tuple[str, tuple]] = field(default_factory=list)
    """Every call, in order, to replay onto another sink (``Judgement.replay``)."""

    def claims(self, answer_id: str, rows: list[ClaimRow], usage: Usage, seconds: float) -> None:
        """Count what extracting cost (the claims come back from the extraction itself)."""
        self.usage.add(usage)
        self.trail.append(("claims", (answer_id, rows, usage, seconds)))

    def relocated(self, claim_id: str, changes: dict) -> None:
        """A claim that came with the answer, placed where the import could not place it."""
        self.trail.append(("relocated", (claim_id, changes)))

    def extraction_failed(self, answer_id: str, error: str, usage: Usage, seconds: float) -> None:
        """Keep why extraction failed."""
        self.error = error
        self.usage.add(usage)
        self.trail.append(("extraction_failed", (answer_id, error, usage, seconds)))

    def judgement(self, claim: dict, fields: dict, usage: Usage, seconds: float) -> None:
        """Keep a claim's judgement columns."""
        self.fields[claim["id"]] = fields
        self.usage.add(usage)
        self.trail.append(("judgement", (claim, fields, usage, seconds)))

    def failure(self, claim: dict, error: str, usage: Usage, seconds: float) -> None:
        """Keep why a claim's judging failed."""
        self.errors[claim["id"]] = error
        self.usage.add(usage)
        self.trail.append(("failure", (claim, error, usage, seconds)))


async def judge_alone(
    judge: Judge, answer: Answer, given: list[ClaimRow] | None = None
) -> Judgement:
    """Judge ``answer`` with ``judge`` as ``groundtui judge`` would once it is imported, with
    no database: its claims extracted, or, ``given`` (the claims it came with, as the import
    stores them), placed where the import could not place them and verified unless they came
    with a verdict; the check's specifics beside them.

    Raises:
        JudgeUnavailable: the judge cannot work at all (no key, an unreachable API base).
    """
    context = answer_context(answer)
    collected = Collected()
    judging = AnswerJudging(judge, collected)
    imported: dict[str, dict] = {}
    claims: list[dict] | None
    if given:
        at = now_iso()
        claims = [claim_row(row, at) for row in given]
        judging.place(context, claims)
        texts = {s.key: s.text for s in context.sources}
        # a verdict the claim came with is left alone, as `groundtui judge` leaves it
        for row in imported_judgements(given, answer.claims or [], texts, IMPORT_JUDGE, at):
            imported[row["claim_id"]] = row
        await judging.verify(context, [c for c in claims if c["id"] not in imported])
    else:
        claims = await judging.extract(context)
        if claims is not None:
            await judging.verify(context, claims)
    collected.fields.update(imported)
    return Judgement(
        claims=[_judged(context, c, collected, judge.name) for c in claims or []],
        specifics=answer_specifics(answer),
        usage=collected.usage,
        judge=judge.name,
        prompt_version=judge.prompt_version,
        error=collected.error,
        answer=answer,
        _trail=tuple(collected.trail),
    )


def _judged(answer: AnswerContext, claim: dict, collected: Collected, judge: str) -> JudgedClaim:
    """A claim row and what its judging gave (or the verdict it came with), as the library
    returns them."""
    fields = collected.fields.get(claim["id"], {})
    verdict = fields.get("verdict")
    kind = fields.get("invention_kind")
    span = (claim["span_start"], claim["span_end"]) if claim.get("span_start") is not None else None
    return JudgedClaim(
        text=claim["text"],
        kind=ClaimKind(claim["kind"]),
        citations=tuple(json.loads(claim["citations"] or "[]")),
        verdict=Verdict(verdict) if verdict else None,
        invention_kind=InventionKind(kind) if kind else None,
        evidence=_evidence(answer, claim, fields),
        rationale=fields.get("rationale") or "",
        span=span,
        uncited=bool(claim["uncited"]),
        dangling=bool(claim["dangling"]),
        error=collected.errors.get(claim["id"]),
        judge=fields.get("judge", judge),
    )


def _evidence(answer: AnswerContext, claim: dict, fields: dict) -> Evidence | None:
    """Where the evidence quote of a judgement is: in the one source a claim cites (its
    offsets are the judgement's), else the first source it was verified against holding it."""
    quote = fields.get("evidence_text")
    if not quote:
        return None
    if fields.get("evidence_start") is not None:
        return Evidence(quote, claim["citation"], fields["evidence_start"], fields["evidence_end"])
    keys = [s.key for s in answer.sources]
    cited = json.loads(claim["cited_keys"] or "[]")
    places = read_places(claim["citation"], cited, bool(claim["dangling"]), keys, answer.numbers)
    for place in places:
        start = answer.sources[place].text.find(quote)
        if start >= 0:
            return Evidence(quote, answer.numbers[place], start, start + len(quote))
    return Evidence(quote, None, None, None)
