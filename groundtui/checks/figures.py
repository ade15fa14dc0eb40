"""Figures written in digits: numbers, percentages, money, ranges, times, phones, versions.

One pattern reads them all (``DIGIT_RE``), each alternative named for the kind it reads;
``digit_items`` turns its matches into ``Item``s. Dates in digits and the context of a
figure (a currency before it, a list's numbering) are read in ``digit_dates`` and
``figure_context``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from groundtui.checks.digit_dates import (
    days_too,
    iso_date,
    range_tail,
    slashed_date,
    time_12h,
    time_24h,
)
from groundtui.checks.figure_context import (
    CODES,
    currency_start,
    digits_key,
    list_number,
    money_before,
    phone,
)
from groundtui.checks.items import Item
from groundtui.checks.keys import SCALE_SUFFIXES, canon, scaled
from groundtui.text.digits import LATIN_LETTERS

_SP = "[ \u00a0\u2009\u202f]"  # spaces that may group thousands: plain, no-break, thin

# Thousands grouped by spaces are no phone number: "800 555 0199" and "1 800 555 0199" (groups
# of three, then one of four) are not 800,555 then 199; "12 000 5-star reviews" is 12,000.
# The look ahead is bounded, so a long run of groups costs no backtracking.
_NOT_PHONE = rf"(?!\d|(?:{_SP}\d{{3}}){{0,2}}{_SP}\d{{4}}(?!\d))"
_INT = rf"\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d{{1,3}}(?:{_SP}\d{{3}})+{_NOT_PHONE}|\d+"
_INT_REST = rf"\d{{0,2}}(?:,\d{{3}})+(?!\d)|\d{{0,2}}(?:{_SP}\d{{3}})+{_NOT_PHONE}|\d*"
_UNGROUP = str.maketrans("", "", ", \u00a0\u2009\u202f")
_ORDINAL_ENDS = ("st", "nd", "rd", "th")


def _number_pattern(i: int, first: bool = False) -> str:
    """One number with its ordinal, scale, percent and currency-code suffixes.

    With ``first``, the number's first digit has already been read (see ``DIGIT_RE``).
    """
    whole = _INT_REST if first else _INT
    return (
        rf"(?P<i{i}>{whole})(?:\.(?P<f{i}>\d+))?"
        rf"(?:(?:st|nd|rd|th)(?![A-Za-z])"
        rf"|{_SP}?(?P<s{i}>thousand|million|billion|trillion)(?![A-Za-z])"
        rf"|(?P<k{i}>bn|[kKM])(?![A-Za-z]))?"
        rf"(?:{_SP}?%|{_SP}(?:percent|per{_SP}?cent)(?![A-Za-z]))?"
        rf"(?:{_SP}?(?:{CODES})(?![A-Za-z])|{_SP}(?:dollars?|euros?|pounds?)(?![A-Za-z]))?"
    )


#: A space then a word that none of the branches below reads as part of a figure: not
#: "6 pm" (nor "6 pM", a time too), "3 to 5", "15 percent", "2 million", "5 dollars".
_WORD_AFTER = (
    r"[ ](?!(?:[ap]\.?[mM]|to|per|percent|thousand|million|billion|trillion"
    r"|dollars?|euros?|pounds?)(?![a-z]))[a-z]"
)

# Every alternative reads on from one first digit (a pattern opening with a class is
# searched fastest), so parts are read back from the text: ``text[start:m.end("i1")]``.
# A digit right after "[" opens a citation marker, never a figure; one right after a
# Latin letter or a digit is inside a token ("A380"), after any other letter it opens a
# figure ("返金は30日", ``LATIN_LETTERS``).
_FIRST_DIGIT = r"[0-9]"
_AFTER_FIRST_DIGIT = (
    rf"(?:(?<=[vV][0-9])(?=\d*\.\d)|(?<![0-9_{LATIN_LETTERS}\[][0-9]))(?<![0-9]\.[0-9])(?:"
    # the common case first, cheaply: an integer, a space, then a word that is no unit
    # read below ("30 days"; not "6 pm", "3 to 5", "15 percent", "2 million"); or an
    # integer that ends a clause or meets a marker ("2024.", "5, ", "2024 [1]", a "12. "
    # list number), which no branch below would read otherwise
    rf"(?P<bare>\d*+)(?={_WORD_AFTER}|-[a-z]|[.,](?:\s|\Z)|[ ]?\[)"
    # the other common figures as cheaply, before the branches below are tried: a
    # grouped integer, a decimal, or a range of two integers, then a word that is no
    # unit ("1,200 units", "49.99 ship", "3–5 business"), read as "num" would read them
    r"|(?P<simple>\d{0,2}(?:,\d{3})++|\d*+\.\d++|\d*+[-–]\d++)"
    rf"(?={_WORD_AFTER})"
    # and a percentage: 15%, 2.5%
    r"|(?P<pct>\d*+(?:\.\d+)?)%(?![0-9])"
    # ISO date: 2024-03-05, 2024/03/05
    r"|(?P<iso>(?<=[12])\d{3}(?P<isep>[-/.])[01]?\d(?P=isep)[0-3]?\d)"
    r"(?![\d.]\d|\d)"
    # day and month either way, then year: 05/03/2024, 5-3-24
    r"|(?P<sl>\d?(?P<ssep>[/-])[0-3]?\d(?P=ssep)(?:\d\d)?\d\d)(?!\d)"
    # time with am/pm: 6 pm, 6:30pm, 6.30 p.m.
    rf"|(?P<tm>\d?(?:[:.][0-5]\d)?{_SP}?[aApP](?:\.[mM]\.|[mM]))"
    r"(?![A-Za-z])"
    # 24-hour time: 18:00
    r"|(?P<t24>\d?:[0-5]\d)(?!\d)"
    # digit groups (phones), unless they are thousands: 0800 123 4567, (555) 123-4567
    # (the first lookahead, what a phone number must open with, refuses most at once)
    r"|(?=\d{0,4}\)?[ \-\u00a0]\d)"
    rf"(?!\d{{0,2}}(?:{_SP}\d{{3}})+{_NOT_PHONE})"
    r"(?P<ph>\d{0,4}\)?(?:[ \-\u00a0]\d{2,5}){1,3}[ \-\u00a0]\d{3,5})(?!\d)"
    # version: 2.4.1
    r"|(?P<ver>\d*(?:\.\d+){2,})(?!\d)"
    # a number, or a range of two: 1,200.50, $49.99, 15%, 2nd, 1.5 million, 3–5, 3 to 5
    # (not "grew 15% to 1,200": "to" after a unit is no range)
    rf"|(?P<num>{_number_pattern(1, first=True)}"
    rf"(?:(?:{_SP}?[-–—]{_SP}?|(?<![%A-Za-z]){_SP}to{_SP})[$€£¥₹]?{_number_pattern(2)})?)"
    r")"
)
DIGIT_RE = re.compile(_FIRST_DIGIT + _AFTER_FIRST_DIGIT)


def digit_items(text: str, covered: bytearray | None = None) -> list[Item]:
    """Figures and numeric dates: ISO and slashed dates, times, phones, versions, numbers.

    Args:
        text: A response, or a source when ``covered`` is None: a source is read
            liberally (list numbers count) and its items carry their ``also`` keys.
        covered: For a response, positions already taken (markers, dates, names); a
            figure starting there is skipped, and one written with a scale word ("1.5
            million") marks itself so the word is not read again as a number.
    """
    source = covered is None
    found: list[Item] = []
    for m in DIGIT_RE.finditer(text):
        s, e = m.span()
        if covered is not None and covered[s]:
            if not covered[e - 1] and (tail := range_tail(text, s, e)):
                found.append(tail)  # "December 24–31": the 31 is read, not the 24
            continue
        # every alternative is one named group, the outermost, so the last to close
        assert m.lastgroup is not None
        item = _READERS[m.lastgroup](text, m, source)
        if item is None:
            continue
        if covered is not None:
            if m.lastgroup == "num" and (m["s1"] or m["s2"]):
                covered[s:e] = b"\x01" * (e - s)
            elif m.lastgroup in ("simple", "num"):
                item = days_too(item, covered)
        found.append(item)
    return found


def _integer(text: str, m: re.Match, source: bool) -> Item | None:
    """A plain integer: "30", "$5", a year ("2024", a date in a response); or a list number."""
    s, e = m.span()
    digits = text[s:e]
    stripped = digits.lstrip("0") or "0"
    if source:
        return Item(s, e, "figure", (("n" + stripped,),), digits, ("d" + stripped,))
    if e < len(text) and text[e] in ".)" and list_number(text, s, e):
        return None
    start = currency_start(text, s) if s and money_before(text, s) else s
    year = start == s and len(digits) == 4 and "1900" <= digits <= "2099"
    return Item(start, e, "date" if year else "figure", (("n" + stripped,),), digits)


def _percent(text: str, m: re.Match, source: bool) -> Item:
    s, e = m.span()
    digits = text[s : e - 1]
    whole, _, frac = digits.partition(".")
    also = (digits_key(whole),) if source and not frac else ()
    start = currency_start(text, s) if s and money_before(text, s) else s
    return Item(start, e, "figure", (("n" + canon(whole, frac),),), digits, also)


def _number(text: str, m: re.Match, source: bool) -> Item | None:
    """A number with separators, decimals or suffixes, or a range of two."""
    s, e = m.span()
    if e == m.end("i1") and text[s:e].isdigit():
        return _integer(text, m, source)
    f1, s1, k1, i2 = m.group("f1", "s1", "k1", "i2")
    i1 = text[s : m.end("i1")]
    digits = i1.translate(_UNGROUP)
    scale = s1 or k1
    first = _value(digits, f1, scale)
    s = currency_start(text, s) if s and money_before(text, s) else s
    if i2 is not None:
        second = _value(i2.translate(_UNGROUP), m["f2"], m["s2"] or m["k2"])
        years = _years(digits, i2)
        return Item(s, e, "date" if years else "figure", ((first, second),), text[s:e])
    probe = text[m.start() : e] if scale else text[m.start() : m.end("f1" if f1 else "i1")]
    also: tuple[str, ...] = ()
    if source:
        also = (digits_key(digits),)
        if len(digits) != len(i1) and "," not in i1:
            # "5 100" may be two numbers: a source is read liberally, so keep the parts.
            also += tuple("n" + canon(p) for p in re.split(_SP, i1))
        if scale:  # a source's "1.5 million" also states 1.5
            also += ("n" + canon(digits, f1 or ""),)
    elif e == m.end("i1") and list_number(text, s, e):
        return None
    if not (f1 or scale) and text[e - 2 : e] in _ORDINAL_ENDS and len(digits) <= 2:
        # "the 5th" is sourced by a date on the 5th as well as by the number 5
        return Item(s, e, "figure", ((first,), ("o" + first[1:],)), probe, also)
    return Item(s, e, "figure", ((first,),), probe, also)


def _simple(text: str, m: re.Match, source: bool) -> Item:
    """A grouped integer, a decimal or a range of two integers, as ``_number`` reads them."""
    s, e = m.span()
    raw = text[s:e]
    start = currency_start(text, s) if s and money_before(text, s) else s
    if "," in raw:  # 1,200
        digits = raw.replace(",", "")
        also = (digits_key(digits),) if source else ()
        return Item(start, e, "figure", (("n" + canon(digits),),), raw, also)
    if "." in raw:  # 49.99
        whole, _, frac = raw.partition(".")
        also = (digits_key(whole),) if source else ()
        return Item(start, e, "figure", (("n" + canon(whole, frac),),), raw, also)
    a, b = raw.replace("–", "-").split("-")  # 3–5
    keys = (("n" + canon(a), "n" + canon(b)),)
    return Item(start, e, "date" if _years(a, b) else "figure", keys, text[start:e])


def _years(a: str, b: str) -> bool:
    """Whether two integers are a range of years ("2019–2024"), a date."""
    return len(a) == 4 and len(b) == 4 and min(a, b) >= "1900" and max(a, b) <= "2099"


def _verbatim(text: str, m: re.Match, source: bool) -> Item:
    """A value compared as written: a version ("2.4.1"), or what reads as no other."""
    s, e = m.span()
    return Item(s, e, "figure", (("v" + text[s:e],),), text[s:e])


def _value(digits: str, frac: str | None, scale: str | None) -> str:
    if scale:
        return "n" + scaled(digits, frac or "", SCALE_SUFFIXES[scale])
    return "n" + canon(digits, frac or "")


#: How each alternative of the digit pattern is read, by its group's name.
_READERS: dict[str, Callable[[str, re.Match[str], bool], Item | None]] = {
    "bare": _integer,
    "simple": _simple,
    "pct": _percent,
    "num": _number,
    "iso": iso_date,
    "sl": slashed_date,
    "tm": time_12h,
    "t24": time_24h,
    "ph": phone,
    "ver": _verbatim,
}
