"""The review screen kept live: the report, other people's changes, and the answer's lease.

Every second a short worker looks at the database's last rows (the newest review,
judgement, adjudication, mark, answer and claim: a few index lookups) and, when they moved
(a reviewer's label, a judge, an import), the open answer's claims and the report are read
again, so another reviewer's label shows within about two seconds with no key pressed.
(``PRAGMA data_version`` would need one connection kept open across looks, on one thread.)
The same worker renews this reviewer's lease on the open answer while they are on it
(README "Reviewing as a team"). Nothing here blocks the UI.
"""

from __future__ import annotations

import sqlite3
import time

from textual import work
from textual.worker import get_current_worker

from groundtui.report import team_numbers
from groundtui.store import Store, StoreError
from groundtui.tui import messages
from groundtui.tui.screens.review_panes import ReviewPanes
from groundtui.tui.session import report_of
from groundtui.tui.widgets.report import ReportPane

RENEW_EVERY = 60.0
"""Seconds between two renewals of the open answer's lease (it lasts ``lease_minutes``)."""
#: The newest row of each table whose change the screen shows.
LAST_ROWS = (
    "select (select max(id) from reviews), (select max(id) from judgements),"
    " (select max(id) from adjudications), (select max(id) from answer_marks),"
    " (select max(seq) from answers), (select max(rowid) from claims),"
    " (select max(id) from claim_edits)"
)
PROGRESS_EVERY = 30
"""Looks between two recounts of the queue's progress after others' changes (a full scan:
about a second at 100,000 answers)."""
TEAM_EVERY = 5
"""Looks between two readings of the report's team keys (every review read: 0.5 s at
100,000 reviews); the last change is always read, at most this late (or ``SPACING`` times
the last reading's duration, when longer)."""
SPACING = 50
"""A whole-database count waits at least this many times its last duration before it runs
again, so that each takes at most a fiftieth of a core per session, however big the
database or busy the host: ten browser sessions on one host each count the same database
(README "Reviewing in a browser")."""


class LivePanes(ReviewPanes):
    """The panes, with the report and with what other people do shown as it happens."""

    def on_mount(self) -> None:
        super().on_mount()
        self._progress_counted_at = 0.0
        self._team_counted_at = 0.0
        self._team_took = 0.0
        self._team_due = False
        self.team_numbers: dict = {}
        """The report's team keys (``reviewers``, ``overlap``), read every few seconds."""
        self._renewed = time.monotonic()
        self._seen: tuple | None = None
        self.set_interval(self.session.poll, self.look_for_changes)

    # -- the report --------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="report", exit_on_error=False)
    def count_report(self, live: bool = False) -> None:
        """Read the report (its counts are kept current by the database)."""
        report = self._read("the report", report_of)
        if not get_current_worker().is_cancelled:
            self.post_message(messages.ReportComputed(report, live=live))
        self.app.call_from_thread(self._count_team_now_and_then)

    @work(thread=True, exclusive=True, group="team", exit_on_error=False)
    def count_team(self) -> None:
        """Read the report's team keys: each reviewer's labels and agreement, the overlap."""
        began = time.monotonic()
        numbers = self._read("the team's numbers", team_numbers)
        self._team_took = time.monotonic() - began
        if numbers is not None and not get_current_worker().is_cancelled:
            self.post_message(messages.TeamCounted(numbers))

    def on_team_counted(self, message: messages.TeamCounted) -> None:
        self.team_numbers = message.numbers
        self._render_report()

    def _count_team_now_and_then(self) -> None:
        """Read the team keys now, or once ``TEAM_EVERY`` looks have passed since the last."""
        every = max(TEAM_EVERY * self.session.poll, SPACING * self._team_took)
        wait = self._team_counted_at + every - time.monotonic()
        if wait <= 0:
            self._team_counted_at = time.monotonic()
            self.count_team()
        elif not self._team_due:
            self._team_due = True
            self.set_timer(wait, self._team_timer)

    def _team_timer(self) -> None:
        self._team_due = False
        self._count_team_now_and_then()

    def on_report_computed(self, message: messages.ReportComputed) -> None:
        # A change's own report is newer than a first count; a live one is newer than both.
        if message.live or not self.report_ready:
            if message.report is not None:
                self.report, self.report_ready = message.report, True
            self._render_report()

    def _render_report(self) -> None:
        self.query_one(ReportPane).show(
            self.report,
            self.report_ready,
            dict(self.session.counts),
            self.session.reviewer,
            blind=self.session.blind,
            team=self.team_numbers,
        )

    # -- others' changes -----------------------------------------------------------------

    def look_for_changes(self) -> None:
        """Every ``session.poll`` seconds (a timer): has anyone written since the last look?"""
        self.watch_database(self._seen)

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def watch_database(self, seen: tuple | None) -> None:
        """Post ``DatabaseChanged`` when the database's last rows moved; renew the open lease.

        A short worker per look, not one that runs for ever, so that a test or a closing
        app that waits for every worker is never held up.
        """
        detail = self.detail
        renew = (
            detail is not None and time.monotonic() - self._renewed >= RENEW_EVERY
            and not self.session.readonly
        )

        def look(store: Store) -> tuple:
            if renew and detail is not None:
                self.session.take(store, detail.id)
            return store.db.execute(LAST_ROWS).fetchone()

        now = self._read_quietly(look)
        if renew:
            self._renewed = time.monotonic()
        if now is not None and now != seen and not get_current_worker().is_cancelled:
            self.post_message(messages.DatabaseChanged(now, first=seen is None))

    def _read_quietly(self, query):
        """``query(store)``, or None when the database is busy or gone for a moment."""
        try:
            with Store(self.db_path, readonly=self.session.readonly) as store:
                return query(store)
        except (StoreError, sqlite3.Error):
            return None

    def on_database_changed(self, message: messages.DatabaseChanged) -> None:
        self._seen = message.last_rows
        if message.first:
            return  # the first look: what is on screen was read from this
        if self.detail is not None and not self.awaiting_answer:
            self.refresh_claims(self._answer_token, self.detail.id)
        self.count_report(live=True)
        every = max(PROGRESS_EVERY * self.session.poll, SPACING * self.progress_took)
        if self._counts_started and time.monotonic() - self._progress_counted_at > every:
            self._progress_counted_at = time.monotonic()
            self.count_progress(self._queue_token, self.filter)

    @work(thread=True, exclusive=True, group="refresh", exit_on_error=False)
    def refresh_claims(self, token: int, answer_id: str) -> None:
        """Read the open answer's claims again, with everyone's labels as they are now."""
        claims = self._read("the claims", lambda s: self.session.claims_of(s, answer_id))
        if claims is not None and not get_current_worker().is_cancelled:
            self.post_message(messages.ClaimsRefreshed(token, answer_id, claims))

    def on_claims_refreshed(self, message: messages.ClaimsRefreshed) -> None:
        detail = self.detail
        if message.token != self._answer_token or detail is None or detail.id != message.answer_id:
            return
        selected = self.current_claim.id if self.current_claim else None
        detail.claims = message.claims
        ids = [c.id for c in detail.claims]
        self.claim = ids.index(selected) if selected in ids else min(self.claim, len(ids) - 1)
        self.claim = max(self.claim, 0)
        self._draw()
