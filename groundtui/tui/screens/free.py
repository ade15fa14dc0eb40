"""A lead frees a reviewer's answers (the palette's "Free a reviewer's answers"): the
reviewers holding answers by a live lease, one to choose, as ``groundtui leases --release``."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from groundtui.text.inert import one_line


class FreeScreen(ModalScreen[str | None]):
    """Choose whose answers to free: dismissed with the reviewer's name, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel", tooltip="Close, freeing nothing", id="free.cancel"),
    ]

    def __init__(self, holding: dict[str, int]) -> None:
        """``holding``: each reviewer holding answers by a live lease, and how many."""
        super().__init__()
        self.holding = holding

    def compose(self) -> ComposeResult:
        with Vertical(id="free-dialog", classes="dialog") as dialog:
            dialog.border_title = "Free a reviewer's answers  (esc to close)"
            yield Static(
                "Their answers go back to the queue: the next reviewer finishes what they "
                "labelled in part; their labels stay theirs. Answers they finished stay theirs.",
                id="free-words",
            )
            yield OptionList(
                *(
                    Option(Text(f"{one_line(name, 40)} · {n} answer{'' if n == 1 else 's'}"), name)
                    for name, n in self.holding.items()
                ),
                id="free-reviewers",
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Close, freeing nothing."""
        self.dismiss(None)
