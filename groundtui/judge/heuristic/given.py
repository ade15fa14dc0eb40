"""Whether an evidence window gives a claim's value in other words than the judge reads.

Two readings beyond the judge's own normaliser (``quantities``):

- **The check's equivalences**: a value the mechanical check finds stated in the window
  is given: "day 8" and "the 8th day", "thirty" and "30", "USD 4.99" and "$4.99" are the
  check's equals (``groundtui.checks``: one implementation, asked here, not copied).
- **Simple arithmetic**: a figure that is the sum or the difference of two figures of the
  window ("33 days" from "25 days … plus 8 bank holidays", "rises by 8 weeks" from "4
  weeks, rising to 12 weeks") is derived from the source, not invented.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from groundtui.checks import SourceIndex, find_specifics, unsourced_specifics
from groundtui.judge.heuristic.quantities import DATE, DECADE, MONEY, PERCENT, YEAR, Value

_NOT_COUNTS = frozenset({YEAR, DATE, DECADE})
"""Units whose numbers are not added: years, dates and decades."""
_LOOSE = frozenset(("one", "first", "second"))
"""Words the check reads as numbers loosely (it never looks for them as written): "the
first day" is not given by "one per order"."""
_MOST_OPERANDS = 12
"""The most figures of a window tried as operands: their pairs stay few."""


def given_by_check(claim: str, value: Value, window: str) -> bool:
    """Whether the mechanical check reads ``value`` of ``claim`` as stated in ``window``.

    The check must read a specific where the judge read ``value`` (it reads no "a second"
    as a value, for one), and find every such specific stated in the window.
    """
    if value.text.lower() in _LOOSE:
        return False
    read = _specifics(claim)
    here = [(s, e) for s, e in read if s < value.end and value.start < e]
    if not here:
        return False
    lacking = _unsourced(claim, window)
    return not any(s < value.end and value.start < e for s, e in lacking)


@lru_cache(maxsize=256)
def _specifics(claim: str) -> tuple[tuple[int, int], ...]:
    """Where the check reads a figure or a date in ``claim``."""
    return tuple((s.start, s.end) for s in find_specifics(claim) if s.kind != "name")


@lru_cache(maxsize=1024)
def _unsourced(claim: str, window: str) -> tuple[tuple[int, int], ...]:
    """Where the check reads a figure or date of ``claim`` that ``window`` does not state."""
    found = unsourced_specifics(claim, [_indexed(window)])
    return tuple((s.start, s.end) for s in found if s.kind != "name")


@lru_cache(maxsize=256)
def _indexed(window: str) -> SourceIndex:
    return SourceIndex(window)


def derivation(value: Value, window: list[Value]) -> str | None:
    """How ``value`` is the sum or difference of two figures of ``window`` ("25 + 8"), or None.

    Only counts, money and shares are added, each with its own kind (money with money);
    one of the two figures counts what ``value`` counts ("33 days" from "25 days" and "8
    bank holidays"), unless ``value`` says nothing of what it counts.
    """
    target = _number(value)
    if target is None or value.unit in _NOT_COUNTS:
        return None
    kind = _kind(value)
    operands = [u for u in window if u.unit not in _NOT_COUNTS and _kind(u) == kind]
    seen: dict[str, Value] = {}
    for u in operands:  # not the figure itself: 3 is no 6 − 3 where the window says 3
        if u.number == value.number:
            return None
        seen.setdefault(u.number, u)
    for a, b in combinations(list(seen.values())[:_MOST_OPERANDS], 2):
        x, y = _number(a), _number(b)
        if x is None or y is None or not _counts_alike(value, a, b):
            continue
        if abs(x + y - target) < 1e-9:
            return f"{a.text} + {b.text}"
        if abs(abs(x - y) - target) < 1e-9:
            big, small = (a, b) if x > y else (b, a)
            return f"{big.text} − {small.text}"
    return None


def _number(value: Value) -> float | None:
    try:
        return float(value.number)
    except ValueError:  # an ordinal ("8th"), a century ("16c"), a date ("03-05")
        return None


def _kind(value: Value) -> str:
    return value.unit if value.unit in (MONEY, PERCENT) else "count"


def _counts_alike(value: Value, a: Value, b: Value) -> bool:
    generic = value.unit in ("", MONEY, PERCENT)
    return generic or value.unit in (a.unit, b.unit)
