"""Agreement between two raters: raw agreement and Cohen's kappa (docs/report.md).

Pure functions over pairs of labels or over a confusion matrix, no I/O. Arithmetic is done
on integer counts and divided once, so a kappa of exactly 0.4 comes out as ``0.4``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import TypedDict, TypeVar

#: A rater's label: a verdict string in the report, anything hashable in general.
Label = TypeVar("Label", bound=Hashable)
#: ``{first rater's label: {second rater's label: count}}``, over one type of label.
Matrix = Mapping[Label, Mapping[Label, int]]


class Agreement(TypedDict):
    """How far two raters agree (a dict, so the report's JSON holds it as it is)."""

    n: int
    raw: float | None
    kappa: float | None


def matrix_of(pairs: Iterable[tuple[Label, Label]]) -> dict[Label, dict[Label, int]]:
    """The confusion matrix ``{first rater's label: {second rater's label: count}}``."""
    matrix: dict[Label, dict[Label, int]] = {}
    for a, b in pairs:
        row = matrix.setdefault(a, {})
        row[b] = row.get(b, 0) + 1
    return matrix


def _counts(matrix: Matrix[Label]) -> tuple[int, int, int]:
    """``(n, agreeing pairs, sum over labels of row total × column total)``."""
    rows: Counter = Counter()
    cols: Counter = Counter()
    n = agree = 0
    for a, row in matrix.items():
        for b, count in row.items():
            if not count:
                continue
            n += count
            rows[a] += count
            cols[b] += count
            if a == b:
                agree += count
    chance = sum(total * cols[label] for label, total in rows.items())
    return n, agree, chance


def agreement_of_matrix(matrix: Matrix[Label]) -> Agreement:
    """``{"n", "raw", "kappa"}`` of a confusion matrix; ratios are ``None`` when undefined.

    ``raw`` is the share of pairs that agree; ``kappa`` is Cohen's kappa, ``None`` with no
    pairs or when chance agreement is 1 (both raters always gave the same single label).
    """
    n, agree, chance = _counts(matrix)
    if n == 0:
        return {"n": 0, "raw": None, "kappa": None}
    # kappa = (p_o - p_e) / (1 - p_e) with p_o = agree / n and p_e = chance / n², times n².
    kappa = None if chance == n * n else (n * agree - chance) / (n * n - chance)
    return {"n": n, "raw": agree / n, "kappa": kappa}


def agreement(pairs: Iterable[tuple[Hashable, Hashable]]) -> Agreement:
    """``{"n", "raw", "kappa"}`` of ``(first rater, second rater)`` label pairs."""
    return agreement_of_matrix(matrix_of(pairs))


def cohen_kappa(pairs: Iterable[tuple[Hashable, Hashable]]) -> float | None:
    """Cohen's kappa of ``(first rater, second rater)`` label pairs.

    Returns:
        ``(p_o - p_e) / (1 - p_e)``, or ``None`` with no pairs or when the chance agreement
        ``p_e`` is 1.
    """
    return agreement(pairs)["kappa"]


def raw_agreement(pairs: Iterable[tuple[Hashable, Hashable]]) -> float | None:
    """The share of pairs whose two labels are equal; ``None`` with no pairs."""
    return agreement(pairs)["raw"]
