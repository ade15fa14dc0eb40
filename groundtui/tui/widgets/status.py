"""The status line under the panes: what the last key did, or why it could not."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """One line: ``Saved HS-0081 #1: absent / plausible specifics``, or a warning."""

    def say(self, text: str, warning: bool = False) -> None:
        """Show ``text`` (untrusted parts stay text, never markup)."""
        self.set_class(warning, "-warning")
        self.update(Text(text), layout=False)
