"""The kappa interval: a seeded bootstrap over the confusion counts (docs/report.md)."""

from __future__ import annotations

import random
import statistics

import pytest

from groundtui.report.calibration import Matrix, binomial, grouped, interval, multinomial
from groundtui.report.kappa import agreement, agreement_of_matrix

# The textbook example (Cohen's kappa, e.g. Wikipedia): 50 proposals read by two people,
# yes/yes 20, yes/no 5, no/yes 10, no/no 15: p_o = 0.7, p_e = 0.5, kappa = 0.4, and the
# large-sample standard error sqrt(p_o (1 - p_o) / n) / (1 - p_e) = 0.1296, so a normal
# 95% interval of about 0.146-0.654.
TEXTBOOK = {"yes": {"yes": 20, "no": 5}, "no": {"yes": 10, "no": 15}}


def bounds(matrix: Matrix) -> tuple[float, float]:
    """The interval of ``matrix``, which has one."""
    ci = interval(matrix)
    assert ci is not None, "no interval"
    low, high = ci
    return low, high


def test_the_textbook_example_kappa_and_interval() -> None:
    assert agreement_of_matrix(TEXTBOOK) == {"n": 50, "raw": 0.7, "kappa": pytest.approx(0.4)}
    low, high = bounds(TEXTBOOK)
    assert low < 0.4 < high
    assert low == pytest.approx(0.146, abs=0.04) and high == pytest.approx(0.654, abs=0.04)


def test_the_interval_is_the_same_whatever_the_order_of_the_claims() -> None:
    """Pairs read in three orders, and the matrix built in another: one interval."""
    pairs = [("yes", "yes")] * 20 + [("yes", "no")] * 5 + [("no", "yes")] * 10 + [("no", "no")] * 15
    first = interval(TEXTBOOK)
    for seed in (1, 2, 3):
        random.Random(seed).shuffle(pairs)
        matrix: dict[str, dict[str, int]] = {}
        for a, b in pairs:
            matrix.setdefault(a, {}).setdefault(b, 0)
            matrix[a][b] += 1
        assert interval(matrix) == first
    assert agreement(pairs)["kappa"] == pytest.approx(0.4)


def test_a_seeded_fixture_interval_narrows_with_more_claims() -> None:
    """Four verdicts, 80% agreement: the interval holds the kappa, and on ten times the
    claims (the same shares) it is about sqrt(10) times narrower."""
    verdicts = ["stated", "contradicted", "absent", "partial"]
    small = {a: {b: (8 if a == b else 1) for b in verdicts} for a in verdicts}
    large = {a: {b: 10 * n for b, n in row.items()} for a, row in small.items()}
    kappa = agreement_of_matrix(small)["kappa"]
    assert kappa is not None and kappa == pytest.approx((8 / 11 - 1 / 4) / (3 / 4))
    (lo1, hi1), (lo2, hi2) = bounds(small), bounds(large)
    assert lo1 < kappa < hi1 and lo2 < kappa < hi2
    assert (hi1 - lo1) / (hi2 - lo2) == pytest.approx(10**0.5, rel=0.25)


def test_no_pairs_or_one_label_only_gives_no_interval() -> None:
    assert interval({}) is None
    assert interval({"stated": {"stated": 7}}) is None  # chance agreement 1 in every resample


def test_groups_list_every_name_asked_for_then_the_others() -> None:
    cells = [
        ("figure", "stated", "stated", 3),
        ("figure", "absent", "absent", 2),
        ("other", "stated", "absent", 1),
    ]
    rows = grouped(cells, ["date", "figure"], ["stated", "absent"])
    assert list(rows) == ["date", "figure", "other"]
    assert rows["date"] == {"n": 0, "raw": None, "kappa": None, "ci": None}
    assert (rows["figure"]["n"], rows["figure"]["kappa"]) == (5, 1.0)


def test_binomial_and_multinomial_draws_have_the_right_moments() -> None:
    rng = random.Random(0)
    for n, p in ((30, 0.1), (2000, 0.3), (40, 0.8)):
        draws = [binomial(rng, n, p) for _ in range(4000)]
        assert statistics.mean(draws) == pytest.approx(n * p, rel=0.03)
        assert statistics.pvariance(draws) == pytest.approx(n * p * (1 - p), rel=0.1)
    counts = multinomial(rng, 1000, [0.5, 0.25, 0.25])
    assert sum(counts) == 1000 and all(c > 150 for c in counts)
