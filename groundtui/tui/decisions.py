"""The reviewer's decisions: what each label key makes of the selected claim, queued for the
session, written in order by a worker, each reported back as ``ChangeApplied`` once
committed.

The screen binds ``Decisions`` to the ``OnScreen`` it shows (Textual's data binding) and
shares its ``Place``, which says whether a label completes the claim (the screen then moves on:
advance on decide) and keeps what a ``c``, ``a`` or ``p`` leaves waiting for its kind. A
write the database is too busy for shows as pending on the status line until it lands,
with every decision made meanwhile queued behind it; ``q`` waits for the last one.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.reactive import reactive
from textual.widget import Widget

from groundtui.review.intents import LABELS, Confirm, Dismiss, Intent, Mark, Outcome, Undo
from groundtui.review.place import Place
from groundtui.review.session import ReviewSession
from groundtui.tui.messages import ChangeApplied
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.widgets.bars import StatusLine


class Decisions(Widget):
    """Makes each key's intent on the selected claim, sends it to the session's write queue
    and says what is pending. Draws nothing."""

    DEFAULT_CSS = "Decisions { display: none; }"

    on_screen: reactive[OnScreen] = reactive(OnScreen, init=False)
    """The answer on screen and its selected claim (bound to the screen's)."""

    def __init__(self, session: ReviewSession, status: StatusLine, place: Place) -> None:
        super().__init__()
        self.session = session
        self.status = status
        self.place = place
        self.waiting = False
        """A write waits for another program's lock."""
        self.quitting = False
        """``q`` was pressed: the app exits once the last write lands."""
        self.in_flight = 0
        """Writes sent whose outcome has not come back: a "Saved" is still to be said."""

    def read_only(self) -> bool:
        """Whether labels are off (said on the status line when they are)."""
        if self.session.readonly:
            self.status.say("The database is read-only: labels are off.", warning=True)
        return self.session.readonly

    # -- the keys --------------------------------------------------------------------------

    def label(self, make: Callable[[str, str], Intent]) -> bool:
        """Send the label ``make(answer id, claim id)`` of the selected claim, or say why
        not; True when it completes the claim and the screen should move on."""
        if self.read_only():
            return False
        claim, detail = self.on_screen.current, self.on_screen.detail
        if detail is None:
            self.say_nothing()
            return False
        if claim is None:
            self.status.say("This answer has no claim to label.")
            return False
        intent = make(detail.id, claim.id)
        hidden = self.session.blind and not self.session.adjudicate and claim.judge_hidden(True)
        done = self.place.completes(intent, claim, hidden=hidden)
        if not self.send(intent):
            return False
        self.place.sent(intent, claim, done)
        return done and self.session.advance

    def confirm(self) -> bool:
        """``y``: confirm the judge's verdict and kind; after ``c``/``a``/``p``, keep the
        kind. True when the screen should move on."""
        claim, detail = self.on_screen.current, self.on_screen.detail
        if claim is not None and detail is not None:
            kept = self.place.keep_kind(detail.id, claim)
            if kept is not None:
                self.status.say(kept)
                return self.session.advance
        return self.label(Confirm)

    def mark(self) -> None:
        """``m``: cycle the open answer's correctness."""
        if self.on_screen.detail is None:
            self.say_nothing()
        else:
            self.send(Mark(self.on_screen.detail.id))

    def dismiss_claim(self) -> None:
        """``x``: dismiss the selected "claim" that is not one (a hedge, an offer to help)."""
        detail, claim = self.on_screen.detail, self.on_screen.current
        if self.read_only():
            return
        if detail is None:
            self.say_nothing()
        elif claim is None:
            self.status.say("This answer has no claim to dismiss.")
        else:
            self.send(Dismiss(detail.id, claim.id))

    def correct(self, what: str) -> None:
        """Open the dialog of a note (``e``), an edit (``E``), a split (``S``) or a claim
        added (``A``) on the selected claim, and send what it answers (``correct.ask``)."""
        from groundtui.tui.screens.correct import ask

        detail = self.on_screen.detail
        if self.read_only():
            return
        if detail is None:
            self.say_nothing()
            return
        why_not = ask(self.app, what, detail, self.on_screen.current, self.send)
        if why_not is not None:
            self.status.say(why_not)

    def say_nothing(self) -> None:
        """Say why no answer is on screen (the queue holds none for this reviewer)."""
        if self.on_screen.nothing:
            self.status.say(self.on_screen.nothing)

    def undo(self) -> None:
        """``u``: undo this session's last change."""
        self.send(Undo())

    # -- writing -------------------------------------------------------------------------

    def send(self, intent: Intent) -> bool:
        """Queue ``intent`` and start writing; False when labels are off."""
        if self.read_only():
            return False
        self.session.submit(intent)
        self.in_flight += 1
        if self.waiting:
            self.say_pending()
        self._write()
        return True

    def quit(self) -> None:
        """Quit once every decision is committed (at once, unless one waits for the lock)."""
        if not self.session.pending:
            self.app.exit()
            return
        self.quitting = True
        if self.waiting:
            self.say_pending()  # then the last write's outcome exits

    def landed(self, outcome: Outcome) -> bool:
        """Take note of an outcome; True when it saved a change (the panes then take it),
        False when it only says a write is waiting or says why it was refused."""
        if outcome.waiting:
            self.waiting = True
            self.say_pending()
            return False
        self.in_flight = max(0, self.in_flight - 1)
        self.waiting = self.waiting and bool(self.session.pending)
        if self.quitting and not self.session.pending:
            self.app.exit()
        self.place.landed(outcome)
        if not outcome.saved:
            self.status.say(outcome.message, warning=True)
        return outcome.saved

    def say(self, said: str, warning: bool = False) -> None:
        """Say what a write did, with what is still pending."""
        if self.waiting:
            self.say_pending(f"{said} · ")
        else:
            self.status.say(said, warning)

    def say_pending(self, saved: str = "") -> None:
        """``2 labels pending: the database is locked by another program…``."""
        pending = self.session.pending
        labels = all(isinstance(i, LABELS) for i in pending)
        noun = ("label" if labels else "change") + ("" if len(pending) == 1 else "s")
        why = "the database is locked by another program; saving as soon as it is free…"
        then = " then quitting" if self.quitting else ""
        self.status.say(f"{saved}{len(pending)} {noun} pending: {why}{then}", warning=True)

    @work(thread=True, group="save", exit_on_error=False)
    def _write(self) -> None:
        """Apply the queued decisions in order; each is committed before it is reported."""

        def deliver(outcome: Outcome) -> None:
            self.post_message(ChangeApplied(outcome))

        self.session.drain(deliver)
