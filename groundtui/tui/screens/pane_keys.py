"""Every pane reachable from the keyboard: focus, scroll, zoom, the whole source, find, the
cited sources.

``tab``/``shift+tab`` move the focus between the panes (the focused one framed), the
scroll keys scroll the focused pane, ``z`` zooms it to the whole screen, ``w`` shows the
whole source, ``ctrl+f`` finds text in it, ``[``/``]`` switch between the sources a claim
cites. The claim keys (``j``/``k``) keep moving between
claims wherever the focus is (their bindings have priority: keys.py).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.widget import Widget

from groundtui.tui.screens.find import FindScreen
from groundtui.tui.screens.live_panes import LivePanes
from groundtui.tui.widgets.source import SourcePane

#: What scrolls when a pane has the focus (a pane or the part of it that scrolls).
SCROLLS = {
    "queue": "#queue-list",
    "answer": "#answer",
    "claims": "#claim-detail-scroll",
    "source": "#source-scroll",
    "report": "#report",
}


class PaneKeys(LivePanes):
    """The review panes, each reachable, scrollable and zoomable from the keyboard."""

    AUTO_FOCUS = "#claims"
    ALLOW_IN_MAXIMIZED_VIEW: ClassVar[str] = "Header, Footer, #status"

    def on_mount(self) -> None:
        super().on_mount()
        self._find_bar: FindScreen | None = None
        self._find_query = ""

    def _focused_pane(self) -> Widget:
        """The pane with the focus (the claims when none has it)."""
        focused = self.focused
        while focused is not None and focused.id not in SCROLLS:
            parent = focused.parent
            focused = parent if isinstance(parent, Widget) else None
        return focused or self.query_one("#claims")

    def action_scroll_pane(self, how: str) -> None:
        """Scroll the focused pane: ``page_up``, ``page_down``, ``home``, ``end``, ``up``,
        ``down``."""
        pane = self._focused_pane()
        target = self.query_one(SCROLLS[pane.id or "claims"])
        if how == "home":
            target.scroll_home(animate=False)
        elif how == "end":
            target.scroll_end(animate=False)
        else:
            getattr(target, f"scroll_{how}")(animate=False)
        if isinstance(pane, SourcePane) or pane.id == "answer":
            # The reviewer moved it: a resize must not scroll it back to the evidence.
            pane._before = None  # type: ignore[attr-defined]

    def action_zoom(self) -> None:
        """Zoom the focused pane to the whole screen, or back."""
        if self.maximized is not None:
            self.minimize()
            return
        pane = self._focused_pane()
        pane.focus()
        self.maximize(pane, container=False)

    def action_whole_source(self) -> None:
        """Show the whole source, or only the evidence and the text around it."""
        source = self.query_one(SourcePane)
        source.whole = not source.whole
        source.redraw()
        self._status("The whole source." if source.whole else "The source around the evidence.")

    def action_cited_source(self, step: int) -> None:
        """Show the claim's next or previous cited source (``]``, ``[``)."""
        shown = self.query_one(SourcePane).step_cited(step)
        self._status(
            "This claim cites one source." if shown is None else f"Cited source [{shown}].")

    def action_find(self) -> None:
        """Open the find bar over the source (the whole source: a match may be anywhere)."""
        source = self.query_one(SourcePane)
        if not source.whole:
            source.whole = True
            source.redraw()
        bar = FindScreen(self._find_query)
        self._find_bar = bar

        def closed(_: None) -> None:
            self._find_bar = None

        self.app.push_screen(bar, closed)

    @on(FindScreen.Searched)
    def _searched(self, message: FindScreen.Searched) -> None:
        self._find_query = message.query
        current, total = self.query_one(SourcePane).find(message.query, message.step)
        if self._find_bar is not None and message.query:
            self._find_bar.show_result(current, total)
