"""The rows a session writes besides labels, and undo: an answer's correctness marked, a
claim edited, split, added or dismissed (docs/review.md); and the row that reverts
any change, label or not. Nothing is ever deleted.

Each change a session makes is remembered as a ``Change``; undoing it appends a row of
the same kind (a review, an adjudication, a correctness mark, a correction of a claim) that
restores the previous state and names the row it reverts.
"""

from __future__ import annotations

from dataclasses import dataclass

from groundtui.report import answer_correct
from groundtui.review.intents import Add, Dismiss, Edit, Split
from groundtui.review.label_rules import correctness, describe
from groundtui.store import Store


@dataclass
class Change:
    """One change a session made, and what it replaced."""

    table: str
    """``reviews``, ``adjudications``, ``answer_marks`` or ``claim_edits``."""
    answer_id: str
    target: str
    """The claim's id (the one corrected, empty for an added claim), or the answer's for
    a mark."""
    row_id: int
    previous: dict | None
    """The row it replaced (this reviewer's previous one), or None."""
    what: str = ""
    """What was done: ``note`` is reported as a note, ``add`` as a claim added."""


def undo(store: Store, change: Change, reviewer: str) -> str:
    """Append the row that restores what ``change`` replaced; say what it restored."""
    prev = change.previous
    if change.table == "claim_edits":
        store.corrections.undo(change.row_id, reviewer)
        if change.what == "add":
            return "Undone: the claim you added is gone"
        return f"Undone: {change.target} is back as it was ({change.what} undone)"
    if change.table == "answer_marks":
        correct = prev["correct"] if prev else None
        store.labels.add_mark(
            change.target,
            reviewer,
            None if correct is None else bool(correct),
            reverts=change.row_id,
        )
        return f"Undone: your mark on {change.target} is {correctness(correct)} again"
    verdict = prev["verdict"] if prev else None
    kind = prev["invention_kind"] if prev else None
    note = (prev["note"] or "") if prev else ""
    if change.table == "adjudications":
        store.team.add_adjudication(
            change.target,
            reviewer,
            verdict,
            kind,
            note,
            reverts=change.row_id,
            party=bool(prev and prev["party"]),
        )
    else:
        store.labels.add_review(
            change.target,
            reviewer,
            verdict,
            kind,
            note,
            blind=bool(prev and prev["blind"]),
            independent=bool(prev and prev["independent"]),
            reverts=change.row_id,
        )
    if change.what == "note":
        return f"Undone: note on {change.target} " + (
            "restored to the previous one" if note else "removed"
        )
    return (
        f"Undone: {change.target} is back to {describe(verdict, kind) if verdict else 'no label'}"
    )


def correct(
    store: Store, intent: Edit | Split | Dismiss | Add, reviewer: str
) -> tuple[str, str, Change]:
    """Correct a claim (docs/review.md: edit, split, add, dismiss): ``(message, the
    claim to select, the change)``.

    Raises:
        CorrectionError: the correction cannot be made; nothing was written.
    """
    claim_id = intent.claim_id
    match intent:
        case Dismiss():
            row_id = store.corrections.dismiss(claim_id, reviewer)
            message, select, what = f"Dismissed {claim_id}: it counts nowhere now", "", "dismiss"
        case Edit(text=text):
            row_id, select = store.corrections.edit(claim_id, reviewer, text)
            message, what = f"Saved: {claim_id} edited as {select}, to be judged again", "edit"
        case Split(at=at):
            row_id, parts = store.corrections.split(claim_id, reviewer, at)
            select, what = parts[0], "split"
            message = f"Saved: {claim_id} split into {' and '.join(parts)}, to be judged"
        case Add(span=span):
            row_id, select = store.corrections.add(intent.answer_id, reviewer, span)
            message, what = f"Saved: claim {select} added, to be judged", "add"
    return message, select, Change("claim_edits", intent.answer_id, claim_id, row_id, None, what)


def mark(store: Store, answer_id: str, reviewer: str) -> tuple[str, Change]:
    """Move the answer's correctness on (unknown → correct → incorrect → unknown):
    ``(message, the change)``."""
    was = answer_correct(store, answer_id)
    new = True if was is None else (False if was else None)
    row_id = store.labels.add_mark(answer_id, reviewer, new)
    # Undo restores what the answer counted as before (a mark, or its imported value).
    change = Change("answer_marks", answer_id, answer_id, row_id, {"correct": was})
    return f"Saved: answer marked {correctness(new)}", change
