"""What a key makes of a claim's label (``tui.labels.relabel``), without the UI or a database."""

from __future__ import annotations

from groundtui.tui.labels import LabelRow, describe, relabel


def mine(verdict, kind=None, note="", blind=0) -> dict:
    """This reviewer's latest review row, as the store returns it."""
    return {"verdict": verdict, "invention_kind": kind, "note": note, "blind": blind}


JUDGED = {"judge_verdict": "absent", "judge_kind": "plausible_specifics"}


def test_a_first_verdict_takes_the_judges_kind_unless_the_judge_is_hidden():
    seen = relabel("verdict", "partial", mine=None, hidden=False, **JUDGED)
    assert seen == LabelRow("partial", "plausible_specifics", "", False)
    blind = relabel("verdict", "partial", mine=None, hidden=True, **JUDGED)
    assert blind == LabelRow("partial", None, "", True)


def test_a_kind_the_reviewer_cleared_stays_cleared_and_stated_drops_it():
    cleared = mine("absent", None)
    assert relabel("verdict", "contradicted", mine=cleared, hidden=False, **JUDGED) == (
        LabelRow("contradicted", None, "", False)
    )
    kinded = mine("absent", "bridging_inference", note="n")
    assert relabel("verdict", "stated", mine=kinded, hidden=False, **JUDGED) == (
        LabelRow("stated", None, "n", False)
    )


def test_a_blind_label_stays_blind_only_while_its_verdict_is_kept():
    blind = mine("absent", "plausible_specifics", blind=1)
    kind = relabel("kind", "bridging_inference", mine=blind, hidden=False, **JUDGED)
    assert kind == LabelRow("absent", "bridging_inference", "", True)
    verdict = relabel("verdict", "partial", mine=blind, hidden=False, **JUDGED)
    assert verdict == LabelRow("partial", "plausible_specifics", "", False)


def test_refusals_say_why():
    judged, unjudged = JUDGED, {"judge_verdict": None, "judge_kind": None}
    assert relabel("kind", "bridging_inference", mine=None, hidden=True, **judged) == (
        "Set a verdict first (s, c, a or p)."
    )
    assert relabel("kind", "bridging_inference", mine=None, hidden=False, **unjudged) == (
        "Set a verdict first (s, c, a or p)."
    )
    stated = mine("stated")
    assert relabel("kind", "bridging_inference", mine=stated, hidden=False, **judged) == (
        "A stated claim has no invention kind: set c, a or p first."
    )
    assert relabel("confirm", None, mine=None, hidden=True, **judged).startswith("Blind review")
    assert relabel("confirm", None, mine=None, hidden=False, **unjudged).startswith("No judge")
    same = mine("absent", "plausible_specifics")
    assert relabel("verdict", "absent", mine=same, hidden=False, **judged) == (
        f"Already {describe('absent', 'plausible_specifics')}."
    )
    assert relabel("note", "n", mine=mine("absent", note="n"), hidden=False, **judged) == (
        "Note unchanged."
    )
    assert relabel("mark", None, mine=None, hidden=False, **judged) == "Unknown action 'mark'."


def test_a_kind_on_an_unlabelled_claim_builds_on_the_judges_verdict():
    row = relabel("kind", None, mine=None, hidden=False, **JUDGED)
    assert row == LabelRow("absent", None, "", False)
    note = relabel("note", "see p. 3", mine=mine(None), hidden=True, **JUDGED)
    assert note == LabelRow(None, None, "see p. 3", False)
