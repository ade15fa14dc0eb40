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


def calibrate(report: dict[str, Any], c: Cubes) -> None:
    """Add to ``report["agreement"]`` where the judge and people differ, with intervals.

    ``judge_vs_reviewer`` gains ``ci``, ``confusion`` (judge verdict × reviewer verdict,
    all sixteen cells), ``by_kind`` (every claim kind) and ``by_origin`` (every origin
    with a claim); ``reviewer_vs_reviewer`` gains ``ci`` and ``confusion`` (rows: the
    reviewer whose first label is earlier).
    """
    jvr = report["agreement"]["judge_vs_reviewer"]
    rvr = report["agreement"]["reviewer_vs_reviewer"]
    judge = judge_matrix(c)
    pairs = square((a, b, n) for a, b, n in c.rr)
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
