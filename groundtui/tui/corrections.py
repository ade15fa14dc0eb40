"""A reviewer's corrections of what was imported or judged, each written as one row with
the ``Change`` undo reverts: a claim edited, split, added or dismissed (README
"Reviewing"), and an answer's correctness marked.

Apart from ``session`` because these write no label: the session applies them in order
beside the labels, remembers their changes and counts them.
"""

from __future__ import annotations

from groundtui.store import Store
from groundtui.tui import answer_data
from groundtui.tui.intents import Intent
from groundtui.tui.labels import correctness
from groundtui.tui.undo import Change


def correct(store: Store, intent: Intent, reviewer: str) -> tuple[str, str, Change]:
    """Correct a claim (README "Reviewing": edit, split, add, dismiss): ``(message, the
    claim to select, the change)``.

    Raises:
        CorrectionError: the correction cannot be made; nothing was written.
    """
    what, claim_id, value = intent.what, intent.claim_id, intent.value or ""
    if what == "dismiss":
        row_id = store.dismiss_claim(claim_id, reviewer)
        message, select = f"Dismissed {claim_id}: it counts nowhere now", ""
    elif what == "edit":
        row_id, select = store.edit_claim(claim_id, reviewer, value)
        message = f"Saved: {claim_id} edited as {select}, to be judged again"
    elif what == "split":
        row_id, parts = store.split_claim(claim_id, reviewer, int(value))
        select = parts[0]
        message = f"Saved: {claim_id} split into {' and '.join(parts)}, to be judged"
    else:
        start, end = (int(n) for n in value.split(":"))
        row_id, select = store.add_claim(intent.answer_id, reviewer, (start, end))
        message, claim_id = f"Saved: claim {select} added, to be judged", ""
    return message, select, Change("claim_edits", intent.answer_id, claim_id, row_id, None, what)


def mark(store: Store, answer_id: str, reviewer: str) -> tuple[str, Change]:
    """Move the answer's correctness on (unknown → correct → incorrect → unknown):
    ``(message, the change)``."""
    was = answer_data.effective_correct(store, answer_id)
    new = True if was is None else (False if was else None)
    row_id = store.add_mark(answer_id, reviewer, new)
    # Undo restores what the answer counted as before (a mark, or its imported value).
    change = Change("answer_marks", answer_id, answer_id, row_id, {"correct": was})
    return f"Saved: answer marked {correctness(new)}", change
