"""The screen's two bottom lines: the status line (what the last key did) and the footer
of keys, shown from the first frame."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import KeyGroup

from groundtui.text.inert import shown


class StatusLine(Static):
    """One line: ``Saved HS-0081 #1: absent / plausible specifics``, or a warning."""

    def say(self, text: str, warning: bool = False) -> None:
        """Show ``text``: untrusted parts (an answer's id, a reviewer's name, an error)
        stay text, never markup, and their control characters show as stand-ins."""
        self.set_class(warning, "-warning")
        self.update(Text(shown(text).text), layout=False)


class KeysFooter(Footer):
    """Textual's footer, drawn whether or not the app has the focus, with whole keys only.

    Textual's redraws the keys only while the app has the focus; a browser page starts
    without it, so the footer stayed empty until the reviewer clicked into the terminal.
    The keys here are the screen's, the same focused or not.

    Textual's cuts the last key that does not fit mid-word ("12340 kin" at 80 columns);
    here the keys that do not fit whole are left out (``?`` lists every key).
    """

    _ends: list[tuple[list[Widget], int]] | None = None
    """Each key (a group of keys with its label) and the column where it ends, as laid
    out with every key shown; None until measured."""

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True  # Footer's own flag: its compose draws nothing before it
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_on_top)

    async def _recompose_on_top(self) -> None:
        """Compose the keys again, then leave out those that do not fit; not while a dialog
        is over the screen, which is not laid out then (the keys could not be measured):
        the keys shown stay until the screen is on top again."""
        if self.children and self.screen is not self.app.screen:
            return
        self._ends = None
        await self.recompose()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self, tries: int = 10) -> None:
        """Show the keys that fit whole, in order; none after the first that does not."""
        if self._ends is None:
            if not self.size.width or not any(c.region.width for c in self.children):
                if tries and self.children:  # not laid out yet: after the next refresh
                    self.call_after_refresh(self._fit, tries - 1)
                return
            units: list[list[Widget]] = []
            for child in self.children:  # a group's label belongs to the group before it
                if units and isinstance(units[-1][0], KeyGroup) and len(units[-1]) == 1:
                    units[-1].append(child)
                else:
                    units.append([child])
            left = self.region.x
            self._ends = [(u, max(c.region.right for c in u) - left) for u in units]
        fits = True
        for unit, end in self._ends:
            fits = fits and end <= self.size.width
            for child in unit:
                child.display = fits
