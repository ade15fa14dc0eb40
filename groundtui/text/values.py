"""Where prose writes a value: figures, dates with a month name, and numbers in words.

The pattern the heuristic judge's ``quantities`` normalises ("1,200", "$49.99", "30%",
"March 5", "thirty", "forty-fifth"), and ``has_value``, the figure test of a claim's kind.
A value never starts inside a longer token ("A380", "U-30"); after a letter of a script
other than Latin it starts one ("返金は30日", ``LATIN_LETTERS``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from groundtui.text.digits import LATIN_LETTERS
from groundtui.text.numbers import MONTHS, ORDINALS, TENS, UNITS

# "one" is left out on purpose: far more often a pronoun ("one of the oldest") than a count;
# ``VALUE`` reads it only after a tens word ("twenty-one").
CARDINALS = {w: n for w, n in (*UNITS.items(), *TENS.items()) if n >= 2} | {"hundred": 100}
"""The cardinal words read as values, and their numbers."""
ORDINAL_WORDS = {w: n for w, n in ORDINALS.items() if n <= 50}
"""The ordinal words read as values ("first" to "fiftieth"), and their numbers."""

_MONTH_RE = rf"(?:{'|'.join(sorted(MONTHS, key=len, reverse=True))})\b\.?"
_CARDINAL_RE = "|".join(sorted(CARDINALS, key=len, reverse=True))
_ORDINAL_RE = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
_TENS_RE = "|".join(TENS)
VALUE = re.compile(
    # The guard rejects positions inside words and blanks cheaply, before the alternatives.
    r"(?<![a-z])(?=[\w$€£.])(?:"
    rf"""
    (?P<iso>\b(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})\b)
  | (?P<md>\b(?P<mm>{_MONTH_RE})\s+(?P<mdd>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*[:%]))
  | (?P<dm>\b(?P<dmd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{_MONTH_RE})(?![a-z]))
  | (?P<num>(?<![0-9_{LATIN_LETTERS}.])(?<![a-z]-)(?:(?P<cur>[$€£])\s?)?
        (?P<n>(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?|\.\d+)(?P<ord>st|nd|rd|th)?
        (?:\s?(?P<scale>thousand|million|billion|trillion|bn|k)\b)?
        \s?(?P<pct>%|percent\b|per\s?cent\b)?
        (?:\s?(?P<code>usd|eur|gbp|dollars?|euros?|pounds?)\b)?)
  | (?P<ordw>\b(?:(?P<otens>{_TENS_RE})[- ])?(?P<ow>{_ORDINAL_RE})\b)
  | (?P<word>\b(?P<w>(?:{_TENS_RE})[- ]one|(?:{_CARDINAL_RE})(?:[- ](?:{_CARDINAL_RE}))?)\b
        (?:\s(?P<wscale>thousand|million|billion)\b)?\s?(?P<wpct>percent\b|%)?)
    """
    ")",
    re.VERBOSE,
)
"""A value in lowercased text; its groups say which kind and hold its parts."""
_VALUE_ANYCASE = re.compile(VALUE.pattern, re.IGNORECASE | re.VERBOSE)
"""For the rare text whose lowercase differs in length; ``VALUE`` scans lowercased text."""
# A digit, or a number word standing as a whole word (not "often", not "ten's"): without
# one, no value can match, and most sentences are spared the full pattern.
_MAY_HOLD = re.compile(
    rf"\d|(?<![^\W_])(?:{'|'.join(sorted([*CARDINALS, *ORDINAL_WORDS], key=len, reverse=True))})"
    r"(?![^\W\d_]|['’])"
)


def value_matches(text: str) -> Iterator[re.Match[str]]:
    """The matches of ``VALUE`` in ``text``, in order, at the offsets of ``text``."""
    lowered = text.lower()
    if not _MAY_HOLD.search(lowered):
        return iter(())
    if len(lowered) == len(text):
        return VALUE.finditer(lowered)
    return _VALUE_ANYCASE.finditer(text)


def has_value(text: str) -> bool:
    """Whether ``text`` writes a value: a figure, a date with a day, a number in words.

    A month and a number that cannot be its day ("May 45") write none.
    """
    for m in value_matches(text):
        day = m.group("mdd") or m.group("dmd")
        if day is None or 1 <= int(day) <= 31:
            return True
    return False
