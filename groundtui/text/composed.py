"""Text written decomposed ("e" and a combining accent), read composed (NFC) as written.

A PDF or a macOS export may write "José" decomposed; read as written, its name is cut at
the first combining mark ("Jose") and misses a source that writes it composed. The
mechanical check and the heuristic judge read such text composed, and give offsets back
in the text as written.
"""

from __future__ import annotations

import unicodedata


class Composed:
    """``text`` in NFC, with the offset in ``text`` of each of its characters.

    Each base character and the combining marks after it are composed together, so every
    offset of the composed text falls at the start of a character as written.
    """

    __slots__ = ("_at", "text", "written")

    def __init__(self, written: str) -> None:
        self.written = written
        parts: list[str] = []
        at: list[int] = []
        start = 0
        for i in range(1, len(written) + 1):
            if i < len(written) and unicodedata.combining(written[i]):
                continue  # a combining mark joins the character before it
            piece = unicodedata.normalize("NFC", written[start:i])
            parts.append(piece)
            at += [start] * len(piece)
            start = i
        self.text = "".join(parts)
        self._at = [*at, len(written)]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The offsets in the text as written of the composed ``[start, end)``."""
        return self._at[start], self._at[end]


def is_composed(text: str) -> bool:
    """Whether ``text`` is already in NFC (most text is: the test reads it in C)."""
    return unicodedata.is_normalized("NFC", text)
