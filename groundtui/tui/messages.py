"""Messages that bring database work back from workers, and say what changed.

A result names the request it answers (``token``) where a late answer to an abandoned
request (the reviewer moved on, or changed the filter) must be recognised and dropped.
"""

from __future__ import annotations

from textual.message import Message

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.intents import Outcome


class AnswerLoaded(Message):
    """One answer was read in full (``detail`` is None when it is gone or could not be read)."""

    def __init__(self, token: int, detail: AnswerDetail | None, claim_id: str | None) -> None:
        super().__init__()
        self.token = token
        self.detail = detail
        self.claim_id = claim_id


class ClaimsRefreshed(Message):
    """The open answer's claims, read again after another connection's change."""

    def __init__(self, token: int, answer_id: str, claims: list[ClaimView]) -> None:
        super().__init__()
        self.token = token
        self.answer_id = answer_id
        self.claims = claims


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
