"""A reviewer's decision as made (an ``Intent``) and what applying it did (``Outcome``).

Each intent is a small frozen dataclass named for the key that makes it; ``Intent`` is
their union, and the session applies one with a ``match``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from groundtui.report import Report
from groundtui.review.answer import ClaimView
from groundtui.review.queue import QueueRow


@dataclass(frozen=True)
class OnClaim:
    """A decision about one claim of an answer."""

    answer_id: str
    claim_id: str


@dataclass(frozen=True)
class SetVerdict(OnClaim):
    """``s`` ``c`` ``a`` ``p``: this reviewer's verdict on the claim."""

    verdict: str


@dataclass(frozen=True)
class Kind(OnClaim):
    """``1``–``4`` an invention kind, ``0`` none."""

    kind: str | None


@dataclass(frozen=True)
class Confirm(OnClaim):
    """``y``: the judge's verdict and kind, as this reviewer's."""


@dataclass(frozen=True)
class Note(OnClaim):
    """``e``: this reviewer's note on the claim (empty: none)."""

    text: str


@dataclass(frozen=True)
class Edit(OnClaim):
    """``E``: the claim rewritten, a new claim in its place."""

    text: str


@dataclass(frozen=True)
class Split(OnClaim):
    """``S``: the claim cut in two at offset ``at`` of its text."""

    at: int


@dataclass(frozen=True)
class Dismiss(OnClaim):
    """``x``: not a claim (a hedge, an offer to help)."""


@dataclass(frozen=True)
class Add:
    """``A``: a claim the judge missed, the span ``[start, end)`` of the response."""

    answer_id: str
    span: tuple[int, int]
    claim_id: str = ""


@dataclass(frozen=True)
class Mark:
    """``m``: the answer's correctness moved on (unknown, correct, incorrect)."""

    answer_id: str
    claim_id: str = ""


@dataclass(frozen=True)
class Undo:
    """``u``: this session's last change reverted."""

    answer_id: str = ""
    claim_id: str = ""


Intent = SetVerdict | Kind | Confirm | Note | Edit | Split | Dismiss | Add | Mark | Undo
LABELS = (SetVerdict, Kind, Confirm, Note)
"""The intents that append a label row (a review, or a lead's adjudication)."""
CORRECTIONS = (Edit, Split, Dismiss, Add)
"""The intents that change which claims an answer has."""


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
    row: QueueRow | None = None
    claims: list[ClaimView] = field(default_factory=list)
    """The answer's claims after the change; on a label refused because the claim has the
    reviewers it needs, the claims as they are now (the screen moves on past it)."""
    correct: bool | None = None
    counts: dict[str, int] = field(default_factory=dict)
    passed: bool = False
    """Refused because the answer is not this reviewer's any more (freed from them, or
    someone else's): the screen moves past it."""
    waiting: bool = False
    """Not saved yet: the database is locked by another program, and the write is retried."""
