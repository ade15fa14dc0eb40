"""Specifics written in words: dates with a month name, and numbers spelled out.

Items are ``(start, end, kind, need, probe, also)`` as in ``groundtui.checks.figures``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from groundtui.checks.keys import MONTHS, NUMBER_WORDS, ORDINALS, date_keys, valid_date, words_value

_SP = "[ \u00a0\u2009\u202f]"
_MON = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# Opens with the months' first letters, so the engine skips to candidates in C.
MONTH_RE = re.compile(
    rf"(?P<mon>{_MON})(?!\w)\.?"
    rf"(?:{_SP}(?P<day>[0-3]?\d)(?!\d|[:.]\d)(?:st|nd|rd|th)?(?![A-Za-z]))?"
    rf"(?:,?{_SP}(?P<year>(?:19|20)\d\d)(?!\d))?"
)
_DAY_BEFORE = re.compile(rf"(?<![\w.,])(?P<d>[0-3]?\d)(?:st|nd|rd|th)?{_SP}(?:of{_SP})?\Z")


def _trie(words: list[str]) -> str:
    """A regex alternation of ``words`` as a trie, longest match first.

    "s(?:ix(?:t(?:een(?:th)?|h|ieth|y))?|…)" rejects a position after one character
    where a flat "sixteenth|sixteen|sixtieth|…" alternation would try every word.
    """
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(c) + build(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(tree)


_WORD = _trie(NUMBER_WORDS)
#: The characters that may precede a number word: a space first.
_BEFORE_WORD = " \t\n\u00a0(\"'“‘/*[_-"
# Run over " " + the lowered text: opening with the characters that may precede a word
# anchors words at their start ("ten" is not read in "often").
WORDS_RE = re.compile(
    rf"[{re.escape(_BEFORE_WORD)}]"
    rf"(?P<w>{_WORD}(?:(?:[ \u00a0-]|{_SP}and{_SP}){_WORD})*)(?![a-z])"
)
# Where a number word may start, in the text with every character of ``_BEFORE_WORD``
# made a space: a pattern opening with one literal character is searched for in C many
# times faster than one opening with a class, and number words are rare.
_AFTER_SPACE_RE = re.compile(rf" (?:{_WORD})(?![a-z])")
_WORD_SPLIT = re.compile(r"[a-z]+")
_WORD_TAIL = re.compile(rf"{_SP}?(?:%|percent|per{_SP}?cent)(?![a-z])")
_SCALES = ("hundred", "thousand", "million", "billion")
_AMBIGUOUS = frozenset(("one", "first", "second"))  # a probe for them could find "one of"
_NOT_ONE_BEFORE = ("the ", "this ", "that ", "which ", "each ", "every ", "any ", "no ")
_NOT_ONE_AFTER = (" another", "-off", " or two", " by one")
# After a subject or a modal ("you must first contact"), "first" is an adverb; after a
# form of "be", only before a participle ("is first assessed", not "is first in line").
_SUBJECTS = tuple(
    f" {w} " for w in "we you they i it he she will must should can could would may might "
    "shall please then always we'll you'll they'll we've i'll".split()
)
_AUXILIARIES = tuple(f" {w} " for w in "is are was were be been".split())
_PARTICIPLE = re.compile(r" [a-z]{2,}(?:ed|en|wn|nt|ght)(?![a-z])")


_LINK_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'\])]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _may_hold_links(text: str) -> bool:
    """Whether ``text`` may hold a web or e-mail address (most texts hold none)."""
    return "@" in text or "://" in text or "www." in text


def mark_links(text: str, covered: bytearray) -> None:
    """Mark the web addresses and e-mail addresses of ``text`` in ``covered``: their digits,
    month names and capitalised words are no specifics."""
    if _may_hold_links(text):
        for m in _LINK_RE.finditer(text):
            covered[m.start() : m.end()] = b"\x01" * (m.end() - m.start())


def links_of(text: str) -> bytearray | None:
    """A map of ``text`` with its links marked (as ``mark_links``), or None if it has none."""
    if not _may_hold_links(text):
        return None
    links = bytearray(len(text))
    mark_links(text, links)
    return links


#: The mark of a date in a map of positions taken (any other taking is marked 1): a range
#: that ends in a date is a range of days.
DATE = 2
_DATE_MARK = bytes((DATE,))


def month_items(
    text: str, covered: bytearray | None = None, *, source: bool | None = None
) -> list[tuple]:
    """Dates written with a month name: "March 5, 2024", "5 Mar 2024", "March 2024".

    A full month name alone ("in March") is a date too, except "May" (a verb); an
    abbreviation alone is not ("Jan" is also a first name). With ``covered``, positions
    already taken are skipped and the dates found are marked (``DATE``). With ``source``
    (by default, when there is no ``covered``), dates carry the coarser keys a source
    states.
    """
    if source is None:
        source = covered is None
    found: list[tuple] = []
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
        found.append((s, e, "date", ((key,),), text[s:e], also))
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
_DAYS_BEFORE = re.compile(
    rf"(?:(?<![\w.,]){_DAY}{_SP}*(?:,|(?:,{_SP}*)?{_JOINS}){_SP}*)+\Z"
)
_DAY_RE = re.compile(r"\d+")
_DAY_FIGURE = re.compile(r"[0-3]?\d(?:st|nd|rd|th)?")


def is_listed_day(text: str, item: tuple, starts: Collection[int]) -> bool:
    """Whether a figure item is a day of ``listed_days`` (by its start): "6", "26th"."""
    return (
        item[0] in starts
        and item[2] == "figure"
        and _DAY_FIGURE.fullmatch(text, item[0], item[1]) is not None
    )


def listed_days(text: str, dates: list[tuple]) -> list[tuple[int, int, int, str]]:
    """The days listed beside dates with a month name: ``(start, end, day, key)`` each.

    "March 5 and 6" lists the 6th, "24–30 January" the 24th: those numbers are days, which
    a source's date states and a source's list of days does not state as numbers. ``key``
    is the date of the listed day, as its date's key reads it ("M3-6" for "March 5 and 6").

    Args:
        text: The text the dates were read from.
        dates: Its ``month_items`` items (those without a day list none).
    """
    found: list[tuple[int, int, int, str]] = []
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
    return [day for day in found if 1 <= day[2] <= 31]


def _days_in(text: str, a: int, b: int, stem: str) -> list[tuple[int, int, int, str]]:
    """The days written in ``text[a:b]``, each with its date's key ("M3" + "-6")."""
    return [
        (d.start(), d.end(), int(d[0]), f"{stem}-{int(d[0])}") for d in _DAY_RE.finditer(text, a, b)
    ]


def word_items(text: str, covered: bytearray | None = None) -> list[tuple]:
    """Numbers spelled out: "thirty", "one thousand two hundred", "first", "ten percent".

    "one" is no figure in "one of", "this one", "no one"; "first" none in "at first" or
    "First, …"; "second" only after "the" ("a second" is time).
    """
    lower = text.lower()
    if len(lower) != len(text):  # a few characters grow when lowered; offsets must hold
        lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    found: list[tuple] = []
    for m in _words_in(" " + lower):
        s, end = m.start("w") - 1, m.end() - 1
        if covered is not None and covered[s]:
            continue
        spans = [(w.start(), w.end()) for w in _WORD_SPLIT.finditer(lower, s, end)]
        words = [lower[a:b] for a, b in spans]
        if words[0] in _SCALES and lower[s - 2 : s] == "a " and (s < 3 or lower[s - 3] == " "):
            spans.insert(0, (s - 2, s - 1))
            words.insert(0, "a")
        for first, last, value in words_value(words):
            a, b = spans[first][0], spans[last - 1][1]
            if last - first == 1 and _not_a_number(lower, a, b, words[first]):
                continue
            if tail := _WORD_TAIL.match(lower, b):
                b = tail.end()
            probe = None if words[first] in _AMBIGUOUS else text[a:b]
            need: tuple = ((f"n{value}",),)
            if value <= 31 and words[last - 1] in ORDINALS:  # "the fifth": a date's day too
                need = ((f"n{value}",), (f"o{value}",))
            found.append((a, b, "figure", need, probe, ()))
    return found


def _words_in(spaced: str) -> Iterator[re.Match]:
    """``WORDS_RE.finditer(spaced)``, found faster.

    Every match of ``WORDS_RE`` starts where ``_AFTER_SPACE_RE`` finds one in the text with
    its word boundaries made spaces (its first word is followed by no letter), and no such
    place lies inside an earlier match; so trying ``WORDS_RE`` at each place found, past
    the last match, gives what scanning every position gives.
    """
    marked = spaced
    for c in _BEFORE_WORD[1:]:
        if c in marked:
            marked = marked.replace(c, " ")
    last = 0
    for hit in _AFTER_SPACE_RE.finditer(marked):
        at = hit.start()
        if at >= last and (m := WORDS_RE.match(spaced, at)):
            last = m.end()
            yield m


def _not_a_number(lower: str, a: int, b: int, word: str) -> bool:
    """Words that are numbers by spelling but not by use: "one of", "at first", "a second"."""
    before, after = lower[max(0, a - 7) : a], lower[b : b + 8]
    if word == "one":
        return (
            before.endswith(_NOT_ONE_BEFORE)
            or after.startswith(_NOT_ONE_AFTER)
            or (after.startswith(" of") and not after[3:4].isalpha())  # "one of", at the end too
        )
    if word == "first":
        before = " " + before  # the words below are whole words: "he " is not in "the "
        return (
            before.endswith((" at ", *_SUBJECTS))
            or after.startswith((",", " of all"))
            # "is first assessed", not "is first in line"
            or (before.endswith(_AUXILIARIES) and bool(_PARTICIPLE.match(lower, b)))
        )
    if word == "second":
        return not before.endswith("the ")
    return word in ORDINALS and after.startswith(",") and not before.strip(" \n*-")
