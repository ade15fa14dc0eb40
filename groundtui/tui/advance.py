"""Advance on decide: which key completes a claim, and which claim comes next.

A reviewer triaging a day's flags decides hundreds of claims; a key that completes one
moves on, so a plain run of confirmations costs one key a claim. Pure: the review screen
asks, and moves.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from groundtui.tui.claim_data import ClaimView
from groundtui.tui.labels import relabel


def completes(
    what: str,
    value: str | None,
    claim: ClaimView,
    *,
    hidden: bool,
    after_verdict: bool,
) -> bool:
    """Whether ``what`` (with ``value``) leaves ``claim`` decided, so the screen moves on.

    ``y`` completes a claim it can confirm, ``s`` always; ``c``/``a``/``p`` when the claim
    keeps a kind (the reviewer's own, or the judge's not-stated one), else the reviewer is
    still to choose one; a kind ``1``–``4`` when it follows such a ``c``/``a``/``p``
    (``after_verdict``). ``0`` and a note never complete a claim.

    Args:
        hidden: the judge's labels are not on screen yet (blind review, not yet labelled).
    """
    if what == "confirm":
        return not hidden and claim.judge_verdict is not None
    if what == "verdict":
        if value == "stated":
            return True
        mine = None
        if claim.mine_verdict is not None or claim.mine_note:
            mine = {
                "verdict": claim.mine_verdict,
                "invention_kind": claim.mine_kind,
                "note": claim.mine_note,
                "blind": claim.mine_blind,
            }
        row = relabel(
            what, value, mine=mine, judge_verdict=claim.judge_verdict,
            judge_kind=claim.judge_kind, hidden=hidden,
        )
        if isinstance(row, str):  # "Already contradicted / …": decided already
            return claim.mine_kind is not None
        return row.kind is not None
    if what == "kind":
        return value is not None and after_verdict
    return False


def next_unlabelled(
    claims: Sequence[ClaimView], current: int, labelled: Collection[str]
) -> int | None:
    """The next claim after ``current`` the reviewer has not labelled, wrapping round the
    answer; None when every other claim is labelled.

    Args:
        labelled: claims labelled in this session whose rows may not be read back yet.
    """
    count = len(claims)
    for step in range(1, count):
        index = (current + step) % count
        claim = claims[index]
        if claim.mine_verdict is None and claim.id not in labelled:
            return index
    return None


def first_unlabelled(claims: Sequence[ClaimView], labelled: Collection[str]) -> int:
    """The first claim the reviewer has not labelled, else the first claim."""
    for index, claim in enumerate(claims):
        if claim.mine_verdict is None and claim.id not in labelled:
            return index
    return 0
