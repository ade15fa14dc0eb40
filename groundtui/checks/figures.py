"""Figures written in digits, and the item format that every pass of the check shares.

Each pass returns items ``(start, end, kind, need, probe, also)``:

- ``need``: alternatives of key sets, any one of which a source must hold in full for the
  value to count as sourced (a range needs both ends; "6:30" is 06:30 or 18:30); empty
  for a name, whose key is made from its text only when needed;
- ``probe``: a spelling that proves the value when found as a whole token in a source,
  tried before the source is indexed (most specifics are copied verbatim), or None;
- ``also``: the coarser keys the same text states when it appears in a *source* ("March 5,
  2024" also states 2024 and March 2024), so sources are read liberally and responses
  strictly; empty in a response's items, which no source is looked up in.

Items are tuples, not objects: these passes run over every answer and every source.
"""

from __future__ import annotations

import re

from groundtui.checks.keys import (
    SCALE_SUFFIXES,
    canon,
    date_keys,
    scaled,
    valid_date,
)
from groundtui.checks.words import DATE

Item = tuple[int, int, str, tuple[tuple[str, ...], ...], "str | None", tuple[str, ...]]

_SP = "[ \u00a0\u2009\u202f]"  # spaces that may group thousands: plain, no-break, thin
_CODES = "USD|EUR|GBP|CAD|AUD|NZD|JPY|CHF|INR|CNY|HKD|SGD|SEK|NOK|DKK|ZAR|MXN|BRL|PLN"
# Thousands grouped by spaces are no phone number: "800 555 0199" and "1 800 555 0199" (groups
# of three, then one of four) are not 800,555 then 199; "12 000 5-star reviews" is 12,000.
# The look ahead is bounded, so a long run of groups costs no backtracking.
_NOT_PHONE = rf"(?!\d|(?:{_SP}\d{{3}}){{0,2}}{_SP}\d{{4}}(?!\d))"
_INT = rf"\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d{{1,3}}(?:{_SP}\d{{3}})+{_NOT_PHONE}|\d+"
_INT_REST = rf"\d{{0,2}}(?:,\d{{3}})+(?!\d)|\d{{0,2}}(?:{_SP}\d{{3}})+{_NOT_PHONE}|\d*"
_UNGROUP = str.maketrans("", "", ", \u00a0\u2009\u202f")
_CURRENCY_SIGNS = "$€£¥₹"
_CODE_SET = frozenset(_CODES.split("|"))
_DIGITS_RE = re.compile(r"\d+")
_ORDINAL_ENDS = ("st", "nd", "rd", "th")
_PLAIN_RANGE = re.compile(rf"\d+(?:{_SP}?[-–]{_SP}?|{_SP}to{_SP})\d+")


def _money_before(text: str, s: int) -> bool:
    """Whether a currency sign ("$5") or code ("USD 5") may be written just before ``s``."""
    c = text[s - 1]
    return c in _CURRENCY_SIGNS or (c == " " and text[s - 2 : s - 1].isupper())


def _number(i: int, first: bool = False) -> str:
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
        rf"(?:{_SP}?(?:{_CODES})(?![A-Za-z])|{_SP}(?:dollars?|euros?|pounds?)(?![A-Za-z]))?"
    )


#: A space then a word that none of the branches below reads as part of a figure: not
#: "6 pm" (nor "6 pM", a time too), "3 to 5", "15 percent", "2 million", "5 dollars".
_WORD_AFTER = (
    r"[ ](?!(?:[ap]\.?[mM]|to|per|percent|thousand|million|billion|trillion"
    r"|dollars?|euros?|pounds?)(?![a-z]))[a-z]"
)

# Every alternative starts after one digit that the pattern reads first: a pattern that
# opens with a character class lets the regex engine skip to the next digit in C, which
# makes this pass several times faster than one opening with a lookbehind or a group.
# Parts are therefore read back from the text: ``text[start:m.end("i1")]`` is the number.
# Only the groups the code reads are named: every capture group costs on every match
# (31 groups measured ~20% slower than 19), so times and ISO dates are split in Python.
# A digit right after "[" opens a citation marker, never a figure: refusing it here spares
# a match and an item per marker.
# The first digit, read by the two patterns below (``DIGIT_RE`` and the response's). The
# engine keeps a class of one range ("[0-9]") as a range test, and skips to candidates
# about half as fast as with a bitmap, which it makes of three runs or more: two control
# characters are added to the class for that alone, and the lookbehind refuses them.
_FIRST_DIGIT = r"[0-9\x00\x02](?<=[0-9])"
_AFTER_FIRST_DIGIT = (
    r"(?:(?<=[vV][0-9])(?=\d*\.\d)|(?<![\w\[][0-9]))(?<![0-9]\.[0-9])(?:"
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
    rf"|(?P<num>{_number(1, first=True)}"
    rf"(?:(?:{_SP}?[-–—]{_SP}?|(?<![%A-Za-z]){_SP}to{_SP})[$€£¥₹]?{_number(2)})?)"
    r")"
)
DIGIT_RE = re.compile(_FIRST_DIGIT + _AFTER_FIRST_DIGIT)
# A response's list numbers are no figures (a source's count: it is read liberally). The
# commonest, "12. " opening a line, is refused here, sparing a match and a test per item
# (``_list_number`` still reads the rest: "- 2.", "**2.**", "(2)"). Only "." is refused
# here: "1) 555-1234" is read as a phone number by the pattern, which a refusal would change.
_RESPONSE_DIGIT_RE = re.compile(
    _FIRST_DIGIT + r"(?!(?<=\n[0-9])\d*+\.[*_]*+(?:\s|\Z))" + _AFTER_FIRST_DIGIT
)


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
    add = found.append
    for m in (DIGIT_RE if source else _RESPONSE_DIGIT_RE).finditer(text):
        s, e = m.span()
        if covered is not None and covered[s]:
            if not covered[e - 1] and (tail := range_tail(text, s, e)):
                add(tail)  # "December 24–31": the 31 is read, not the 24
            continue
        group = m.lastgroup
        if group == "bare" or (group == "num" and e == m.end("i1") and text[s:e].isdigit()):
            digits = text[s:e]
            if source:
                stripped = digits.lstrip("0") or "0"
                add((s, e, "figure", (("n" + stripped,),), digits, ("d" + stripped,)))
                continue
            if e < len(text) and text[e] in ".)" and _list_number(text, s, e):
                continue
            c = text[s - 1] if s else ""  # inline: this path runs for most figures
            money = c in _CURRENCY_SIGNS or (c == " " and text[s - 2 : s - 1].isupper())
            start = _currency_start(text, s) if c and money else s
            year = start == s and len(digits) == 4 and "1900" <= digits <= "2099"
            key = "n" + (digits.lstrip("0") or "0")
            add((start, e, "date" if year else "figure", ((key,),), digits, ()))
        elif group == "simple":
            add(_days_too(_simple_item(text, s, e, source), covered))
        elif group == "pct":
            digits = text[s : e - 1]
            whole, _, frac = digits.partition(".")
            also = (_digits_key(whole),) if source and not frac else ()
            start = _currency_start(text, s) if s and _money_before(text, s) else s
            add((start, e, "figure", (("n" + canon(whole, frac),),), digits, also))
        elif group == "num":
            item = _number_item(text, m, s, e, source)
            if item is None:
                continue
            if covered is not None and (m["s1"] or m["s2"]):
                covered[s:e] = b"\x01" * (e - s)
            else:
                item = _days_too(item, covered)
            add(item)
        elif group == "iso":
            y, mo, d = (int(part) for part in text[s:e].split(m["isep"]))
            if valid_date(y, mo, d):
                key, also = date_keys(y, mo, d, source)
                add((s, e, "date", ((key,),), text[s:e], also))
            else:
                add((s, e, "figure", (("v" + text[s:e],),), text[s:e], ()))
        elif group == "sl":
            add(_slashed(text, m, s, e, source))
        elif group == "tm":
            raw = text[s:e]
            k = 2 if raw[1].isdigit() else 1  # one or two digits of hour, then maybe ":30"
            hour, minutes = int(raw[:k]), "00"
            if raw[k] in ":.":
                minutes, k = raw[k + 1 : k + 3], k + 3
            pm = (raw[k] if raw[k] in "aApP" else raw[k + 1]) in "pP"  # "6pm", "6 pm"
            key = f"t{hour % 12 + (12 if pm else 0)}:{minutes}"
            add((s, e, "figure", ((key,),), raw, ("n" + str(hour),) if source else ()))
        elif group == "t24":
            hh, mm = text[s:e].split(":")
            h = int(hh)
            if h > 23:
                add((s, e, "figure", (("v" + text[s:e],),), text[s:e], ()))
            elif 1 <= h < 12:  # "6:30" may be morning or evening
                add((s, e, "figure", ((f"t{h}:{mm}",), (f"t{h + 12}:{mm}",)), text[s:e], ()))
            else:
                add((s, e, "figure", ((f"t{h}:{mm}",),), text[s:e], ()))
        elif group == "ph":
            add(_phone(text, s, e, source))
        else:
            add((s, e, "figure", (("v" + text[s:e],),), text[s:e], ()))
    return found


def _number_item(text: str, m: re.Match, s: int, e: int, source: bool) -> Item | None:
    """A number with separators, decimals or suffixes, or a range of two."""
    f1, s1, k1, i2 = m.group("f1", "s1", "k1", "i2")
    i1 = text[s : m.end("i1")]
    digits = i1.translate(_UNGROUP)
    scale = s1 or k1
    first = _value(digits, f1, scale)
    s = _currency_start(text, s) if s and _money_before(text, s) else s
    if i2 is None:
        probe = text[m.start() : e] if scale else text[m.start() : m.end("f1" if f1 else "i1")]
        also: tuple[str, ...] = ()
        if source:
            also = (_digits_key(digits),)
            if len(digits) != len(i1) and "," not in i1:
                # "5 100" may be two numbers: a source is read liberally, so keep the parts.
                also += tuple("n" + canon(p) for p in re.split(_SP, i1))
            if scale:  # a source's "1.5 million" also states 1.5
                also += ("n" + canon(digits, f1 or ""),)
        elif e == m.end("i1") and _list_number(text, s, e):
            return None
        if not (f1 or scale) and text[e - 2 : e] in _ORDINAL_ENDS and len(digits) <= 2:
            # "the 5th" is sourced by a date on the 5th as well as by the number 5
            return s, e, "figure", ((first,), ("o" + first[1:],)), probe, also
        return s, e, "figure", ((first,),), probe, also
    second = _value(i2.translate(_UNGROUP), m["f2"], m["s2"] or m["k2"])
    years = len(digits) == 4 and len(i2) == 4 and min(digits, i2) >= "1900"
    years = years and max(digits, i2) <= "2099"
    return s, e, "date" if years else "figure", ((first, second),), text[s:e], ()


def _simple_item(text: str, s: int, e: int, source: bool) -> Item:
    """A grouped integer, a decimal or a range of two integers, as ``_number_item``."""
    raw = text[s:e]
    start = _currency_start(text, s) if s and _money_before(text, s) else s
    if "," in raw:  # 1,200
        digits = raw.replace(",", "")
        also = (_digits_key(digits),) if source else ()
        return start, e, "figure", (("n" + canon(digits),),), raw, also
    if "." in raw:  # 49.99
        whole, _, frac = raw.partition(".")
        also = (_digits_key(whole),) if source else ()
        return start, e, "figure", (("n" + canon(whole, frac),),), raw, also
    a, b = raw.replace("–", "-").split("-")  # 3–5
    years = len(a) == 4 and len(b) == 4 and min(a, b) >= "1900" and max(a, b) <= "2099"
    keys = (("n" + canon(a), "n" + canon(b)),)
    return start, e, "date" if years else "figure", keys, text[start:e], ()


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
    return k, e, "figure", (("n" + canon(digits),),), digits, ()


def _days_too(item: Item, covered: bytearray | None) -> Item:
    """A response's range that ends in a date ("24–26 December", "24 to 26 December"): a
    range of days (``o`` keys), so sourced by dates on those days, not by the numbers (nor
    "24–26" as written). Any other item is returned as it is."""
    s, e, kind, need, _, also = item
    if covered is None or covered[e - 1] != DATE or len(need[0]) != 2:
        return item
    if days := day_keys(need[0]):
        return s, e, kind, (days,), None, also
    return item


def day_keys(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The ``o`` keys of a range's two numbers if both may be days of a month, else ()."""
    if all(key[1:].isdigit() and int(key[1:]) <= 31 for key in keys):
        return tuple("o" + key[1:] for key in keys)
    return ()


def _digits_key(digits: str) -> str:
    """The key of a digit group compared digits only, leading zeros aside (phones)."""
    return "d" + (digits.lstrip("0") or "0")


def _value(digits: str, frac: str | None, scale: str | None) -> str:
    if scale:
        return "n" + scaled(digits, frac or "", SCALE_SUFFIXES[scale])
    return "n" + canon(digits, frac or "")


def _currency_start(text: str, s: int) -> int:
    """Extend a figure's start over a currency sign or code written before it."""
    if text[s - 1] in _CURRENCY_SIGNS:
        s -= 1
        j = s
        while j and s - j < 2 and text[j - 1].isupper():  # US$, A$, NZ$
            j -= 1
        return j if j < s and (j == 0 or not text[j - 1].isalnum()) else s
    if s >= 4 and text[s - 1] == " " and text[s - 4 : s - 1] in _CODE_SET:
        return s - 4 if s == 4 or not text[s - 5].isalnum() else s
    return s


def _list_number(text: str, s: int, e: int) -> bool:
    """Whether the number at ``[s, e)`` numbers a list item.

    "2.", "2)" or "(2)" opening a line, after bullets, "#" or emphasis ("### 2.",
    "**2.**"), or "(2)" after ";" or ":" ("(1) log in; (2) open…"); not "within (30) days".
    """
    n = len(text)
    if e >= n or text[e] not in ".)":
        return False
    k = e + 1
    while k < n and text[k] in "*_":  # "**2.** Log in"
        k += 1
    if k < n and not text[k].isspace():
        return False
    if s and text[s - 1] == "(" and text[e] == ")":  # "(2) " opening a line or after ";"
        s -= 1
        if s >= 2 and text[s - 2] in ";:" and text[s - 1] == " ":
            return True
    while s and text[s - 1] in " \t-*•>#_":  # only spaces and bullets back to the line start
        s -= 1
    return not s or text[s - 1] == "\n"


def _slashed(text: str, m: re.Match, s: int, e: int, source: bool) -> Item:
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
        return s, e, "figure", (("v" + raw,),), raw, ()
    return s, e, "date", tuple(keys), raw, tuple(also)


def _phone(text: str, s: int, e: int, source: bool) -> Item:
    groups = _DIGITS_RE.findall(text, s, e)
    if s and text[s - 1] in "(+":
        s -= 1
    need: list[tuple[str, ...]] = [(_digits_key("".join(groups)),)]
    if text[s] == "+":  # +44 20 7946 0958 is also written 020 7946 0958
        need.append((_digits_key("".join(groups[1:])),))
    also: tuple[str, ...] = ()
    if source:  # any trailing run of groups may be the number without its prefix
        tails = (_digits_key("".join(groups[i:])) for i in range(1, len(groups)))
        also = tuple(t for t in tails if len(t) >= 8)
    return s, e, "figure", tuple(need), text[s:e], also
