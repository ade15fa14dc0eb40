"""Sentences and their citation markers: which sources each part of an answer cites.

A sentence ends at a line break, or at ". ! ?" (then closing quotes) before a space and a
word that is not lowercase ("e.g. the" goes on), unless the "." closes an abbreviation
("Dr. Smith", "J. Smith"). Markers trail: those right after the final punctuation on the
same line ("…30 days.[1] Next", "…30 days. [1] Next") belong to the sentence they follow;
markers opening a line belong to the sentence they open.
"""

from __future__ import annotations

import re

from groundtui.text.markers import marker_numbers

# A marker's inside, as text.MARKER reads markers ("[1]", "[1, 2]", "[1-3]", "[ 1 ]",
# "[1; 2]"); no citation runs to 10,000 sources.
_INSIDE = r"[ ]?\d{1,4}(?:\s*[-–,;]\s*\d{1,4})*[ ]?"
_MARKS = rf"\[{_INSIDE}\]"
#: The gap before a sentence's first word: spaces, bullets, quotes, "2." list numbers.
_LEAD = rf"(?:\s|[-*•#>\"'“‘(]|\d{{1,3}}[.)]\**(?=\s)|{_MARKS})*"
_NOT_ABBREVIATION = (
    r"(?<!\b[A-Za-z]\.)(?<!\b(?:Mr|Ms|Dr|St|Mt|No|vs)\.)"
    r"(?<!\b(?:Mrs|Nos|e\.g|i\.e|Fig|fig|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.)"
    r"(?<!\b(?:Prof|Sept)\.)(?<!\bapprox\.)"
)


# A sentence end, then group "lead": the gap before the next sentence's first word. The
# pattern opens with a character class, so the engine skips to the next candidate in C.
_END_RE = re.compile(
    r"[.!?\n](?:(?<=\n)|"
    # only punctuation, a marker or a space can follow a sentence's end: a cheap test
    # that refuses "49.99" and "2.4.1" before the abbreviations are tried
    r"(?=[.!?\"'”’)\[\s]|\Z)"
    # every abbreviation ends in a letter: after any other character, none is tried
    rf"(?:(?<![A-Za-z].)|{_NOT_ABBREVIATION})"
    rf"[.!?]*[\"'”’)]*(?:[ \t\u00a0]*{_MARKS})*(?=\s+[^\sa-z]|\s*\Z))"
    rf"(?P<lead>{_LEAD})"
)
_LEAD_RE = re.compile(_LEAD)
_COLON_RE = re.compile(r":\s+[\"'“‘(*]*")
_MARK_RE = re.compile(rf"\[({_INSIDE})\]")


def sentences(
    text: str, covered: bytearray
) -> tuple[list[int], set[int], dict[int, frozenset[int]]]:
    """Read the structure of ``text``.

    Args:
        text: A response.
        covered: Marked where a marker holds more than one number ("[1, 2]"), so that
            no number inside a marker reads as a figure.

    Returns:
        The sentence start offsets (the first is 0); the offsets where a sentence's, or a
        clause's after ":", first word begins; and for each sentence with markers (by
        its position in the starts), the citation numbers, as written.
    """
    starts = [0]
    initial = {_LEAD_RE.match(text).end()}
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
            if inside.isdigit():  # the common "[1]"
                numbers = frozenset((int(inside),))
            else:  # "[1, 2]", "[1-3]", "[ 1 ]": keep their digits from reading as figures
                numbers = frozenset(marker_numbers(inside))
                covered[at : m.end()] = b"\x01" * (m.end() - at)
            before = cites.get(sentence)
            cites[sentence] = numbers if before is None else before | numbers
    return starts, initial, cites
