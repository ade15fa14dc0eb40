"""Where the reviewer is in the queue, and where each key takes them from there.

The screen keeps one ``Place``: the open answer's row, the way the reviewer last moved,
the claims labelled here whose rows may not be read back yet, and the claim a ``c``, ``a``
or ``p`` left waiting for its kind. Each key that moves asks it for a ``Move`` (a claim
to select, an answer to open, the queue's next page to read, a sentence to say) and the
screen carries the move out; nothing here reads the database or draws.

Advance on decide (``labels.completes``): a key that completes a claim moves on to the
next claim of the answer left for this reviewer, wrapping round it, then to the next
answer of the queue with a claim left for them (one with none is passed as it opens). ``c``, ``a`` or ``p`` keep the claim on screen with
the judge's kind preselected until ``y`` keeps it or a digit picks one, so that the digit
typed next never lands on the next claim.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.intents import Confirm, Intent, Kind, Note, Outcome, SetVerdict, Undo
from groundtui.review.label_rules import completes, describe
from groundtui.review.queue import QueueRow

KIND_PROMPT = " · y keeps the kind, 1–4 picks one, 0 none"
"""Said after the "Saved" of a ``c``, ``a`` or ``p`` that waits for its kind."""


@dataclass(frozen=True)
class SelectClaim:
    """Select claim ``index`` of the open answer."""

    index: int


@dataclass(frozen=True)
class OpenAnswer:
    """Open the answer at row ``index`` of the queue."""

    index: int
    step: int = 1
    """The way the reviewer moved: an answer found taken meanwhile is passed this way."""


@dataclass(frozen=True)
class ReadOn:
    """Nothing further in the queue read so far: read its next page, or say ``at_the_end``.

    ``saving``: a label got here; the sentence is said again after its "Saved".
    """

    at_the_end: str
    saving: bool = False


@dataclass(frozen=True)
class Say:
    """Stay where the reviewer is, and say why."""

    text: str


Move = SelectClaim | OpenAnswer | ReadOn | Say


def next_unlabelled(
    claims: Sequence[ClaimView], current: int, labelled: Collection[str]
) -> int | None:
    """The next claim after ``current`` left for the reviewer to label (not labelled by
    them nor ``settled`` by others), wrapping round the answer; None when there is none.

    Args:
        labelled: claims labelled since the answer was read, whose rows may not be read
            back yet.
    """
    count = len(claims)
    for step in range(1, count):
        index = (current + step) % count
        claim = claims[index]
        if claim.left_to_label and claim.id not in labelled:
            return index
    return None


def first_unlabelled(claims: Sequence[ClaimView], labelled: Collection[str]) -> int | None:
    """The first claim left for the reviewer to label; None when there is none."""
    for index, claim in enumerate(claims):
        if claim.left_to_label and claim.id not in labelled:
            return index
    return None


def row_of(rows: Sequence[QueueRow], answer_id: str) -> int | None:
    """The queue row of answer ``answer_id`` among the rows read so far, if there."""
    return next((i for i, row in enumerate(rows) if row.answer_id == answer_id), None)


def reselect(
    claims: Sequence[ClaimView], selected: ClaimView | None, index: int, wanted: str | None
) -> int:
    """The claim to select once the open answer's claims are read back: ``wanted`` (an
    undo's, a correction's claim), else the same claim as before (``selected``, at
    ``index``), else the one now at its place (a dismissed claim: the one after it)."""
    ids = [c.id for c in claims]
    keep = wanted if wanted in ids else (selected.id if selected else None)
    return max(ids.index(keep) if keep in ids else min(index, len(ids) - 1), 0)


@dataclass
class Place:
    """The reviewer's place in the queue and what their last keys left pending."""

    index: int = 0
    """The open answer's row in the queue."""
    step: int = 1
    """The way the reviewer last moved through the queue: a taken answer is passed so."""
    labelled: set[str] = field(default_factory=set)
    """Claims labelled here whose rows may not be read back yet."""
    choosing_kind: str | None = None
    """The claim a ``c``/``a``/``p`` left on screen until ``y`` keeps its kind or a digit
    picks one."""
    pick_unlabelled: bool = False
    """The answer opening was reached by moving on: select its first unlabelled claim."""
    then_say: str = ""
    """Said after the next "Saved" (where advance on decide could not go)."""

    # -- moving -------------------------------------------------------------------------

    def opened(self, move: OpenAnswer) -> None:
        """The screen opens the answer ``move`` names."""
        self.index, self.step = move.index, move.step

    def claim_step(self, claims: Sequence[ClaimView], current: int, step: int) -> Move | None:
        """``j``/``k``: the next (1) or previous (-1) claim; None at either end."""
        new = max(0, min(len(claims) - 1, current + step))
        return SelectClaim(new) if claims and new != current else None

    def answer_step(self, step: int, rows: int) -> Move:
        """``n``/``N``: the next (1) or previous (-1) answer of the ``rows`` read so far."""
        new = self.index + step
        if new < 0:
            return Say("This is the first answer of the queue.")
        if new >= rows:
            return ReadOn("This is the last answer of the queue.")
        return OpenAnswer(new, step)

    def advance(self, claims: Sequence[ClaimView], current: int, rows: Sequence[QueueRow]) -> Move:
        """The next claim of this answer not labelled; after the last, the next answer of
        the queue with a claim (one without has nothing to label: ``n`` shows it)."""
        found = next_unlabelled(claims, current, self.labelled)
        if found is not None:
            return SelectClaim(found)
        nxt = next((i for i in range(self.index + 1, len(rows)) if rows[i].claims), None)
        if nxt is None:
            return ReadOn("No answer with a claim after this one in the queue.", saving=True)
        self.pick_unlabelled = True
        return OpenAnswer(nxt)

    def next_unlabelled(
        self, claims: Sequence[ClaimView], current: int, rows: Sequence[QueueRow]
    ) -> Move:
        """``space``: the next claim not labelled anywhere in the queue, from here on."""
        for index in range(current + 1, len(claims)):
            if claims[index].left_to_label and claims[index].id not in self.labelled:
                return SelectClaim(index)
        for index in range(self.index + 1, len(rows)):
            if rows[index].claims and rows[index].state != "reviewed":
                self.pick_unlabelled = True
                return OpenAnswer(index)
        return ReadOn("No claim left to label after this one in the queue.")

    def past_taken(self, rows: Sequence[QueueRow]) -> OpenAnswer | None:
        """The answer after one passed (someone else's, freed from the reviewer, or with
        nothing left for them), the way the reviewer moved:
        moving on by deciding, the next with a claim, as ``advance`` picks (an answer
        without one would leave every label key with nothing to label); None when the rows
        read so far end first."""
        nxt = self.index + self.step
        while self.pick_unlabelled and 0 <= nxt < len(rows) and not rows[nxt].claims:
            nxt += self.step
        return OpenAnswer(nxt, self.step) if 0 <= nxt < len(rows) else None

    def claim_on_open(self, detail: AnswerDetail | None, claim_id: str | None) -> int | None:
        """The claim to select in the answer just read: ``claim_id`` if it has it, its first
        claim left for the reviewer when moving on reached it, else its first. None: moving
        on reached an answer with nothing left for the reviewer, to be passed (``past``)."""
        ids = [c.id for c in detail.claims] if detail else []
        if claim_id in ids:
            claim: int | None = ids.index(claim_id)
        elif self.pick_unlabelled and detail is not None and detail.claims:
            claim = first_unlabelled(detail.claims, self.labelled)
            if claim is None:
                return None  # still moving on: the next answer opens on a claim left
        else:
            claim = 0
        self.pick_unlabelled = False
        return claim

    def shown(self, claim: ClaimView | None) -> None:
        """Claim ``claim`` is on screen: a kind waited for on another one is no longer."""
        if claim is None or claim.id != self.choosing_kind:
            self.choosing_kind = None

    # -- deciding -----------------------------------------------------------------------

    def completes(self, intent: Intent, claim: ClaimView, *, hidden: bool) -> bool:
        """Whether ``intent`` leaves ``claim`` decided (``labels.completes``).

        Args:
            hidden: the judge's labels are not on screen yet (blind review, not yet labelled).
        """
        choosing = self.choosing_kind == claim.id
        return completes(intent, claim, hidden=hidden, choosing_kind=choosing)

    def sent(self, intent: Intent, claim: ClaimView, done: bool) -> None:
        """``intent`` on ``claim`` went to be written; ``done``: it completes the claim."""
        if isinstance(intent, SetVerdict) and not done:
            self.choosing_kind = claim.id
        elif isinstance(intent, (SetVerdict, Confirm, Kind)):
            self.choosing_kind = None
        if not isinstance(intent, Note):
            self.labelled.add(claim.id)

    def keep_kind(self, answer_id: str, claim: ClaimView) -> str | None:
        """``y`` on a claim waiting for its kind keeps the kind: what to say; None when
        ``y`` confirms the judge's labels instead."""
        if claim.id != self.choosing_kind:
            return None
        self.choosing_kind = None
        label = describe(claim.mine_verdict, claim.mine_kind) if claim.mine_verdict else ""
        return f"Kept {answer_id} #{claim.number}{': ' + label if label else ''}"

    def landed(self, outcome: Outcome) -> None:
        """A write came back: a claim it did not label (refused, undone) is unlabelled
        again, as far as moving on knows, until its rows are read."""
        if not outcome.saved or isinstance(outcome.intent, Undo):
            self.labelled.discard(outcome.claim_id or outcome.intent.claim_id)

    def saved(self, outcome: Outcome) -> str:
        """What to say of a saved write: its sentence, what the claim waits for, and what
        advance on decide could not do."""
        said = outcome.message
        if self.choosing_kind is not None and self.choosing_kind == outcome.claim_id:
            said += KIND_PROMPT
        said, self.then_say = (f"{said} · {self.then_say}" if self.then_say else said, "")
        return said
