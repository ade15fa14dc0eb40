"""The review screen kept live: others' changes seen as they happen, counts kept fresh.

Every ``poll`` seconds ``LiveWatch`` runs a short worker that looks at the database's last
rows (the newest review, judgement, adjudication, mark, answer, claim and correction: a few
index lookups) and posts ``DatabaseChanged`` when they moved: another reviewer's label, a
judge, an import. (``PRAGMA data_version`` would need one connection kept open across
looks, on one thread.) Every ``HEARTBEAT_SECONDS`` the same worker tells the database this
process is alive, which keeps its leases (docs/team-review.md): they lapse within
``ALIVE_MINUTES`` of the process dying, however long ``lease_minutes`` is.

A whole-database count (the queue's progress, the report's team keys) runs again after a
change through ``Spaced``: at once when it is cheap, so a label anyone makes shows within
two seconds; never sooner than ``SPACING`` times its last CPU time, so that a count that
takes a second costs a session at most a fiftieth of a core, however busy the team: ten
browser sessions on one host each count the same database. The unfiltered counts read
tables the database keeps on every write (``groundtui/store/sql/``): milliseconds at any
size, so they always run at once; a filtered queue's progress still scans, and waits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from textual import work
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import get_current_worker

from groundtui.review.session import ReviewSession
from groundtui.store import HEARTBEAT_SECONDS, Store
from groundtui.tui.messages import DatabaseChanged
from groundtui.tui.reads import read

#: The newest row of each table whose change the screen shows.
LAST_ROWS = (
    "select (select max(id) from reviews), (select max(id) from judgements),"
    " (select max(id) from adjudications), (select max(id) from answer_marks),"
    " (select max(seq) from answers), (select max(rowid) from claims),"
    " (select max(id) from claim_edits)"
)
SPACING = 50
"""A whole-database count waits at least this many times its last CPU time before it runs
again: at most a fiftieth of a core per session."""


class Spaced:
    """A count run again on request: at once if due, else once when it becomes due.

    Args:
        owner: the widget whose timer waits.
        run: starts the count (a worker), which sets ``took`` when done.
        floor: the least seconds between two runs.
        spacing: the least multiple of its last CPU time between two runs.
    """

    def __init__(
        self, owner: Widget, run: Callable[[], object], floor: float, spacing: float = SPACING
    ) -> None:
        self.owner, self.run, self.floor, self.spacing = owner, run, floor, spacing
        self.took = 0.0
        """CPU seconds the last run took (set by the worker, from ``time.thread_time``: its
        wall time counts the UI thread's turns at the GIL too)."""
        self._started = -math.inf
        self._timer: Timer | None = None

    def ask(self) -> None:
        """Run now if due; else once it is (asking again meanwhile changes nothing)."""
        if self._timer is not None:
            return
        wait = self._started + max(self.floor, self.spacing * self.took) - time.monotonic()
        if wait <= 0:
            self._started = time.monotonic()
            self.run()
        else:
            self._timer = self.owner.set_timer(wait, self._due)

    def now(self) -> None:
        """Run now, whenever it last ran (the reviewer asked a new question)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._started = time.monotonic()
        self.run()

    def _due(self) -> None:
        self._timer = None
        self.ask()


class LiveWatch(Widget):
    """Looks for other people's changes every ``session.poll`` seconds; beats for this
    process's leases. Draws nothing."""

    DEFAULT_CSS = "LiveWatch { display: none; }"

    def __init__(self, session: ReviewSession) -> None:
        super().__init__()
        self.session = session
        self._seen: tuple | None = None
        self._beaten = time.monotonic()

    def on_mount(self) -> None:
        self.set_interval(self.session.poll, self.look)

    def look(self) -> None:
        """Has anyone written since the last look? (a timer)"""
        beat = time.monotonic() - self._beaten >= HEARTBEAT_SECONDS
        self._look(self._seen, beat)

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def _look(self, seen: tuple | None, beat: bool) -> None:
        """A short worker per look, not one that runs for ever, so that a test or a closing
        app that waits for every worker is never held up."""

        def last_rows(store: Store) -> tuple:
            if beat:
                self.session.heartbeat(store)
            return tuple(store.db.execute(LAST_ROWS).fetchone())

        now = read(self, self.session, "the database", last_rows, quiet=True)
        if beat and now is not None:
            self._beaten = time.monotonic()
        if now is None or get_current_worker().is_cancelled:
            return
        self.app.call_from_thread(self._compare, seen, now)

    def _compare(self, seen: tuple | None, now: tuple) -> None:
        if now == self._seen:
            return
        self._seen = now
        if seen is not None:  # the first look only records where the database stands
            self.post_message(DatabaseChanged())
