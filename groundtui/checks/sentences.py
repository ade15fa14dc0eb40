"""Sentences and their citation markers: which sources each part of an answer cites.

Sentence ends and markers are read as ``groundtui.text`` defines them (its ``sentences``
and ``markers``); this module compiles them for the check's one pass over a response and
adds what the check needs besides: where each sentence's first word begins, and which
citation numbers each sentence's markers name. Markers opening a line belong to the
sentence they open.
"""

from __future__ import annotations

import re

from groundtui.text.markers import INSIDE, LONGEST, MARKER, marker_numbers
from groundtui.text.sentences import END

_MARKS = MARKER.pattern
#: The gap before a sentence's first word: spaces, bullets, quotes, "2." list numbers.
_LEAD = rf"(?:\s|[-*•#>\"'“‘(]|\d{{1,3}}[.)]\**(?=\s)|{_MARKS})*"
# A sentence end, then group "lead": the gap before the next sentence's first word. The
# pattern opens with a character class, so the engine skips to the next candidate in C.
_END_RE = re.compile(rf"{END}(?P<lead>{_LEAD})")
_LEAD_RE = re.compile(_LEAD)
_COLON_RE = re.compile(r":\s+[\"'“‘(*]*")
# ``MARKER`` with its inside as a group: reading ``m[1]`` measured faster than slicing.
_MARK_RE = re.compile(rf"\[({INSIDE})\]")


def sentences(
    text: str, covered: bytearray
) -> tuple[list[int], set[int], dict[int, frozenset[int]]]:
    """Read the structure of ``text``.

    Args:
        text: A response.
        covered: Marked where a marker is more than "[" digits "]" ("[1, 2]", "[ 2 ]"),
            so that no number inside a marker reads as a figure (the figures' pattern
            itself refuses a digit right after "[").

    Returns:
        The sentence start offsets (the first is 0); the offsets where a sentence's, or a
        clause's after ":", first word begins; and for each sentence with markers (by
        its position in the starts), the citation numbers, as written.
    """
    starts = [0]
    lead = _LEAD_RE.match(text)
    assert lead is not None  # the lead may be empty, so it matches every text
    initial = {lead.end()}
    for m in _END_RE.finditer(text):
        start, first = m.span("lead")
        starts.append(start)
        initial.add(first)
    if ":" in text:
        initial.update(m.end() for m in _COLON_RE.finditer(text))
    cites: dict[int, frozenset[int]] = {}
    if "[" in text:
        # Separate passes measured faster than one pattern for ends and markers together.
        sentence, last = 0, len(starts) - 1
        for m in _MARK_RE.finditer(text):
            at = m.start()
            while sentence < last and starts[sentence + 1] <= at:  # both come in order
                sentence += 1
            inside = m[1]
            if inside.isdigit() and len(inside) <= LONGEST:  # the common "[1]"
                numbers = frozenset((int(inside),))
            else:  # "[1, 2]", "[1-3]", "[ 1 ]": keep their digits from reading as figures
                numbers = frozenset(marker_numbers(inside))
                covered[at : m.end()] = b"\x01" * (m.end() - at)
            before = cites.get(sentence)
            cites[sentence] = numbers if before is None else before | numbers
    return starts, initial, cites
