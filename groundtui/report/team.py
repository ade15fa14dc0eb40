"""The report's team numbers: each reviewer's work and agreement, and the double-review overlap.

docs/report.md names the keys: ``reviewers`` {NAME: {claims, answers, judge_agreement}},
``overlap`` {share, answers, double_reviewed_claims, disagreements, adjudicated} and
``agreement.reviewer_vs_adjudicated`` (``against_adjudicated``).
A reviewer's ``claims`` are those whose latest row of theirs is a label (not a
retraction), ``answers`` the answers holding one; ``judge_agreement`` pairs that label with
the judge verdict. They are read from counts the database keeps (``groundtui/store/sql/``),
so the review UI shows them fresh after anyone's label.
"""

from __future__ import annotations

from typing import Any

from groundtui.report.kappa import Agreement, agreement_of_matrix, matrix_of
from groundtui.report.matrices import Matrix, square
from groundtui.store import JUDGE_PICK, Store

#: Each reviewer's latest row on each claim they reviewed, with the claim's answer.
_LATEST_OWN = """
  select r.reviewer, r.claim_id, r.verdict, c.answer_id, {judge_verdict} as jv
  from reviews r join claims c on c.id = r.claim_id
  left join claim_labels l on l.claim_id = r.claim_id
  where c.retired is null and r.id = (select x.id from reviews x where x.claim_id = r.claim_id
                and +x.reviewer = r.reviewer order by x.at desc, x.id desc limit 1)"""


def reviewers(store: Store, judge: str | None = None) -> dict[str, dict[str, Any]]:
    """``{reviewer: {"claims", "answers", "judge_agreement"}}``, reviewers by name.

    Against each claim's latest judgement it reads the work counts the database keeps
    (``groundtui/store/sql/``): a few rows a reviewer. Against one judge's verdicts it reads
    the reviews themselves (``reviewers_scan``).

    Args:
        store: an open store.
        judge: whose verdicts ``judge_agreement`` compares with; ``None`` for each claim's
            latest judgement, as the rest of the report.
    """
    if judge is not None:
        return reviewers_scan(store, judge)
    claims: dict[str, int] = {}
    matrices: dict[str, dict[str, dict[str, int]]] = {}
    for name, jv, verdict, n in store.db.execute(
        "select reviewer, jv, verdict, n from agg_reviewer_verdicts where n != 0"
    ):
        claims[name] = claims.get(name, 0) + n
        if jv:
            matrices.setdefault(name, {}).setdefault(jv, {})[verdict] = n
    answers = dict(store.db.execute("select reviewer, answers from agg_reviewers").fetchall())
    return {
        name: {
            "claims": claims[name],
            "answers": answers.get(name, 0),
            "judge_agreement": agreement_of_matrix(matrices.get(name, {})),
        }
        for name in sorted((k for k, v in claims.items() if v), key=str.casefold)
    }


def reviewers_scan(store: Store, judge: str | None = None) -> dict[str, dict[str, Any]]:
    """``reviewers`` by a scan of every review: one judge's, and the recount the tests hold
    the kept counts to."""
    judge_verdict = (
        "l.judge_verdict"
        if judge is None
        else f"(select j.verdict from judgements j where j.id = {JUDGE_PICK})"
    )
    claims: dict[str, set[str]] = {}
    answers: dict[str, set[str]] = {}
    pairs: dict[str, list[tuple[str, str]]] = {}
    for name, claim_id, verdict, answer_id, jv in store.db.execute(
        _LATEST_OWN.format(judge_verdict=judge_verdict), {"judge": judge}
    ):
        if verdict is None:  # withdrawn
            continue
        claims.setdefault(name, set()).add(claim_id)
        answers.setdefault(name, set()).add(answer_id)
        if jv is not None:
            pairs.setdefault(name, []).append((jv, verdict))
    return {
        name: {
            "claims": len(claims[name]),
            "answers": len(answers[name]),
            "judge_agreement": _agreement(pairs.get(name, [])),
        }
        for name in sorted(claims, key=str.casefold)
    }


def _agreement(pairs: list[tuple[str, str]]) -> Agreement:
    return agreement_of_matrix(matrix_of(pairs))


def overlap(store: Store) -> dict[str, Any]:
    """``{"share", "answers", "double_reviewed_claims", "disagreements", "adjudicated"}``,
    of the answers in the overlap alone: claims two reviewers labelled, those on which
    their latest verdicts differ, and those adjudicated."""
    share = store.settings.get("overlap")
    in_overlap = store.scalar("select count(*) from answers where overlap_point < ?", [share])
    double, disagree = store.db.execute(
        "select count(*), coalesce(sum(a != b), 0) from agg_claim_rr where overlap_point < ?",
        [share],
    ).fetchone()
    # The few adjudicated claims first, by their index (> '': every verdict; "is not null"
    # read every label of a 100,000-answer database, 100 ms).
    adjudicated = store.scalar(
        "select count(*) from claim_labels l cross join answers a on a.id = l.answer_id"
        " where l.adjudicated_verdict > '' and a.overlap_point < ?",
        [share],
    )
    return {
        "share": share,
        "answers": in_overlap,
        "double_reviewed_claims": double,
        "disagreements": disagree,
        "adjudicated": adjudicated,
    }


def against_adjudicated(store: Store) -> dict[str, Matrix]:
    """``{reviewer: matrix}``: on each claim a lead adjudicated, the reviewer's last
    verdict made at or before the adjudication (rows) against the adjudicated verdict;
    reviewers by name. The ``cross join`` reads the adjudicated claims first (their index),
    not every review."""
    cells: dict[str, list[tuple[str, str, int]]] = {}
    for name, verdict, decided, n in store.db.execute(
        """select r.reviewer, r.verdict, l.adjudicated_verdict, count(*)
        from claim_labels l cross join adjudications j on j.id = l.adjudication_id
        cross join claims c on c.id = l.claim_id and c.retired is null
        cross join reviews r on r.claim_id = l.claim_id and r.id = (
          select x.id from reviews x where x.claim_id = r.claim_id and x.reviewer = r.reviewer
          and x.at <= j.at order by x.at desc, x.id desc limit 1)
        where l.adjudicated_verdict is not null and r.verdict is not null
        group by 1, 2, 3"""
    ):
        cells.setdefault(name, []).append((verdict, decided, n))
    return {name: square(cells[name]) for name in sorted(cells, key=str.casefold)}
