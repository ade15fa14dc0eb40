"""Sentences: where one ends, which abbreviations do not end one, and the spans between.

The one reading of a sentence end, which the mechanical check's scoping and the heuristic
judge's splitting both compile: a line break; or ". ! ?" (then more of them, closing
quotes and brackets, and citation markers on the same line) before blanks and a character
that is not a lowercase letter ("e.g. the" goes on), or before the end of the text. A "."
after an initial ("J. Smith", "U.S.", "e.g.") or an abbreviation ("Dr. Smith", "Jan. 5")
ends nothing. Markers trail: those right after the final punctuation on the same line
("…30 days.[1] Next", "…30 days. [1] Next") belong to the sentence they follow.
"""

from __future__ import annotations

import re
from itertools import groupby

from groundtui.text.markers import MARKER
from groundtui.text.numbers import MONTHS

_MONTH_ABBREVIATIONS = frozenset(m for m in MONTHS if len(m) <= 4) - {"may", "june", "july"}
"""The abbreviated month names ("Jan.", "Sept."): the short ones that are not whole names."""
ABBREVIATIONS = _MONTH_ABBREVIATIONS | frozenset(
    "mr mrs ms dr prof sr jr st mt no nos vs fig approx dept est inc ltd co corp".split()
)
"""Words, in any case, whose "." ends no sentence; initials need no entry ("U.S.", "e.g.")."""


def _not_after(words: frozenset[str]) -> str:
    """Lookbehinds refusing a "." that closes one of ``words`` (any case) or an initial.

    A lookbehind has one width, so the words are grouped by length.
    """
    by_length = groupby(sorted(words, key=len), key=len)
    return r"(?<!\b[A-Za-z]\.)" + "".join(
        rf"(?<!\b(?i:{'|'.join(sorted(group))})\.)" for _, group in by_length
    )


NOT_ABBREVIATION = _not_after(ABBREVIATIONS)
"""A lookbehind, placed just after a ".", that holds when the "." closes no abbreviation."""
CLOSERS = "\"'”’)"
"""What may close a sentence after its final punctuation: quotes and a bracket."""
END = (
    r"[.!?\n](?:(?<=\n)|"
    # only punctuation, a marker or a blank can follow a sentence's end: a cheap test
    # that refuses "49.99" and "2.4.1" before the abbreviations are tried
    rf"(?=[.!?{CLOSERS}\[\s]|\Z)"
    # every abbreviation ends in a letter: after any other character, none is tried
    rf"(?:(?<![A-Za-z].)|{NOT_ABBREVIATION})"
    rf"[.!?]*[{CLOSERS}]*(?:[ \t\u00a0]*{MARKER.pattern})*(?=\s+[^\sa-z]|\s*\Z))"
)
"""A sentence end, up to the blanks before the next sentence (a pattern to compile)."""
_END_RE = re.compile(END)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Split ``text`` into sentences, as ``[start, end)`` spans without surrounding blanks.

    Args:
        text: any prose: a response or a source.

    Returns:
        The spans in order, each sentence with its trailing markers; text with no
        sentence end is one span.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _END_RE.finditer(text):
        _add_span(text, start, m.end(), spans)
        start = m.end()
    _add_span(text, start, len(text), spans)
    return spans


def _add_span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        lead = len(piece) - len(piece.lstrip())
        spans.append((start + lead, start + lead + len(stripped)))
