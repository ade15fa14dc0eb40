"""What a source states, as keys: read liberally, its dates' days apart from its figures.

``SourceIndex`` builds its sets of keys from these, one part at a time (``index``); apart
because reading a source's values is one job and answering the check's questions another.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from groundtui.checks.dates import is_listed_day, listed_days
from groundtui.checks.digit_dates import day_keys, range_tail
from groundtui.checks.items import Item
from groundtui.checks.keys import MONTH_NAMES, date_keys, valid_date

#: A date written in digits ("2024-03-05", "5/3/24") holds one.
_DIGIT_DATE_RE = re.compile(r"\d[-/.]\d\d?[-/.]\d")

__all__ = ["holds_in", "keys_of", "months_dated", "short_year", "without_days"]


def without_days(text: str, items: list[Item], dates: list[Item]) -> tuple[list[Item], list[str]]:
    """A source's figures less the days of its dates, and those days as ``o`` keys.

    The digits of "30 January 2025" are that date's, not the number 30; so are the days
    listed beside a date ("March 5 and 6") and a range that ends in one ("1–30 November",
    "24–30 January"). Other figures beside a date keep their keys ("5-3-24 May").
    """
    listed = listed_days(text, dates)
    starts = {day.start for day in listed}
    days = [key for day in listed for key in _listed_date_keys(day.key)]
    spans = [(date.start, date.end) for date in dates]  # in order, not overlapping
    kept: list[Item] = []
    for item in items:
        s, e, need = item.start, item.end, item.need
        if is_listed_day(text, item, starts):  # "26" or "26th" of "25th and 26th December"
            continue
        k = bisect_right(spans, (e, -1)) - 1  # the last date starting before the item ends
        if k < 0 or spans[k][1] <= s:  # no date overlaps it
            kept.append(item)
        elif spans[k][0] <= s:  # inside the date; the end of a range it starts is read
            tail = range_tail(text, s, e) if e > spans[k][1] else None
            if tail and not is_listed_day(text, tail, starts):
                kept.append(tail)
        elif len(need[0]) == 2 and (range_days := day_keys(need[0])):
            days += range_days  # a range of days: "24–30 January"
        else:
            kept.append(item)
    return kept, days


def _listed_date_keys(key: str) -> tuple[str, ...]:
    """The keys a source's listed day states: "M12-26" is December 26, the 26th, December."""
    parts = [int(part) for part in key[1:].split("-")]
    year: int | None = None
    if key[0] == "D":
        year, month, day = parts
    else:
        month, day = parts
    if not valid_date(year, month, day):
        return ()
    first, also = date_keys(year, month, day)
    return (first, *also)


def keys_of(items: list[Item]) -> frozenset[str]:
    """Every key the items state, strictly and liberally (a source is read liberally)."""
    keys: set[str] = set()
    for item in items:
        for alternative in item.need:
            keys.update(alternative)
        keys.update(item.also)
    return frozenset(keys)


def holds_in(keys: frozenset[str], need: tuple[tuple[str, ...], ...]) -> bool:
    """Whether ``keys`` hold every key of one alternative of ``need``."""
    return any(all(key in keys for key in alternative) for alternative in need)


def short_year(text: str, year: str) -> bool:
    """Whether a date in ``text`` may write ``year`` (20xx) with its last two digits.

    Only a day and month joined by "/" or "-" come before such a year ("5/3/24",
    "5-3-24"), so the two digits follow one of those.
    """
    return f"/{year[2:]}" in text or f"-{year[2:]}" in text


def months_dated(text: str) -> frozenset[int]:
    """Every month a date in ``text`` may be in: those named (every name a date reads
    starts with the month's first three letters, capitalised), all when a date is written
    in digits."""
    if _DIGIT_DATE_RE.search(text):
        return frozenset(range(1, 13))
    return frozenset(k for k, name in enumerate(MONTH_NAMES, 1) if name[:3] in text)
