"""Untrusted text made inert to show: control and format characters visible, offsets kept.

Answers, sources and their origins come from production, and are printed by the review UI,
the text report and error messages alike. Rich markup in them is inert as long as they are
wrapped in ``rich.text.Text`` (never ``Text.from_markup``); control characters are another
matter: an ANSI escape, a carriage return or a bidi override would move the cursor or
reorder the line in the reader's terminal, and zero-width characters and joiners (U+200B,
U+200D, U+FEFF…) make a terminal and Textual disagree on a line's width, which breaks pane
borders. Each one is replaced, for display only, by a visible stand-in written in ASCII
(``\\x1b``, ``\\x9b``, ``<U+202E>``, ``<U+200B>``), which every terminal font and the
browser's web font have (Unicode's control pictures, ``␛``, were blanks in the browser), and
an offset map keeps spans (claims, evidence, specifics) pointing at the same characters.

Two more kinds of character hide text, and get stand-ins too: variation selectors (U+FE00
to U+FE0F, U+E0100 to U+E01EF), which draw nothing and can carry a whole sentence the
judge reads, and a run of more than ``MARKS`` combining marks on one character, which
draws over the characters around it ("1" and 60 marks hid the "14" it was in, and froze a
browser's tab for minutes).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass

# Unicode's format characters (category Cf: bidi controls, zero-width spaces and joiners,
# the BOM, invisible operators, tags) and the line and paragraph separators, written as
# ranges: a class built by scanning every code point would cost a third of a second at import.
_FORMAT = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f"
)
# Variation selectors, and Mongolian's (U+180E is a format character above).
_VARIATION = "\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef"
_UNSAFE = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{_FORMAT}{_VARIATION}]")
_INVISIBLE = re.compile(rf"[\s{_FORMAT}{_VARIATION}]*")

MARKS = 4
"""Combining marks one character may carry and be drawn with (Hebrew points, Indic vowel
signs, tones need no more); each mark of a longer run is shown as a stand-in."""
# Where such a run may be: a run of characters none of which is ASCII, a letter, a digit or
# a space (combining marks are none of these). Only those are looked at one by one.
_MARK_RUN = re.compile(rf"[^\x00-\x7f\w\s]{{{MARKS + 1},}}")


def _long_marks(value: str) -> set[int]:
    """The offsets in ``value`` of every combining mark in a run of more than ``MARKS``."""
    found: set[int] = set()
    if value.isascii():
        return found
    for candidate in _MARK_RUN.finditer(value):
        run: list[int] = []
        for i in range(candidate.start(), candidate.end() + 1):
            if i < candidate.end() and unicodedata.category(value[i])[0] == "M":
                run.append(i)
                continue
            if len(run) > MARKS:
                found.update(run)
            run = []
    return found


def _stand_in(ch: str) -> str:
    code = ord(ch)
    if code <= 0x9F:  # C0, DEL and C1 controls, as Python writes them: \x1b for ESC
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

    def original(self, at: int) -> int:
        """The original offset of display offset ``at``: the first character shown at or
        after it (the inverse of ``at``)."""
        if self.offsets is None:
            return at
        return bisect.bisect_left(self.offsets, at)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """An original ``[start, end)`` span in display offsets."""
        return self.at(start), self.at(end)


def shown(value: str | None) -> Shown:
    """``value`` with every control, format and variation selector character, and every
    combining mark of a run of more than ``MARKS``, replaced by a visible stand-in."""
    value = value or ""
    marks = _long_marks(value)
    if not marks and not _UNSAFE.search(value):
        return Shown(value)
    parts: list[str] = []
    offsets: list[int] = []
    position = 0
    for i, ch in enumerate(value):
        offsets.append(position)
        piece = _stand_in(ch) if i in marks or _UNSAFE.match(ch) else ch
        parts.append(piece)
        position += len(piece)
    offsets.append(position)
    return Shown("".join(parts), tuple(offsets))


def one_line(value: str | None, limit: int = 200) -> str:
    """A safe single-line excerpt: controls made visible, newlines and tabs as spaces."""
    text = shown((value or "")[: limit * 2]).text
    text = re.sub(r"[\n\t]+", " ", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def blank(value: str) -> bool:
    """Whether ``value`` shows nothing: only whitespace, format characters (U+200B, U+FEFF,
    bidi controls…) and variation selectors, which a reader cannot see and a judge cannot
    quote."""
    return _INVISIBLE.fullmatch(value) is not None


def inert_name(value: str) -> str:
    """A name from outside (a file's) for a one-line message: as ``shown`` shows it, with
    line breaks and tabs visible too, so a name holding a newline stays on its line."""
    return shown(value).text.replace("\n", "\\x0a").replace("\t", "\\x09")


QUOTED = 60
"""Characters of a value a message quotes; a longer one is cut, saying its length."""


def quoted(value: object) -> str:
    """``value`` quoted for a one-line message (``repr``), cut after ``QUOTED`` characters:
    a bad line names a 100 KB id without printing it."""
    if isinstance(value, str) and len(value) > QUOTED:
        return f"{value[: QUOTED - 1] + chr(0x2026)!r} ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= QUOTED + 2 else text[: QUOTED + 1] + "\u2026"


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # JSON escapes an astral character as its surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_inert(dumped: str) -> str:
    """JSON text with every character ``shown`` replaces written as a ``\\uXXXX`` escape.

    ``json.dumps(..., ensure_ascii=False)`` escapes only what JSON requires, so a bidi
    override or a C1 control in a string would reach the terminal raw; escaped, the JSON
    reads back the same. Only line breaks and tabs between the values stay as they are.
    """
    if dumped.isascii() and "\x7f" not in dumped:  # JSON escaped its C0 controls: none left
        return dumped
    marks = _long_marks(dumped)
    if not marks:
        return _UNSAFE.sub(lambda m: _json_escape(m.group()), dumped)
    return "".join(
        _json_escape(ch) if i in marks or _UNSAFE.match(ch) else ch for i, ch in enumerate(dumped)
    )
