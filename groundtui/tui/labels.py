"""What a reviewer's key makes of a claim's label: the rules, pure, and how a label reads.

A key (a verdict, a kind, confirm, a note) never edits a label: it appends a new review row
built from this reviewer's latest one and the judge's. ``relabel`` decides that row, or
says in one sentence why there is none to append; the session writes it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class LabelRow(NamedTuple):
    """The review row a key appends for one claim."""

    verdict: str | None
    kind: str | None
    note: str
    blind: bool
    """Chosen with the judge's labels hidden (blind review)."""


def relabel(
    what: str,
    value: str | None,
    *,
    mine: dict[str, Any] | None,
    judge_verdict: str | None,
    judge_kind: str | None,
    hidden: bool,
) -> LabelRow | str:
    """The row that ``what`` (verdict, kind, confirm or note) with ``value`` appends.

    Args:
        what: the intent: ``verdict``, ``kind``, ``confirm`` or ``note``.
        value: the verdict, the kind (None clears it) or the note text.
        mine: this reviewer's latest review row of the claim, if any.
        judge_verdict: the judge's verdict on the claim, if any.
        judge_kind: the judge's invention kind, if any.
        hidden: the judge's labels are not on screen yet (blind review, not yet labelled).

    Returns:
        The row to append, or the reason there is none (shown to the reviewer).
    """
    live = mine if mine and mine["verdict"] is not None else None
    note = mine["note"] if mine else ""
    verdict = live["verdict"] if live else None
    kind = live["invention_kind"] if live else None
    blind = bool(live and live["blind"])
    if what == "verdict":
        new_verdict = value
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
        # A label is blind when its verdict was chosen with the judge's hidden.
        blind = hidden or (blind and new_verdict == verdict)
        verdict = new_verdict
    elif what == "kind":
        if verdict is None:
            if hidden or judge_verdict is None:
                return "Set a verdict first (s, c, a or p)."
            verdict, blind = judge_verdict, False
        if verdict == "stated" and value is not None:
            return "A stated claim has no invention kind: set c, a or p first."
        kind = value
    elif what == "confirm":
        if hidden:
            return "Blind review: label the claim (s, c, a or p) to see the judge's verdict."
        if judge_verdict is None:
            return "No judge verdict to confirm: label the claim with s, c, a or p."
        verdict, kind, blind = judge_verdict, judge_kind, False
    elif what == "note":
        note = value or ""
        if mine is not None and note == (mine["note"] or ""):
            return "Note unchanged."
    else:
        return f"Unknown action {what!r}."
    if what != "note" and live and (verdict, kind) == (live["verdict"], live["invention_kind"]):
        return f"Already {describe(verdict, kind)}."
    return LabelRow(verdict, kind, note, blind)


def describe(verdict: str | None, kind: str | None) -> str:
    """``absent / plausible specifics`` for a label, ``no label`` for none."""
    if verdict is None:
        return "no label"
    return f"{verdict} / {kind.replace('_', ' ')}" if kind else verdict


def correctness(value: bool | int | None) -> str:
    """``correct``, ``incorrect`` or ``unknown``."""
    return "unknown" if value is None else ("correct" if value else "incorrect")
