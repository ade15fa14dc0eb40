"""Sentences and their citation markers: which sources each part of an answer cites.

A sentence ends at a line break, or at ". ! ?" (then closing quotes) before a space and a
word that is not lowercase ("e.g. the" goes on), unless the "." closes an abbreviation
("Dr. Smith", "J. Smith"). Markers trail: those right after the final punctuation on the
same line ("…30 days.[1] Next", "…30 days. [1] Next") belong to the sentence they follow;
markers opening a line belong to the sentence they open.
"""

from __future__ import annotations

import re

_MARKS = r"\[\d{1,4}(?:\s*[-–,]\s*\d{1,4})*\]"  # no citation runs to 10,000 sources
#: The gap before a sentence's first word: spaces, bullets, quotes, "2." list numbers.
_LEAD = rf"(?:\s|[-*•#>\"'“‘(]|\d{{1,3}}[.)](?=\s)|{_MARKS})*"
_NOT_ABBREVIATION = (
    r"(?<!\b[A-Za-z]\.)(?<!\b(?:Mr|Ms|Dr|St|Mt|No|vs)\.)"
    r"(?<!\b(?:Mrs|Nos|e\.g|i\.e|Fig|fig|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.)"
    r"(?<!\b(?:Prof|Sept)\.)(?<!\bapprox\.)"
)


def _end(n: int) -> str:
    """The rest of a sentence end after its first ". ! ?", then the next sentence's lead."""
    return (
        rf"{_NOT_ABBREVIATION}[.!?]*[\"'”’)]*(?P<tail{n}>(?:[ \t\u00a0]*{_MARKS})*)"
        rf"(?=\s+[^\sa-z]|\s*\Z)(?P<lead{n}>{_LEAD})"
    )


# One pass finds the structure: markers, sentence ends, line breaks and colons. It opens
# with a character class, so the engine skips to the next candidate in C.
STRUCTURE_RE = re.compile(
    r"[\[.!?\n:](?:"
    # markers, maybe closing their sentence: "[1]", "[1][2]", "[1, 2]", "[1-3]", "[1]."
    rf"(?<=\[)(?P<marks>\d{{1,4}}(?:\s*[-–,]\s*\d{{1,4}})*\](?:[ \t\u00a0]*{_MARKS})*)(?:[.!?]{_end(1)})?"
    # a line break
    rf"|(?<=\n)(?P<lead2>{_LEAD})"
    # the end of a sentence
    rf"|(?<=[.!?]){_end(3)}"
    # a colon: the word after it is capitalised by position
    r"|(?<=:)(?P<colon>\s+[\"'“‘(*]*)"
    r")"
)
_LEAD_RE = re.compile(_LEAD)
_INSIDE_RE = re.compile(r"\d+(?:\s*[-–,]\s*\d+)*")


def sentences(text: str, covered: bytearray) -> tuple[list[int], set[int], dict[int, set[int]]]:
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
    lead = _LEAD_RE.match(text)
    initial = {lead.end()}
    cites: dict[int, set[int]] = {}
    if "[" in lead.group():
        _cite(cites, 0, lead.group())
    for m in STRUCTURE_RE.finditer(text):
        marks = m["marks"]
        if marks is not None:
            if marks[:-1].isdigit():  # the common "[1]"
                cites.setdefault(len(starts) - 1, set()).add(int(marks[:-1]))
            else:
                _cite(cites, len(starts) - 1, marks)
                covered[m.start() : m.end("marks")] = b"\x01" * (m.end("marks") - m.start())
            if m["lead1"] is None:
                continue
            tail, (start, first) = m["tail1"], m.span("lead1")
        elif m["colon"] is not None:
            initial.add(m.end())
            continue
        elif m["lead2"] is not None:
            tail, (start, first) = "", m.span("lead2")
        else:
            tail, (start, first) = m["tail3"], m.span("lead3")
        if tail:
            _cite(cites, len(starts) - 1, tail)
        if start > starts[-1]:
            starts.append(start)
        initial.add(first)
        if first > start and "[" in text[start:first]:
            _cite(cites, len(starts) - 1, text[start:first])
    return starts, initial, cites


def _cite(cites: dict[int, set[int]], sentence: int, marks: str) -> None:
    """Add the numbers of the markers written in ``marks`` to a sentence's citations."""
    numbers = cites.setdefault(sentence, set())
    for inside in _INSIDE_RE.findall(marks):
        if inside.isdigit():
            numbers.add(int(inside))
            continue
        for part in inside.split(","):
            low, _, high = part.replace("–", "-").partition("-")
            a = int(low)
            b = int(high) if high.strip() else a
            numbers.update(range(a, min(b, a + 50) + 1) if b >= a else (a, b))
