"""The queue filter: text, source origin, verdict, unreviewed only, disagreements only."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from groundtui.models import Verdict
from groundtui.review.queue import QueueFilter
from groundtui.text.inert import one_line


class Tick(Checkbox, inherit_bindings=False):
    """A checkbox drawn ``[✓]`` when on and ``[ ]`` when off (not only a colour), toggled
    with ``space``: ``enter`` applies the whole filter.

    Brackets, not Textual's half blocks: boxes one above the other stay apart in every
    renderer (in a browser's terminal the half blocks of three boxes made one grey bar).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "toggle", show=False),
    ]
    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else " "
        return super()._button


class FilterScreen(ModalScreen[QueueFilter | None]):
    """Choose what the queue holds; dismissed with the new filter, or None to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "cancel",
            "cancel",
            tooltip="Close without changing the queue",
            id="filter.cancel",
        ),
        Binding(
            "ctrl+s", "apply", "apply", tooltip="Apply the filter", id="filter.apply", priority=True
        ),
        Binding(
            "enter",
            "apply",
            "apply",
            show=False,
            tooltip="Apply the filter",
            id="filter.apply.enter",
        ),
    ]

    def __init__(self, current: QueueFilter, origins: list[str]) -> None:
        super().__init__()
        self.current = current
        self.origins = origins

    def compose(self) -> ComposeResult:
        f = self.current
        origin_options = [(Text(one_line(o, 40)), o) for o in self.origins]
        if f.origin and f.origin not in self.origins:
            origin_options.append((Text(one_line(f.origin, 40)), f.origin))
        # One line a field (compact), in a scroll, the buttons under it: at 80×24 every
        # field and every button is on screen.
        with Vertical(id="filter-dialog", classes="dialog") as dialog:
            dialog.border_title = "Filter the queue  (enter applies, space ticks, esc cancels)"
            with VerticalScroll(id="filter-fields"):
                yield Label("Text in the id, question or response")
                yield Input(f.text, placeholder="any text", id="filter-text", compact=True)
                yield Label("Source origin")
                yield Select(
                    origin_options,
                    prompt="any origin",
                    value=f.origin or Select.NULL,
                    id="filter-origin",
                    compact=True,
                )
                yield Label("A claim whose label is")
                yield Select(
                    [(v, v) for v in (x.value for x in Verdict)],
                    prompt="any verdict",
                    value=f.verdict or Select.NULL,
                    id="filter-verdict",
                    compact=True,
                )
                yield Label("Only")
                yield Tick("Unreviewed answers", f.unreviewed, id="filter-unreviewed", compact=True)
                yield Tick(
                    "Disagreements (a reviewer and the judge differ)",
                    f.disagreements,
                    id="filter-disagreements",
                    compact=True,
                )
                yield Tick(
                    "Everyone's answers (others hold or reviewed them: read-only)",
                    f.everyone,
                    id="filter-everyone",
                    compact=True,
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Apply", id="filter-apply", variant="primary", compact=True)
                yield Button("Clear", id="filter-clear", compact=True)
                yield Button("Cancel", id="filter-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#filter-text", Input).focus()

    def _chosen(self) -> QueueFilter:
        origin = self.query_one("#filter-origin", Select).value
        verdict = self.query_one("#filter-verdict", Select).value
        return QueueFilter(
            text=self.query_one("#filter-text", Input).value.strip(),
            origin="" if origin is Select.NULL else str(origin),
            verdict="" if verdict is Select.NULL else str(verdict),
            unreviewed=self.query_one("#filter-unreviewed", Checkbox).value,
            disagreements=self.query_one("#filter-disagreements", Checkbox).value,
            everyone=self.query_one("#filter-everyone", Checkbox).value,
        )

    def action_apply(self) -> None:
        """Close and hand back the filter."""
        self.dismiss(self._chosen())

    def action_cancel(self) -> None:
        """Close without changing the queue."""
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_apply()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "filter-apply":
            self.action_apply()
        elif event.button.id == "filter-clear":
            self.dismiss(QueueFilter())
        else:
            self.action_cancel()
