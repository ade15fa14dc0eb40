"""Messages that carry the results of database work from workers to the review screen.

Each result names the request it answers (``token``), so a late answer to an abandoned
request (the reviewer already moved on, or changed the filter) is recognised and dropped.
"""

from __future__ import annotations

from textual.message import Message

from groundtui.report import Report
from groundtui.tui.answer_data import AnswerDetail
from groundtui.tui.claim_data import ClaimView
from groundtui.tui.intents import Outcome
from groundtui.tui.queue_data import QueuePage


class QueuePageLoaded(Message):
    """A page of the queue was read (``page`` is None when the read failed)."""

    def __init__(self, token: int, page: QueuePage | None, first: bool) -> None:
        super().__init__()
        self.token = token
        self.page = page
        self.first = first


class ProgressCounted(Message):
    """How many answers of the (filtered) queue are reviewed, of how many."""

    def __init__(self, token: int, reviewed: int, total: int, team: str = "") -> None:
        super().__init__()
        self.token = token
        self.reviewed = reviewed
        self.total = total
        self.team = team
        """The team's progress line (``TeamProgress.line``)."""


class AnswerLoaded(Message):
    """One answer was read in full (``detail`` is None when it is gone or could not be read)."""

    def __init__(self, token: int, detail: AnswerDetail | None, claim_id: str | None) -> None:
        super().__init__()
        self.token = token
        self.detail = detail
        self.claim_id = claim_id


class ChangeApplied(Message):
    """A decision was committed to the database, or refused with a reason."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


class ReportComputed(Message):
    """The report (keys of README "The report"), or None when it could not be read (the status says why)."""

    def __init__(self, report: Report | None, live: bool = False) -> None:
        super().__init__()
        self.report = report
        self.live = live
        """Read after another connection's change: newer than what is on screen."""


class OriginsLoaded(Message):
    """The source origins the filter can choose from."""

    def __init__(self, origins: list[str]) -> None:
        super().__init__()
        self.origins = origins


class WorkFailed(Message):
    """A read failed (a locked or vanished database): shown, never fatal."""

    def __init__(self, what: str, error: str) -> None:
        super().__init__()
        self.what = what
        self.error = error


class DatabaseChanged(Message):
    """The database's newest rows moved: someone's label, a judge, an import."""

    def __init__(self, last_rows: tuple, first: bool = False) -> None:
        super().__init__()
        self.last_rows = last_rows
        self.first = first
        """The first look, which only records where the database stands."""


class ClaimsRefreshed(Message):
    """The open answer's claims, read again after another connection's change."""

    def __init__(self, token: int, answer_id: str, claims: list[ClaimView]) -> None:
        super().__init__()
        self.token = token
        self.answer_id = answer_id
        self.claims = claims
class TeamCounted(Message):
    """The report's team keys (``reviewers``, ``overlap``), read in a worker."""

    def __init__(self, numbers: dict) -> None:
        super().__init__()
        self.numbers = numbers
