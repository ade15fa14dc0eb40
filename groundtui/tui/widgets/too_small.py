"""What the review screen shows instead of its panes in a window smaller than it works in."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

SMALLEST = (80, 24)
"""The smallest terminal the screen works in; below it, it says so instead."""


class TooSmall(Static):
    """One sentence: how large the window is, and how large it needs to be.

    Hidden by app.tcss unless the screen has the ``-tiny`` class, which the screen sets
    from ``fits``.
    """

    def fits(self, size: Size) -> bool:
        """Whether a window of ``size`` is large enough; when not, say so."""
        width, height = size
        if width < SMALLEST[0] or height < SMALLEST[1]:
            self.update(
                Text(
                    f"groundtui review needs a window of at least {SMALLEST[0]}×{SMALLEST[1]}:"
                    f" this one is {width}×{height}. Make it larger (q quits)."
                )
            )
            return False
        return True
