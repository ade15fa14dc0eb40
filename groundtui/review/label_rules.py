"""What a reviewer's key makes of a claim's label, and whether it completes the claim: the
rules, pure, and how a label reads.

A key (a verdict, a kind, confirm, a note) never edits a label: it appends a new review row
built from this reviewer's latest one and the judge's. ``relabel`` decides that row, or
says in one sentence why there is none to append; the session writes it.

Advance on decide: a reviewer triaging a day's flags decides hundreds of claims, so a key
that completes one moves on. ``y`` on a claim the judge judged and ``s`` complete it at
once; ``c``, ``a`` or ``p`` leave the screen on the claim with the judge's kind preselected
until ``y`` keeps it or a digit picks another (``completes``), so the digit typed next can
never land on the next claim. Which claim comes next is ``place``'s.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from groundtui.review.answer import ClaimView
from groundtui.review.intents import Confirm, Intent, Kind, Note, SetVerdict


class LabelRow(NamedTuple):
    """The review row a key appends for one claim."""

    verdict: str | None
    kind: str | None
    note: str
    blind: bool
    """Chosen with the judge's labels hidden (blind review)."""
    independent: bool = False
    """Chosen with the other reviewers' labels hidden (the double-review overlap)."""


def relabel(
    intent: Intent,
    *,
    mine: dict[str, Any] | None,
    judge_verdict: str | None,
    judge_kind: str | None,
    hidden: bool,
    others_hidden: bool = False,
) -> LabelRow | str:
    """The row that ``intent`` (a verdict, a kind, confirm or a note) appends.

    Args:
        mine: this reviewer's latest review row of the claim, if any.
        judge_verdict: the judge's verdict on the claim, if any.
        judge_kind: the judge's invention kind, if any.
        hidden: the judge's labels are not on screen yet (blind review, not yet labelled).
        others_hidden: the other reviewers' labels are not on screen yet (independent
            review in the overlap, not yet labelled).

    Returns:
        The row to append, or the reason there is none (shown to the reviewer).
    """
    live = mine if mine and mine["verdict"] is not None else None
    note = mine["note"] if mine else ""
    verdict = live["verdict"] if live else None
    kind = live["invention_kind"] if live else None
    blind = bool(live and live["blind"])
    independent = bool(live and live.get("independent"))
    match intent:
        case SetVerdict(verdict=new_verdict):
            if new_verdict == "stated":
                kind = None
            elif (
                kind is None
                # The reviewer's own "no kind" is a choice (0 clears it); only a claim they
                # have not given a kind to (no label, or stated) takes the judge's.
                and (verdict is None or verdict == "stated")
                and not hidden
                and judge_verdict not in (None, "stated")
            ):
                kind = judge_kind
            # A label is blind when its verdict was chosen with the judge's hidden, and
            # independent when chosen with the other reviewers' hidden.
            same = new_verdict == verdict
            blind = hidden or (blind and same)
            independent = others_hidden or (independent and same)
            verdict = new_verdict
        case Kind(kind=new_kind):
            if verdict is None:
                if hidden or judge_verdict is None:
                    return "Set a verdict first (s, c, a or p)."
                verdict, blind, independent = judge_verdict, False, others_hidden
            if verdict == "stated" and new_kind is not None:
                return "A stated claim has no invention kind: set c, a or p first."
            kind = new_kind
        case Confirm():
            if hidden:
                return "Blind review: label the claim (s, c, a or p) to see the judge's verdict."
            if judge_verdict is None:
                return "No judge verdict to confirm: label the claim with s, c, a or p."
            verdict, kind, blind, independent = judge_verdict, judge_kind, False, others_hidden
        case Note(text=text):
            note = text
            if mine is not None and note == (mine["note"] or ""):
                return "Note unchanged."
        case _:
            return f"{type(intent).__name__} is not a label."
    if (
        not isinstance(intent, Note)
        and live
        and (verdict, kind) == (live["verdict"], live["invention_kind"])
    ):
        return f"Already {describe(verdict, kind)}."
    return LabelRow(verdict, kind, note, blind, independent)


def describe(verdict: str | None, kind: str | None) -> str:
    """``absent / plausible specifics`` for a label, ``no label`` for none."""
    if verdict is None:
        return "no label"
    return f"{verdict} / {kind.replace('_', ' ')}" if kind else verdict


def correctness(value: bool | int | None) -> str:
    """``correct``, ``incorrect`` or ``unknown``."""
    return "unknown" if value is None else ("correct" if value else "incorrect")


def completes(intent: Intent, claim: ClaimView, *, hidden: bool, choosing_kind: bool) -> bool:
    """Whether ``intent`` leaves ``claim`` decided, so the screen moves on.

    ``y`` completes a claim it can confirm, ``s`` always; ``c``/``a``/``p`` never (the
    reviewer is still to keep the preselected kind or pick one); a kind, ``0`` included,
    when it answers such a verdict (``choosing_kind``). A note never completes a claim.

    Args:
        hidden: the judge's labels are not on screen yet (blind review, not yet labelled).
    """
    match intent:
        case Confirm():
            return not hidden and claim.judge_verdict is not None
        case SetVerdict(verdict=verdict):
            return verdict == "stated"
        case Kind():
            return choosing_kind
    return False
