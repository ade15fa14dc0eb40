"""The review screen's writer: each decision queued for the session, written in order by a
worker, each reported back as ``ChangeApplied`` once committed.

A write the database is too busy for shows as pending on the status line until it lands,
with every decision made meanwhile queued behind it; ``q`` waits for the last one.
"""

from __future__ import annotations

from textual import work
from textual.widget import Widget

from groundtui.review.intents import LABELS, Intent, Outcome
from groundtui.review.session import ReviewSession
from groundtui.tui.messages import ChangeApplied
from groundtui.tui.widgets.bars import StatusLine


class DecisionWriter(Widget):
    """Sends intents to the session's write queue and says what is pending. Draws nothing."""

    DEFAULT_CSS = "DecisionWriter { display: none; }"

    def __init__(self, session: ReviewSession, status: StatusLine) -> None:
        super().__init__()
        self.session = session
        self.status = status
        self.waiting = False
        """A write waits for another program's lock."""
        self.quitting = False
        """``q`` was pressed: the app exits once the last write lands."""

    def read_only(self) -> bool:
        """Whether labels are off (said on the status line when they are)."""
        if self.session.readonly:
            self.status.say("The database is read-only: labels are off.", warning=True)
        return self.session.readonly

    def send(self, intent: Intent) -> bool:
        """Queue ``intent`` and start writing; False when labels are off."""
        if self.read_only():
            return False
        self.session.submit(intent)
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
        """Take note of an outcome; False when it only says a write is waiting."""
        if outcome.waiting:
            self.waiting = True
            self.say_pending()
            return False
        self.waiting = self.waiting and bool(self.session.pending)
        if self.quitting and not self.session.pending:
            self.app.exit()
        return True

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
