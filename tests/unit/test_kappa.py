"""Cohen's kappa and raw agreement against worked examples (groundtui.report.kappa)."""

from __future__ import annotations

import pytest

from groundtui.report.kappa import (
    agreement,
    agreement_of_matrix,
    cohen_kappa,
    matrix_of,
    raw_agreement,
)


def pairs_of(cells: dict[tuple[str, str], int]) -> list[tuple[str, str]]:
    """``{(rater A, rater B): count}`` as a list of pairs."""
    return [pair for pair, count in cells.items() for _ in range(count)]


# Wikipedia, "Cohen's kappa", simple example: 50 proposals read by two readers.
WIKIPEDIA = pairs_of({("yes", "yes"): 20, ("yes", "no"): 5, ("no", "yes"): 10, ("no", "no"): 15})


def test_wikipedia_simple_example_is_0_4() -> None:
    # p_o = 35/50 = 0.7; p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = 0.2 / 0.5.
    assert raw_agreement(WIKIPEDIA) == pytest.approx(0.7)
    assert cohen_kappa(WIKIPEDIA) == pytest.approx(0.4)
    assert agreement(WIKIPEDIA) == {"n": 50, "raw": pytest.approx(0.7), "kappa": pytest.approx(0.4)}


@pytest.mark.parametrize(
    ("cells", "kappa"),
    [
        # Wikipedia's "same percentages but different numbers": both agree on 60 of 100.
        ({("yes", "yes"): 45, ("yes", "no"): 15, ("no", "yes"): 25, ("no", "no"): 15}, 0.1304),
        ({("yes", "yes"): 25, ("yes", "no"): 35, ("no", "yes"): 5, ("no", "no"): 35}, 0.2593),
    ],
)
def test_same_agreement_different_kappa(cells: dict, kappa: float) -> None:
    pairs = pairs_of(cells)
    assert raw_agreement(pairs) == pytest.approx(0.6)
    assert cohen_kappa(pairs) == pytest.approx(kappa, abs=5e-5)


def test_three_categories_by_hand() -> None:
    # Rows are rater A, columns rater B, over 100 subjects:
    #   [[75, 1, 4], [5, 4, 1], [0, 0, 10]]
    # p_o = 0.89; A's margins .80 .10 .10, B's .80 .05 .15; p_e = .64 + .005 + .015 = .66;
    # kappa = (.89 - .66) / (1 - .66) = .23 / .34.
    labels = ["psychotic", "neurotic", "organic"]
    table = [[75, 1, 4], [5, 4, 1], [0, 0, 10]]
    cells = {(labels[i], labels[j]): table[i][j] for i in range(3) for j in range(3)}
    assert cohen_kappa(pairs_of(cells)) == pytest.approx(0.23 / 0.34)
    assert raw_agreement(pairs_of(cells)) == pytest.approx(0.89)


def test_kappa_from_a_matrix_equals_kappa_from_pairs() -> None:
    matrix = matrix_of(WIKIPEDIA)
    assert matrix == {"yes": {"yes": 20, "no": 5}, "no": {"yes": 10, "no": 15}}
    assert agreement_of_matrix(matrix) == agreement(WIKIPEDIA)
    # Empty cells and labels nobody used change nothing.
    padded = {**matrix, "maybe": {"maybe": 0, "yes": 0}}
    assert agreement_of_matrix(padded) == agreement(WIKIPEDIA)


def test_kappa_is_symmetric_in_the_raters() -> None:
    swapped = [(b, a) for a, b in WIKIPEDIA]
    assert cohen_kappa(swapped) == pytest.approx(cohen_kappa(WIKIPEDIA))


def test_perfect_agreement_and_perfect_disagreement() -> None:
    assert cohen_kappa([("a", "a"), ("b", "b")]) == 1.0
    # p_o = 0, p_e = 0.5: as far below chance as it can be.
    assert cohen_kappa([("a", "b"), ("b", "a")]) == -1.0


def test_no_data_is_none() -> None:
    assert cohen_kappa([]) is None
    assert raw_agreement([]) is None
    assert agreement([]) == {"n": 0, "raw": None, "kappa": None}
    assert agreement_of_matrix({"stated": {"stated": 0}}) == {"n": 0, "raw": None, "kappa": None}


def test_chance_agreement_of_one_is_none() -> None:
    # Both raters always said "stated": they agree, but kappa is 0/0.
    same = [("stated", "stated")] * 5
    assert cohen_kappa(same) is None
    assert agreement(same) == {"n": 5, "raw": 1.0, "kappa": None}


def test_one_rater_constant_gives_zero_not_none() -> None:
    # Chance agreement is 0.5 here, not 1: kappa is defined, and no better than chance.
    pairs = [("stated", "stated"), ("stated", "absent")]
    assert cohen_kappa(pairs) == 0.0
