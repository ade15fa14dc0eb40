"""The review guidelines (``groundtui config guidelines FILE``), shown as Markdown."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

NO_GUIDELINES = """\
# No guidelines yet

A lead sets them for everyone on this database from a Markdown file:

    groundtui config guidelines GUIDELINES.md

Its text is stored in the database, so every reviewer reads the same words.
"""


class GuidelinesScreen(ModalScreen[None]):
    """The team's review guidelines; ``esc`` (or ``g``) closes them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g,q", "close", "close", tooltip="Close the guidelines",
                id="guidelines.close"),
    ]

    def __init__(self, markdown: str | None) -> None:
        super().__init__()
        self.markdown = markdown or NO_GUIDELINES

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="guidelines-dialog", classes="dialog") as scroll:
            scroll.border_title = "Guidelines  (esc to close)"
            yield Markdown(self.markdown, id="guidelines-text")

    def action_close(self) -> None:
        """Close the guidelines."""
        self.dismiss(None)
