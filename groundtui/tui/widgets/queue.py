"""The queue: one line per answer (flag, claims not stated, review state), virtualised.

Only the lines on screen are drawn, each from a small cache, and changing one answer
repaints one line; the rows themselves arrive a page at a time from the screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from groundtui.text.inert import one_line
from groundtui.tui.legible import component_style
from groundtui.tui.queue_data import QueueRow

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
        """Show ``rows`` (the screen's list: appended to, never reordered)."""
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
            style = (
                component_style(self, "queue--open")
                if row.not_stated
                else dim
            )
            text.append(f"{row.not_stated:>2} ", style=style)
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
    """The answers to review, in queue order, with the reviewer's progress on top."""

    class AnswerChosen(Message):
        """The reviewer clicked an answer of the queue."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, blind: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.blind = blind

    def compose(self) -> ComposeResult:
        yield Static("Loading the queue…", id="queue-progress")
        legend = Static(Text(LEGEND), id="queue-legend")
        legend.tooltip = LEGEND_TOOLTIP
        yield legend
        yield QueueList(blind=self.blind, id="queue-list")

    def reset(self, title: Text) -> None:
        """Empty the list before a (re)load; ``title`` names the filter, if any."""
        self.query_one(QueueList).reset()
        self.border_title = title

    def show_rows(self, rows: list[QueueRow]) -> None:
        """Show the screen's rows after a page was appended."""
        self.query_one(QueueList).set_rows(rows)

    def row_changed(self, index: int) -> None:
        """Redraw row ``index`` after its answer changed."""
        self.query_one(QueueList).changed(index)

    def highlight(self, index: int) -> None:
        """Put the cursor on row ``index``."""
        self.query_one(QueueList).move_cursor(index)

    def set_progress(
        self, reviewed: int | None, total: int | None, loaded: int, more: bool, team: str = ""
    ) -> None:
        """``37 of 120 reviewed`` (or what is known so far), and the team's progress."""
        if total is None:
            line = f"{loaded:,}{'+' if more else ''} answers · counting…"
        else:
            line = f"{reviewed:,} of {total:,} reviewed"
        if team:
            line += "\n" + team
        self.query_one("#queue-progress", Static).update(Text(line), layout=False)
