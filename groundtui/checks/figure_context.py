"""What surrounds a figure in digits: a currency before it ("$5", "USD 5", "US$5"), a
list's numbering ("2.", "(2)"), and digit groups that make a phone number."""

from __future__ import annotations

import re

from groundtui.checks.items import Item

CODES = "USD|EUR|GBP|CAD|AUD|NZD|JPY|CHF|INR|CNY|HKD|SGD|SEK|NOK|DKK|ZAR|MXN|BRL|PLN"
_CURRENCY_SIGNS = "$€£¥₹"
_CODE_SET = frozenset(CODES.split("|"))
_DIGITS_RE = re.compile(r"\d+")


def money_before(text: str, s: int) -> bool:
    """Whether a currency sign ("$5") or code ("USD 5") may be written just before ``s``."""
    c = text[s - 1]
    return c in _CURRENCY_SIGNS or (c == " " and text[s - 2 : s - 1].isupper())


def currency_start(text: str, s: int) -> int:
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


def list_number(text: str, s: int, e: int) -> bool:
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


def digits_key(digits: str) -> str:
    """The key of a digit group compared digits only, leading zeros aside (phones)."""
    return "d" + (digits.lstrip("0") or "0")


def phone(text: str, m: re.Match, source: bool) -> Item:
    """Digit groups that are no thousands: "0800 123 4567", "(555) 123-4567", "+44 20 …"."""
    s, e = m.span()
    groups = _DIGITS_RE.findall(text, s, e)
    if s and text[s - 1] in "(+":
        s -= 1
    need: list[tuple[str, ...]] = [(digits_key("".join(groups)),)]
    if text[s] == "+":  # +44 20 7946 0958 is also written 020 7946 0958
        need.append((digits_key("".join(groups[1:])),))
    also: tuple[str, ...] = ()
    if source:  # any trailing run of groups may be the number without its prefix
        tails = (digits_key("".join(groups[i:])) for i in range(1, len(groups)))
        also = tuple(t for t in tails if len(t) >= 8)
    return Item(s, e, "figure", tuple(need), text[s:e], also)
