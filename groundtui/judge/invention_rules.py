"""Rules that cross-check a judge's invention kind (docs/judge.md).

A judge's kind comes from reading one claim against one source. These rules look at the
same pair mechanically, and at the answer's other sources, which the judge never saw:

- the claim is absent from its cited source but another source of the answer states it:
  ``fabricated_provenance`` (the pipeline finds that source; only such claims are checked
  against the others);
- the claim has a figure, date or name the source lacks (the mechanical check, run on the
  claim alone): ``plausible_specifics``;
- the claim has a generalising word ("typically", "most", "all customers") the source
  lacks: ``confident_generalisation``.

Where the rules and the judge disagree both are kept: the judgement's ``invention_kind`` is
the judge's, ``rule_invention_kind`` the rules'.
"""

from __future__ import annotations

from functools import lru_cache

from groundtui.checks import SourceIndex, unsourced_specifics
from groundtui.judge.heuristic.words import generalisations_missing
from groundtui.models import InventionKind
from groundtui.text.markers import MARKER


def rule_kind(claim: str, source: str, *, stated_elsewhere: bool = False) -> InventionKind | None:
    """The invention kind the rules give a claim that ``source`` does not state, or None.

    Args:
        claim: the claim's text.
        source: the text it was verified against.
        stated_elsewhere: another source of the answer states the claim.
    """
    if stated_elsewhere:
        return InventionKind.FABRICATED_PROVENANCE
    text = MARKER.sub(" ", claim)
    if unsourced_specifics(text, [_indexed(source)]):
        return InventionKind.PLAUSIBLE_SPECIFICS
    if generalisations_missing(text, source):
        return InventionKind.CONFIDENT_GENERALISATION
    return None


@lru_cache(maxsize=32)
def _indexed(source: str) -> SourceIndex:
    """The check's index of ``source``, one for all the claims verified against it.

    The check wraps a text in a fresh index per call, which builds what it needs of the
    source (its values, the text lowercased) each time; a claim with a figure the source
    lacks would read the whole source once per claim. The same index gives the same
    answers, built once.
    """
    return SourceIndex(source)


_BY_CLAIM_KIND = {
    "figure": InventionKind.PLAUSIBLE_SPECIFICS,
    "date": InventionKind.PLAUSIBLE_SPECIFICS,
    "name": InventionKind.PLAUSIBLE_SPECIFICS,
    "relation": InventionKind.BRIDGING_INFERENCE,
    "policy": InventionKind.CONFIDENT_GENERALISATION,
}


def fallback_kind(claim_kind: str | None) -> InventionKind:
    """The kind for a claim neither the judge nor the rules gave one: by the claim's kind.

    Every claim that is not stated gets a kind (docs/judge.md). A figure, date or name
    that the source does not back is a plausible specific; an unbacked cause or consequence
    a bridging inference; an unbacked rule of how things are, a confident generalisation.
    """
    return _BY_CLAIM_KIND.get(claim_kind or "", InventionKind.CONFIDENT_GENERALISATION)
