"""The review screen's queue pane and what fills it: the queue read a page at a time, and
its progress counted, each in a worker (a store opened on the worker's thread). A page or
a count answering an abandoned request (the reviewer changed the filter) carries an old
token and is dropped.

The first layer of the review screen: it also holds what every layer above uses, the
reads in workers (``_read``) and the status line. Apart from ``review_panes`` because the
queue is read and drawn on its own; opening one of its answers is the layer above's.
"""

from __future__ import annotations

import sqlite3
import time

from rich.text import Text
from textual import work
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from groundtui.store import Store, StoreError
from groundtui.text.inert import one_line
from groundtui.tui import messages, queue_data
from groundtui.tui.queue_data import QueueFilter, QueueRow
from groundtui.tui.session import ReviewSession
from groundtui.tui.team_data import team_progress
from groundtui.tui.widgets.queue import QueuePane

PREFETCH = 20


class QueuePanes(Screen):
    """The queue, read page by page as the reviewer moves through it, and its progress.

    The answers it opens are :class:`~groundtui.tui.screens.review_panes.ReviewPanes`'.
    """

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
        self.progress: tuple[int, int] | None = None
        self.team_line = ""
        """The team's progress: ``mine 12 · team 140 of 500 · double 9 of 50``."""
        self._queue_token = 0
        self._loading_page = False
        self._counts_started = False
        self.progress_took = 0.0
        """Seconds the last count of the progress took (live_panes spaces them by it)."""
        self.awaiting_answer = True
        """The answer to show (or the queue's first page) is still being read."""

    # -- reading (in workers) ----------------------------------------------------------

    def _read(self, what: str, query):
        """``query(store)`` on a store of this thread; a failure is reported, not raised."""
        try:
            with Store(self.db_path, readonly=self.session.readonly) as store:
                return query(store)
        except (StoreError, sqlite3.Error) as exc:
            self.post_message(messages.WorkFailed(what, str(exc)))
            return None

    def on_work_failed(self, message: messages.WorkFailed) -> None:
        self._status(f"Could not read {message.what}: {message.error}", warning=True)

    def _status(self, text: str, warning: bool = False) -> None:
        """Say ``text`` on the status line (untrusted parts stay text, never markup)."""
        status = self.query_one("#status", Static)
        status.set_class(warning, "-warning")
        status.update(Text(text), layout=False)

    # -- the queue -------------------------------------------------------------------

    def _reload_queue(self) -> None:
        self._queue_token += 1
        self.rows, self.more, self.index, self.progress = [], None, 0, None
        # Text, not a str: the filter holds what the reviewer typed, which is not markup.
        title = Text(
            f"Queue · {one_line(self.filter.describe(), 80)}" if self.filter.active else "Queue"
        )
        self.query_one(QueuePane).reset(title)
        self._loading_page = self.awaiting_answer = True
        self.load_page(self._queue_token, self.filter, (0, 0), True)
        if self._counts_started:
            self.count_progress(self._queue_token, self.filter)

    @work(thread=True, exclusive=True, group="queue", exit_on_error=False)
    def load_page(self, token: int, filt: QueueFilter, after: tuple[int, int], first: bool) -> None:
        """Read one page of the queue."""
        blind = self.session.reviewer if self.session.blind else None
        team = self.session.team
        page = self._read(
            "the queue",
            lambda s: queue_data.queue_page(s, filt, after, self.page_size, blind, team),
        )
        if not get_current_worker().is_cancelled:  # a failed read (None) ends the wait too
            self.post_message(messages.QueuePageLoaded(token, page, first))

    @work(thread=True, exclusive=True, group="progress", exit_on_error=False)
    def count_progress(self, token: int, filt: QueueFilter) -> None:
        """Count reviewed answers of the queue (a full scan: kept off the first screen)."""
        blind = self.session.reviewer if self.session.blind else None
        team = self.session.team
        began = time.monotonic()
        counted = self._read(
            "the progress", lambda s: queue_data.progress(s, filt, blind, team)
        )
        line = self._read(
            "the team's progress",
            lambda s: team_progress(s, self.session.reviewer, self.session.share).line(),
        )
        self.progress_took = time.monotonic() - began
        if counted is not None and not get_current_worker().is_cancelled:
            reviewed, total = counted
            self.post_message(messages.ProgressCounted(token, reviewed, total, line or ""))

    def on_queue_page_loaded(self, message: messages.QueuePageLoaded) -> None:
        if message.token != self._queue_token:
            return
        self._loading_page = False
        if message.page is None:  # the status says why
            if message.first:
                self._show_nothing()
            return
        self.rows.extend(message.page.rows)
        self.more = message.page.after
        self.query_one(QueuePane).show_rows(self.rows)
        self._show_progress()
        if message.first:
            if self.rows:
                self._open(0)
            else:
                self._show_nothing()
                self._status(
                    "No answer matches the filter."
                    if self.filter.active
                    else "The database holds no answers yet."
                )
                self._after_first_screen()

    def on_progress_counted(self, message: messages.ProgressCounted) -> None:
        if message.token == self._queue_token:
            self.progress = (message.reviewed, message.total)
            self.team_line = message.team
            self._show_progress()

    def _show_progress(self) -> None:
        reviewed, total = self.progress or (None, None)
        self.query_one(QueuePane).set_progress(
            reviewed, total, len(self.rows), self.more is not None, self.team_line
        )

    def _prefetch(self) -> None:
        if self.more and not self._loading_page and self.index >= len(self.rows) - PREFETCH:
            self._loading_page = True
            self.load_page(self._queue_token, self.filter, self.more, False)

    def _after_first_screen(self) -> None:
        """Start the whole-database counts once the reviewer has something to look at."""
        if not self._counts_started:
            self._counts_started = True
            self.count_progress(self._queue_token, self.filter)
            self.count_report()

    # -- the layers above ---------------------------------------------------------------

    def _open(self, index: int, claim_id: str | None = None, step: int = 1) -> None:
        """Open the queue's answer at ``index``: the answer panes' (review_panes.py)."""

    def _show_nothing(self) -> None:
        """Show no answer (an empty queue, a failed read): the answer panes'."""

    def count_report(self, live: bool = False) -> object:
        """Read the report in a worker: the live panes' (live_panes.py)."""
        return None
