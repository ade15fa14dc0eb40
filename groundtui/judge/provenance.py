"""The provenance cross-check: whether a claim its cited source does not state is stated
by another source of the answer (fabricated provenance, docs/judge.md)."""

from __future__ import annotations

from groundtui.judge.answers import AnswerContext, SourceText
from groundtui.judge.base import (
    CROSS_CHECK,
    PROVENANCE_MIN_COVERAGE,
    Judge,
    JudgeError,
    Usage,
    call_priority,
)
from groundtui.judge.heuristic import coverage
from groundtui.models import Verdict


def provenance_candidate(answer: AnswerContext, text: str, cited: SourceText) -> SourceText | None:
    """The source other than ``cited`` most likely to state ``text``, or None when none is likely.

    Ranked by the offline judge's coverage of the claim in the source's best window (its
    public measure, no call); ties go to the earlier source.
    """
    best: SourceText | None = None
    best_coverage = PROVENANCE_MIN_COVERAGE - 1e-9
    seen = {cited.key, *cited.keys}  # every source a claim citing several was verified against
    for source in answer.sources:
        if source.key in seen:
            continue
        seen.add(source.key)
        held = coverage(text, source.text)
        if held > best_coverage:
            best, best_coverage = source, held
    return best


async def stated_elsewhere(
    judge: Judge, answer: AnswerContext, text: str, cited: SourceText, usage: Usage
) -> SourceText | None:
    """The other source of the answer that states ``text``, or None: at most one call.

    The other sources are ranked by the heuristic matcher's coverage of the claim (no
    call, no model); only the best is asked, and only when it holds at least
    ``PROVENANCE_MIN_COVERAGE`` of the claim's words and values. A source a judge finds
    stating a claim nearly always shares most of its words, so this finds fabricated
    provenance where a source states it, for at most one call per claim whatever the
    number of sources.
    """
    candidate = provenance_candidate(answer, text, cited)
    if candidate is None:
        return None
    # Cross-checks wait behind extractions and verifications: they have no work behind
    # them, so running them last keeps the judge's call slots full to the end.
    call_priority.set(CROSS_CHECK)  # this claim's own task: nothing else sees it
    try:
        verification = await judge.verify(text, candidate.text)
    except JudgeError as exc:  # an unanswered cross-check leaves the verdict standing
        usage.add(exc.usage)
        return None
    usage.add(verification.usage)
    return candidate if verification.verdict is Verdict.STATED else None
