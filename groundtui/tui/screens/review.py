"""The review screen: queue, answer, claims, source and report; one key per decision."""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from groundtui.store import Store, StoreError
from groundtui.tui import messages, queue_data
from groundtui.tui.answer_data import AnswerDetail, ClaimView, load_answer
from groundtui.tui.keys import KIND_KEYS, help_order, review_bindings
from groundtui.tui.queue_data import QueueFilter, QueueRow
from groundtui.tui.safe import one_line
from groundtui.tui.session import Intent, ReviewSession, report_of
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane
from groundtui.tui.widgets.source import SourcePane

PREFETCH = 20


class ReviewScreen(Screen):
    """Everything a reviewer needs to decide a claim, and the keys to decide it."""

    BINDINGS = review_bindings()
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]
    """Below 100 columns the queue is hidden (app.tcss)."""
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]
    """Below 34 rows the report is hidden until ``r``."""
    page_size = queue_data.PAGE
    """Answers read per page of the queue."""

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__()
        self.db_path = db_path
        self.session = session
        self.filter = QueueFilter()
        self.rows: list[QueueRow] = []
        self.more: tuple[int, int] | None = None
        self.index = 0
        self.detail: AnswerDetail | None = None
        self.claim = 0
        self.progress: tuple[int, int] | None = None
        self.report: dict | None = None
        self.report_ready = False
        self.origins: list[str] | None = None
        self._queue_token = 0
        self._answer_token = 0
        self._loading_page = False
        self._counts_started = False

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        blind = self.session.blind
        yield Header(icon="⚑")
        with Horizontal(id="panes"):
            yield QueuePane(blind=blind, id="queue")
            with Vertical(id="middle"):
                yield AnswerView(id="answer")
                yield ClaimsPane(self.session.reviewer, blind=blind, id="claims")
            with Vertical(id="right"):
                yield SourcePane(id="source")
                yield ReportPane(id="report")
        yield Static(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(ClaimsPane).border_title = "Claims"
        self.query_one(SourcePane).border_title = "Source"
        self.query_one(ReportPane).border_title = "Report"
        self.query_one(AnswerView).border_title = "Answer"
        self._reload_queue()

    # -- reading (in workers) ----------------------------------------------------------

    def _read(self, what: str, query):
        """``query(store)`` on a store of this thread; a failure is reported, not raised."""
        try:
            with Store(self.db_path) as store:
                return query(store)
        except (StoreError, sqlite3.Error) as exc:
            self.post_message(messages.WorkFailed(what, str(exc)))
            return None

    def on_work_failed(self, message: messages.WorkFailed) -> None:
        self._status(f"Could not read {message.what}: {message.error}", warning=True)

    # -- the queue -------------------------------------------------------------------

    def _reload_queue(self) -> None:
        self._queue_token += 1
        self.rows, self.more, self.index, self.progress = [], None, 0, None
        # Text, not a str: the filter holds what the reviewer typed, which is not markup.
        title = Text(
            f"Queue · {one_line(self.filter.describe(), 80)}" if self.filter.active else "Queue"
        )
        self.query_one(QueuePane).reset(title)
        self._loading_page = True
        self.load_page(self._queue_token, self.filter, (0, 0), True)
        if self._counts_started:
            self.count_progress(self._queue_token, self.filter)

    @work(thread=True, exclusive=True, group="queue", exit_on_error=False)
    def load_page(self, token: int, filt: QueueFilter, after: tuple[int, int], first: bool) -> None:
        """Read one page of the queue."""
        blind = self.session.reviewer if self.session.blind else None
        page = self._read(
            "the queue", lambda s: queue_data.queue_page(s, filt, after, self.page_size, blind)
        )
        if page is not None and not get_current_worker().is_cancelled:
            self.post_message(messages.QueuePageLoaded(token, page, first))

    @work(thread=True, exclusive=True, group="progress", exit_on_error=False)
    def count_progress(self, token: int, filt: QueueFilter) -> None:
        """Count reviewed answers of the queue (a full scan: kept off the first screen)."""
        blind = self.session.reviewer if self.session.blind else None
        counted = self._read("the progress", lambda s: queue_data.progress(s, filt, blind))
        if counted is not None and not get_current_worker().is_cancelled:
            self.post_message(messages.ProgressCounted(token, *counted))

    def on_queue_page_loaded(self, message: messages.QueuePageLoaded) -> None:
        if message.token != self._queue_token:
            return
        self._loading_page = False
        self.rows.extend(message.page.rows)
        self.more = message.page.after
        self.query_one(QueuePane).show_rows(self.rows)
        self._show_progress()
        if message.first:
            if self.rows:
                self._open(0)
            else:
                self.detail = None
                self._draw()
                self._status(
                    "No answer matches the filter."
                    if self.filter.active
                    else "The database holds no answers yet."
                )
                self._after_first_screen()

    def on_progress_counted(self, message: messages.ProgressCounted) -> None:
        if message.token == self._queue_token:
            self.progress = (message.reviewed, message.total)
            self._show_progress()

    def _show_progress(self) -> None:
        reviewed, total = self.progress or (None, None)
        self.query_one(QueuePane).set_progress(
            reviewed, total, len(self.rows), self.more is not None
        )

    def _prefetch(self) -> None:
        if self.more and not self._loading_page and self.index >= len(self.rows) - PREFETCH:
            self._loading_page = True
            self.load_page(self._queue_token, self.filter, self.more, False)

    # -- one answer --------------------------------------------------------------------

    def _open(self, index: int, claim_id: str | None = None) -> None:
        self.index = index
        self.query_one(QueuePane).highlight(index)
        self._answer_token += 1
        self.load_answer(self._answer_token, self.rows[index].answer_id, claim_id)
        self._prefetch()

    @work(thread=True, exclusive=True, group="answer", exit_on_error=False)
    def load_answer(self, token: int, answer_id: str, claim_id: str | None) -> None:
        """Read one answer in full."""
        detail = self._read(
            "the answer", lambda s: load_answer(s, answer_id, self.session.reviewer)
        )
        if detail is not None and not get_current_worker().is_cancelled:
            self.post_message(messages.AnswerLoaded(token, detail, claim_id))

    def on_answer_loaded(self, message: messages.AnswerLoaded) -> None:
        if message.token != self._answer_token:
            return
        self.detail = message.detail
        ids = [c.id for c in self.detail.claims] if self.detail else []
        self.claim = ids.index(message.claim_id) if message.claim_id in ids else 0
        self._draw()
        self._after_first_screen()

    def _after_first_screen(self) -> None:
        """Start the whole-database counts once the reviewer has something to look at."""
        if not self._counts_started:
            self._counts_started = True
            self.count_progress(self._queue_token, self.filter)
            self.count_report()

    def _draw(self) -> None:
        """Draw the open answer and its selected claim; panes redraw only what changed."""
        claims = self.detail.claims if self.detail else []
        self.query_one(AnswerView).show(self.detail, self.claim, self.session.blind)
        self.query_one(ClaimsPane).show(claims, self.claim)
        self._render_source()

    def _render_source(self) -> None:
        claims = self.detail.claims if self.detail else []
        current = claims[self.claim] if 0 <= self.claim < len(claims) else None
        self.query_one(SourcePane).show(self.detail, current, self.session.blind)

    @property
    def current_claim(self) -> ClaimView | None:
        """The selected claim, if the answer has any."""
        if self.detail and 0 <= self.claim < len(self.detail.claims):
            return self.detail.claims[self.claim]
        return None

    # -- the report --------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="report", exit_on_error=False)
    def count_report(self) -> None:
        """Read the report (its counts are kept current by the database)."""
        report = self._read("the report", report_of)
        if not get_current_worker().is_cancelled:
            self.post_message(messages.ReportComputed(report))

    def on_report_computed(self, message: messages.ReportComputed) -> None:
        if not self.report_ready:  # a change's own report is newer than this one
            self.report, self.report_ready = message.report, True
            self._render_report()

    def _render_report(self) -> None:
        self.query_one(ReportPane).show(
            self.report,
            self.report_ready,
            dict(self.session.counts),
            self.session.reviewer,
            blind=self.session.blind,
        )

    # -- decisions ---------------------------------------------------------------------

    def _submit(self, what: str, value: str | None = None) -> None:
        claim = self.current_claim
        if what not in ("mark", "undo") and claim is None:
            self._status("This answer has no claim to label.")
            return
        if what != "undo" and self.detail is None:
            return
        answer_id = self.detail.id if self.detail else ""
        self.session.submit(Intent(what, answer_id, claim.id if claim else "", value))
        self.save()

    @work(thread=True, group="save", exit_on_error=False)
    def save(self) -> None:
        """Apply the queued decisions in order; each is committed before it is reported."""
        self.session.drain(lambda outcome: self.post_message(messages.ChangeApplied(outcome)))

    def on_change_applied(self, message: messages.ChangeApplied) -> None:
        outcome = message.outcome
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
            if outcome.intent.what == "undo" and outcome.claim_id in ids:
                self.claim = ids.index(outcome.claim_id)
            self._draw()
        elif outcome.intent.what == "undo":
            where = next(
                (i for i, r in enumerate(self.rows) if r.answer_id == outcome.answer_id), None
            )
            if where is not None:
                self._open(where, outcome.claim_id or None)
        self._render_report()
        self._status(outcome.message)

    def _status(self, text: str, warning: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.set_class(warning, "-warning")
        status.update(Text(text), layout=False)

    # -- actions -----------------------------------------------------------------------

    def action_claim(self, step: int) -> None:
        """Select the next (1) or previous (-1) claim."""
        if not self.detail or not self.detail.claims:
            return
        new = max(0, min(len(self.detail.claims) - 1, self.claim + step))
        if new != self.claim:
            self.claim = new
            self._draw()

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
            self._open(new)

    def action_confirm(self) -> None:
        """Confirm the judge's verdict and kind."""
        self._submit("confirm")

    def action_verdict(self, verdict: str) -> None:
        """Set this reviewer's verdict on the claim."""
        self._submit("verdict", verdict)

    def action_kind(self, key: str) -> None:
        """Set (1-4) or clear (0) the invention kind."""
        self._submit("kind", KIND_KEYS[key])

    def action_mark(self) -> None:
        """Cycle the answer's correctness."""
        if self.detail is not None:
            self._submit("mark")

    def action_undo(self) -> None:
        """Undo this session's last change."""
        self._submit("undo")

    def action_note(self) -> None:
        """Open the note editor on the selected claim."""
        from groundtui.tui.screens.note import NoteScreen

        claim = self.current_claim
        if claim is None or self.detail is None:
            self._status("This answer has no claim to write a note on.")
            return
        answer_id, claim_id = self.detail.id, claim.id

        def saved(note: str | None) -> None:
            if note is not None:
                self.session.submit(Intent("note", answer_id, claim_id, note))
                self.save()

        self.app.push_screen(NoteScreen(claim.text, claim.mine_note), saved)

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

    def action_toggle_report(self) -> None:
        """Show or hide the report pane."""
        pane = self.query_one(ReportPane)
        pane.display = not pane.display

    def action_help(self) -> None:
        """List every key."""
        from groundtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(help_order(self.BINDINGS)))

    def action_quit(self) -> None:
        """Quit; every decision is already committed."""
        self.app.exit()

    @on(QueuePane.AnswerChosen)
    def _answer_clicked(self, message: QueuePane.AnswerChosen) -> None:
        if 0 <= message.index < len(self.rows) and message.index != self.index:
            self._open(message.index)

    @on(ClaimsPane.ClaimChosen)
    def _claim_clicked(self, message: ClaimsPane.ClaimChosen) -> None:
        if self.detail and 0 <= message.index < len(self.detail.claims):
            self.claim = message.index
            self._draw()
