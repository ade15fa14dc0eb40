"""Citation markers: "[1]", "[1, 2]", "[1-3]", and the citation numbers they name; a marker
naming a source by its id ("[returns-policy-v3]") is read as its number (``numbered``).

The one reading of a marker: the importer, the mechanical check, the judges and the UI
all build on ``INSIDE`` and read numbers with ``marker_numbers``. Any blanks may pad a
marker ("[ 2 ]", "[  2]"), its numbers may be joined by "," ";" "-" or "–", and its digits
are never a figure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from groundtui.text.inert import quoted

T = TypeVar("T")

INSIDE = r"\s*\d+(?:\s*[,;–-]\s*\d+)*\s*"
"""What stands between a marker's brackets: numbers, joined by "," ";" "-" or "–"."""
MARKER = re.compile(rf"\[{INSIDE}\]")
"""A citation marker: [1], [1, 2], [1-3], [1–3], [ 2 ], [1;2]."""
LONGEST = 9
"""The most digits a citation number has; a longer one names no source (``NO_SOURCE``)."""
NO_SOURCE = 0
"""The number read from a marker that can name no source ("[0]", "[99999999999]")."""
# Markers trailing a text on its line ("… days [1][2].", "… days. [1]"); one opening the
# next line cites what follows it, as the check reads sentences.
_TRAILING = re.compile(rf"[ \t\u00a0.,;:!?)]*((?:{MARKER.pattern}[ \t\u00a0]*)+)")
_PART = re.compile(r"(\d+)(?:\s*[–-]\s*(\d+))?")
_SPREAD = 50
"""The widest range read number by number: "[1-3]" is 1, 2, 3; "[1-900]" only 1 and 900."""


def citation_number(digits: str) -> int:
    """The citation a marker's run of digits names, bounded.

    A number longer than ``LONGEST`` digits names no source: it reads as ``NO_SOURCE``, a
    dangling citation, so no reader converts a huge string or stores a huge integer.
    """
    digits = digits.lstrip("0")
    return int(digits) if digits and len(digits) <= LONGEST else NO_SOURCE


def marker_numbers(marker: str) -> list[int]:
    """The citation numbers one marker names, with or without its brackets.

    ``[1-3]`` gives 1, 2, 3; ``[1, 2]`` 1 and 2; a range wider than 50 only its ends.
    """
    numbers: list[int] = []
    for m in _PART.finditer(marker):
        lo = citation_number(m[1])
        if m[2] is None:
            numbers.append(lo)
            continue
        hi = citation_number(m[2])
        numbers.extend(range(lo, hi + 1) if 0 < hi - lo < _SPREAD else (lo, hi))
    return numbers


def citations_near(response: str, start: int, end: int) -> list[int]:
    """Citation numbers inside ``response[start:end]``, then those trailing it ("… days [1].")."""
    found = marker_citations(response, start, end)
    m = _TRAILING.match(response, end)
    return found + marker_citations(response, m.start(1), m.end(1)) if m else found


def marker_citations(text: str, start: int = 0, end: int | None = None) -> list[int]:
    """The numbers of the markers in ``text[start:end]``, in order (``[1-3]`` gives 1, 2, 3)."""
    stop = len(text) if end is None else end
    return [n for m in MARKER.finditer(text, start, stop) for n in marker_numbers(m.group())]


def source_index(citation: int | None, numbers: Sequence[int]) -> int | None:
    """Where the source ``[citation]`` is among an answer's sources (from 0).

    ``numbers[i]`` is the citation number of source ``i``: its own ``number`` when the
    input gives one, else its place from 1 (docs/formats.md). None when the claim cites
    nothing, or names no source of the answer ("[0]", or "[3]" of two: a dangling citation).
    """
    if citation is None or citation < 1:
        return None
    if len(numbers) >= citation and numbers[citation - 1] == citation:
        return citation - 1  # sources numbered by their place: the common case, no search
    try:
        return numbers.index(citation)
    except ValueError:
        return None


def distinct(citations: Iterable[T]) -> tuple[T, ...]:
    """``citations`` without repeats, in the order first cited ("[2][1][2]" cites 2, 1)."""
    return tuple(dict.fromkeys(citations))


_BRACKETED = re.compile(r"\[([^\[\]\n]{1,200})\]")


def cites_shared(ids: Sequence[str], citations: Sequence[Any], response: str) -> str | None:
    """Where a citation names an id that two of ``ids`` (an answer's sources) share, or None:
    two chunks of one document may share an id, but a citation of it would name either.

    Args:
        citations: each claim's ``citation``: a number, an id, a list of them, or None.
        response: the answer, whose markers may name sources by id ("[refunds]").
    """
    if len(set(ids)) == len(ids):
        return None
    shared = {i for i in ids if ids.count(i) > 1}
    for i, citation in enumerate(citations):
        items = citation if isinstance(citation, list) else [citation]
        for item in items:
            if isinstance(item, str) and unicodedata.normalize("NFC", item) in shared:
                return f"claims[{i}].citation names {quoted(item)}"
    named_ids = {m[1].strip() for m in _BRACKETED.finditer(response)} & shared
    return f"the response cites [{min(named_ids)}]" if named_ids else None


def numbered(response: str, ids: Sequence[str], numbers: Sequence[int] | None = None) -> str:
    """``response`` with each marker naming a source by its id ("[returns-policy-v3]") written
    as a marker of that source's number, padded with blanks to the same length
    ("[        2        ]"), so every offset stays and every reader takes it for a citation.

    Args:
        ids: the answer's sources' ids, in order.
        numbers: their citation numbers (by default their places from 1).

    A marker whose id is shorter than its number's digits is left as written.
    """
    cited = numbers or range(1, len(ids) + 1)
    present = {i: n for i, n in zip(ids, cited, strict=True) if f"[{i}" in response}
    if not present:  # the common case: markers are numbers, or there are none
        return response

    def as_number(m: re.Match[str]) -> str:
        number = present.get(m[1].strip())
        if number is None:
            return m[0]
        digits = str(number)
        room = len(m[1]) - len(digits)
        if room < 0:
            return m[0]
        return f"[{' ' * (room // 2)}{digits}{' ' * (room - room // 2)}]"

    return _BRACKETED.sub(as_number, response)
