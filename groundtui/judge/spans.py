"""Where a claim sits in its response, and where a quoted piece of evidence sits in a source.

Exact and normalised matches come from :func:`groundtui.text.locate`. A model rarely
copies a claim character for character (it splits "X and Y" into two sentences, repeats a
subject), so a claim that is not found that way gets the best window of the response by
``difflib`` similarity, when that window is close enough to be the same words.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from groundtui.text.locate import locate, lower_in_place

CLAIM_MIN_RATIO = 0.75
"""How similar a window of the response must be to a claim to count as its span."""
EVIDENCE_MIN_RATIO = 0.85
"""Evidence is meant to be a verbatim quote, so its window must be closer."""

_WORD_START = re.compile(r"(?<![\w$£€])[\w$£€]")
_WORD_END = re.compile(r"[\w%.)](?![\w%])")


def fuzzy_locate(needle: str, haystack: str, min_ratio: float) -> tuple[int, int] | None:
    """The window of ``haystack`` most like ``needle``, when its similarity is ``min_ratio`` or more.

    The window is anchored on the longest run the two share, then its ends are moved to the
    word boundaries nearby that give the best ``SequenceMatcher`` ratio; case is ignored.
    Cost grows with the haystack once (one longest-match search), not per window.
    """
    target = lower_in_place(needle.strip())
    if len(target) < 4 or not haystack:
        return None
    hay = lower_in_place(haystack)  # the window's offsets are the haystack's
    anchor = SequenceMatcher(None, target, hay, autojunk=False).find_longest_match(
        0, len(target), 0, len(hay)
    )
    if anchor.size < max(3, len(target) // 8):
        return None
    guess_start = anchor.b - anchor.a
    guess_end = guess_start + len(target)
    slack = max(8, len(target) // 4)
    starts = [
        m.start()
        for m in _WORD_START.finditer(
            hay, max(0, guess_start - slack), min(len(hay), guess_start + slack + 1)
        )
    ]
    ends = [
        m.end()
        for m in _WORD_END.finditer(
            hay, max(0, guess_end - slack), min(len(hay), guess_end + slack + 1)
        )
    ]
    best: tuple[float, int, int] | None = None
    scorer = SequenceMatcher(None, autojunk=False)
    scorer.set_seq2(target)
    for start in starts or [max(0, guess_start)]:
        for end in ends or [min(len(hay), guess_end)]:
            if end <= start:
                continue
            scorer.set_seq1(hay[start:end])
            if scorer.real_quick_ratio() < min_ratio or scorer.quick_ratio() < min_ratio:
                continue
            ratio = scorer.ratio()
            if best is None or ratio > best[0]:
                best = (ratio, start, end)
    if best is None or best[0] < min_ratio:
        return None
    return best[1], best[2]


def locate_claim(
    claim: str, response: str, near: tuple[int, int] | None = None
) -> tuple[tuple[int, int] | None, str]:
    """``(span, how)``: how is "exact", "normalised", "fuzzy" or "unlocated" (span None).

    ``near`` is the part of the response the judge took the claim from, when it says
    (see :func:`groundtui.text.locate.locate`).
    """
    found = locate(claim, response, near)
    if found:
        return (found[0], found[1]), found[2]
    window = fuzzy_locate(claim, response, CLAIM_MIN_RATIO)
    if window:
        return window, "fuzzy"
    return None, "unlocated"


def locate_evidence(
    quote: str, source: str, near: tuple[int, int] | None = None
) -> tuple[int, int] | None:
    """The span of ``source`` that a judge's evidence quote came from, or None.

    ``near`` is the part of the source the judge quoted, when it says.
    """
    if not quote.strip():
        return None
    found = locate(quote.strip(), source, near)
    if found:
        return found[0], found[1]
    return fuzzy_locate(quote, source, EVIDENCE_MIN_RATIO)
