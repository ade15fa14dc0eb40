"""Small text tools shared by import and the judge: citation markers, spans, claim kinds."""

from __future__ import annotations

import re

# [1], [1][2], [1, 2], [1-3], [1–3]
MARKER = re.compile(r"\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]")
_NUMBERS = re.compile(r"\d+")
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
    found = [n for m in MARKER.finditer(response, start, end) for n in marker_numbers(m.group())]
    if found:
        return found
    tail = re.compile(r"[\s.,;:!?)]*((?:\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]\s*)+)")
    m = tail.match(response, end)
    if m:
        return [n for mk in MARKER.finditer(m.group(1)) for n in marker_numbers(mk.group())]
    return []


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
    norm_hay, offsets = _normalised(haystack, keep_map=True)
    j = norm_hay.find(norm_needle)
    if j < 0:
        return None
    start = offsets[j]
    end = offsets[j + len(norm_needle) - 1] + 1
    return start, end, "normalised"


_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DATE = re.compile(
    rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|(?:{_MONTHS})\.?\s+\d{{1,2}}|\d{{1,2}}\s+(?:{_MONTHS})\b"
    rf"|(?:{_MONTHS})\s+\d{{4}}|(?:19|20)\d{{2}}|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(r"\d|\b(?:percent|half|twice|double|one|two|three|four|five|six|seven|"
                     r"eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
                     r"sixty|hundred|thousand|million)\b", re.IGNORECASE)
_RELATION = re.compile(r"\b(?:therefore|because|so that|which means|as a result|thus|hence|"
                       r"since|due to|so you|consequently)\b", re.IGNORECASE)
_NAME = re.compile(r"(?<=[a-z,;:] )[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)*")


def infer_kind(text: str) -> str:
    """A claim's kind by pattern, when its importer did not give one."""
    body = MARKER.sub("", text)
    if _DATE.search(body):
        return "date"
    if _FIGURE.search(body):
        return "figure"
    if _RELATION.search(body):
        return "relation"
    if _NAME.search(body):
        return "name"
    return "policy"
