"""The screen's two bottom lines: the status line (what the last key did) and the footer
of keys, shown from the first frame."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Footer, Static

from groundtui.text.inert import shown


class StatusLine(Static):
    """One line: ``Saved HS-0081 #1: absent / plausible specifics``, or a warning."""

    def say(self, text: str, warning: bool = False) -> None:
        """Show ``text``: untrusted parts (an answer's id, a reviewer's name, an error)
        stay text, never markup, and their control characters show as stand-ins."""
        self.set_class(warning, "-warning")
        self.update(Text(shown(text).text), layout=False)


class KeysFooter(Footer):
    """Textual's footer, drawn whether or not the app has the focus.

    Textual's redraws the keys only while the app has the focus; a browser page starts
    without it, so the footer stayed empty until the reviewer clicked into the terminal.
    The keys here are the screen's, the same focused or not.
    """

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True  # Footer's own flag: its compose draws nothing before it
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)
