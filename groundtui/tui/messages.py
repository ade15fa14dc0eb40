"""Messages the review screen hears from more than one part of it: a change written, a
read that failed, the database changed by someone, what a pane's key did. A pane's own news
is a message nested in the pane (``QueuePane.Loaded``, ``AnswerView.Loaded``)."""

from __future__ import annotations

from textual.message import Message

from groundtui.review.intents import Outcome


class ChangeApplied(Message):
    """A decision was committed to the database, or refused with a reason."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


class ReadFailed(Message):
    """A read failed (a locked or vanished database): shown, never fatal."""

    def __init__(self, what: str, error: str) -> None:
        super().__init__()
        self.what = what
        self.error = error


class DatabaseChanged(Message):
    """Someone wrote to the database since the last look: a label, a judge, an import."""


class Said(Message):
    """What a pane's key did, for the status line: ``Source [2]: not cited by this claim.``"""

    def __init__(self, text: str, warning: bool = False) -> None:
        super().__init__()
        self.text = text
        self.warning = warning
