"""What the review screen shows: one answer (or none) and its selected claim.

The screen holds one ``OnScreen`` in a reactive and hands it down to the answer, claims
and source panes, which each draw it; a new answer, a claim selected, a label read back
are each a new ``OnScreen``.
"""

from __future__ import annotations

from dataclasses import dataclass

from groundtui.review.answer import AnswerDetail, ClaimView


@dataclass(frozen=True)
class OnScreen:
    """An answer on screen (None: none) with claim ``claim`` selected."""

    detail: AnswerDetail | None = None
    claim: int = 0
    blind: bool = False
    """Blind review: the judge's labels stay hidden until this reviewer labels a claim."""
    reading: bool = False
    """No answer yet because the first is still being read (not because there is none)."""

    @property
    def current(self) -> ClaimView | None:
        """The selected claim, if the answer has any."""
        if self.detail and 0 <= self.claim < len(self.detail.claims):
            return self.detail.claims[self.claim]
        return None
