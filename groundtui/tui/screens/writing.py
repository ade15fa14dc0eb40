"""The review screen's writes: each decision queued, saved by the session in a worker, and
the screen redrawn from what was committed.

A write the database is too busy for shows as pending until it lands; ``q`` waits for it.
"""

from __future__ import annotations

from textual import work

from groundtui.tui import messages
from groundtui.tui.intents import CORRECTIONS
from groundtui.tui.screens.pane_keys import PaneKeys
from groundtui.tui.session import Intent, ReviewSession
from groundtui.tui.widgets.queue import QueuePane


class Writing(PaneKeys):
    """The panes, with the decisions made on them written in order and shown once saved."""

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__(db_path, session)
        self._waiting = False
        self._quitting = False
        self.then_say = ""
        """Said after the next "Saved" (where advance on decide could not go)."""

    def _submit(self, what: str, value: str | None = None) -> bool:
        """Queue one decision on the selected claim (or answer); False when there is none."""
        if self._read_only():
            return False
        claim = self.current_claim
        if what not in ("mark", "undo") and claim is None:
            self._status("This answer has no claim to label.")
            return False
        if what != "undo" and self.detail is None:
            return False
        answer_id = self.detail.id if self.detail else ""
        self._send(Intent(what, answer_id, claim.id if claim else "", value))
        return True

    def _send(self, intent: Intent) -> None:
        self.session.submit(intent)
        if self._waiting:
            self._show_pending()
        self.save()

    def _read_only(self) -> bool:
        if self.session.readonly:
            self._status("The database is read-only: labels are off.", warning=True)
        return self.session.readonly

    def _show_pending(self, saved: str = "") -> None:
        pending = self.session.pending
        labels = all(i.what in ("verdict", "kind", "confirm", "note") for i in pending)
        noun = ("label" if labels else "change") + ("" if len(pending) == 1 else "s")
        why = "the database is locked by another program; saving as soon as it is free…"
        then = " then quitting" if self._quitting else ""
        self._status(f"{saved}{len(pending)} {noun} pending: {why}{then}", warning=True)

    @work(thread=True, group="save", exit_on_error=False)
    def save(self) -> None:
        """Apply the queued decisions in order; each is committed before it is reported."""
        def deliver(outcome: messages.Outcome) -> None:
            self.post_message(messages.ChangeApplied(outcome))

        self.session.drain(deliver)

    def on_change_applied(self, message: messages.ChangeApplied) -> None:
        outcome = message.outcome
        if outcome.waiting:
            self._waiting = True
            self._show_pending()
            return
        self._waiting = self._waiting and bool(self.session.pending)
        if self._quitting and not self.session.pending:
            self.app.exit()
        if not outcome.saved or outcome.intent.what == "undo":
            self.labelled_now.discard(outcome.claim_id or outcome.intent.claim_id)
        if not outcome.saved:
            self._status(outcome.message, warning=True)
            return
        self.report, self.report_ready = outcome.report, True
        if outcome.reviewed_before != outcome.reviewed_after:
            listed = any(r.answer_id == outcome.answer_id for r in self.rows)
            if self.progress is None:
                if self._counts_started:  # the count under way may predate this change
                    self.count_progress(self._queue_token, self.filter)
            elif listed or not self.filter.active:
                reviewed, total = self.progress
                self.progress = (reviewed + (1 if outcome.reviewed_after else -1), total)
            else:
                self.count_progress(self._queue_token, self.filter)
        if outcome.row is not None:
            for i, row in enumerate(self.rows):
                if row.answer_id == outcome.answer_id:
                    outcome.row.tier, self.rows[i] = row.tier, outcome.row
                    self.query_one(QueuePane).row_changed(i)
        self._show_progress()
        if self.detail is not None and self.detail.id == outcome.answer_id:
            self.detail.claims = outcome.claims
            self.detail.correct = outcome.correct
            ids = [c.id for c in outcome.claims]
            if outcome.intent.what in ("undo", *CORRECTIONS) and outcome.claim_id in ids:
                self.claim = ids.index(outcome.claim_id)
            # A dismissed claim is gone from the list: the one after it is selected.
            self.claim = max(0, min(self.claim, len(ids) - 1))
            self._draw()
        elif outcome.intent.what == "undo":
            where = next(
                (i for i, r in enumerate(self.rows) if r.answer_id == outcome.answer_id), None
            )
            if where is not None:
                self._open(where, outcome.claim_id or None)
        self._render_report()
        said, self.then_say = (
            f"{outcome.message} · {self.then_say}" if self.then_say else outcome.message, ""
        )
        if self._waiting:
            self._show_pending(f"{said} · ")
        else:
            self._status(said)
