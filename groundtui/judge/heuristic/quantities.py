"""Figures, dates and number words in text, normalised so that spellings compare equal.

``1,200`` and ``1200``, ``$49.99`` and ``49.99 USD``, ``30%`` and ``30 percent``,
``thirty`` and ``30``, ``forty-fifth`` and ``45th``, ``5 March`` and ``March 5th`` give equal
values. The heuristic judge keeps this small normaliser of its own rather than depend on
the mechanical check's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from groundtui.judge.heuristic.words import STOP_WORDS, content_tokens, stem, words

YEAR, DATE, MONEY, PERCENT = "<year>", "<date>", "<money>", "<pct>"
"""Units the notation itself gives; bracketed so that no word after a number reads as one."""


@dataclass(frozen=True)
class Value:
    """A value in text: ``number`` in canonical form and ``unit``, what it counts.

    ``unit`` is :data:`YEAR`, :data:`DATE`, :data:`MONEY` or :data:`PERCENT` where the
    notation says, ``"ord:"`` and the next content word for an ordinal ("16th century":
    ``ord:century``), else the next content word, stemmed ("30 days": ``day``).
    """

    number: str
    unit: str
    text: str
    """As written."""
    around: str = field(default="", compare=False)
    """The words either side of the value in its text."""
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)
    """Where the value is written in its text, ``[start, end)``."""

    @property
    def context(self) -> set[str]:
        """Content words next to the value: what it is a value of ("born", "population")."""
        return content_tokens(self.around)


# fmt: off
_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}
_CARDINALS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100,
}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
    "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40,
    "fiftieth": 50,
}
# fmt: on
# "one" is left out on purpose: far more often a pronoun ("one of the oldest") than a count.
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "bn": 1e9}
_UNIT_WORDS = {"dollar": MONEY, "euro": MONEY, "pound": MONEY, "usd": MONEY, "percent": PERCENT}
_MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?"
)
_CARDINAL_RE = "|".join(sorted(_CARDINALS, key=len, reverse=True))
_ORDINAL_RE = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_TENS_RE = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_VALUE = re.compile(
    # The guard rejects positions inside words and blanks cheaply, before the alternatives.
    r"(?<![a-z])(?=[\w$€£.])(?:"
    rf"""
    (?P<iso>\b(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})\b)
  | (?P<md>\b(?P<mm>{_MONTH_RE})\s+(?P<mdd>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*[:%]))
  | (?P<dm>\b(?P<dmd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{_MONTH_RE})(?![a-z]))
  | (?P<num>(?<![\w.])(?<![a-z]-)(?:(?P<cur>[$€£])\s?)?
        (?P<n>(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?|\.\d+)(?P<ord>st|nd|rd|th)?
        (?:\s?(?P<scale>thousand|million|billion|trillion|bn|k)\b)?
        \s?(?P<pct>%|percent\b|per\s?cent\b)?
        (?:\s?(?P<code>usd|eur|gbp|dollars?|euros?|pounds?)\b)?)
  | (?P<ordw>\b(?:(?P<otens>{_TENS_RE})[- ])?(?P<ow>{_ORDINAL_RE})\b)
  | (?P<word>\b(?P<w>(?:{_CARDINAL_RE})(?:[- ](?:{_CARDINAL_RE}))?)\b
        (?:\s(?P<wscale>thousand|million|billion)\b)?\s?(?P<wpct>percent\b|%)?)
    """
    ")",
    re.VERBOSE,
)
_VALUE_ANYCASE = re.compile(_VALUE.pattern, re.IGNORECASE | re.VERBOSE)
"""For the rare text whose lowercase differs in length; ``_VALUE`` scans lowercased text."""
_DIGIT = re.compile(r"\d")
_NUMBER_WORDS = frozenset(_CARDINALS) | frozenset(_ORDINALS)
_CONTEXT = 30
"""Characters either side of a value that say what it is a value of."""


def values(text: str) -> list[Value]:
    """Figures, dates and number words in ``text``, in order, each normalised with its unit.

    A four-digit number from 1000 to 2100 with nothing to say otherwise is a :data:`YEAR`;
    a number never matches inside a longer token ("A380", "U-30").
    """
    if not _DIGIT.search(text) and _NUMBER_WORDS.isdisjoint(words(text)):
        return []  # most sentences: spare them the full pattern
    lowered = text.lower()
    scan, pattern = (lowered, _VALUE) if len(lowered) == len(text) else (text, _VALUE_ANYCASE)
    out = []
    for m in pattern.finditer(scan):
        left = text[max(0, m.start() - _CONTEXT) : m.start()]
        right = text[m.end() : m.end() + _CONTEXT]
        if m.start() > _CONTEXT:
            left = left.partition(" ")[2]  # no half words at the edges
        if m.end() + _CONTEXT < len(text):
            right = right.rpartition(" ")[0]
        written = text[m.start() : m.end()]
        start = m.start() + len(written) - len(written.lstrip())
        end = m.end() - len(written) + len(written.rstrip())
        for number, unit in _normalise(m, text):
            out.append(Value(number, unit, written.strip(), f"{left} {right}", start, end))
    return out


def _normalise(m: re.Match[str], text: str) -> list[tuple[str, str]]:
    """``(number, unit)`` for one match: an ISO date gives its year and its day."""
    if m.group("iso"):
        return [(m.group("iy"), YEAR), (f"{int(m.group('im')):02d}-{int(m.group('id')):02d}", DATE)]
    if m.group("md") or m.group("dm"):
        month = _month(m.group("mm") or m.group("dmm"))
        day = int(m.group("mdd") or m.group("dmd"))
        return [(f"{month:02d}-{day:02d}", DATE)] if month and 1 <= day <= 31 else []
    if m.group("num"):
        number = float(m.group("n").replace(",", ""))
        if m.group("scale"):
            number *= _SCALE[m.group("scale").lower()]
        if m.group("pct"):
            unit = PERCENT
        elif m.group("cur") or m.group("code"):
            unit = MONEY
        elif m.group("ord"):
            unit = "ord:" + _next_word(text, m.end())
        elif re.fullmatch(r"\d{4}", m.group("n")) and 1000 <= number <= 2100:
            unit = YEAR
        else:
            unit = _next_word(text, m.end())
        return [(_canon(number), unit)]
    if m.group("word"):
        number = 0.0
        for part in re.split(r"[- ]", m.group("w").lower()):
            n = _CARDINALS[part]
            number = number * n if n == 100 and number else number + n
        if m.group("wscale"):
            number *= _SCALE[m.group("wscale").lower()]
        return [(_canon(number), PERCENT if m.group("wpct") else _next_word(text, m.end()))]
    tens = _CARDINALS[m.group("otens").lower()] if m.group("otens") else 0
    ordinal = tens + _ORDINALS[m.group("ow").lower()]
    return [(_canon(ordinal), "ord:" + _next_word(text, m.end()))]


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    for month, number in _MONTHS.items():
        if month.startswith(name[:3]):
            return number
    return 0


def _canon(number: float) -> str:
    return str(int(number)) if number == int(number) else f"{number:g}"


def _next_word(text: str, end: int) -> str:
    """The stemmed content word after a number: what it counts."""
    for w in words(text[end : end + 40]):
        if w not in STOP_WORDS and w not in _SCALE and w != "hundred" and not w[0].isdigit():
            unit = stem(w)
            return _UNIT_WORDS.get(unit, unit)
    return ""
