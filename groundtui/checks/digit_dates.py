"""Dates and times written in digits ("2024-03-05", "05/03/2024", "6:30 pm", "18:00"), and
ranges of days ("24–26 December", whose numbers are days of a date)."""

from __future__ import annotations

import re

from groundtui.checks.dates import DATE
from groundtui.checks.items import Item
from groundtui.checks.keys import canon, date_keys, valid_date

_SP = "[ \u00a0\u2009\u202f]"
_PLAIN_RANGE = re.compile(rf"\d+(?:{_SP}?[-–]{_SP}?|{_SP}to{_SP})\d+")


def iso_date(text: str, m: re.Match, source: bool) -> Item:
    """An ISO date, "2024-03-05" or "2024/03/05"; a value as written if it is no date."""
    s, e = m.span()
    y, mo, d = (int(part) for part in text[s:e].split(m["isep"]))
    if not valid_date(y, mo, d):
        return Item(s, e, "figure", (("v" + text[s:e],),), text[s:e])
    key, also = date_keys(y, mo, d, source)
    return Item(s, e, "date", ((key,),), text[s:e], also)


def slashed_date(text: str, m: re.Match, source: bool) -> Item:
    """Day and month either way, then the year: "05/03/2024", "5-3-24"."""
    s, e = m.span()
    raw = text[s:e]
    a, b, y = (int(part) for part in raw.split(m["ssep"]))
    y += 2000 if y < 100 else 0
    keys: list[tuple[str, ...]] = []
    also: list[str] = []
    pairs = ((a, b),) if a == b else ((a, b), (b, a))
    for mo, d in pairs:  # 03/05/2024 is 5 March in the US, 3 May elsewhere
        if valid_date(y, mo, d):
            key, more = date_keys(y, mo, d, source)
            keys.append((key,))
            also.extend(more)
    if not keys:
        return Item(s, e, "figure", (("v" + raw,),), raw)
    return Item(s, e, "date", tuple(keys), raw, tuple(also))


def time_12h(text: str, m: re.Match, source: bool) -> Item:
    """A time with am or pm: "6 pm", "6:30pm", "6.30 p.m."; a source's also states its hour."""
    s, e = m.span()
    raw = text[s:e]
    k = 2 if raw[1].isdigit() else 1  # one or two digits of hour, then maybe ":30"
    hour, minutes = int(raw[:k]), "00"
    if raw[k] in ":.":
        minutes, k = raw[k + 1 : k + 3], k + 3
    pm = (raw[k] if raw[k] in "aApP" else raw[k + 1]) in "pP"  # "6pm", "6 pm"
    key = f"t{hour % 12 + (12 if pm else 0)}:{minutes}"
    return Item(s, e, "figure", ((key,),), raw, ("n" + str(hour),) if source else ())


def time_24h(text: str, m: re.Match, source: bool) -> Item:
    """A time on the 24-hour clock, "18:00"; "6:30" may be morning or evening."""
    s, e = m.span()
    raw = text[s:e]
    hh, mm = raw.split(":")
    h = int(hh)
    if h > 23:
        return Item(s, e, "figure", (("v" + raw,),), raw)
    if 1 <= h < 12:
        return Item(s, e, "figure", ((f"t{h}:{mm}",), (f"t{h + 12}:{mm}",)), raw)
    return Item(s, e, "figure", ((f"t{h}:{mm}",),), raw)


def range_tail(text: str, s: int, e: int) -> Item | None:
    """The last number of a plain range of integers at ``[s, e)``, as a figure, or None.

    For a range whose start a date has taken ("December 24–31"): its end is still read.
    """
    if not _PLAIN_RANGE.fullmatch(text, s, e):
        return None
    k = e
    while text[k - 1].isdigit():
        k -= 1
    digits = text[k:e]
    return Item(k, e, "figure", (("n" + canon(digits),),), digits)


def days_too(item: Item, covered: bytearray) -> Item:
    """A response's range that ends in a date ("24–26 December", "24 to 26 December"): a
    range of days (``o`` keys), so sourced by dates on those days, not by the numbers (nor
    "24–26" as written). Any other item is returned as it is."""
    if covered[item.end - 1] != DATE or len(item.need[0]) != 2:
        return item
    if days := day_keys(item.need[0]):
        return item._replace(need=(days,), probe=None)
    return item


def day_keys(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The ``o`` keys of a range's two numbers if both may be days of a month, else ()."""
    if all(key[1:].isdigit() and int(key[1:]) <= 31 for key in keys):
        return tuple("o" + key[1:] for key in keys)
    return ()
