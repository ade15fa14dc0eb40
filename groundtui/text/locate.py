"""Where a piece of text sits in another: verbatim, else ignoring whitespace, case and markers."""

from __future__ import annotations

from functools import lru_cache

from groundtui.text.markers import MARKER


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
