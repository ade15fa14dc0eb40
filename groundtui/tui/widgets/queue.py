"""The queue: one line per answer (flag, claims not stated, review state), virtualised.

Only the lines on screen are drawn, each from a small cache, and changing one answer
repaints one line; the pane reads the rows a page at a time, and counts its progress.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static
from textual.worker import get_current_worker

from groundtui.models import answer_name
from groundtui.review.intents import Outcome
from groundtui.review.queue import (
    PAGE,
    QueueFilter,
    QueuePage,
    QueueRow,
    arrivals,
    newest,
    origins,
    progress,
    queue_page,
    team_line,
)
from groundtui.review.session import ReviewSession
from groundtui.text.inert import one_line
from groundtui.tui.legible import component_style
from groundtui.tui.live import Spaced
from groundtui.tui.messages import Said
from groundtui.tui.reads import read
from groundtui.tui.widgets.rendering import set_text

if TYPE_CHECKING:
    from groundtui.store import Store

PREFETCH = 20
"""Rows from the end of what is read at which the next page is read."""

STATE_MARK = {"reviewed": "✓", "partial": "◐", "unreviewed": "·"}
# Lines of at most 20 cells: the queue's width at 100 columns.
LEGEND = "first: ⚑ flag or #>0\n#: claims not stated\n· new ◐ part ✓ done"
LEGEND_TOOLTIP = (
    "The queue's order: answers flagged by the mechanical check (⚑) or with a claim the "
    "judge did not find stated (# above 0) first; within each, unreviewed (·) before partly "
    "(◐) and fully reviewed (✓); then import order. A share of unflagged answers (the control "
    "sample) is mixed into the first ones; it shows c once you have reviewed it."
)


class QueueList(ScrollView, can_focus=False):
    """The answers of the queue, one line each, with a cursor on the open one (the pane
    around it takes the focus)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "queue--cursor",
        "queue--flag",
        "queue--open",
        "queue--dim",
        "queue--id",
    }

    def __init__(self, blind: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.blind = blind
        self.rows: list[QueueRow] = []
        self.cursor = 0
        # keyed by (row, its version, under the cursor, width)
        self._cache: dict[tuple[int, int, bool, int], Strip] = {}
        self._versions: list[int] = []

    def set_rows(self, rows: list[QueueRow]) -> None:
        """Show ``rows`` (the screen's list: appended to; after rows are put in between,
        ``refresh_rows`` first)."""
        self.rows = rows
        self._versions.extend([0] * (len(rows) - len(self._versions)))
        del self._versions[len(rows) :]
        self.virtual_size = Size(self.size.width, len(rows))
        self.refresh()

    def reset(self) -> None:
        """Forget every row (a new filter)."""
        self.rows, self._versions, self.cursor = [], [], 0
        self._cache.clear()
        self.virtual_size = Size(self.size.width, 0)
        self.scroll_to(y=0, animate=False)
        self.refresh()

    def refresh_rows(self) -> None:
        """Draw every row again (a new theme's colours)."""
        self._cache.clear()
        self.refresh()

    def changed(self, index: int) -> None:
        """Row ``index`` has new contents: redraw that line only."""
        self._versions[index] += 1
        self.refresh_line(index)

    def move_cursor(self, index: int) -> None:
        """Put the cursor on row ``index`` and scroll it into view."""
        old, self.cursor = self.cursor, index
        self.refresh_line(old)
        self.refresh_line(index)
        self.scroll_to_region(Region(0, index, 1, 1), animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        key = (index, self._versions[index], index == self.cursor, width)
        strip = self._cache.get(key)
        if strip is None:
            if len(self._cache) > 2_000:
                self._cache.clear()
            text = self._line(self.rows[index])
            base = self.rich_style
            if index == self.cursor:
                base = base + component_style(self, "queue--cursor")
            text.stylize(base, 0, len(text))
            text.truncate(width, overflow="ellipsis", pad=True)
            segments = [
                Segment(s.text, base + s.style if s.style else base)
                for s in text.render(self.app.console)
            ]
            strip = Strip(segments).crop_extend(0, width, base)
            strip = strip.apply_style(Style(meta={"queue-row": index}))
            self._cache[key] = strip
        return strip

    def _line(self, row: QueueRow) -> Text:
        dim = component_style(self, "queue--dim")
        text = Text()
        # A control answer says so once reviewed: before, it would prime the reviewer.
        control = row.control and row.state == "reviewed"
        text.append(
            "⚑ " if row.flagged else "c " if control else "  ",
            style=component_style(self, "queue--flag"),
        )
        text.append(f"{STATE_MARK[row.state]} ")
        if self.blind:
            text.append(" ? ", style=dim)
        elif not row.claims:
            text.append(" – ", style=dim)
        else:
            style = component_style(self, "queue--open") if row.not_stated else dim
            text.append(f"{row.not_stated:>2} ", style=style)
        name = answer_name(row.answer_id, row.question)
        if name != row.answer_id:  # an id made at import: the question alone names it
            text.append(one_line(name, 80))
            return text
        text.append(
            one_line(row.answer_id, 16),
            style=component_style(self, "queue--id"),
        )
        if row.question.strip():
            text.append(" " + one_line(row.question, 80))
        else:
            text.append(" (no question)", style=dim + Style(italic=True))
        return text

    def on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("queue-row")
        if index is not None:
            event.stop()
            self.post_message(QueuePane.AnswerChosen(index))  # bubbles up to the screen

    def _on_resize(self, event: events.Resize) -> None:
        self._cache.clear()
        self.virtual_size = Size(event.size.width, len(self.rows))


class QueuePane(Vertical, can_focus=True):
    """The answers to review, in queue order, with the reviewer's progress on top.

    It reads its own pages (a worker each, on a store of the worker's thread) as the
    reviewer moves through it, and counts its progress; the screen says which answer is
    open (``highlight``) and hears which one the reviewer clicked (``AnswerChosen``) and
    when a page came (``Loaded``).
    """

    class AnswerChosen(Message):
        """The reviewer clicked an answer of the queue."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class FilterChosen(Message):
        """The reviewer chose a new filter in the ``/`` dialog."""

        def __init__(self, filt: QueueFilter) -> None:
            super().__init__()
            self.filter = filt

    class Loaded(Message):
        """A page of the queue was read (``first``: the first of a new queue), or not
        (``failed``: the status says why); ``empty`` says why the queue holds no answer,
        ``start`` which row to open first (None: none has a claim left for the reviewer)."""

        def __init__(
            self, first: bool, failed: bool, empty: str = "", start: int | None = None
        ) -> None:
            super().__init__()
            self.first = first
            self.failed = failed
            self.empty = empty
            self.start = start

    class Arrived(Message):
        """Answers stored since the queue was read (an import, ``groundtui collect``) that
        it holds: the screen places them (``place``)."""

        def __init__(self, rows: list[QueueRow]) -> None:
            super().__init__()
            self.rows = rows

    page_size = PAGE
    """Answers read per page."""

    def __init__(self, session: ReviewSession, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.filter = QueueFilter()
        self.rows: list[QueueRow] = []
        self.more: tuple[int, int] | None = None
        """Where the next page starts; None when the last page is read."""
        self.progress: tuple[int, int] | None = None
        """``(reviewed, total)`` answers of the queue, once counted."""
        self.team_line = ""
        """The team's progress (``TeamProgress.line``), or a lead's disputes left."""
        self.loading = False
        """A page is being read."""
        self.counting = False
        """The progress is counted (from the first answer shown on: not before it)."""
        self.empty = False
        """The queue's first page held no answer (the status line says why)."""
        self.origins: list[str] | None = None
        """The source origins the filter offers, once read."""
        self.horizon: int | None = None
        """The ``seq`` of the last answer stored when the queue was read (or looked at for
        arrivals since): later ones are arrivals."""
        self._token = 0
        self._counting = Spaced(self, self._count, floor=session.poll, spacing=session.spacing)

    def compose(self) -> ComposeResult:
        yield Static("Loading the queue…", id="queue-progress")
        legend = Static(Text(LEGEND), id="queue-legend")
        legend.tooltip = LEGEND_TOOLTIP
        yield legend
        yield QueueList(blind=self.session.blind, id="queue-list")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_rows())

    # -- reading ---------------------------------------------------------------------

    def reload(self, filt: QueueFilter | None = None) -> None:
        """Read the queue again from its first page (under ``filt``, when given)."""
        if filt is not None:
            self.filter = filt
        self._token += 1
        self.rows, self.more, self.progress = [], None, None
        self.empty, self.horizon = False, None
        self.query_one(QueueList).reset()
        # Text, not a str: the filter holds what the reviewer typed, which is not markup.
        self.border_title = Text(
            f"Queue · {one_line(self.filter.describe(), 80)}" if self.filter.active else "Queue"
        )
        self.loading = True
        self._load_page(self._token, self.filter, (0, 0), True)
        self._show_progress()
        if self.counting:
            self._counting.now()

    def load_more(self) -> bool:
        """Read the next page, unless the last is read; whether there is one to come."""
        if self.more is None:
            return False
        if not self.loading:
            self.loading = True
            self._load_page(self._token, self.filter, self.more, False)
        return True

    def prefetch(self, index: int) -> None:
        """Read the next page early once ``index`` is near the end of what is read."""
        if index >= len(self.rows) - PREFETCH:
            self.load_more()

    @work(thread=True, exclusive=True, group="queue", exit_on_error=False)
    def _load_page(
        self, token: int, filt: QueueFilter, after: tuple[int, int], first: bool
    ) -> None:
        session = self.session
        blind = session.reviewer if session.blind else None
        team = session.team

        def page_of(store: Store) -> tuple[QueuePage, int | None]:
            # The newest answer first: one stored while the page is read is an arrival too.
            last = newest(store) if first else None
            return queue_page(store, filt, after, self.page_size, blind, team), last

        found = read(self, session, "the queue", page_of)
        page, last = found if found is not None else (None, None)
        if not get_current_worker().is_cancelled:  # a failed read (None) ends the wait too
            self.app.call_from_thread(self._page_loaded, token, page, first, last)

    def _page_loaded(
        self, token: int, page: QueuePage | None, first: bool, last: int | None = None
    ) -> None:
        if token != self._token:
            return  # an abandoned queue's page
        if last is not None:
            self.horizon = last
        self.loading = False
        if page is not None:
            self.empty = first and not page.rows and page.after is None
            self.rows.extend(page.rows)
            self.more = page.after
            self.query_one(QueueList).set_rows(self.rows)
            self._show_progress()
        self.post_message(
            self.Loaded(
                first, page is None, page.empty if page else "", page.start if page else None
            )
        )

    def look_for_arrivals(self) -> None:
        """Read the answers stored since the queue was read, if any (after others' changes)."""
        if self.horizon is not None:
            self._read_arrivals(self._token, self.filter, self.horizon)

    @work(thread=True, exclusive=True, group="arrivals", exit_on_error=False)
    def _read_arrivals(self, token: int, filt: QueueFilter, after: int) -> None:
        session = self.session
        blind = session.reviewer if session.blind else None
        found = read(
            self,
            session,
            "the new answers",
            lambda s: arrivals(s, filt, after, self.page_size, blind, session.team),
        )
        if found is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._arrived, token, after, *found)

    def _arrived(self, token: int, after: int, rows: list[QueueRow], last: int) -> None:
        if token != self._token or self.horizon != after:
            return  # a queue read again, or arrivals already placed
        self.horizon = last
        listed = {r.answer_id for r in self.rows}
        rows = [r for r in rows if r.answer_id not in listed]
        if rows:
            self.post_message(self.Arrived(rows))

    def place(self, arrived: list[QueueRow], current: int) -> int:
        """Put answers that arrived in queue order among the rows after ``current`` (the
        open one), none before it; one a page still to be read will bring is left to it.
        How many were placed."""
        placed = 0
        for row in arrived:
            after = next(
                (j for j in range(current + 1, len(self.rows)) if self.rows[j].tier > row.tier),
                None,
            )
            if after is None and self.more is not None and row.tier >= self.more[0]:
                continue  # its tier is still to be read: a later page lists it
            self.rows.insert(len(self.rows) if after is None else after, row)
            placed += 1
        if placed:
            shown = self.query_one(QueueList)
            shown.refresh_rows()  # its drawn lines are kept by row number: all moved
            shown.set_rows(self.rows)
            self._show_progress()
        return placed

    def choose_filter(self) -> None:
        """Open the filter dialog (``/``), once its origins are read."""
        from groundtui.tui.screens.filter import FilterScreen

        if self.origins is None:
            self.post_message(Said("Reading the source origins…"))
            self._load_origins()
            return

        def chosen(filt: QueueFilter | None) -> None:
            if filt is not None and filt != self.filter:
                self.post_message(self.FilterChosen(filt))

        self.app.push_screen(FilterScreen(self.filter, self.origins), chosen)

    @work(thread=True, exclusive=True, group="origins", exit_on_error=False)
    def _load_origins(self) -> None:
        found = read(self, self.session, "the origins", origins)
        if found is not None:
            self.app.call_from_thread(self._origins_loaded, found)

    def _origins_loaded(self, found: list[str]) -> None:
        self.origins = found
        self.post_message(Said(""))  # read: the dialog opens
        self.choose_filter()

    # -- progress ----------------------------------------------------------------------

    def recount(self) -> None:
        """Count the queue's progress and the team's again (at once, or once due)."""
        if not self.counting:
            self.counting = True
            self._counting.now()
        else:
            self._counting.ask()

    def _count(self) -> None:
        self._count_progress(self._token, self.filter)

    @work(thread=True, exclusive=True, group="progress", exit_on_error=False)
    def _count_progress(self, token: int, filt: QueueFilter) -> None:
        """Count the queue's reviewed answers and the team's line (a worker: the kept
        counts, or a scan of every answer when the queue is filtered)."""
        session = self.session
        blind = session.reviewer if session.blind else None
        team = session.team
        began = time.thread_time()  # CPU, not wall: the UI thread shares the GIL

        def counts(store):
            return progress(store, filt, blind, team), team_line(store, team)

        counted = read(self, session, "the progress", counts)
        self._counting.took = time.thread_time() - began
        if counted is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._counted, token, *counted)

    def _counted(self, token: int, reviewed: tuple[int, int], line: str) -> None:
        if token == self._token:
            self.progress, self.team_line = reviewed, line
            self._show_progress()

    def saved(self, outcome: Outcome) -> None:
        """A change the reviewer made here was saved: its answer's row as read back, and the
        progress it moved (reviewed before, after)."""
        row, before, after = outcome.row, outcome.reviewed_before, outcome.reviewed_after
        if row is None:
            return
        listed = False
        for i, old in enumerate(self.rows):
            if old.answer_id == row.answer_id:
                row.tier, self.rows[i], listed = old.tier, row, True
                self.query_one(QueueList).changed(i)
        if before != after and self.progress is not None and (listed or not self.filter.active):
            reviewed, total = self.progress
            self.progress = (reviewed + (1 if after else -1), total)
        self._show_progress()
        self.recount()  # the team's line, and the counts a change off the list moves

    def _show_progress(self) -> None:
        """``queue: 37 of 120 done`` (or what is known so far), and the team's progress:
        each line says whose answers it counts; done is ✓ (every claim labelled)."""
        if self.progress is None and self.empty:  # nothing shown, so nothing is counted
            line = "queue: no answers to review"
        elif self.progress is None:
            line = f"queue: {len(self.rows):,}{'+' if self.more else ''} answers · counting…"
        else:
            line = f"queue: {self.progress[0]:,} of {self.progress[1]:,} done"
        if self.team_line:
            line += "\n" + self.team_line
        # its height is its lines as wrapped: a layout pass only when they change
        set_text(self.query_one("#queue-progress", Static), Text(line))

    def refresh_rows(self) -> None:
        """Draw every row again (a new theme's colours)."""
        self.query_one(QueueList).refresh_rows()

    # -- the cursor --------------------------------------------------------------------

    def highlight(self, index: int) -> None:
        """Put the cursor on row ``index`` (the open answer)."""
        self.query_one(QueueList).move_cursor(index)
