"""Where a key takes the reviewer (``review.place``), without the UI or a database."""

from __future__ import annotations

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.intents import Confirm, Kind, Note, Outcome, SetVerdict, Undo
from groundtui.review.place import (
    KIND_PROMPT,
    OpenAnswer,
    Place,
    ReadOn,
    Say,
    SelectClaim,
    first_unlabelled,
    next_unlabelled,
    reselect,
    row_of,
)
from groundtui.review.queue import QueueRow

A = "A-1"
JUDGED = {"judge_verdict": "absent", "judge_kind": "plausible_specifics"}


def claim(number: int, **labels) -> ClaimView:
    return ClaimView(
        f"{A}#{number}", number, "text", "figure", 1, (0, 4), False, False, number=number, **labels
    )


def row(answer_id: str, claims: int = 2, reviewed: int = 0) -> QueueRow:
    return QueueRow(answer_id, 1, 0, "q", True, claims, claims, reviewed, False)


def detail(claims: list[ClaimView]) -> AnswerDetail:
    return AnswerDetail(A, "q", "r", None, [], claims, [])


def test_next_unlabelled_wraps_round_the_answer_and_counts_claims_labelled_here():
    claims = [claim(1), claim(2, mine_verdict="stated"), claim(3), claim(4)]
    assert next_unlabelled(claims, 0, set()) == 2
    assert next_unlabelled(claims, 3, set()) == 0  # wrapped round
    assert next_unlabelled(claims, 0, {f"{A}#3", f"{A}#4"}) is None
    assert first_unlabelled(claims, {f"{A}#1"}) == 2
    assert first_unlabelled([claim(1, mine_verdict="stated")], set()) is None
    assert first_unlabelled([claim(1, settled=True), claim(2)], set()) == 1


def test_j_and_k_stop_at_either_end():
    claims = [claim(1), claim(2)]
    place = Place()
    assert place.claim_step(claims, 0, 1) == SelectClaim(1)
    assert place.claim_step(claims, 1, 1) is None
    assert place.claim_step(claims, 0, -1) is None
    assert place.claim_step([], 0, 1) is None


def test_n_and_big_n_say_where_the_queue_ends_or_read_its_next_page():
    place = Place(index=1)
    assert place.answer_step(1, 3) == OpenAnswer(2, 1)
    assert place.answer_step(-1, 3) == OpenAnswer(0, -1)
    assert place.answer_step(1, 2) == ReadOn("This is the last answer of the queue.")
    place.opened(OpenAnswer(0, -1))
    assert (place.index, place.step) == (0, -1)
    assert place.answer_step(-1, 3) == Say("This is the first answer of the queue.")


def test_advance_goes_to_the_next_unlabelled_claim_then_the_next_answer_with_claims():
    rows = [row("A-1"), row("A-2", claims=0), row("A-3")]
    claims = [claim(1), claim(2)]
    place = Place()
    assert place.advance(claims, 0, rows) == SelectClaim(1)
    place.labelled.add(f"{A}#2")
    assert place.advance(claims, 0, rows) == OpenAnswer(2)  # A-2 has nothing to label
    assert place.pick_unlabelled
    place.opened(OpenAnswer(2))
    said = "No answer with a claim after this one in the queue."
    assert place.advance(claims, 0, rows) == ReadOn(said, saving=True)


def test_space_passes_over_reviewed_answers_and_does_not_wrap():
    rows = [row("A-1"), row("A-2", reviewed=2), row("A-3")]
    claims = [claim(1), claim(2, mine_verdict="absent")]
    place = Place()
    assert place.next_unlabelled(claims, 0, rows) == OpenAnswer(2)
    assert place.pick_unlabelled
    assert place.next_unlabelled([claim(1), claim(2)], 0, rows) == SelectClaim(1)
    place.opened(OpenAnswer(2))
    said = "No claim left to label after this one in the queue."
    assert place.next_unlabelled(claims, 1, rows) == ReadOn(said)


def test_an_answer_opened_selects_the_claim_asked_for_else_the_first_unlabelled_when_moving_on():
    shown = detail([claim(1, mine_verdict="stated"), claim(2), claim(3)])
    place = Place()
    assert place.claim_on_open(shown, f"{A}#3") == 2
    assert place.claim_on_open(shown, None) == 0
    place.pick_unlabelled = True
    assert place.claim_on_open(shown, None) == 1
    assert not place.pick_unlabelled  # once
    assert place.claim_on_open(None, None) == 0


def test_moving_on_passes_an_answer_with_nothing_left_for_the_reviewer():
    """Reached by moving on, an answer whose claims are all labelled by this reviewer or
    have the reviewers they need from others gives no claim: the screen passes it, still
    moving on; reached by ``n`` it opens on its first claim."""
    done = detail([claim(1, mine_verdict="stated"), claim(2, settled=True)])
    place = Place(pick_unlabelled=True)
    assert place.claim_on_open(done, None) is None
    assert place.pick_unlabelled  # the next answer opens on a claim left
    place.pick_unlabelled = False
    assert place.claim_on_open(done, None) == 0


def test_an_answer_taken_meanwhile_is_passed_the_way_the_reviewer_moved():
    rows = [row("A-1"), row("A-2"), row("A-3")]
    place = Place(index=1, step=-1)
    assert place.past_taken(rows) == OpenAnswer(0, -1)
    place.opened(OpenAnswer(2, 1))
    assert place.past_taken(rows) is None  # the rows read so far end first


def test_moving_on_past_a_taken_answer_passes_those_without_claims_too():
    """Advance on decide reached a taken answer: the next one it opens has a claim to
    label, or the keys typed next would each say there is none."""
    rows = [row("A-1"), row("A-2"), row("A-3", claims=0), row("A-4", claims=0), row("A-5")]
    place = Place()
    assert place.advance([], 0, rows) == OpenAnswer(1)
    place.opened(OpenAnswer(1))
    assert place.past_taken(rows) == OpenAnswer(4, 1)
    place.pick_unlabelled = False  # reached by n: every answer is shown
    assert place.past_taken(rows) == OpenAnswer(2, 1)


def test_claims_read_back_keep_the_selection_or_take_the_one_at_its_place():
    one, two, three = claim(1), claim(2), claim(3)
    assert reselect([one, two, three], two, 1, None) == 1
    assert reselect([one, two, three], two, 1, three.id) == 2  # an undo's claim
    assert reselect([one, three], two, 1, None) == 1  # dismissed: the one after it
    assert reselect([one], two, 1, None) == 0
    assert reselect([], None, 0, None) == 0
    assert row_of([row("A-1"), row("A-2")], "A-2") == 1
    assert row_of([row("A-1")], "A-9") is None


def test_c_a_or_p_wait_for_the_kind_which_y_keeps_or_a_digit_picks():
    judged = claim(1, **JUDGED, mine_verdict="absent", mine_kind="plausible_specifics")
    place = Place()
    verdict = SetVerdict(A, judged.id, "absent")
    assert not place.completes(verdict, judged, hidden=False)
    place.sent(verdict, judged, False)
    assert place.choosing_kind == judged.id and judged.id in place.labelled
    assert place.completes(Kind(A, judged.id, None), judged, hidden=False)
    assert place.keep_kind(A, claim(2)) is None  # y on another claim confirms it
    assert place.keep_kind(A, judged) == f"Kept {A} #1: absent / plausible specifics"
    assert place.choosing_kind is None
    assert place.keep_kind(A, judged) is None  # a second y confirms


def test_a_kind_or_confirm_ends_the_wait_and_a_note_labels_nothing():
    c = claim(1, **JUDGED)
    place = Place(choosing_kind=c.id)
    place.sent(Kind(A, c.id, "bridging_inference"), c, True)
    assert place.choosing_kind is None
    place.choosing_kind = c.id
    place.sent(Confirm(A, c.id), c, True)
    assert place.choosing_kind is None
    other = claim(2)
    place.sent(Note(A, other.id, "n"), other, False)
    assert other.id not in place.labelled
    place.choosing_kind = c.id
    place.shown(other)  # the reviewer moved away: nothing waits any more
    assert place.choosing_kind is None


def test_what_a_saved_write_says_and_what_a_refused_one_unlabels():
    c = claim(1)
    place = Place(labelled={c.id}, choosing_kind=c.id, then_say="End of the queue.")
    saved = Outcome(SetVerdict(A, c.id, "absent"), True, f"Saved {A} #1: absent", A, c.id)
    assert place.saved(saved) == f"Saved {A} #1: absent{KIND_PROMPT} · End of the queue."
    assert place.saved(saved) == f"Saved {A} #1: absent{KIND_PROMPT}"  # said once
    place.landed(saved)
    assert c.id in place.labelled
    place.landed(Outcome(SetVerdict(A, c.id, "absent"), False, "Already absent."))
    assert c.id not in place.labelled
    place.labelled.add(c.id)
    place.landed(Outcome(Undo(), True, "Undone", A, c.id))
    assert c.id not in place.labelled
