"""The review screen: one key per decision (keys.py), each saved by the session in a worker.

The panes it decides by, and the reads that fill them, are ``ReviewPanes``' (review_panes.py).
A key acts on the answer on screen: one that arrives while the next answer is still being
read is held and replayed once that answer is shown (held_keys.py). Writing the decisions,
and what the screen shows of each, is ``Writing``'s (writing.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import on, work

from groundtui.tui import messages, queue_data
from groundtui.tui.advance import completes, next_unlabelled
from groundtui.tui.commands import ReviewCommands
from groundtui.tui.keys import KIND_KEYS, help_order, review_bindings
from groundtui.tui.queue_data import QueueFilter
from groundtui.tui.screens.held_keys import HeldKeys, on_the_answer_shown
from groundtui.tui.session import Intent, ReviewSession
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane


class ReviewScreen(HeldKeys):
    """Everything a reviewer needs to decide a claim, and the keys to decide it."""

    BINDINGS = review_bindings()
    COMMANDS: ClassVar[set] = {ReviewCommands}

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__(db_path, session)
        self._wants_kind: str | None = None
        """The claim a ``c``/``a``/``p`` left waiting for its kind (advance on decide)."""

    # -- decisions ---------------------------------------------------------------------

    def _decide(self, what: str, value: str | None = None) -> None:
        """Label the selected claim; move on when the key completes it (advance on decide)."""
        claim = self.current_claim
        if claim is None or self.session.readonly:
            self._submit(what, value)
            return
        hidden = (
            self.session.blind and not self.session.adjudicate and claim.judge_hidden(True)
        )
        done = completes(
            what, value, claim, hidden=hidden, after_verdict=self._wants_kind == claim.id
        )
        if not self._submit(what, value):
            return
        labels = what in ("verdict", "confirm") or (what == "kind" and value is not None)
        if what == "verdict" and not done:
            self._wants_kind = claim.id
        elif labels:  # 0 leaves a c/a/p still waiting for its kind
            self._wants_kind = None
        if labels:
            self.labelled_now.add(claim.id)
        if done and self.session.advance:
            self._advance()

    def _advance(self) -> None:
        """Select the next claim of this answer not labelled; after the last, the next answer
        of the queue with a claim (one without has nothing to label: ``n`` shows it)."""
        if self.detail is None:
            return
        found = next_unlabelled(self.detail.claims, self.claim, self.labelled_now)
        if found is not None:
            self.claim = found
            self._draw()
            return
        after = range(self.index + 1, len(self.rows))
        nxt = next((i for i in after if self.rows[i].claims), None)
        if nxt is not None:
            self._pick_unlabelled = True
            self._open(nxt)
        else:
            self._read_on("No answer with a claim after this one in the queue.", saving=True)

    def _read_on(self, at_the_end: str, saving: bool = False) -> None:
        """Nothing further in the queue read so far: read its next page, or say so (after
        the "Saved" of the key that got here, when ``saving``)."""
        if not self.more:
            self._status(at_the_end)
            if saving:
                self.then_say = at_the_end
            return
        self._status("Loading more answers…")
        if not self._loading_page:
            self._loading_page = True
            self.load_page(self._queue_token, self.filter, self.more, False)

    # -- actions -----------------------------------------------------------------------

    @on_the_answer_shown
    def action_claim(self, step: int) -> None:
        """Select the next (1) or previous (-1) claim."""
        if not self.detail or not self.detail.claims:
            return
        new = max(0, min(len(self.detail.claims) - 1, self.claim + step))
        if new != self.claim:
            self.claim = new
            self._draw()

    @on_the_answer_shown(moves=True)
    def action_answer(self, step: int) -> None:
        """Open the next (1) or previous (-1) answer of the queue."""
        new = self.index + step
        if new < 0:
            self._status("This is the first answer of the queue.")
        elif new >= len(self.rows):
            self._status(
                "Loading more answers…" if self.more else "This is the last answer of the queue."
            )
            self._prefetch()
        else:
            self._open(new, step=step)

    @on_the_answer_shown
    def action_next_unlabelled(self) -> None:
        """Select the next claim not labelled anywhere in the queue, from here on."""
        claims = self.detail.claims if self.detail else []
        for index in range(self.claim + 1, len(claims)):
            if claims[index].mine_verdict is None and claims[index].id not in self.labelled_now:
                self.claim = index
                self._draw()
                return
        for index in range(self.index + 1, len(self.rows)):
            if self.rows[index].claims and self.rows[index].state != "reviewed":
                self._pick_unlabelled = True
                self._open(index)
                return
        self._read_on("No claim left to label after this one in the queue.")

    @on_the_answer_shown
    def action_confirm(self) -> None:
        """Confirm the judge's verdict and kind."""
        self._decide("confirm")

    @on_the_answer_shown
    def action_verdict(self, verdict: str) -> None:
        """Set this reviewer's verdict on the claim."""
        self._decide("verdict", verdict)

    @on_the_answer_shown
    def action_kind(self, key: str) -> None:
        """Set (1-4) or clear (0) the invention kind."""
        self._decide("kind", KIND_KEYS[key])

    @on_the_answer_shown
    def action_mark(self) -> None:
        """Cycle the answer's correctness."""
        if self.detail is not None:
            self._submit("mark")

    @on_the_answer_shown
    def action_undo(self) -> None:
        """Undo this session's last change."""
        self._submit("undo")

    @on_the_answer_shown
    def action_note(self) -> None:
        """Open the note editor on the selected claim."""
        from groundtui.tui.screens.note import NoteScreen

        claim = self.current_claim
        if self._read_only():
            return
        if claim is None or self.detail is None:
            self._status("This answer has no claim to write a note on.")
            return
        answer_id, claim_id = self.detail.id, claim.id

        def saved(note: str | None) -> None:
            if note is not None:
                self._send(Intent("note", answer_id, claim_id, note))

        self.app.push_screen(NoteScreen(claim.text, claim.mine_note), saved)

    @on_the_answer_shown
    def action_dismiss_claim(self) -> None:
        """Dismiss the selected "claim" that is not one (a hedge, an offer to help)."""
        self.dismiss_claim()

    @on_the_answer_shown
    def action_edit_claim(self) -> None:
        """Edit the selected claim's text."""
        self.edit_claim()

    @on_the_answer_shown
    def action_split_claim(self) -> None:
        """Split the selected claim at a point chosen."""
        self.split_claim()

    @on_the_answer_shown
    def action_add_claim(self) -> None:
        """Add a claim the judge missed, selected from the answer."""
        self.add_claim()

    @on_the_answer_shown
    def action_filter(self) -> None:
        """Open the queue filter."""
        from groundtui.tui.screens.filter import FilterScreen

        def chosen(filt: QueueFilter | None) -> None:
            if filt is not None and filt != self.filter:
                self.filter = filt
                self._reload_queue()

        if self.origins is None:
            self._status("Reading the source origins…")
            self.load_origins()
            return
        self.app.push_screen(FilterScreen(self.filter, self.origins), chosen)

    @work(thread=True, exclusive=True, group="origins", exit_on_error=False)
    def load_origins(self) -> None:
        """Read the source origins the filter offers, then open it."""
        found = self._read("the origins", queue_data.origins)
        if found is not None:
            self.post_message(messages.OriginsLoaded(found))

    def on_origins_loaded(self, message: messages.OriginsLoaded) -> None:
        self.origins = message.origins
        self._status("")
        self.action_filter()

    def action_toggle_queue(self) -> None:
        """Show or hide the queue pane."""
        pane = self.query_one(QueuePane)
        pane.display = not pane.display

    @on_the_answer_shown(moves=True)
    def open_answer_id(self, answer_id: str) -> None:
        """Open the answer ``answer_id`` (the palette's jump): in the queue if loaded, else
        the queue filtered by that id."""
        where = next((i for i, r in enumerate(self.rows) if r.answer_id == answer_id), None)
        if where is not None:
            self._open(where)
            return
        self._status(f"{answer_id} is not in the queue read so far: filtering it by that id "
                     "(/ changes the filter).")
        self.filter = replace(self.filter, text=answer_id)
        self._reload_queue()

    def action_toggle_report(self) -> None:
        """Show or hide the report pane."""
        pane = self.query_one(ReportPane)
        pane.display = not pane.display

    def action_guidelines(self) -> None:
        """Show the team's review guidelines."""
        from groundtui.tui.screens.guidelines import GuidelinesScreen

        self.app.push_screen(GuidelinesScreen(self.db_path, self.session.readonly))

    def action_calibration(self) -> None:
        """Show where the judge and people differ (computed when it opens)."""
        from groundtui.tui.screens.calibration import CalibrationScreen

        self.app.push_screen(CalibrationScreen(self.db_path, self.session.readonly))

    def action_help(self) -> None:
        """List every key."""
        from groundtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(help_order(self.BINDINGS)))

    @on_the_answer_shown
    def action_quit(self) -> None:
        """Quit once every decision is committed (at once, unless one waits for the lock)."""
        if not self.session.pending:
            self.app.exit()
            return
        self._quitting = True
        if self._waiting:
            self._show_pending()  # then the ChangeApplied of the last one exits

    @on(QueuePane.AnswerChosen)
    @on_the_answer_shown(moves=True)
    def _answer_clicked(self, message: QueuePane.AnswerChosen) -> None:

        if 0 <= message.index < len(self.rows) and message.index != self.index:
            self._open(message.index)

    @on(ClaimsPane.ClaimChosen)
    @on_the_answer_shown
    def _claim_clicked(self, message: ClaimsPane.ClaimChosen) -> None:
        if self.detail and 0 <= message.index < len(self.detail.claims):
            self.claim = message.index
            self._draw()
