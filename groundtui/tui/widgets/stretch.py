"""Which stretch of a long source the source pane draws, and where a phrase is in it.

A source is drawn around its evidence (``CONTEXT`` characters either side), or whole
(``w``) up to ``DRAWN`` characters; a longer one is drawn ``DRAWN`` at a time, around the
evidence or the match ``ctrl+f`` found.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from groundtui.text.inert import Shown
from groundtui.text.locate import lower_in_place

CONTEXT = 800
"""Characters shown either side of the evidence of a long source (``w``: all of it)."""
DRAWN = 40_000
"""Most characters of one source drawn at once. Drawing costs about 2 µs a character (a
5 MB source froze the screen for 10 s): past this, the whole source is drawn a stretch
at a time, around the evidence or the match that ``ctrl+f`` found anywhere in it."""


def around(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """The stretch of ``text`` shown around the evidence ``span``: about ``CONTEXT``
    characters either side, cut where a line (else a word) begins or ends."""
    start, end = max(0, span[0] - CONTEXT), min(len(text), span[1] + CONTEXT)
    if start > 0:
        cut = text.find("\n", start, span[0])
        cut = cut if cut >= 0 else text.find(" ", start, span[0])
        start = cut + 1 if cut >= 0 else span[0]
    if end < len(text):
        cut = text.rfind("\n", span[1], end)
        cut = cut if cut >= 0 else text.rfind(" ", span[1], end)
        end = cut if cut >= 0 else span[1]
    return start, end


@dataclass(frozen=True)
class Stretch:
    """The stretch ``window`` of a source's text drawn at ``offset`` of the body, as
    ``body`` (its control characters made visible)."""

    source: str
    window: tuple[int, int]
    offset: int
    body: Shown

    def holds(self, start: int, length: int) -> bool:
        """Whether ``source[start:start + length]`` is drawn."""
        return self.window[0] <= start and start + length <= self.window[1]

    def indexes(self, starts: list[int], length: int) -> range:
        """The indexes of the ``starts`` (sorted) of matches of ``length`` drawn."""
        return range(
            bisect_left(starts, self.window[0]), bisect_right(starts, self.window[1] - length)
        )

    def span(self, start: int, length: int) -> tuple[int, int]:
        """The body's span of ``source[start:start + length]``."""
        return self.at(start), self.at(start + length)

    def at(self, index: int) -> int:
        """The body's offset of the source's ``index`` (clamped to the stretch)."""
        return self.offset + self.body.at(index - self.window[0])


def matches(text: str, query: str) -> list[int]:
    """Where ``query`` starts in ``text``, any case."""
    haystack, needle = lower_in_place(text), lower_in_place(query)  # offsets kept
    starts, at = [], haystack.find(needle)
    while at >= 0:
        starts.append(at)
        at = haystack.find(needle, at + 1)
    return starts


def stretch_of(text: str, centre: int) -> tuple[int, int]:
    """All of ``text`` when it is at most ``DRAWN`` characters; else ``DRAWN`` of them
    around ``centre``, cut where a line (else a word) begins or ends."""
    if len(text) <= DRAWN:
        return 0, len(text)
    start = max(0, min(centre - DRAWN // 2, len(text) - DRAWN))
    return around(text, (start + CONTEXT, start + DRAWN - CONTEXT))
