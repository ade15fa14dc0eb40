"""What a key makes of a claim's label (``review.label_rules``), without the UI or a database."""

from __future__ import annotations

from typing import TypedDict

from groundtui.review.answer import ClaimView
from groundtui.review.intents import Confirm, Kind, Mark, Note, SetVerdict
from groundtui.review.label_rules import LabelRow, completes, describe, relabel


def mine(verdict, kind=None, note="", blind=0, independent=0) -> dict:
    """This reviewer's latest review row, as the store returns it."""
    return {
        "verdict": verdict,
        "invention_kind": kind,
        "note": note,
        "blind": blind,
        "independent": independent,
    }


A, C = "A-1", "A-1#1"


class Judged(TypedDict):
    """What ``relabel`` is told of the judge's label."""

    judge_verdict: str | None
    judge_kind: str | None


JUDGED: Judged = {"judge_verdict": "absent", "judge_kind": "plausible_specifics"}


def test_a_first_verdict_takes_the_judges_kind_unless_the_judge_is_hidden():
    seen = relabel(SetVerdict(A, C, "partial"), mine=None, hidden=False, **JUDGED)
    assert seen == LabelRow("partial", "plausible_specifics", "", False)
    blind = relabel(SetVerdict(A, C, "partial"), mine=None, hidden=True, **JUDGED)
    assert blind == LabelRow("partial", None, "", True)


def test_a_kind_the_reviewer_cleared_stays_cleared_and_stated_drops_it():
    cleared = mine("absent", None)
    assert relabel(SetVerdict(A, C, "contradicted"), mine=cleared, hidden=False, **JUDGED) == (
        LabelRow("contradicted", None, "", False)
    )
    kinded = mine("absent", "bridging_inference", note="n")
    assert relabel(SetVerdict(A, C, "stated"), mine=kinded, hidden=False, **JUDGED) == (
        LabelRow("stated", None, "n", False)
    )


def test_a_blind_label_stays_blind_only_while_its_verdict_is_kept():
    blind = mine("absent", "plausible_specifics", blind=1)
    kind = relabel(Kind(A, C, "bridging_inference"), mine=blind, hidden=False, **JUDGED)
    assert kind == LabelRow("absent", "bridging_inference", "", True)
    verdict = relabel(SetVerdict(A, C, "partial"), mine=blind, hidden=False, **JUDGED)
    assert verdict == LabelRow("partial", "plausible_specifics", "", False)


def test_refusals_say_why():
    judged = JUDGED
    unjudged: Judged = {"judge_verdict": None, "judge_kind": None}
    assert relabel(Kind(A, C, "bridging_inference"), mine=None, hidden=True, **judged) == (
        "Set a verdict first (s, c, a or p)."
    )
    assert relabel(Kind(A, C, "bridging_inference"), mine=None, hidden=False, **unjudged) == (
        "Set a verdict first (s, c, a or p)."
    )
    stated = mine("stated")
    assert relabel(Kind(A, C, "bridging_inference"), mine=stated, hidden=False, **judged) == (
        "A stated claim has no invention kind: set c, a or p first."
    )
    blind = relabel(Confirm(A, C), mine=None, hidden=True, **judged)
    assert isinstance(blind, str) and blind.startswith("Blind review")
    unseen = relabel(Confirm(A, C), mine=None, hidden=False, **unjudged)
    assert isinstance(unseen, str) and unseen.startswith("No judge")
    same = mine("absent", "plausible_specifics")
    assert relabel(SetVerdict(A, C, "absent"), mine=same, hidden=False, **judged) == (
        f"Already {describe('absent', 'plausible_specifics')}."
    )
    assert relabel(Note(A, C, "n"), mine=mine("absent", note="n"), hidden=False, **judged) == (
        "Note unchanged."
    )
    assert relabel(Mark(A), mine=None, hidden=False, **judged) == "Mark is not a label."


def test_a_kind_on_an_unlabelled_claim_builds_on_the_judges_verdict():
    row = relabel(Kind(A, C, None), mine=None, hidden=False, **JUDGED)
    assert row == LabelRow("absent", None, "", False)
    note = relabel(Note(A, C, "see p. 3"), mine=mine(None), hidden=True, **JUDGED)
    assert note == LabelRow(None, None, "see p. 3", False)


def test_a_label_made_with_the_other_reviewers_hidden_is_independent_while_kept():
    first = relabel(
        SetVerdict(A, C, "absent"), mine=None, hidden=False, others_hidden=True, **JUDGED
    )
    assert first == LabelRow("absent", "plausible_specifics", "", False, True)
    was = mine("absent", "plausible_specifics", independent=1)
    kind = relabel(Kind(A, C, "bridging_inference"), mine=was, hidden=False, **JUDGED)
    assert isinstance(kind, LabelRow)
    assert kind.independent  # the verdict kept: still the one chosen with others hidden
    changed = relabel(SetVerdict(A, C, "partial"), mine=was, hidden=False, **JUDGED)
    assert isinstance(changed, LabelRow)
    assert not changed.independent  # chosen after the others' labels were shown
    confirmed = relabel(Confirm(A, C), mine=None, hidden=False, others_hidden=True, **JUDGED)
    assert isinstance(confirmed, LabelRow)
    assert confirmed.independent and not confirmed.blind


def _claim(**labels) -> ClaimView:
    return ClaimView("A-1#1", 1, "text", "figure", 1, (0, 4), False, False, **labels)


def test_only_y_and_s_complete_a_claim_and_a_kind_only_after_c_a_or_p():
    judged = _claim(judge_verdict="absent", judge_kind="plausible_specifics")
    assert completes(Confirm(A, C), judged, hidden=False, choosing_kind=False)
    assert not completes(Confirm(A, C), judged, hidden=True, choosing_kind=False)
    assert not completes(Confirm(A, C), _claim(), hidden=False, choosing_kind=False)
    assert completes(SetVerdict(A, C, "stated"), judged, hidden=False, choosing_kind=False)
    # c, a, p wait on the claim for y or a digit, even with the judge's kind preselected
    for verdict in ("contradicted", "absent", "partial"):
        assert not completes(SetVerdict(A, C, verdict), judged, hidden=False, choosing_kind=False)
    assert completes(Kind(A, C, "bridging_inference"), judged, hidden=False, choosing_kind=True)
    assert completes(Kind(A, C, None), judged, hidden=False, choosing_kind=True)
    assert not completes(
        Kind(A, C, "bridging_inference"), judged, hidden=False, choosing_kind=False
    )
    assert not completes(Note(A, C, "n"), judged, hidden=False, choosing_kind=True)
