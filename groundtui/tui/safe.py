"""Untrusted text made safe to show: control characters visible, offsets kept.

Answers and sources come from production. Rich markup in them is inert as long as they are
wrapped in ``rich.text.Text`` (never ``Text.from_markup``); control characters are another
matter: an ANSI escape, a carriage return or a bidi override would move the cursor or
reorder the line in the reviewer's terminal. Each one is replaced, for display only, by a
visible stand-in (``␛``, ``\\x9b``, ``<U+202E>``), and an offset map keeps spans (claims,
evidence, specifics) pointing at the same characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_UNSAFE = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")


def _stand_in(ch: str) -> str:
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # the Unicode control pictures: ␛ for ESC, ␍ for CR
    if code == 0x7F:
        return "\u2421"  # ␡
    if code <= 0x9F:
        return f"\\x{code:02x}"
    return f"<U+{code:04X}>"


@dataclass(frozen=True)
class Shown:
    """Display text for an untrusted string, with the map from original offsets."""

    text: str
    offsets: tuple[int, ...] | None = None
    """``offsets[i]`` is where original character ``i`` starts in ``text``; None = same."""

    def at(self, index: int) -> int:
        """The display offset of original offset ``index`` (clamped to the text)."""
        if self.offsets is None:
            return max(0, min(index, len(self.text)))
        return self.offsets[max(0, min(index, len(self.offsets) - 1))]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """An original ``[start, end)`` span in display offsets."""
        return self.at(start), self.at(end)


def shown(value: str | None) -> Shown:
    """``value`` with every control and bidi character replaced by a visible stand-in."""
    value = value or ""
    if not _UNSAFE.search(value):
        return Shown(value)
    parts: list[str] = []
    offsets: list[int] = []
    position = 0
    for ch in value:
        offsets.append(position)
        piece = _stand_in(ch) if _UNSAFE.match(ch) else ch
        parts.append(piece)
        position += len(piece)
    offsets.append(position)
    return Shown("".join(parts), tuple(offsets))


def one_line(value: str | None, limit: int = 200) -> str:
    """A safe single-line excerpt: controls made visible, newlines and tabs as spaces."""
    text = shown((value or "")[: limit * 2]).text
    text = re.sub(r"[\n\t]+", " ", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
