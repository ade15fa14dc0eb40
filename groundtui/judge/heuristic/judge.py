"""The offline heuristic judge: claims by sentence rules, verdicts by token and value matching.

No model, no network, no I/O: the default judge when no model is configured (docs/judge.md,
``--heuristic``). Its name says it is a heuristic wherever its verdicts show. Bump
``prompt_version`` whenever a rule or threshold here, in ``extract``, ``assertions``,
``matching`` or ``given`` changes, so judgements made under different rules are never mixed
up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from groundtui.judge import invention_rules
from groundtui.judge.base import (
    PROVENANCE_MIN_COVERAGE,
    Extraction,
    JudgeError,
    Usage,
    Verification,
)
from groundtui.judge.heuristic.assertions import assertions, without_particles
from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.heuristic.matching import Match, match, match_sources
from groundtui.models import InventionKind, Verdict
from groundtui.text.cited import SEPARATOR
from groundtui.text.composed import Composed, is_composed, read
from groundtui.text.kinds import CONNECTIVE


@dataclass(frozen=True)
class Thresholds:
    """The coverage of a claim by its best source window that each verdict needs.

    ``stated``: chosen for the share of its ``stated`` that people call stated (its
    precision), not for balanced accuracy: an offline judge's ``stated`` must be one a
    reviewer can trust. On the train half of Factcheck-Bench (``bench/heuristic_judge.py
    --frontier``; the test half is only measured) 0.7 is the highest that keeps binary
    balanced accuracy at 0.65 or more: precision 0.70 on train (0.63 at 0.5, the best
    balanced accuracy, 0.72 instead of 0.66). Sources paraphrase, so a claim between
    ``partial`` and ``stated`` is ``partial``; a claim above ``stated`` with a value, name,
    generalisation, most of its rare words or an item of its list the source lacks is
    ``partial`` too. ``partial``: the best four-way kappa on the train half (``--sweep``).
    """

    stated: float = 0.7
    partial: float = 0.5
    conflict: float = 0.4
    """Coverage at which a different value, or a negation, makes a claim contradicted."""
    entity: float = 0.6
    """Coverage at which a name the source lacks, beside another name in the best window,
    makes a claim contradicted (a changed entity). Best on the train half of
    Factcheck-Bench by four-way kappa among 0.4-0.7."""
    short: float = 0.7
    """Coverage a claim of at most ``SHORT_CLAIM`` words and values needs to be ``stated``:
    two words of four are half of it, and say little (as ``stated`` now asks of every
    claim; kept apart so either may be tuned)."""


SHORT_CLAIM = 4
"""Claims of at most this many content words and values need ``Thresholds.short``."""

EVERY_WORD = 3
"""Claims of at most this many content words and values are stated only with every word in
the window: in "Shipping is free" each word is what it says, and "free" is common enough to
weigh little. On the train half of Factcheck-Bench (``bench/heuristic_judge.py``) 3 raises
stated precision from 0.704 to 0.710 for a balanced accuracy of 0.658 instead of 0.662; 4
gives 0.717 but 0.644."""


def decide(m: Match, t: Thresholds) -> Verdict:
    """The verdict for a match: contradiction first, then stated, partial, absent."""
    if not m.checkable:
        return Verdict.ABSENT
    if m.conflicts and m.coverage >= t.conflict:
        return Verdict.CONTRADICTED
    if m.negation >= t.conflict:
        return Verdict.CONTRADICTED
    if m.changed_names and m.coverage >= t.entity:
        return Verdict.CONTRADICTED
    gaps = (
        m.missing
        or m.unsourced
        or m.generalisations
        or m.bridging
        or m.rare_missing
        or m.items_missing
        or m.restrictions
        or (m.items <= EVERY_WORD and m.unmatched)
    )
    needed = t.short if m.items <= SHORT_CLAIM else t.stated
    if m.coverage >= max(needed, t.stated) and not gaps:
        return Verdict.STATED
    if m.coverage >= t.partial:
        return Verdict.PARTIAL
    return Verdict.ABSENT


class HeuristicJudge:
    """Pure-rule judge: sentence splitting for claims, token and value matching for verdicts.

    Args:
        thresholds: coverage cut-offs; the defaults were tuned on Factcheck-Bench
            (``bench/heuristic_judge.py --sweep``).
    """

    name = "heuristic"
    prompt_version = "heuristic-10"

    def __init__(self, thresholds: Thresholds | None = None) -> None:
        self.thresholds = thresholds or Thresholds()

    async def extract(self, question: str, response: str, n_sources: int) -> Extraction:
        """Split ``response`` into claims by sentence and clause rules (no model call)."""
        return Extraction(claims=extract_claims(response))

    async def verify(self, claim: str, source: str) -> Verification:
        """Verify ``claim`` against ``source`` by matching content words and values."""
        return self.verify_sync(claim, source)

    def verify_sync(self, claim: str, source: str) -> Verification:
        """The body of :meth:`verify`, for benchmarks and callers without an event loop."""
        return self.verify_sources(claim, (source,))

    per_claim = False
    """The pipeline hands it an answer's claims with their sources apart (``verify_claims``):
    a claim citing several sources is read against each one's windows together."""

    async def verify_claims(
        self, sources: list[str], claims: list[tuple[str, tuple[int, ...]]]
    ) -> tuple[list[Verification | JudgeError], Usage]:
        """Verify the claims of one answer, each against the ``sources`` it cites (numbers
        from 1), as the pipeline's batched verification asks (docs/judge.md).

        A claim its sources do not state, that another source of the answer states, names
        that source in ``also_stated_by``: the pipeline's provenance cross-check, asked of
        the best other source only, as ``judge.provenance`` asks it (no call either way).
        """
        out: list[Verification | JudgeError] = []
        for text, cites in claims:
            try:
                out.append(self._verify_cited(text, sources, cites))
            except Exception as exc:  # a bug on one claim must not cost its answer's others
                out.append(JudgeError(f"internal error: {type(exc).__name__}: {exc}"))
        return out, Usage()

    def _verify_cited(self, claim: str, sources: list[str], cites: tuple[int, ...]) -> Verification:
        verification = self.verify_sources(claim, [sources[n - 1] for n in cites])
        if verification.verdict is not Verdict.ABSENT:
            return verification
        others = [n for n in range(1, len(sources) + 1) if n not in cites]
        scored = [(match(read(claim), read(sources[n - 1])).coverage, -n) for n in others]
        best = max(scored, default=None)
        if best is None or best[0] < PROVENANCE_MIN_COVERAGE:
            return verification
        n = -best[1]
        if self.verify_sync(claim, sources[n - 1]).verdict is not Verdict.STATED:
            return verification
        return replace(verification, also_stated_by=(n,))

    def verify_sources(self, claim: str, sources: Sequence[str]) -> Verification:
        """Verify ``claim`` against ``sources`` read together (one, or those a claim cites).

        The claim is read as whole assertions (``assertions``): without the answer
        particles and hedges that open it, and with an elliptical clause completed from the
        clause it leans on; each assertion is verified, and the claim is as good as its
        worst. The evidence span is given in the sources as written, joined by
        ``text.cited.SEPARATOR``.
        """
        # Claims and sources read composed (NFC) with their digits as 0-9, as the check
        # reads them: "José" is one word however it was written, "３０" is 30.
        claim = read(without_particles(claim))
        readings = [_Reading(source) for source in sources]
        texts = tuple(r.text for r in readings)
        results = [self._verify_one(part, texts, readings) for part in assertions(claim)]
        if len(results) == 1:
            return results[0]
        return _worst(results, assertions(claim))

    def _verify_one(
        self, claim: str, texts: tuple[str, ...], readings: list[_Reading]
    ) -> Verification:
        m = match_sources(claim, texts)
        verdict = decide(m, self.thresholds)
        span = _as_written(m.evidence, readings)
        quoted = verdict is not Verdict.ABSENT
        written = SEPARATOR.join(r.written for r in readings)
        return Verification(
            verdict,
            evidence=written[slice(*span)] if quoted else "",
            invention_kind=None if verdict is Verdict.STATED else invention_kind(claim, m),
            rationale=_rationale(m, verdict, self.thresholds),
            evidence_span=span if quoted else None,
        )


class _Reading:
    """A source as written and as read (composed, digits 0-9)."""

    def __init__(self, written: str) -> None:
        self.written = written
        self.composed = None if is_composed(written) else Composed(written)
        self.text = written if self.composed is None else self.composed.text


def _as_written(span: tuple[int, int], readings: list[_Reading]) -> tuple[int, int]:
    """A span of the sources read and joined, in the sources as written and joined."""
    read_at = written_at = 0
    for r in readings:
        if span[0] <= read_at + len(r.text):
            start, end = span[0] - read_at, span[1] - read_at
            if r.composed is not None:
                start, end = r.composed.span(start, min(end, len(r.text)))
            return written_at + start, written_at + end
        read_at += len(r.text) + len(SEPARATOR)
        written_at += len(r.written) + len(SEPARATOR)
    return span


_SEVERITY = {
    Verdict.CONTRADICTED: 0,
    Verdict.ABSENT: 1,
    Verdict.PARTIAL: 2,
    Verdict.STATED: 3,
}


def _worst(results: list[Verification], parts: list[str]) -> Verification:
    """One verification for a claim read as several assertions: contradicted when one is,
    stated when all are, else partial when one is stated or partial, else absent."""
    verdicts = {r.verdict for r in results}
    if Verdict.CONTRADICTED in verdicts:
        verdict = Verdict.CONTRADICTED
    elif verdicts == {Verdict.STATED}:
        verdict = Verdict.STATED
    elif verdicts & {Verdict.STATED, Verdict.PARTIAL}:
        verdict = Verdict.PARTIAL
    else:
        verdict = Verdict.ABSENT
    worst = min(results, key=lambda r: _SEVERITY[r.verdict])
    quoted = next((r for r in (worst, *results) if r.evidence_span is not None), None)
    said = " | ".join(
        f"{part!r}: {r.rationale.removeprefix('heuristic: ')}"
        for part, r in zip(parts, results, strict=True)
    )
    return Verification(
        verdict,
        evidence=quoted.evidence if quoted and verdict is not Verdict.ABSENT else "",
        invention_kind=None if verdict is Verdict.STATED else worst.invention_kind,
        rationale=f"heuristic: read as {len(parts)} assertions: {said}",
        evidence_span=quoted.evidence_span if quoted and verdict is not Verdict.ABSENT else None,
    )


def _rationale(m: Match, verdict: Verdict, t: Thresholds) -> str:
    """What matched and what did not, in a line a reviewer can check against the source."""
    if not m.checkable:
        return "heuristic: the claim has no content word or value to look for"
    total = len(m.matched) + len(m.unmatched)
    where = "the best window" if m.windows == 1 else f"the best windows of {m.windows} sources"
    parts = [f"heuristic: {len(m.matched)}/{total} content words in {where}"]
    if m.unmatched:
        parts.append("not found: " + ", ".join(m.unmatched[:6]))
    if m.missing:
        parts.append("values not in the window: " + ", ".join(v.text for v in m.missing))
    if m.elsewhere:
        parts.append("in the source only apart from the claim's words: " + ", ".join(m.elsewhere))
    lacking = [u for u in m.unsourced if u not in m.elsewhere]
    if lacking:
        parts.append("not in the source: " + ", ".join(lacking))
    if m.derived:
        parts.append("derived from the window's figures: " + ", ".join(m.derived))
    if m.generalisations:
        parts.append("the source does not generalise: " + ", ".join(m.generalisations))
    if m.bridging:
        parts.append("the source gives no cause or consequence: " + ", ".join(m.bridging))
    if m.rare_missing:
        parts.append("most of its rare words not in the window: " + ", ".join(m.rare_missing))
    if m.items_missing:
        parts.append("items of its list not in the window: " + ", ".join(m.items_missing))
    if m.restrictions:
        parts.append("narrowed on one side only: " + ", ".join(m.restrictions))
    if verdict is Verdict.CONTRADICTED:
        if m.conflicts and m.coverage >= t.conflict:
            parts.append("the source gives instead: " + ", ".join(m.conflicts[:4]))
        elif m.changed_names and m.coverage >= t.entity and m.negation < t.conflict:
            parts.append("the source names instead: " + ", ".join(m.changed_names[:4]))
        else:
            parts.append("a negation on one side only")
    return "; ".join(parts)


def invention_kind(claim: str, m: Match) -> InventionKind | None:
    """The invention a claim that is not stated looks like, named by the rules' order
    (``judge.invention_rules.kind_of``) from this judge's reading of its evidence.

    A value its evidence does not give, or a name the source lacks, is an unsourced
    specific; a generalising word ("typically", "most", "all customers") the source lacks
    a generalisation; a "therefore"/"so"/"which means" a bridge. ``fabricated_provenance``
    needs the answer's other sources: the pipeline's rules decide it.
    """
    return invention_rules.kind_of(
        unsourced_specific=bool(m.unsourced),
        generalising=m.generalisations,
        connective=bool(m.bridging or CONNECTIVE.search(claim)),
    )
