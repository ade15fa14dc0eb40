"""Vocabulary and canonical keys for the mechanical check's figures and dates.

Every value the check compares is reduced to a short string key, so that two spellings of
one value meet in a set: ``1,200``, ``1200`` and "one thousand two hundred" all become
``n1200``; ``2024-03-05`` and "March 5, 2024" both become ``D2024-3-5``. Keys are strings
because they hash and compare fastest, and the check builds thousands of them a second.

Key prefixes: ``n`` number, ``d`` digit group (phone), ``v`` version, ``t`` time of day
(24 h), ``D`` full date, ``M`` month and day, ``Y`` year and month, ``m`` month alone,
``o`` a day of the month (which sources an ordinal, "the 5th", but not a number).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from functools import lru_cache

from groundtui.text.numbers import (  # noqa: F401 - the check's vocabulary, read from here
    MONTH_NAMES,
    MONTHS,
    NUMBER_WORDS,
    ORDINALS,
    SCALES,
    TENS,
    UNITS,
)

SCALE_SUFFIXES = {
    "thousand": 3, "k": 3, "K": 3, "million": 6, "M": 6, "billion": 9, "bn": 9,
    "trillion": 12,
}  # fmt: skip


def canon(int_part: str, frac: str = "") -> str:
    """The canonical spelling of a decimal number given as digit strings.

    ``canon("0049", "50") == "49.5"``: leading zeros of the integer part and trailing
    zeros of the fraction carry no value, so ``2.50`` and ``2.5`` compare equal.
    """
    whole = int_part.lstrip("0") or "0"
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def scaled(int_part: str, frac: str, exponent: int) -> str:
    """The canonical spelling of ``int_part.frac × 10**exponent`` ("1.5 million")."""
    try:
        value = Decimal(f"{int_part}.{frac or '0'}").scaleb(exponent)
    except InvalidOperation:  # pragma: no cover - the regex only passes digits
        return canon(int_part, frac)
    text = format(value, "f")
    whole, _, part = text.partition(".")
    return canon(whole, part)


def date_keys(
    year: int | None, month: int, day: int | None, source: bool = True
) -> tuple[str, tuple[str, ...]]:
    """The key a date must match, and the coarser keys it also gives when in a source.

    A source dated "March 5, 2024" also states the month ("March 2024"), the day of the
    month ("March 5"), the year as a number and the day as an ordinal ("the 5th"); a
    response may cite any of them. The day is no number: "after 5 days" is not sourced
    by a date on the 5th.
    Without ``source`` (a response's date), no coarser keys.
    """
    if year is not None and day is not None:
        key = f"D{year}-{month}-{day}"
    elif day is not None:
        key = f"M{month}-{day}"
    elif year is not None:
        key = f"Y{year}-{month}"
    else:
        key = f"m{month}"
    if not source:
        return key, ()
    also = [f"m{month}"]
    if day is not None:
        also.append(f"o{day}")  # the day sources an ordinal ("the 5th"), not a number
        also.append(f"M{month}-{day}")
    if year is not None:
        also.append(f"n{year}")
        also.append(f"Y{year}-{month}")
    return key, tuple(also)


def valid_date(year: int | None, month: int, day: int | None) -> bool:
    """Whether the parts can be a calendar date (cheap: February always has 29 days)."""
    if not 1 <= month <= 12:
        return False
    if day is not None and not 1 <= day <= _MONTH_DAYS[month - 1]:
        return False
    return year is None or 1000 <= year <= 2999


_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def words_value(words: list[str]) -> list[tuple[int, int, int]]:
    """Split a run of number words into numbers: ``(first word, last word + 1, value)``.

    "one thousand two hundred" is one number; "one two" is two; a connector "and" only
    continues a number after hundred/thousand ("two hundred and fifty"), and "a" counts
    as one only before a scale ("a hundred"). An ordinal word ends its number.

    Args:
        words: The lowercase words in order, hyphens already split off.
    """
    out: list[tuple[int, int, int]] = []
    total = current = 0
    first = -1
    last = ""  # kind of the previous word: unit, teen, tens, hundred, scale, and
    big = 10**13  # the largest scale not yet used: "thousand million" is not a number

    def close(end: int) -> None:
        nonlocal total, current, first, last, big
        if first >= 0 and last != "and":
            out.append((first, end, total + current))
        elif first >= 0:
            out.append((first, end - 1, total + current))
        total = current = 0
        first, last, big = -1, "", 10**13

    i = 0
    while i < len(words):
        word = words[i]
        value = UNITS.get(word)
        kind = ""
        if word == "a":
            ok = i + 1 < len(words) and words[i + 1] in SCALES and first < 0
            kind, value = ("unit", 1) if ok else ("", None)
        elif value is not None:
            kind = "unit" if value < 10 else "teen"
        elif word in TENS:
            kind, value = "tens", TENS[word]
        elif word in SCALES:
            kind, value = ("hundred" if word == "hundred" else "scale"), SCALES[word]
        elif word == "and":
            kind = "and"
        elif word in ORDINALS:
            kind, value = "ordinal", ORDINALS[word]
        if not _continues(last, kind, current, value or 0, big, first):
            close(i)
            if kind in ("", "and", "hundred", "scale"):
                i += 1  # a connector or scale cannot start a number on its own
                continue
        if first < 0:
            first = i
        if kind in ("unit", "teen", "tens"):
            current += value or 0
        elif kind == "hundred":
            current = (current or 1) * 100
        elif kind == "scale":
            total += (current or 1) * (value or 1)
            current, big = 0, value or 1
        elif kind == "ordinal":
            if (value or 0) >= 100:
                current = (current or 1) * (value or 1)
            else:
                current += value or 0
            last = kind
            close(i + 1)
            i += 1
            continue
        last = kind
        i += 1
    close(len(words))
    return out


def _continues(last: str, kind: str, current: int, value: int, big: int, first: int) -> bool:
    """Whether a word of ``kind`` can extend the number read so far."""
    if first < 0:
        return kind in ("unit", "teen", "tens", "ordinal")
    small = current % 100
    if kind == "and":
        return last in ("hundred", "scale")
    if kind in ("unit", "ordinal") and value < 10:
        return (
            last in ("tens", "hundred", "scale", "and")
            and small % 10 == 0
            and (last != "tens" or small >= 20)
        )
    if kind in ("teen", "tens", "ordinal") and value < 100:
        return last in ("hundred", "scale", "and") and small == 0
    if kind == "hundred" or (kind == "ordinal" and value == 100):
        return last in ("unit", "teen", "tens") and 0 < current < 100
    if kind in ("scale", "ordinal"):
        return last in ("unit", "teen", "tens", "hundred") and value < big
    return False


#: Spelled-out forms worth trying verbatim in a source: not "one", which reads as a
#: pronoun ("one of") and is excluded from the index in that use.
_SPELLED = {str(v): w for w, v in (*UNITS.items(), *TENS.items()) if v > 1}


def spellings(need: tuple[tuple[str, ...], ...]) -> list[str]:
    """Common ways to write the values of ``need``, to look for verbatim in a source.

    Each spelling, found as a whole token, proves its key (the index would hold it), so
    a source that writes "1,200" or "thirty" is matched before it is ever indexed.
    """
    out: list[str] = []
    for keys in need:
        if len(keys) == 2:  # a range: both ends in one source, written as a range
            if keys[0][0] != "n":  # a range of days ("24–26 December") is read, not spelled
                continue
            a, b = keys[0][1:], keys[1][1:]
            out += [f"{a}–{b}", f"{a}-{b}", f"{a} to {b}", f"{a} - {b}"]
            continue
        kind, value = keys[0][0], keys[0][1:]
        if kind == "n":
            out.append(value)
            if value.isdigit() and 3 < len(value) < 40:  # longer is no figure anyone wrote
                out.append(f"{int(value):,}")
            elif value in _SPELLED:
                out.append(_SPELLED[value])
        elif kind == "t":
            hour, minute = value.split(":")
            h = int(hour)
            h12, half = h % 12 or 12, "pm" if h >= 12 else "am"
            out += [value, f"{h:02d}:{minute}"]
            if minute == "00":
                out += [f"{h12} {half}", f"{h12}{half}", f"{h12} {half.upper()}"]
            out += [f"{h12}:{minute} {half}", f"{h12}:{minute}{half}"]
        elif kind in "DMYm":
            parts = [int(p) for p in value.split("-")]
            if kind == "D":
                y, m, d = parts
                name = MONTH_NAMES[m - 1]
                out += [f"{y}-{m:02d}-{d:02d}", f"{name} {d}, {y}", f"{d} {name} {y}"]
            elif kind == "M":
                name = MONTH_NAMES[parts[0] - 1]
                out += [f"{name} {parts[1]}", f"{parts[1]} {name}"]
            elif kind == "Y":
                out.append(f"{MONTH_NAMES[parts[1] - 1]} {parts[0]}")
            else:
                out.append(MONTH_NAMES[parts[0] - 1])
    return out


_TENS_STEMS = {20: "twent", 30: "thirt", 40: "fort", 50: "fift", 60: "sixt", 70: "sevent",
               80: "eight", 90: "ninet"}  # fmt: skip
_SMALL_WORDS = {v: w for w, v in UNITS.items()}
_SMALL_ORDINALS = {v: w for w, v in ORDINALS.items() if v < 20}


@lru_cache(maxsize=4096)
def word_stems(value: str) -> tuple[str, ...]:
    """Substrings that any spelling of the number ``value`` in words must contain.

    25 is "twenty-five" or "twenty-fifth": "twent"; 1200 needs "hundred" or "thousand"
    ("twelve hundred"), 300 needs "hundred".
    A source without any of them cannot state the value in words, so it need not be read
    for spelled-out numbers. A decimal has no spelling in words here. A pure function of
    the value, cached: every source is asked it for the values the answers repeat.
    """
    if not value.isdigit():
        return ()
    if len(value) > 12:  # beyond "billion", and int() of a huge string is refused
        return ("hundred", "thousand", "million", "billion")
    number = int(value)
    if number < 20:
        return tuple(w for w in (_SMALL_WORDS[number], _SMALL_ORDINALS.get(number)) if w)
    if number < 100:
        return (_TENS_STEMS[number // 10 * 10],)
    if number < 1000:  # a smaller scale word only multiplies: 1,000 needs "thousand"
        return ("hundred",)
    if number < 10**6:
        return ("hundred", "thousand")
    return ("hundred", "thousand", "million", "billion")
