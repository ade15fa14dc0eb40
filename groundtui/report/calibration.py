"""Where to trust the judge: confusion matrices, agreement by claim kind and by source
origin, and a 95% bootstrap interval on each kappa (docs/report.md).

The interval resamples the confusion counts, not rows: a resample is a multinomial draw of
``n`` pairs over the matrix's cells, in a fixed order of cells, from a generator seeded the
same way each time. So the same counts give the same interval, whatever order the claims
were read in. Pure functions, no I/O; about 0.1 s a matrix, so the report computes them
(``report``, ``--json``, the calibration screen), never the review UI on each key press.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from typing import Any

from groundtui.report.kappa import agreement_of_matrix

RESAMPLES = 1000
"""Bootstrap resamples per interval."""
SEED = 16
"""The generator's seed: every interval starts from it."""

Matrix = Mapping[str, Mapping[str, int]]


def interval(matrix: Matrix, resamples: int = RESAMPLES, seed: int = SEED) -> list[float] | None:
    """The 95% percentile bootstrap interval ``[low, high]`` of the kappa of ``matrix``.

    ``None`` with no pairs, or when no resample has a kappa (every one has chance agreement
    of 1: the raters only ever gave one label).
    """
    cells = sorted((a, b, n) for a, row in matrix.items() for b, n in row.items() if n > 0)
    n = sum(c[2] for c in cells)
    if n == 0:
        return None
    rng = random.Random(seed)
    kappas: list[float] = []
    for _ in range(resamples):
        drawn = multinomial(rng, n, [c[2] / n for c in cells])
        resampled: dict[str, dict[str, int]] = {}
        for (a, b, _n), k in zip(cells, drawn, strict=True):
            resampled.setdefault(a, {})[b] = k
        kappa = agreement_of_matrix(resampled)["kappa"]
        if kappa is not None:
            kappas.append(kappa)
    if not kappas:
        return None
    kappas.sort()
    return [_quantile(kappas, 0.025), _quantile(kappas, 0.975)]


def _quantile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly between neighbours."""
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def multinomial(rng: random.Random, n: int, probabilities: list[float]) -> list[int]:
    """``n`` draws over cells of ``probabilities``, counted: one binomial per cell in turn."""
    counts = []
    left, mass = n, 1.0
    for p in probabilities:
        if left == 0 or mass <= 0:
            counts.append(0)
            continue
        k = left if p >= mass else binomial(rng, left, p / mass)
        counts.append(k)
        left -= k
        mass -= p
    counts[-1] += left  # rounding in ``mass`` never loses a draw
    return counts


def binomial(rng: random.Random, n: int, p: float) -> int:
    """A binomial draw (CPython 3.12's ``random.binomialvariate``, which 3.11 lacks).

    The geometric method below a mean of 10, else Hörmann's BTRS transformed rejection.
    """
    if p <= 0.0 or n == 0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:
        return n - binomial(rng, n, 1.0 - p)
    if n * p < 10.0:
        x = y = 0
        c = math.log(1.0 - p)
        if not c:
            return 0
        while True:
            y += math.floor(math.log(1.0 - rng.random()) / c) + 1
            if y > n:
                return x
            x += 1
    spq = math.sqrt(n * p * (1.0 - p))
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    vr = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    lpq = math.log(p / (1.0 - p))
    m = math.floor((n + 1) * p)
    h = math.lgamma(m + 1) + math.lgamma(n - m + 1)
    while True:
        u = rng.random() - 0.5
        us = 0.5 - abs(u)
        k = math.floor((2.0 * a / us + b) * u + c)
        if k < 0 or k > n:
            continue
        v = rng.random()
        if us >= 0.07 and v <= vr:
            return k
        v *= alpha / (a / (us * us) + b)
        if math.log(v) <= h - math.lgamma(k + 1) - math.lgamma(n - k + 1) + (k - m) * lpq:
            return k


def with_interval(matrix: Matrix) -> dict[str, Any]:
    """``{"n", "raw", "kappa", "ci"}`` of ``matrix``."""
    return {**agreement_of_matrix(matrix), "ci": interval(matrix)}


def grouped(
    cells: Iterable[tuple[str, str, str, int]], names: Iterable[str], verdicts: list[str]
) -> dict[str, dict[str, Any]]:
    """``{name: {"n", "raw", "kappa", "ci"}}`` from ``(name, judge, reviewer, n)`` cells;
    every name in ``names`` listed, in that order, then any other name in the cells."""
    by_name: dict[str, list[tuple[str, str, int]]] = {}
    for name, a, b, n in cells:
        by_name.setdefault(name, []).append((a, b, n))
    matrices = {name: tally(named, verdicts) for name, named in by_name.items()}
    order = list(dict.fromkeys([*names, *sorted(matrices)]))
    return {name: with_interval(matrices.get(name, {})) for name in order}


def tally(cells: Iterable[tuple[str, str, int]], verdicts: list[str]) -> dict[str, dict[str, int]]:
    """A ``verdicts`` × ``verdicts`` matrix with every cell present, counted from
    ``(row, column, n)`` cells (a verdict outside ``verdicts`` gets its own row or cell)."""
    matrix = zeros(verdicts)
    for a, b, n in cells:
        row = matrix.setdefault(a, dict.fromkeys(verdicts, 0))
        row[b] = row.get(b, 0) + n
    return matrix


def zeros(verdicts: list[str]) -> dict[str, dict[str, int]]:
    """A ``verdicts`` × ``verdicts`` matrix of zeros."""
    return {v: dict.fromkeys(verdicts, 0) for v in verdicts}
