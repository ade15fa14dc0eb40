"""What matching reads of a claim, a sentence or a clause: content words, values, negation.

Values are read first and blanked out, so "thirty" or "USD" never count as words; a
negation governs the few words after it, within its clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from groundtui.judge.heuristic.quantities import DATE, Value, values
from groundtui.judge.heuristic.words import NEGATIONS, is_negation, tokens_of, words
from groundtui.text.numbers import MONTH_NAMES

PREFIX = 6
"""Tokens this long or longer also match on their first ``PREFIX`` letters."""
_NEGATION_SCOPE = 6
"""How many words after a negation, within its clause, it governs."""
_CLAUSE = re.compile(
    r"[,;:]\s+|[()]|\s+(?:but|however|although|though|whereas|while|yet)\s+", re.IGNORECASE
)
_CONTRAST = re.compile(r"\b(?:rather than|instead of)\b", re.IGNORECASE)
_NOT_A_DENIAL = frozenset({"only", "just", "merely", "simply", "necessarily", "exactly"})


@dataclass(frozen=True)
class Features:
    """What matching needs of a claim, a sentence or a clause."""

    tokens: frozenset[str]
    values: tuple[Value, ...]
    negated: frozenset[str]
    """Content tokens within a negation's scope, plus ``"<neg>"`` when there is a negation."""
    prefixes: frozenset[str] = frozenset()
    """The first letters of the long tokens: "introduced" meets "introduction"."""


def features(text: str) -> Features:
    """Content tokens, values and negation scope of ``text``."""
    return sentence_features(text)[0]


@lru_cache(maxsize=256)
def claim_features(claim: str) -> Features:
    """:func:`features` of a claim, cached: one claim is often checked against many sources."""
    return features(claim)


def sentence_features(text: str) -> tuple[Features, tuple[Features, ...]]:
    """A sentence's features and its clauses' (the clauses without values).

    Values are blanked out before words are read, so "thirty" or "USD" never count as
    words: a value is matched as a value, whatever its spelling.
    """
    vals = tuple(values(text))
    for v in vals:
        text = text[: v.start] + " " * (v.end - v.start) + text[v.end :]
    clauses = tuple(_clause(c) for c in _CLAUSE.split(text) if c and c.strip())
    if not clauses:
        clauses = (_clause(text),)
    if len(clauses) == 1:
        only = clauses[0]
        return Features(only.tokens, vals, only.negated, only.prefixes), clauses
    merged = Features(
        frozenset().union(*(f.tokens for f in clauses)),
        vals,
        frozenset().union(*(f.negated for f in clauses)),
        frozenset().union(*(f.prefixes for f in clauses)),
    )
    return merged, clauses


def with_months(f: Features) -> Features:
    """``f`` with the month of each of its dates as a word: a source's "March 5, 1990"
    says "March 1990" too (a date's words are read as its value, not as words)."""
    numbers = {int(v.number[:2]) for v in f.values if v.unit == DATE}
    months = {MONTH_NAMES[n - 1].lower() for n in numbers if 1 <= n <= 12}
    if not months:
        return f
    tokens = tokens_of(sorted(months))
    prefixes = {t[:PREFIX] for t in tokens if len(t) >= PREFIX}
    return replace(f, tokens=f.tokens | tokens, prefixes=f.prefixes | prefixes)


def _clause(text: str) -> Features:
    ws = words(_CONTRAST.sub(" not ", text))
    negated: set[str] = set()
    if "n't" in text or "n’t" in text or not NEGATIONS.isdisjoint(ws):
        negated = _negated(ws)
    tokens = frozenset(tokens_of(ws))
    prefixes = frozenset(t[:PREFIX] for t in tokens if len(t) >= PREFIX)
    return Features(tokens, (), frozenset(negated), prefixes)


def _negated(ws: list[str]) -> set[str]:
    """``"<neg>"`` and the words in a negation's scope, for a clause's words."""
    negated: set[str] = set()
    for i, w in enumerate(ws):
        if is_negation(w):
            scope = ws[i + 1 : i + 1 + _NEGATION_SCOPE]
            if scope and (scope[0] in _NOT_A_DENIAL or "until" in scope):
                continue  # "not only", "not just", "did not arrive until"
            negated.add("<neg>")
            negated.update(tokens_of(scope))
    return negated


def found_in(token: str, w: Features) -> bool:
    return token in w.tokens or (len(token) >= PREFIX and token[:PREFIX] in w.prefixes)
