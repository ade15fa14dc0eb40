"""Declarative tables: the words of numbers and the names of months, declared once.

Vocabulary only: the mechanical check (``groundtui.checks.keys``), the heuristic judge
(``groundtui.judge.heuristic.quantities``) and the claim kinds (``groundtui.text.kinds``)
each build what they read from these tables.
"""

from __future__ import annotations

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
"""Cardinal words below twenty."""
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
"""Cardinal words of the tens."""
SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
"""Words that multiply the number before them."""
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
    "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40,
    "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    "hundredth": 100, "thousandth": 1000, "millionth": 10**6,
}  # fmt: skip
"""Ordinal words and the numbers they rank."""

NUMBER_WORDS = sorted([*UNITS, *TENS, *SCALES, *ORDINALS], key=len, reverse=True)
"""Every word a spelled-out number is made of, longest first, so that a regex alternation
built from it prefers "seventeen" to "seven"."""

MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")  # fmt: skip
"""The months, in order, as written."""
MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
    "november": 11, "dec": 12, "december": 12,
}  # fmt: skip
"""Every name of a month, full or abbreviated, lowercase, and the month's number."""
