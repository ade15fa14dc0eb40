"""A claim's kind by pattern: relation, date, figure, name, else policy."""

from __future__ import annotations

import re

from groundtui.text.markers import MARKER

# Weekdays, months (named; abbreviated only next to a day number), years, ISO and slashed
# dates, times of day.
_DATE = re.compile(
    r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?|january|february"
    r"|march|april|june|july|august|september|october|november|december|today|tomorrow"
    r"|yesterday|(?:1[89]|20)\d\d|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4}"
    r"|\d{1,2}(?::\d\d)?\s?[ap]\.?m\b\.?"
    r"|(?:may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+\d{1,2}(?!\d)"
    r"|\d{1,2}\s+(?:may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b)(?!\w)",
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
    # The judge's text rules, imported here so that ``groundtui.text`` stays light to import.
    from groundtui.judge.heuristic.quantities import values
    from groundtui.judge.heuristic.words import CONNECTIVE, proper_names

    body = MARKER.sub("", text)
    if CONNECTIVE.search(body):
        return "relation"
    if _DATE.search(body):
        return "date"
    if values(body):
        return "figure"
    if proper_names(body):
        return "name"
    return "policy"
