"""Citation markers: "[1]", "[1, 2]", "[1-3]", and the citation numbers they name."""

from __future__ import annotations

import re

# [1], [1][2], [1, 2], [1-3], [1–3]
MARKER = re.compile(r"\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]")
_TRAILING = re.compile(rf"[\s.,;:!?)]*((?:{MARKER.pattern}\s*)+)")  # "… days [1][2]."
_RANGE = re.compile(r"(\d+)\s*[–-]\s*(\d+)")


def marker_numbers(marker: str) -> list[int]:
    """The citation numbers one marker names: ``[1-3]`` gives 1, 2, 3."""
    numbers: list[int] = []
    body = marker.strip("[] ")
    for part in re.split(r"\s*[,;]\s*", body):
        m = _RANGE.fullmatch(part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            numbers.extend(range(lo, hi + 1) if 0 < hi - lo < 50 else (lo, hi))
        elif part.isdigit():
            numbers.append(int(part))
    return numbers


def citations_near(response: str, start: int, end: int) -> list[int]:
    """Citation numbers inside ``response[start:end]`` or trailing it ("… days [1].")."""
    found = marker_citations(response, start, end)
    if found:
        return found
    m = _TRAILING.match(response, end)
    return marker_citations(response, m.start(1), m.end(1)) if m else []


def marker_citations(text: str, start: int = 0, end: int | None = None) -> list[int]:
    """The numbers of the markers in ``text[start:end]``, in order (``[1-3]`` gives 1, 2, 3)."""
    stop = len(text) if end is None else end
    return [n for m in MARKER.finditer(text, start, stop) for n in marker_numbers(m.group())]


def source_index(citation: int | None, count: int) -> int | None:
    """Where the source ``[citation]`` is among an answer's ``count`` sources (from 0).

    None when the claim cites nothing, or names no source of the answer ("[0]", or "[3]"
    of two: a dangling citation).
    """
    return citation - 1 if citation is not None and 1 <= citation <= count else None
