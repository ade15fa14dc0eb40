"""Undo: a new row that restores what this reviewer's change replaced; nothing is deleted.

Each change a session makes is remembered as a ``Change``; undoing it appends a row of
the same kind (a review, an adjudication, a correctness mark, a correction of a claim) that
restores the previous state and names the row it reverts.
"""

from __future__ import annotations

from dataclasses import dataclass

from groundtui.store import Store
from groundtui.tui.labels import correctness, describe


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
    """The intent undone: ``note`` is reported as a note."""


def undo(store: Store, change: Change, reviewer: str) -> str:
    """Append the row that restores what ``change`` replaced; say what it restored."""
    prev = change.previous
    if change.table == "claim_edits":
        store.undo_claim_edit(change.row_id, reviewer)
        if change.what == "add":
            return "Undone: the claim you added is gone"
        return f"Undone: {change.target} is back as it was ({change.what} undone)"
    if change.table == "answer_marks":
        correct = prev["correct"] if prev else None
        store.add_mark(
            change.target, reviewer, None if correct is None else bool(correct),
            reverts=change.row_id,
        )
        return f"Undone: your mark on {change.target} is {correctness(correct)} again"
    verdict = prev["verdict"] if prev else None
    kind = prev["invention_kind"] if prev else None
    note = (prev["note"] or "") if prev else ""
    if change.table == "adjudications":
        store.add_adjudication(change.target, reviewer, verdict, kind, note,
                               reverts=change.row_id)
    else:
        store.add_review(change.target, reviewer, verdict, kind, note,
                         blind=bool(prev and prev["blind"]), reverts=change.row_id)
    if change.what == "note":
        return f"Undone: note on {change.target} " + (
            "restored to the previous one" if note else "removed"
        )
    return f"Undone: {change.target} is back to {describe(verdict, kind) if verdict else 'no label'}"
