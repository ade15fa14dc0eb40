"""The note editor: a modal where every key is text, saved with ctrl+s."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static, TextArea

from groundtui.text.inert import one_line


class NoteScreen(ModalScreen[str | None]):
    """Edit the reviewer's note on one claim; dismissed with the note, or None to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+s",
            "save",
            "save note",
            tooltip="Save the note on the claim",
            id="note.save",
            priority=True,
        ),
        Binding("escape", "cancel", "cancel", tooltip="Close without saving", id="note.cancel"),
    ]

    def __init__(self, claim_text: str, note: str) -> None:
        super().__init__()
        self.claim_text = claim_text
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="note-dialog", classes="dialog"):
            yield Static(Text("Note on: ") + Text(one_line(self.claim_text, 200)), id="note-claim")
            yield TextArea(self.note, id="note-text", soft_wrap=True, show_line_numbers=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (ctrl+s)", id="note-save", variant="primary")
                yield Button("Cancel (esc)", id="note-cancel")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_save(self) -> None:
        """Close and hand back the note."""
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "note-save":
            self.action_save()
        else:
            self.action_cancel()
