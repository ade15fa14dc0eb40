"""A reviewer's decision as made (``Intent``) and what applying it did (``Outcome``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from groundtui.report import Report
from groundtui.tui import claim_data, queue_data

#: The intents that correct the claims themselves; each ``value``: ``edit`` the new text,
#: ``split`` the offset in the claim's text, ``add`` the span ``"start:end"`` of the response.
CORRECTIONS = ("edit", "split", "add", "dismiss")


@dataclass(frozen=True)
class Intent:
    """A decision as the reviewer made it: ``what`` is verdict, kind, confirm, note, mark,
    undo, or one of ``CORRECTIONS``."""

    what: str
    answer_id: str = ""
    claim_id: str = ""
    value: str | None = None


@dataclass
class Outcome:
    """What applying an intent did; ``saved`` is False when it was refused or a no-op."""

    intent: Intent
    saved: bool
    message: str
    answer_id: str = ""
    claim_id: str = ""
    report: Report | None = None
    reviewed_before: bool = False
    reviewed_after: bool = False
    row: queue_data.QueueRow | None = None
    claims: list[claim_data.ClaimView] = field(default_factory=list)
    correct: bool | None = None
    counts: dict[str, int] = field(default_factory=dict)
    waiting: bool = False
    """Not saved yet: the database is locked by another program, and the write is retried."""
