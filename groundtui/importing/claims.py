"""An imported answer's claims as the store writes them: each placed in the response, the
citations of a claim given without them read from the markers at its span, its kind
inferred; and the check that an ``evidence`` span fits the source so inferred."""

from __future__ import annotations

from groundtui.models import Answer, check_evidence
from groundtui.store import ClaimRow, cited_keys, source_key
from groundtui.text.kinds import infer_kind
from groundtui.text.locate import locate
from groundtui.text.markers import citations_near, distinct


def check_inferred_evidence(answer: Answer) -> None:
    """An ``evidence`` span on a claim whose citation is inferred must fit that source.

    The model checks claims that carry their ``citation``; this checks the others, once
    the citation is read from the markers at the claim's span (as ``claim_rows`` does).
    """
    for i, claim in enumerate(answer.claims or []):
        if claim.evidence is not None and claim.citation is None:
            cited = _infer_citations(answer.cited_response(), claim.text, claim.span)[0]
            first = cited[0] if cited else None
            check_evidence(f"claims[{i}].evidence", claim.evidence, first, answer.sources)


def _infer_citations(
    response: str, text: str, span: tuple[int, int] | None
) -> tuple[tuple[int, ...], tuple[int, int] | None, str]:
    """``(citations, span, how located)`` of a claim given without them: the numbers of
    the markers in or right after its span ("… 30 days [1][2]." cites 1 and 2)."""
    located = "given"
    if span is None:
        found = locate(text, response)
        span, located = (found[:2], found[2]) if found else (None, "unlocated")
    near = citations_near(response, span[0], span[1]) if span is not None else []
    return distinct(near), span, located


def claim_rows(answer: Answer) -> list[ClaimRow]:
    """The answer's claims as stored: each placed, its citations read, its kind inferred."""
    keys = [source_key(s.id, s.text) for s in answer.sources]
    numbers = answer.numbers()
    response = answer.cited_response()
    rows = []
    for ordinal, claim in enumerate(answer.claims or [], start=1):
        inferred, span, located = _infer_citations(response, claim.text, claim.span)
        citations = answer.cited_numbers(claim) if claim.citation is not None else inferred
        rows.append(
            ClaimRow(
                f"{answer.id}#{ordinal}",
                answer.id,
                ordinal,
                claim.text,
                claim.kind.value if claim.kind else infer_kind(claim.text),
                citations,
                cited_keys(citations, numbers, keys),
                span,
                located,
            )
        )
    return rows
