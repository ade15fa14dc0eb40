"""Figures, dates and number words in text, normalised so that spellings compare equal.

``1,200`` and ``1200``, ``$49.99`` and ``49.99 USD``, ``30%`` and ``30 percent``,
``thirty`` and ``30``, ``forty-fifth`` and ``45th``, ``5 March`` and ``March 5th`` give equal
values. The judge's own reading, for what the check does not read: what a value counts
("30 days": ``day``), decades and centuries; where it finds no value equal, the check's
equivalences are asked too (``given``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from groundtui.checks.figure_context import currency_start
from groundtui.judge.heuristic.words import STOP_WORDS, content_tokens, stem, words
from groundtui.text.numbers import MONTHS
from groundtui.text.values import CARDINALS, ORDINAL_WORDS, value_matches

YEAR, DATE, MONEY, PERCENT, DECADE = "<year>", "<date>", "<money>", "<pct>", "<decade>"
"""Units the notation itself gives; bracketed so that no word after a number reads as one."""
CENTURY = "ord:" + stem("century")
"""The unit of "16th century"; its number is ``"16c"``, which a year of it gives too."""
_ROUND_YEAR = re.compile(r"1\d\d0|20[0-9]0")
"""A year from 1000 to 2090 that a decade may start at."""
_NOT_A_YEAR = ("cur", "ord", "pct", "scale", "code")
"""Groups of a figure's match that make it money, an ordinal, a share or a large number."""
_DECADE_END = re.compile(r"'?s\b")
"""What makes a year ending in 0 a decade: "1980s", "1980's"."""


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


_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "bn": 1e9}
_UNIT_WORDS = {"dollar": MONEY, "euro": MONEY, "pound": MONEY, "usd": MONEY, "percent": PERCENT}
_CONTEXT = 30
"""Characters either side of a value that say what it is a value of."""


def values(text: str) -> list[Value]:
    """Figures, dates and number words in ``text``, in order, each normalised with its unit.

    A four-digit number from 1000 to 2100 with nothing to say otherwise is a :data:`YEAR`;
    a number never matches inside a longer token ("A380", "U-30").
    """
    out = []
    for m in value_matches(text):
        decade = _is_decade(m, text) if m.group("num") else None
        m_end = decade.end() if decade else m.end()
        left = text[max(0, m.start() - _CONTEXT) : m.start()]
        right = text[m_end : m_end + _CONTEXT]
        if m.start() > _CONTEXT:
            left = left.partition(" ")[2]  # no half words at the edges
        if m_end + _CONTEXT < len(text):
            right = right.rpartition(" ")[0]
        written = text[m.start() : m_end]
        start = m.start() + len(written) - len(written.lstrip())
        end = m_end - len(written) + len(written.rstrip())
        found = [(m.group("n") + "s", DECADE)] if decade else _normalise(m, text)
        coded = currency_start(text, start) if m.group("num") and start else start
        if coded < start:  # "USD 4.99" is "$4.99", as the check reads it
            found = [(number, MONEY) for number, _ in found]
            start, written = coded, text[coded:end]
        for number, unit in found:
            out.append(Value(number, unit, written.strip(), f"{left} {right}", start, end))
    return out


def also_given(v: Value) -> tuple[str, ...]:
    """The numbers a source's year also gives: its decade and its century ("1984" is in
    "the 1980s" and "the 20th century"). Only a source's: a claim's year asks for the year."""
    if v.unit != YEAR:
        return ()
    year = int(v.number)
    return (f"{year // 10 * 10}s", f"{year // 100 + 1}c")


def _is_decade(m: re.Match[str], text: str) -> re.Match[str] | None:
    """The "s" after a plain year ending in 0 ("1980s"), or None."""
    n = m.group("n")
    if not _ROUND_YEAR.fullmatch(n) or any(m.group(g) for g in _NOT_A_YEAR):
        return None
    return _DECADE_END.match(text, m.start("n") + 4) if m.end() == m.end("n") else None


def _normalise(m: re.Match[str], text: str) -> list[tuple[str, str]]:
    """``(number, unit)`` for one match: an ISO date gives its year and its day."""
    if m.group("iso"):
        return [(m.group("iy"), YEAR), (f"{int(m.group('im')):02d}-{int(m.group('id')):02d}", DATE)]
    if m.group("md") or m.group("dm"):
        month = MONTHS.get((m.group("mm") or m.group("dmm")).lower().rstrip("."), 0)
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
            return [_ordinal_value(number, text, m.end())]
        elif re.fullmatch(r"\d{4}", m.group("n")) and 1000 <= number <= 2100:
            unit = YEAR
        else:
            unit = _next_word(text, m.end())
        return [(_canon(number), unit)]
    if m.group("word"):
        number = 0.0
        for part in re.split(r"[- ]", m.group("w").lower()):
            n = CARDINALS.get(part, 1)  # "one": read only after a tens word ("twenty-one")
            number = number * n if n == 100 and number else number + n
        if m.group("wscale"):
            number *= _SCALE[m.group("wscale").lower()]
        return [(_canon(number), PERCENT if m.group("wpct") else _next_word(text, m.end()))]
    tens = CARDINALS[m.group("otens").lower()] if m.group("otens") else 0
    ordinal = tens + ORDINAL_WORDS[m.group("ow").lower()]
    return [_ordinal_value(ordinal, text, m.end())]


def _ordinal_value(number: float, text: str, end: int) -> tuple[str, str]:
    """An ordinal's number, never equal to a cardinal's: "second" is not "two years"; a
    century's is ``"16c"``, as its years give (:func:`also_given`)."""
    unit = "ord:" + _next_word(text, end)
    return (_canon(number) + ("c" if unit == CENTURY else "th"), unit)


def _canon(number: float) -> str:
    return str(int(number)) if number == int(number) else f"{number:g}"


def _next_word(text: str, end: int) -> str:
    """The stemmed content word after a number: what it counts."""
    for w in words(text[end : end + 40]):
        if w not in STOP_WORDS and w not in _SCALE and w != "hundred" and not w[0].isdigit():
            unit = stem(w)
            return _UNIT_WORDS.get(unit, unit)
    return ""
