"""The queue's order as SQL conditions on ``answers a``: its four tiers, and what counts
as reviewed and as a live correctness mark.

Queue order (README "Reviewing"): answers flagged by the mechanical check, or where the check and the
judge disagree (flagged but every claim stated, or not flagged but a claim not stated),
first; within each, unreviewed before reviewed; then import order. "Reviewed" means every
claim has a reviewer's label (anyone's); an answer without claims counts as reviewed once
its correctness is marked. The order is fixed when the queue is loaded, so an answer does
not jump away from under the reviewer as it becomes reviewed.

Blind review orders by the check's flag alone: where the judge's verdict moved an answer,
or chose it, the order would tell the verdict.

Apart from ``queue_data`` because the order is a rule, written once: the reads of the
queue (a page, one answer's row, the progress count) and its filter all use it.
"""

from __future__ import annotations

from groundtui.store.rules import in_control

# Priority = flagged, or not flagged with a claim the judge did not find stated; this is
# "flagged, or check and judge disagree" with the flagged-and-all-stated case folded in.
FLAGGED = "exists (select 1 from flags f where f.answer_id = a.id)"
PRIORITY = (
    f"({FLAGGED} or exists (select 1 from claim_labels l where l.answer_id = a.id"
    " and l.judge_verdict is not null and l.judge_verdict != 'stated'))"
)
# A mark that counts: neither an undo row nor undone by one (m then u leaves none).
LIVE_MARK = (
    "m.reverts is null and not exists (select 1 from answer_marks u where u.reverts = m.id)"
)
MARKED = f"select 1 from answer_marks m where {LIVE_MARK}"
REVIEWED = (
    "(case when exists (select 1 from claim_labels l where l.answer_id = a.id)"
    " then not exists (select 1 from claim_labels l where l.answer_id = a.id"
    " and l.reviewer_verdict is null)"
    f" else exists ({MARKED} and m.answer_id = a.id) end)"
)


def tiers(blind: bool = False, control: float = 0.0) -> tuple[str, ...]:
    """The queue's four tiers, as SQL conditions on ``answers a``, in order.

    The control sample of ``control`` (the ``control_share`` setting) is mixed into the
    first tiers, unmarked until labelled, so the reviewer is not primed.
    """
    first = FLAGGED if blind else PRIORITY
    if control > 0:
        first = f"({first} or {in_control('a', repr(float(control)))})"
    return (
        f"{first} and not {REVIEWED}",
        f"{first} and {REVIEWED}",
        f"not {first} and not {REVIEWED}",
        f"not {first} and {REVIEWED}",
    )
