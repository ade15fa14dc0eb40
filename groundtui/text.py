"""Small text tools shared by import and the judge: citation markers, spans, claim kinds."""

from __future__ import annotations

import re
from functools import lru_cache

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


def _normalised(text: str, keep_map: bool) -> tuple[str, list[int]]:
    """Lower-case, drop citation markers, collapse whitespace; map back to offsets."""
    out: list[str] = []
    offsets: list[int] = []
    skip_until = -1
    markers = {m.start(): m.end() for m in MARKER.finditer(text)}
    pending_space = False
    for i, ch in enumerate(text):
        if i < skip_until:
            continue
        if i in markers:
            skip_until = markers[i]
            pending_space = True
            continue
        if ch.isspace():
            pending_space = True
            continue
        if pending_space and out:
            out.append(" ")
            if keep_map:
                offsets.append(i)
        pending_space = False
        out.append(ch.lower())
        if keep_map:
            offsets.append(i)
    return "".join(out), offsets


@lru_cache(maxsize=8)
def _normalised_haystack(text: str) -> tuple[str, list[int]]:
    # One answer's claims are located one after another in the same response: normalise
    # it once, not once per claim (a Python loop per character of a long response).
    return _normalised(text, keep_map=True)


def locate(needle: str, haystack: str) -> tuple[int, int, str] | None:
    """Find ``needle`` in ``haystack``: verbatim, else ignoring whitespace, case and markers.

    Returns ``(start, end, how)`` with ``how`` "exact" or "normalised", or None.
    """
    if not needle.strip():
        return None
    i = haystack.find(needle)
    if i >= 0:
        return i, i + len(needle), "exact"
    norm_needle, _ = _normalised(needle, keep_map=False)
    norm_needle = norm_needle.strip().rstrip(".")
    if not norm_needle:
        return None
    norm_hay, offsets = _normalised_haystack(haystack)
    j = norm_hay.find(norm_needle)
    if j < 0:
        return None
    start = offsets[j]
    end = offsets[j + len(norm_needle) - 1] + 1
    return start, end, "normalised"


# Weekdays, months (named; abbreviated only next to a day number), years, ISO and slashed
# dates, times of day.
_DATE = re.compile(
    r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?|january|february"
    r"|march|april|june|july|august|september|october|november|december|today|tomorrow"
    r"|yesterday|(?:1[89]|20)\d\d|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4}"
    r"|\d{1,2}(?::\d\d)?\s?[ap]\.?m\b\.?"
    r"|(?:may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+\d{1,2}(?!\d)"
    r"|\d{1,2}\s+(?:may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b)(?!\w)",
    re.IGNORECASE,
)


def infer_kind(text: str) -> str:
    """A claim's kind by pattern: ``relation``, ``date``, ``figure``, ``name``, else ``policy``.

    The one claim-kind classifier: the importer (a claim imported without a kind), the
    pipeline (a judge that gave none) and the heuristic judge's extraction all use it.
    A cause or consequence makes a relation whatever else the claim holds ("Refunds take 5
    days, so order early."); then a weekday, month or year a date ("free on Mondays"); then
    any figure, in digits or words; then a proper name.
    """
    # The judge's text rules, imported here so that ``groundtui.text`` stays light to import.
    from groundtui.judge.quantities import values
    from groundtui.judge.textutil import CONNECTIVE, proper_names

    body = MARKER.sub("", text)
    if CONNECTIVE.search(body):
        return "relation"
    if _DATE.search(body):
        return "date"
    if values(body):
        return "figure"
    if proper_names(body):
        return "name"
    return "policy"
