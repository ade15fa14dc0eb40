"""The verdict × verdict matrices behind the report's agreement, counted from its cubes:
the judge's verdict against people's, one reviewer's against another's, and the
calibration the report adds to them (intervals, the confusion, by claim kind, by origin)."""

from __future__ import annotations

from typing import Any

from groundtui.models import ClaimKind, Verdict
from groundtui.report import calibration
from groundtui.report.cubes import Cubes, cell_origins

VERDICTS = [v.value for v in Verdict]
CLAIM_KINDS = [k.value for k in ClaimKind]

Matrix = dict[str, dict[str, int]]


def square(cells: Any) -> Matrix:
    """A verdict × verdict matrix with every cell present, from ``(row, col, n)`` cells."""
    return calibration.tally(cells, VERDICTS)


def judge_matrix(c: Cubes, kind: str | None = None) -> Matrix:
    """Judge verdict × reviewer verdict counts over claims with both (of ``kind``)."""
    return square(
        (jv, rv, n)
        for _l, _lk, k, _o, jv, rv, n in c.claims
        if jv and rv and (kind is None or k == kind)
    )


def reviewer_matrix(c: Cubes) -> Matrix:
    """The first reviewer's verdict × the second's over the claims of ``c.rr`` (the overlap's,
    each reviewer's label made before they could see the other's)."""
    return square((ia, ib, n) for _a, _b, ia, ib, _o, n in c.rr or ())


def pair_matrices(c: Cubes) -> dict[tuple[str, str], Matrix]:
    """``{(A, B): matrix}`` per pair of reviewers, named in order of their casefold, rows
    A's verdict; pairs in that order."""
    cells: dict[tuple[str, str], list[tuple[str, str, int]]] = {}
    for a, b, ia, ib, _o, n in c.rr or ():
        key, cell = ((a, b), (ia, ib, n)) if a.casefold() <= b.casefold() else ((b, a), (ib, ia, n))
        cells.setdefault(key, []).append(cell)
    return {
        key: square(cells[key])
        for key in sorted(cells, key=lambda k: (k[0].casefold(), k[1].casefold()))
    }


def origin_matrices(c: Cubes) -> dict[str, Matrix]:
    """``{origin: matrix}`` of ``reviewer_matrix`` per source origin (a claim citing several
    counts under each), origins sorted."""
    cells: dict[str, list[tuple[str, str, int]]] = {}
    for _a, _b, ia, ib, origin, n in c.rr or ():
        for one in cell_origins(origin):
            cells.setdefault(one, []).append((ia, ib, n))
    return {one: square(cells[one]) for one in sorted(cells)}


def calibrate(report: dict[str, Any], c: Cubes) -> None:
    """Add to ``report["agreement"]`` where the judge and people differ, with intervals.

    ``judge_vs_reviewer`` gains ``ci``, ``confusion`` (judge verdict × reviewer verdict,
    all sixteen cells), ``by_kind`` (every claim kind) and ``by_origin`` (every origin
    with a claim); ``reviewer_vs_reviewer`` gains ``ci`` and ``confusion`` (rows: the
    reviewer whose first label is earlier), and each of ``reviewer_pairs`` and
    ``reviewer_vs_reviewer_by_origin`` its ``ci``.
    """
    agreement = report["agreement"]
    jvr = agreement["judge_vs_reviewer"]
    rvr = agreement["reviewer_vs_reviewer"]
    judge = judge_matrix(c)
    pairs = reviewer_matrix(c)
    both = [(k, o, jv, rv, n) for _l, _lk, k, o, jv, rv, n in c.claims if jv and rv]
    kinds = CLAIM_KINDS
    origins = sorted({one for row in c.claims for one in cell_origins(row[3])})
    jvr.update(
        ci=calibration.interval(judge),
        confusion=judge,
        by_kind=calibration.grouped(((k, a, b, n) for k, _o, a, b, n in both), kinds, VERDICTS),
        by_origin=calibration.grouped(
            ((one, a, b, n) for _k, o, a, b, n in both for one in cell_origins(o)),
            origins,
            VERDICTS,
        ),
    )
    rvr.update(ci=calibration.interval(pairs), confusion=pairs)
    for row, matrix in zip(agreement["reviewer_pairs"], pair_matrices(c).values(), strict=True):
        row["ci"] = calibration.interval(matrix)
    by_origin = agreement["reviewer_vs_reviewer_by_origin"]
    for origin, matrix in origin_matrices(c).items():
        by_origin[origin]["ci"] = calibration.interval(matrix)
