"""Finding a value or a name in a text as a whole token, not inside a longer one.

The mechanical check looks for most specifics as written before it reads a source's
values: these are the substring searches it does, and the edges that make a match whole
("3" is not in "2023", "Harbor Home" not in "Harbor Homes"). Each search tries a bounded
number of occurrences, so that crafted text cannot make it quadratic; past them it gives
the answer that sends the question on to the source's index, which is the authority.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from groundtui.checks.dates import listed_days, month_items
from groundtui.checks.keys import MONTHS, spellings
from groundtui.checks.links import links_of

_SPACES = " \u00a0\u2009\u202f"
_JOINERS = ".,:/-–"
_PHONE_GAPS = (" ", "-", "\u00a0")  # after an area code's ")", as the index reads phones

#: How many occurrences of a spelling are tried as a whole token before the index decides:
#: enough for real text, and a bound on crafted text ("12 12 12 …" would be quadratic).
TRIES = 24


def whole(text: str, needle: str, edges, past: bool = False) -> bool:
    """Whether ``needle`` occurs in ``text`` as a whole token (as judged by ``edges``).

    Only the first ``TRIES`` occurrences are tried; past them the answer is ``past``.
    Either way a wrong guess costs an index lookup, never a wrong answer: a miss (False)
    sends the question on to the index, the authority, and so does a "maybe" (True) from
    the proofs of absence below.
    """
    i = text.find(needle)
    for _ in range(TRIES):
        if i < 0:
            return False
        if edges(text, i, i + len(needle)):
            return True
        i = text.find(needle, i + 1)
    return past


def has_run(text: str, digits: str) -> bool:
    """Whether ``digits`` may be a whole run of digits in ``text``, leading zeros aside.

    "5" is in "5 days", "05/03" and "5.00", not in "15" or "2025". Past the first
    ``TRIES`` occurrences, or eight leading zeros, the answer is a yes.
    """
    return whole(text, digits, _run_edges, past=True)


def _run_edges(text: str, i: int, j: int) -> bool:
    if j < len(text) and text[j].isdecimal():
        return False
    a = i
    while a and text[a - 1] == "0":
        a -= 1
        if i - a > 8:
            return True
    return not a or not text[a - 1].isdecimal()


def below_one(text: str) -> bool:
    """Whether ``text`` may write a number below one ("0.5k", "$0.25"), not "120.5".

    Past the first ``TRIES`` occurrences of "0.", the answer is a yes.
    """
    return whole(text, "0.", _below_one_edges, past=True)


def _below_one_edges(text: str, i: int, j: int) -> bool:
    return not i or text[i - 1] == "0" or not text[i - 1].isdecimal()


def word_in(text: str, key: str) -> bool:
    """Whether ``key`` occurs in ``text`` as whole words, however often it is a part."""
    if whole(text, key, word_edges):
        return True
    if text.count(key) <= TRIES:
        return False
    return re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text) is not None


def value_edges(text: str, i: int, j: int) -> bool:
    """A value stands alone: no letter or digit touches it, nor a separator then a digit.

    Stricter than the index on purpose: "2024" in "2024-03-05" is refused here and then
    found in the index, but "3" is never accepted inside "2023", "1,300" or "0800 3…",
    nor "555" in "(555) 123-4567", nor "12" in a marker "[12]", which the index does not
    read as numbers either.
    """
    n = len(text)
    if i:
        c = text[i - 1]
        if c == " ":  # the common case first: after a space, only a digit before it counts
            if i >= 2 and text[i - 2].isdigit():
                return False
        elif (
            c.isalnum()
            or c == "_"
            or (c == "[" and text[i].isdigit())
            or (i >= 2 and c in _JOINERS and text[i - 2].isalnum())
            or (i >= 2 and c in _SPACES and text[i - 2].isdigit())
        ):
            return False
    if j < n:
        c = text[j]
        if c == " ":  # the common case first: before a space, only a digit after it counts
            if j + 1 < n and text[j + 1].isdigit():
                return False
        elif (
            c.isalnum()
            or c == "_"
            or (j + 1 < n and (c in _JOINERS or c in _SPACES) and text[j + 1].isdigit())
            # an area code: "(555) 123-4567"
            or (c == ")" and text[j + 1 : j + 2] in _PHONE_GAPS and text[j + 2 : j + 3].isdigit())
            or (c in "-–" and j + 1 < n and text[j + 1].isalpha() and text[j - 1].isalpha())
        ):
            return False
    # not the "30" of "30 January" or "January 30" (the length test inline: a hot path),
    # nor the "3–5" of "January 3–5"
    if j - i <= 2:
        return not is_day(text, i, j)
    return j - i > 12 or not is_day_range(text, i, j)


_SPACE_SET = frozenset(_SPACES)
_MONTH_INITIALS = frozenset("JFMASONDo")  # "30 January", "30 of May"


#: The last three characters of a month's name or abbreviation ("…ary", "Jan", "ept").
_MONTH_ENDS = frozenset(name.capitalize()[-3:] for name in MONTHS)
#: The last three characters of what a day may follow: a month name ("…ary 30", "Jan 30")
#: or a list's joiner ("1 and 30", "1 to 30").
_DAY_AFTER = _MONTH_ENDS | {"and", " or", " to", "ugh", "til", "ill"}
#: The next three characters of what a day may precede: a list's joiner ("30 and 31").
_DAY_BEFORE = frozenset(("and", "or ", "to ", "thr", "unt", "til"))
_HINTS = frozenset("JFMASONDoatu–-&")  # the first characters of all of the above


def is_day(text: str, i: int, j: int) -> bool:
    """Whether the token at ``[i, j)`` is a day of a date with a month name, not a number.

    A source's "30 January 2025", "January 30" or "November 1–30" states a date, or a list
    of days, not the number 30: an answer's "after 30 days" is not sourced by it. Only one
    or two characters can be a day; a cheap look at their neighbours comes first.
    """
    return j - i <= 2 and _may_be_day(text, i, j) and _day_of_date(text, i, j)


#: A range of two numbers of one or two digits (maybe after a currency sign), as written:
#: its two ends are groups 1 and 2.
_SP = f"[{_SPACES}]"
_SMALL_RANGE = re.compile(rf"\D{{0,3}}(\d{{1,2}})(?:{_SP}?[-–—]{_SP}?|{_SP}to{_SP})(\d{{1,2}})")


def is_day_range(text: str, i: int, j: int) -> bool:
    """Whether the range at ``[i, j)`` ("3–5", "3 to 5") is days of a date, no numbers.

    A source's "January 3–5" or "3–5 January" lists days: found as written, it does not
    source an answer's "ships in 3-5 days" (the index, too, reads those as days).
    """
    # a cheap look first: a month name just before the range ("January 3–5", "Jan. 3-5")
    # or just after it ("3–5 January"); then its ends, read as ``is_day`` reads a day
    before = (
        i >= 2
        and text[i - 1] in _SPACE_SET
        and (
            text[max(0, i - 4) : i - 1] in _MONTH_ENDS
            or (text[i - 2] == "." and text[max(0, i - 5) : i - 2] in _MONTH_ENDS)
        )
    )
    after = j + 1 < len(text) and text[j] in _SPACE_SET and text[j + 1] in _MONTH_INITIALS
    if not (before or after) or (m := _SMALL_RANGE.fullmatch(text, i, j)) is None:
        return False
    return (before and _day_of_date(text, *m.span(1))) or (after and _day_of_date(text, *m.span(2)))


def _may_be_day(text: str, i: int, j: int) -> bool:
    """Whether ``[i, j)`` may be a day: a month name beside it, or a list's joiner.

    "30 January", "January 30", "Jan. 30", "1 and 30", "29, 30", "1 – 30", "30 and 31",
    "30, 31", "30–31".
    """
    if j + 1 < len(text):
        c = text[j]
        if c in _SPACE_SET:
            d = text[j + 1]
            if d in _HINTS and (
                d in _MONTH_INITIALS
                or text[j + 1 : j + 4] in _DAY_BEFORE
                or (d in "–-&" and any(x.isdigit() for x in text[j + 2 : j + 5]))
            ):
                return True
        elif c in ",–-&" and any(x.isdigit() for x in text[j + 1 : j + 4]):  # not "2-year"
            return True
    if i >= 2 and text[i - 1] in _SPACE_SET:
        return text[i - 2] in ".,–-&" or text[max(0, i - 4) : i - 1] in _DAY_AFTER
    return False


def _day_of_date(text: str, i: int, j: int) -> bool:
    """``is_day``'s reading: the text as ``month_items`` and ``listed_days`` read it, in a
    window around the digits."""
    lo = max(0, i - 48)
    window = text[lo : j + 48]
    a, b = i - lo, j - lo
    # a month name inside a web address is no date, as in a response (within the window:
    # an address that starts before it is not seen)
    dates = month_items(window, links_of(window), source=True)
    return any(s <= a and b <= e for s, e, *_ in dates) or any(
        s == a and e == b for s, e, *_ in listed_days(window, dates)
    )


def word_edges(text: str, i: int, j: int) -> bool:
    """A name stands alone: no letter or digit on either side."""
    return (not i or not text[i - 1].isalnum()) and (j >= len(text) or not text[j].isalnum())


def has_spelling(
    text: str,
    need: tuple[tuple[str, ...], ...],
    skip: str | None,
    may_have: Callable[[str], bool] | None = None,
) -> bool:
    """Whether a common spelling of the values of ``need`` (but ``skip``) is in ``text``.

    ``text`` is a source, or several joined by blank lines (a spelling then never spans
    two): each spelling found as a whole token is a value the index would hold.
    ``may_have``, given for a long text, is False for a spelling surely not in it.
    """
    for spelling in _spellings(need):
        if (
            spelling != skip
            and (may_have is None or may_have(spelling))
            and whole(text, spelling, value_edges)
        ):
            return True
    return False


@lru_cache(maxsize=4096)
def _spellings(need: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """``spellings(need)`` without repeats ("10:00" is spelled "10:00" twice); answers
    repeat their values, so it is cached."""
    return tuple(dict.fromkeys(spellings(need)))
