"""Where a piece of text sits in another: verbatim, else ignoring whitespace, case and markers."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from groundtui.text.markers import MARKER


def lower_in_place(text: str) -> str:
    """``text`` lowercased character for character, so an offset in it is one in ``text``:
    "İ", the one character whose lowercase is two ("i" and a combining dot), reads "i"."""
    return text.replace("\u0130", "i").lower()


def _normalised(text: str, keep_map: bool) -> tuple[str, list[int]]:
    """Lower-case, drop citation markers, collapse whitespace; map back to offsets."""
    out: list[str] = []
    offsets: list[int] = []
    skip_until = -1
    markers = {m.start(): m.end() for m in MARKER.finditer(text)}
    pending_space = False
    lowered = lower_in_place(text)
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
        out.append(lowered[i])
        if keep_map:
            offsets.append(i)
    return "".join(out), offsets


@lru_cache(maxsize=8)
def _normalised_haystack(text: str) -> tuple[str, list[int]]:
    # One answer's claims are located one after another in the same response: normalise
    # it once, not once per claim (a Python loop per character of a long response).
    return _normalised(text, keep_map=True)


def _mapped(text: str) -> tuple[str, list[int]]:
    # A part (one claim's sentence) is searched once: caching it would only evict the
    # whole texts that are worth keeping.
    return _normalised(text, keep_map=True)


def locate(
    needle: str, haystack: str, near: tuple[int, int] | None = None
) -> tuple[int, int, str] | None:
    """Find ``needle`` in ``haystack``: verbatim, else ignoring whitespace, case and markers.

    Args:
        needle: the text to find.
        haystack: the text to find it in.
        near: ``(start, end)`` of the part of ``haystack`` the needle was taken from, when
            the caller knows it: that part is searched first, so that finding the needle
            costs the part's length, not the haystack's (the claims of a long response are
            each found in their own sentence), and a text that also occurs earlier is
            placed where it came from. The whole haystack is searched only when the part
            does not hold it.

    Returns ``(start, end, how)`` with ``how`` "exact" or "normalised", or None.
    """
    if not needle.strip():
        return None
    if near is not None:
        start, end = near
        found = _find(needle, haystack[start:end], _mapped)
        if found:
            return found[0] + start, found[1] + start, found[2]
    return _find(needle, haystack, _normalised_haystack)


def _find(
    needle: str, haystack: str, normalise: Callable[[str], tuple[str, list[int]]]
) -> tuple[int, int, str] | None:
    """:func:`locate` in the whole of ``haystack``, normalised (when need be) by ``normalise``."""
    i = haystack.find(needle)
    if i >= 0:
        return i, i + len(needle), "exact"
    norm_needle, _ = _normalised(needle, keep_map=False)
    norm_needle = norm_needle.strip().rstrip(".")
    if not norm_needle:
        return None
    norm_hay, offsets = normalise(haystack)
    j = norm_hay.find(norm_needle)
    if j < 0:
        return None
    start = offsets[j]
    end = offsets[j + len(norm_needle) - 1] + 1
    return start, end, "normalised"
