"""A claim's kind by pattern: relation, date, figure, name, else policy."""

from __future__ import annotations

import re

from groundtui.text.markers import MARKER
from groundtui.text.names import proper_names
from groundtui.text.numbers import MONTH_NAMES, MONTHS
from groundtui.text.values import has_value

CONNECTIVE = re.compile(
    r"\b(?:therefore|thus|hence|because|as a result|which means|this means|that means"
    r"|consequently|due to)\b|,\s*so\b",
    re.IGNORECASE,
)
"""Words that join two facts as cause and effect: a relation claim, or a bridging inference."""
# A month named in full, except "May" (a verb too); any name of a month next to a day.
_NAMED = "|".join(name.lower() for name in MONTH_NAMES if name != "May")
_NEXT_TO_DAY = "|".join(sorted(MONTHS, key=len, reverse=True))
# Weekdays, months, years, ISO and slashed dates, times of day.
_DATE = re.compile(
    rf"\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?|{_NAMED}"
    r"|today|tomorrow"
    r"|yesterday|(?:1[89]|20)\d\d|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4}"
    r"|\d{1,2}(?::\d\d)?\s?[ap]\.?m\b\.?"
    rf"|(?:{_NEXT_TO_DAY})\.?\s+\d{{1,2}}(?!\d)"
    rf"|\d{{1,2}}\s+(?:{_NEXT_TO_DAY})\b)(?!\w)",
    re.IGNORECASE,
)


def infer_kind(text: str) -> str:
    """A claim's kind by pattern: ``relation``, ``date``, ``figure``, ``name``, else ``policy``.

    The one claim-kind classifier: the importer (a claim imported without a kind), the
    pipeline (a judge that gave none) and the heuristic judge's extraction all use it.
    A cause or consequence makes a relation whatever else the claim holds ("Refunds take 5
    days, so order early."); then a weekday, month or year a date ("free on Mondays"); then
    any figure, in digits or words; then a proper name.
    """
    body = MARKER.sub("", text)
    if CONNECTIVE.search(body):
        return "relation"
    if _DATE.search(body):
        return "date"
    if has_value(body):
        return "figure"
    if proper_names(body):
        return "name"
    return "policy"
