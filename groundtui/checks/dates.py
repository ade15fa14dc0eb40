"""Dates written with a month name ("March 5, 2024", "5 Mar", "in March"), and the days
listed beside them ("March 5 and 6", "24–30 January")."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import NamedTuple

from groundtui.checks.items import Item
from groundtui.checks.keys import MONTHS, date_keys, valid_date

_SP = "[ \u00a0\u2009\u202f]"
_MON = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
MONTH_RE = re.compile(
    rf"(?P<mon>{_MON})(?!\w)\.?"
    rf"(?:{_SP}(?P<day>[0-3]?\d)(?!\d|[:.]\d)(?:st|nd|rd|th)?(?![A-Za-z]))?"
    rf"(?:,?{_SP}(?P<year>(?:19|20)\d\d)(?!\d))?"
)
_DAY_BEFORE = re.compile(rf"(?<![\w.,])(?P<d>[0-3]?\d)(?:st|nd|rd|th)?{_SP}(?:of{_SP})?\Z")

#: The mark of a date in a map of positions taken (any other taking is marked 1): a range
#: that ends in a date is a range of days.
DATE = 2
_DATE_MARK = bytes((DATE,))


def month_items(
    text: str, covered: bytearray | None = None, *, source: bool | None = None
) -> list[Item]:
    """Dates written with a month name: "March 5, 2024", "5 Mar 2024", "March 2024".

    A full month name alone ("in March") is a date too, except "May" (a verb); an
    abbreviation alone is not ("Jan" is also a first name). With ``covered``, positions
    already taken are skipped and the dates found are marked (``DATE``). With ``source``
    (by default, when there is no ``covered``), dates carry the coarser keys a source
    states.
    """
    if source is None:
        source = covered is None
    found: list[Item] = []
    for m in MONTH_RE.finditer(text):
        s, e = m.span()
        if (s and text[s - 1].isalnum()) or (covered is not None and covered[s]):
            continue
        name = m["mon"]
        day = int(m["day"]) if m["day"] else None
        year = int(m["year"]) if m["year"] else None
        if day is None and (before := _DAY_BEFORE.search(text, max(0, s - 12), s)):
            day, s = int(before["d"]), before.start()
        if day is None and year is None and (len(name) < 4 or name == "May"):
            continue
        month = MONTHS[name.lower()]
        if not valid_date(year, month, day):
            continue
        key, also = date_keys(year, month, day, source)
        found.append(Item(s, e, "date", ((key,),), text[s:e], also))
        if covered is not None:
            covered[s:e] = _DATE_MARK * (e - s)
    return found


_JOINS = r"(?:[-–&]|and|or|to|through|until|till)"
_DAY = r"[0-3]?\d(?!\d|[:.]\d)(?:st|nd|rd|th)?"
# Days listed after a date's day ("March 5 and 6", "January 24 through 30", "March 3, 4 or
# 5", "December 25th and 26th"); one after a comma only where the list goes on ("March 5,
# 10 items" lists nothing).
_DAYS_AFTER = re.compile(
    rf"(?:{_SP}*,{_SP}*{_DAY}(?={_SP}*(?:,|{_JOINS}))"
    rf"|{_SP}*(?:,{_SP}*)?{_JOINS}{_SP}*{_DAY})+"
)
# Days listed before a date whose day comes first ("24 and 26 December", "1–30 November").
_DAYS_BEFORE = re.compile(rf"(?:(?<![\w.,]){_DAY}{_SP}*(?:,|(?:,{_SP}*)?{_JOINS}){_SP}*)+\Z")
_DAY_RE = re.compile(r"\d+")
_DAY_FIGURE = re.compile(r"[0-3]?\d(?:st|nd|rd|th)?")


class ListedDay(NamedTuple):
    """A day listed beside a date: the "6" of "March 5 and 6" (``key`` "M3-6")."""

    start: int
    end: int
    day: int
    key: str


def is_listed_day(text: str, item: Item, starts: Collection[int]) -> bool:
    """Whether a figure item is a day of ``listed_days`` (by its start): "6", "26th"."""
    return (
        item.start in starts
        and item.kind == "figure"
        and _DAY_FIGURE.fullmatch(text, item.start, item.end) is not None
    )


def listed_days(text: str, dates: list[Item]) -> list[ListedDay]:
    """The days listed beside dates with a month name.

    "March 5 and 6" lists the 6th, "24–30 January" the 24th: those numbers are days, which
    a source's date states and a source's list of days does not state as numbers. ``key``
    is the date of the listed day, as its date's key reads it ("M3-6" for "March 5 and 6").

    Args:
        text: The text the dates were read from.
        dates: Its ``month_items`` items (those without a day list none).
    """
    found: list[ListedDay] = []
    for s, e, _, need, *_ in dates:
        key = need[0][0]  # "M3-5", "D2024-3-5": a date with a day
        if key[0] not in "MD":
            continue
        stem = key.rpartition("-")[0]
        # a list goes on after a date that ends with its day ("March 5", not "March 5, 2024")
        ends_with_day = not text[e - 3 : e].isdigit()
        if ends_with_day and (m := _DAYS_AFTER.match(text, e)):
            found += _days_in(text, e, m.end(), stem)
        # and before one that starts with it ("24 and 26 December")
        if text[s].isdigit() and (m := _DAYS_BEFORE.search(text, max(0, s - 48), s)):
            found += _days_in(text, m.start(), s, stem)
    return [day for day in found if 1 <= day.day <= 31]


def _days_in(text: str, a: int, b: int, stem: str) -> list[ListedDay]:
    """The days written in ``text[a:b]``, each with its date's key ("M3" + "-6")."""
    return [
        ListedDay(d.start(), d.end(), int(d[0]), f"{stem}-{int(d[0])}")
        for d in _DAY_RE.finditer(text, a, b)
    ]
