"""The review guidelines (``groundtui config guidelines FILE``), shown as Markdown."""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from groundtui.store import Store, StoreError
from groundtui.text.inert import shown

NO_GUIDELINES = """\
# No guidelines yet

A lead sets them for everyone on this database from a Markdown file:

    groundtui config guidelines GUIDELINES.md

Its text is stored in the database, so every reviewer reads the same words.
"""


class GuidelinesScreen(ModalScreen[None]):
    """The team's review guidelines; ``esc`` (or ``g``) closes them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,g,q", "close", "close", tooltip="Close the guidelines", id="guidelines.close"
        ),
    ]

    def __init__(self, db_path: str, readonly: bool = False) -> None:
        super().__init__()
        self.db_path = db_path
        self.readonly = readonly

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="guidelines-dialog", classes="dialog") as scroll:
            scroll.border_title = "Guidelines  (esc to close)"
            # The lead's text, kept in the database: its links open nothing either.
            yield Markdown("Reading the guidelines…", id="guidelines-text", open_links=False)

    def on_mount(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def load(self) -> None:
        """Read the stored guidelines in a worker, then show them."""
        try:
            with Store(self.db_path, readonly=self.readonly) as store:
                stored = store.settings.content("guidelines")
            # Markdown's own markup is meant; a control character (an ANSI escape) is not
            text = shown(stored.replace("\r\n", "\n")).text if stored else NO_GUIDELINES
        except (StoreError, sqlite3.Error) as exc:
            text = f"The guidelines could not be read: {exc}"
        self.app.call_from_thread(self.query_one(Markdown).update, text)

    def action_close(self) -> None:
        """Close the guidelines."""
        self.dismiss(None)
