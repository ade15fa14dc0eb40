"""The review screen's panes and what fills them: the open answer and the report, over
the queue (``QueuePanes``, queue_panes.py).

Each is read from the database in a worker (a store opened on the worker's thread) and
drawn when its message comes back; a message answering an abandoned request (the reviewer
moved on, or changed the filter) carries an old token and is dropped. While the answer to
show is on its way (``awaiting_answer``), the keys that act on it wait (review.py).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from groundtui.report import Report
from groundtui.store import Store, StoreError
from groundtui.tui import messages
from groundtui.tui.advance import first_unlabelled
from groundtui.tui.answer_data import AnswerDetail, load_answer
from groundtui.tui.claim_data import ClaimView
from groundtui.tui.screens.queue_panes import QueuePanes
from groundtui.tui.session import ReviewSession
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.claims import COMPACT_BELOW, ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane
from groundtui.tui.widgets.source import SourcePane


class ReviewPanes(QueuePanes):
    """The panes a reviewer decides a claim by, filled from the database as they are needed.

    The keys and the decisions they make are :class:`~groundtui.tui.screens.review.ReviewScreen`'s.
    """

    # Textual declares these "ClassVar[...] | None", which mypy reads as instance variables
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]  # type: ignore[misc]
    """Below 100 columns the queue is hidden (app.tcss)."""
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, "-short"), (COMPACT_BELOW, "-tall")]
    """Below ``COMPACT_BELOW`` rows the report is hidden until ``r`` and claims take a line."""

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__(db_path, session)
        self.detail: AnswerDetail | None = None
        self.claim = 0
        self.report: Report | None = None
        self.report_ready = False
        self.origins: list[str] | None = None
        self.step = 1
        """The way the reviewer last moved through the queue: a taken answer is skipped so."""
        self._answer_token = 0
        self._pick_unlabelled = False
        """The answer being opened starts on its first claim not labelled (advance)."""
        self.labelled_now: set[str] = set()
        """Claims this session labelled, whose rows may not be read back yet."""

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        blind = self.session.blind
        yield Header(icon="⚑")
        with Horizontal(id="panes"):
            yield QueuePane(blind=blind, id="queue")
            with Vertical(id="middle"):
                yield AnswerView(id="answer")
                yield ClaimsPane(
                    self.session.reviewer, blind=blind, adjudicate=self.session.adjudicate,
                    id="claims",
                )
            with Vertical(id="right"):
                yield SourcePane(id="source")
                yield ReportPane(id="report")
        yield Static(id="status")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(ClaimsPane).border_title = "Claims"
        self.query_one(SourcePane).border_title = "Source"
        self.query_one(ReportPane).border_title = "Report"
        self.query_one(AnswerView).border_title = "Answer"
        self._reload_queue()

    # -- one answer --------------------------------------------------------------------

    def _open(self, index: int, claim_id: str | None = None, step: int = 1) -> None:
        self.index, self.awaiting_answer, self.step = index, True, step
        self.query_one(QueuePane).highlight(index)
        self._answer_token += 1
        self.load_answer(self._answer_token, self.rows[index].answer_id, claim_id)
        self._prefetch()

    @work(thread=True, exclusive=True, group="answer", exit_on_error=False)
    def load_answer(self, token: int, answer_id: str, claim_id: str | None) -> None:
        """Take the answer (a lease: README "Reviewing as a team"), then read it in full."""
        session = self.session

        def read(store: Store) -> AnswerDetail | None:
            try:
                holders = session.take(store, answer_id)
            except StoreError:  # locked for long: the first label takes it (or says whose)
                holders = []
            detail = load_answer(
                store, answer_id, session.reviewer, blind=session.blind, share=session.share,
                adjudicate=session.adjudicate,
            )
            if detail is not None:
                detail.held_by = holders
            return detail

        detail = self._read("the answer", read)
        # None (gone, or a failed read the status reports) is posted too: the old answer
        # must not stay on screen, nor the keys typed for this one wait for ever.
        if not get_current_worker().is_cancelled:
            self.post_message(messages.AnswerLoaded(token, detail, claim_id))

    def on_answer_loaded(self, message: messages.AnswerLoaded) -> None:
        if message.token != self._answer_token:
            return
        held = message.detail.held_by if message.detail else []
        if held and not self.filter.everyone:
            # Taken by someone else since the queue page was read: go on past it.
            self._status(f"{message.detail.id if message.detail else ''} is "
                         f"{', '.join(held)}'s now: skipped.")
            nxt = self.index + self.step
            if 0 <= nxt < len(self.rows):
                self._open(nxt, step=self.step)
                return
        self.detail = message.detail
        ids = [c.id for c in self.detail.claims] if self.detail else []
        if message.claim_id in ids:
            self.claim = ids.index(message.claim_id)
        elif self._pick_unlabelled and self.detail is not None:
            self.claim = first_unlabelled(self.detail.claims, self.labelled_now)
        else:
            self.claim = 0
        self._pick_unlabelled = False
        self.awaiting_answer = False
        self._draw()
        self._after_first_screen()
        self._answer_shown()

    def _show_nothing(self) -> None:
        self.detail, self.awaiting_answer = None, False
        self._draw()
        self._answer_shown()

    def _answer_shown(self) -> None:
        """The answer to show is on screen (or there is none): the review screen's hook."""

    def _draw(self) -> None:
        """Draw the open answer and its selected claim; panes redraw only what changed."""
        claims = self.detail.claims if self.detail else []
        self.query_one(AnswerView).show(self.detail, self.claim, self.session.blind)
        pane = self.query_one(ClaimsPane)
        pane.empty = self._no_claims()
        pane.show(claims, self.claim)
        self._render_source()

    def _no_claims(self) -> Text:
        """Why the open answer shows no claim: none found, or never judged (and what to run)."""
        if self.detail is None or self.detail.judged:
            return Text("This answer has no claims: the judge found none to check.", style="dim")
        text = Text("Not judged yet: ", style="bold")
        text.append(
            "claims come from the judge, and this answer has not been through it. Run\n\n"
        )
        text.append(f"  groundtui judge --all --db {self.db_path}\n\n", style="bold")
        text.append(
            "(add --heuristic to judge offline, without a model), then open the review "
            "again. m still marks the answer correct or not.",
        )
        return text

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
