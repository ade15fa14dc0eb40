"""The pane with the focus, and the keys that act on whichever pane it is: scroll and zoom.

The scroll keys have priority, so that they scroll the focused pane wherever the focus is
inside it; ``z`` zooms it to the whole screen and back.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget

from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.source import SourcePane

SCROLLS = {
    "queue": "#queue-list",
    "answer": "#answer",
    "claims": "#claim-detail-scroll",
    "source": "#source-scroll",
    "report": "#report",
}
"""What scrolls when a pane has the focus (a pane or the part of it that scrolls)."""


def focused_pane(screen: Screen) -> Widget:
    """The pane with the focus (the claims when none has it)."""
    focused = screen.focused
    while focused is not None and focused.id not in SCROLLS:
        parent = focused.parent
        focused = parent if isinstance(parent, Widget) else None
    return focused or screen.query_one("#claims")


def scroll(screen: Screen, how: str) -> None:
    """Scroll the focused pane: ``page_up``, ``page_down``, ``home``, ``end``, ``up``,
    ``down``."""
    pane = focused_pane(screen)
    target = screen.query_one(SCROLLS[pane.id or "claims"])
    getattr(target, f"scroll_{how}")(animate=False)
    if isinstance(pane, (SourcePane, AnswerView)):
        pane.forget_scroll()  # the reviewer moved it: a resize must not scroll it back


def zoom(screen: Screen) -> None:
    """Zoom the focused pane to the whole screen, or back."""
    if screen.maximized is not None:
        screen.minimize()
        return
    pane = focused_pane(screen)
    pane.focus()
    screen.maximize(pane, container=False)
