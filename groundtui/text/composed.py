"""Text as the check and the judge read it: composed (NFC), digits of every script as 0-9.

A PDF or a macOS export may write "José" decomposed; read as written, its name is cut at
the first combining mark ("Jose") and misses a source that writes it composed. A Japanese
answer writes "３０日" in fullwidth digits, which a pattern of 0-9 passes over
(``groundtui.text.digits``). The mechanical check and the heuristic judge read such text
composed and its digits as 0-9, and give offsets back in the text as written.
"""

from __future__ import annotations

import unicodedata

from groundtui.text.digits import read_digits, reads_digits_as_written


class Composed:
    """``text`` in NFC with its digits read as 0-9, and the offset in ``text`` of each of
    its characters.

    Each base character and the combining marks after it are composed together, so every
    offset of the composed text falls at the start of a character as written; a digit is
    one character read as one.
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
        self.text = read_digits("".join(parts))
        self._at = [*at, len(written)]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The offsets in the text as written of the composed ``[start, end)``."""
        return self._at[start], self._at[end]


def is_composed(text: str) -> bool:
    """Whether ``text`` reads as written: in NFC, every digit 0-9 (most text is: the test
    reads it in C)."""
    return unicodedata.is_normalized("NFC", text) and reads_digits_as_written(text)


def read(text: str) -> str:
    """``text`` as ``Composed`` reads it, without the offsets."""
    return text if is_composed(text) else read_digits(unicodedata.normalize("NFC", text))
