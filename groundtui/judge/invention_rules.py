"""Rules that name a claim's invention kind (docs/judge.md), in one place.

A judge's kind comes from reading one claim against one source. These rules look at the
same pair mechanically, and at the answer's other sources, which the judge never saw; the
heuristic judge names its kinds by the same order (:func:`kind_of`), from its own reading
of the claim's evidence:

- the claim is absent from its cited source but another source of the answer states it:
  ``fabricated_provenance`` (the pipeline finds that source; only such claims are checked
  against the others), whatever else it is;
- the claim says what most or all of a population do ("most employees", "every order")
  and the source does not: ``confident_generalisation``, whatever it says they do;
- the claim has a figure, date or name the source lacks (the mechanical check, run on the
  claim alone): ``plausible_specifics``; only then;
- any other generalising word the source lacks ("typically", "always"):
  ``confident_generalisation``;
- a "therefore", "because", "so" joining two facts: ``bridging_inference``.

Where the rules and the judge disagree both are kept: the judgement's ``invention_kind`` is
the judge's, ``rule_invention_kind`` the rules', except that a claim another source states
is ``fabricated_provenance`` whatever the judge said, and its rationale names that source.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from groundtui.checks import SourceIndex, unsourced_specifics
from groundtui.models import InventionKind
from groundtui.text.generalising import POPULATION, generalisations_missing
from groundtui.text.kinds import CONNECTIVE
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
    return kind_of(
        unsourced_specific=bool(unsourced_specifics(text, [_indexed(source)])),
        generalising=generalisations_missing(text, source),
        connective=CONNECTIVE.search(text) is not None,
    )


def kind_of(
    *,
    stated_elsewhere: bool = False,
    unsourced_specific: bool,
    generalising: Sequence[str],
    connective: bool,
) -> InventionKind | None:
    """The kind of a claim that is not stated, from what is known of it, in the documented
    order (this module's docstring); None when nothing names one.

    Args:
        stated_elsewhere: another source of the answer states the claim.
        unsourced_specific: it has a figure, date or name its evidence does not give.
        generalising: its generalising words ("most", "typically") the source lacks.
        connective: it joins facts as cause and consequence.
    """
    if stated_elsewhere:
        return InventionKind.FABRICATED_PROVENANCE
    if any(POPULATION.fullmatch(word) for word in generalising):
        return InventionKind.CONFIDENT_GENERALISATION
    if unsourced_specific:
        return InventionKind.PLAUSIBLE_SPECIFICS
    if generalising:
        return InventionKind.CONFIDENT_GENERALISATION
    if connective:
        return InventionKind.BRIDGING_INFERENCE
    return None


def effective_kind(
    judge_kind: InventionKind | None, rule: InventionKind | None, claim_kind: str | None
) -> InventionKind:
    """The kind a claim that is not stated is shown with: the judge's, else the rules',
    else by the claim's kind; a claim another source states is ``fabricated_provenance``
    whatever the judge said."""
    if rule is InventionKind.FABRICATED_PROVENANCE:
        return rule
    return judge_kind or rule or fallback_kind(claim_kind)


def provenance_note(rationale: str, source_key: str) -> str:
    """``rationale`` with the source of the answer that states the claim named."""
    note = f"stated by another source of the answer: {source_key}"
    return f"{rationale}; {note}" if rationale else note


@lru_cache(maxsize=32)
def _indexed(source: str) -> SourceIndex:
    """The check's index of ``source``, one for all the claims verified against it.

    The check wraps a text in a fresh index per call, which builds what it needs of the
    source (its values, the text lowercased) each time; a claim with a figure the source
    lacks would read the whole source once per claim. The same index gives the same
    answers, built once.
    """
    return SourceIndex(source)


def fallback_kind(claim_kind: str | None) -> InventionKind:
    """The kind for a claim neither the judge nor the rules gave one: by the claim's kind.

    Every claim that is not stated gets a kind (docs/judge.md). An unbacked cause or
    consequence is a bridging inference; anything else the source does not back (a rule,
    or a figure, date or name it does give, said of more than it says) a confident
    generalisation: ``plausible_specifics`` needs a specific the source lacks, which the
    rules would have found.
    """
    if claim_kind == "relation":
        return InventionKind.BRIDGING_INFERENCE
    return InventionKind.CONFIDENT_GENERALISATION
