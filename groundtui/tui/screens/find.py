"""Find in the source: a one-line bar over the review screen (``ctrl+f``)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static


class FindScreen(ModalScreen[None]):
    """Type a phrase; ``enter`` shows its next match in the source, ``shift+enter`` the
    previous one, ``esc`` closes. The source pane does the finding (``Searched``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "down",
            "search(1)",
            "next match",
            show=False,
            tooltip="The next match in the source",
            id="find.next",
        ),
        Binding(
            "shift+enter,up",
            "search(-1)",
            "previous match",
            show=False,
            tooltip="The previous match in the source",
            id="find.previous",
        ),
        Binding("escape", "close", "close", tooltip="Close the find bar", id="find.close"),
    ]

    class Searched(Message):
        """The reviewer asked for a match: ``step`` 1 next, -1 previous, 0 first."""

        def __init__(self, query: str, step: int) -> None:
            super().__init__()
            self.query = query
            self.step = step

    def __init__(self, target: Widget, query: str = "") -> None:
        super().__init__()
        self.target = target
        """The pane that finds: it hears ``Searched``."""
        self.query_text = query

    def compose(self) -> ComposeResult:
        with Horizontal(id="find-bar"):
            yield Input(self.query_text, placeholder="find in the source", id="find-input")
            yield Static(Text("enter next · shift+enter previous · esc close"), id="find-result")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def show_result(self, current: int, total: int) -> None:
        """``2 of 5`` after a search, or that there is none."""
        line = f"{current} of {total}" if total else "not found in this source"
        self.query_one("#find-result", Static).update(Text(line))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_search(1)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.action_search(0)

    def action_search(self, step: int) -> None:
        """Ask the source pane for the next (1), previous (-1) or first (0) match."""
        self.target.post_message(self.Searched(self.query_one(Input).value, step))

    def action_close(self) -> None:
        """Close the bar; the source keeps its highlights until the claim changes."""
        self.dismiss(None)
