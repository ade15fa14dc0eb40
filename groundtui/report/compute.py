"""The groundedness report (docs/report.md): every number with its denominator, from SQL counts.

``compute`` reads three small count tables that SQLite triggers keep current on every write
(``groundtui.store.counts``), so it costs about the same on a thousand claims or a million and
the review UI can call it after every key press, from a worker thread with its own
``Store``. The reviewers' agreement reads a row per claim two reviewers labelled in the
overlap (``agg_claim_rr``): a team number, which the UI reads with the others
(``team_numbers``). ``compute(store, judge=NAME)`` re-counts every claim with that judge's
verdicts: seconds, not milliseconds, on a million claims.

Decisions where docs/report.md is silent:

- A claim with no label yet (no judgement with a verdict and no live review: not judged
  yet, or its judging failed) is *pending*. The definition is followed literally: a pending claim
  is simply not stated. It counts in ``claims``, the denominator of ``claim_level``, and in
  no bucket of ``verdicts`` or ``invention_kinds``, so ``claims`` may exceed the sum of
  ``verdicts``.
- Every answer with at least one claim is in the denominator of ``answer_level``,
  ``invention_rate`` and ``quadrants`` (so the quadrants sum to it). An answer with a
  pending claim is not grounded: it lands in an ``ungrounded_*`` quadrant or in
  ``correctness_unknown``; it counts as invented when some claim's effective verdict is
  ``absent``, whatever else is pending.
- ``by_source[origin]``: ``claims`` counts every claim citing a source of that origin,
  labelled or not (the denominator of its ``claim_level``); ``answers`` counts every answer
  with at least one such claim (the denominator of ``ungrounded_answer_rate``); an answer is
  ungrounded there when any of its claims, whatever it cites, is not stated (pending ones
  included).
- ``reviewed_claims`` counts claims whose latest review by some reviewer is a label, not a
  retraction.
- ``flags.flagged`` counts scanned answers with at least one flag; ``rate`` is over scanned.
- ``reviewer_vs_reviewer`` pairs, on each claim of an answer in the overlap with live
  labels from two or more reviewers, the two reviewers whose first labels came first: the
  last label each made before they could see the other's (one made with the others'
  hidden, ``reviews.independent``, or before the other's first label), the earlier
  reviewer's first; a claim where either made none is left out. ``reviewer_pairs`` and
  ``reviewer_vs_reviewer_by_origin`` split the same pairs by who the two are and by the
  claim's cited origin (a claim citing several counts under each).
- ``reviewer_vs_adjudicated`` pairs, on each claim a lead adjudicated, each reviewer's
  last label made at or before the adjudication with the adjudicated verdict.
- ``dismissed`` counts the claims reviewers dismissed as not claims (``x`` in the review
  UI); they are in no other number. A claim replaced by an edit or a split counts only as
  the claims that replaced it.
- Ratios are full-precision floats (never rounded in data or ``--json``); a zero
  denominator gives ``None`` (``null``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from groundtui.report import team
from groundtui.report.calibration import with_interval
from groundtui.report.coverage import Coverage, coverage
from groundtui.report.cubes import Cubes, cell_origins, full_cubes, pair_rows, read_cubes
from groundtui.report.groups import INVENTION_KINDS, Grouping, count_label, grouped
from groundtui.report.kappa import Agreement, agreement_of_matrix
from groundtui.report.matrices import (
    CLAIM_KINDS,
    VERDICTS,
    Matrix,
    calibrate,
    judge_matrix,
    origin_matrices,
    pair_matrices,
    reviewer_matrix,
)
from groundtui.store import Store
from groundtui.store.rules import effective_correct

QUADRANTS = [
    "grounded_correct",
    "grounded_incorrect",
    "ungrounded_correct",
    "ungrounded_incorrect",
    "correctness_unknown",
]
# ``agg_answers`` statuses of an answer with at least one claim; all but "grounded" (every
# claim stated) are ungrounded by the report's definition, "pending" (some claim unlabelled) included.
WITH_CLAIMS = ("grounded", "ungrounded", "pending")


class AnswerCounts(NamedTuple):
    """The counts behind ``answer_level`` and ``invention_rate``."""

    grounded: int
    invented: int
    with_claims: int
    """Answers with at least one claim: the denominator of both."""


class Report(dict):
    """The report keyed and nested as ``groundtui report --json`` prints it.

    It carries ``counts``, the numerators the JSON gives only as ratios, for the text
    report and the review UI's pane; ``json.dumps`` sees only the keys.
    """

    def __init__(self, numbers: dict[str, Any], counts: AnswerCounts) -> None:
        super().__init__(numbers)
        self.counts = counts
        self.coverage: Coverage | None = None
        """What the numbers describe, counted (``compute(..., with_team=True)`` only)."""
        self.by: Grouping | None = None
        """The numbers by group (``compute(..., by=KEY)`` only), with their counts."""


def ratio(numerator: int, denominator: int) -> float | None:
    """``numerator / denominator``, or ``None`` when the denominator is zero."""
    return numerator / denominator if denominator else None


def cubes_of(store: Store, judge: str | None = None, *, pairs: bool = True) -> Cubes:
    """The counts behind the report: maintained ones, or recounted for ``judge``; with
    ``pairs``, the reviewer pairs of the answers in the overlap."""
    share = float(store.setting("overlap"))
    if judge is None:
        return read_cubes(store.db.conn, share if pairs else None)
    return full_cubes(store.db.conn, judge, recount_rr=False, share=share)


def compute(
    store: Store, judge: str | None = None, *, with_team: bool = True, by: str | None = None
) -> Report:
    """Every number of docs/report.md, keyed and nested exactly as ``groundtui report --json``.

    Args:
        store: an open store (one per thread).
        judge: whose verdicts are the judge verdicts; ``None`` for each claim's latest
            judgement, whoever made it.
        with_team: also ``coverage``, ``control``, the team keys (``reviewers``,
            ``overlap``, the reviewers' keys of ``agreement``) and the calibration keys of
            ``agreement`` (``ci``, ``confusion``, ``by_kind``, ``by_origin``). The first four read kept counts
            (``groundtui.store.work``; with ``judge``, every claim and review); the
            calibration keys resample (a few hundred milliseconds at 100,000 reviews): the
            review UI reads them on its calibration screen, never after every key.
        by: also the key ``by``, the numbers by group of this key (``groups.grouped``).

    Raises:
        ValueError: ``by`` is not a key the report groups by.
    """
    cubes = cubes_of(store, judge, pairs=with_team)
    report = summarise(cubes, dismissed(store))
    if with_team:
        calibrate(report, cubes)
        numbers = team_numbers(store, judge)
        report.coverage = numbers.coverage
        report["agreement"]["reviewer_vs_adjudicated"] = {
            name: with_interval(matrix) for name, matrix in numbers.adjudicated.items()
        }
        report.update(numbers)
    if by is not None:
        report.by = grouped(store, by, judge)
        report["by"] = report.by
    return report


def dismissed(store: Store) -> int:
    """Claims reviewers dismissed as not claims: they count nowhere else in the report."""
    # The partial index on retired claims makes this a count of the dismissed alone.
    return int(store.scalar("select count(*) from claims where retired = 'dismissed'") or 0)


class TeamNumbers(dict):
    """The report's keys the review UI reads in a worker of their own; ``coverage`` keeps
    the counts behind the ``coverage`` key's sentence (``coverage_line``), ``agreement``
    the reviewers' keys of the report's ``agreement`` without intervals
    (``reviewer_agreement``), ``adjudicated`` each reviewer's verdicts against the
    adjudicated ones (``reviewer_vs_adjudicated``)."""

    def __init__(
        self,
        numbers: dict[str, Any],
        covered: Coverage,
        agreement: dict[str, Any],
        adjudicated: dict[str, Matrix],
    ) -> None:
        super().__init__(numbers)
        self.coverage = covered
        self.agreement = agreement
        self.adjudicated = adjudicated

    def against_adjudicated(self) -> dict[str, Agreement]:
        """``{reviewer: {"n", "raw", "kappa"}}``: ``reviewer_vs_adjudicated`` without intervals."""
        return {name: agreement_of_matrix(m) for name, m in self.adjudicated.items()}


def team_numbers(store: Store, judge: str | None = None) -> TeamNumbers:
    """The report's slower keys: ``coverage``, ``control``, ``reviewers`` and ``overlap``,
    and each reviewer's verdicts against the adjudicated ones."""
    covered = coverage(store, judge)
    rows = pair_rows(store.db.conn, float(store.setting("overlap")))
    return TeamNumbers(
        {
            "coverage": covered.coverage_json(),
            "control": covered.control_json(),
            "reviewers": team.reviewers(store, judge),
            "overlap": team.overlap(store),
        },
        covered,
        reviewer_agreement(rows),
        team.against_adjudicated(store),
    )


def reviewer_agreement(rr: list[tuple]) -> dict[str, Any]:
    """The reviewers' keys of ``agreement`` from ``Cubes.rr`` rows, without intervals:
    ``reviewer_vs_reviewer``, ``reviewer_pairs``, ``reviewer_vs_reviewer_by_origin``."""
    c = Cubes(rr=rr)
    return {
        "reviewer_vs_reviewer": agreement_of_matrix(reviewer_matrix(c)),
        "reviewer_pairs": [
            {"reviewers": list(pair), **agreement_of_matrix(matrix)}
            for pair, matrix in pair_matrices(c).items()
        ],
        "reviewer_vs_reviewer_by_origin": {
            origin: dict(agreement_of_matrix(matrix))
            for origin, matrix in origin_matrices(c).items()
        },
    }


def summarise(c: Cubes, dismissed: int = 0) -> Report:
    """The docs/report.md report from its cubes and the count of dismissed claims (pure)."""
    claims = reviewed = stated = 0
    verdicts = dict.fromkeys(VERDICTS, 0)
    kinds = dict.fromkeys(INVENTION_KINDS, 0)
    by_origin: dict[str, list[int]] = {}  # origin -> [claims, stated, answers, ungrounded]
    for label, label_kind, _kind, origin, _jv, rv, n in c.claims:
        claims += n
        reviewed += n if rv else 0
        stated += n if label == "stated" else 0
        count_label(verdicts, kinds, label, label_kind, n)
        for one in cell_origins(origin):
            cell = by_origin.setdefault(one, [0, 0, 0, 0])
            cell[0] += n
            cell[1] += n if label == "stated" else 0
    answers = with_claims = grounded = invented = scanned = flagged = 0
    quadrants = dict.fromkeys(QUADRANTS, 0)
    for status, invention, correct, was_scanned, was_flagged, n in c.answers:
        answers += n
        scanned += n if was_scanned else 0
        flagged += n if was_scanned and was_flagged else 0
        if status not in WITH_CLAIMS:
            continue
        with_claims += n
        grounded += n if status == "grounded" else 0
        invented += n if invention else 0
        if correct == "unknown":
            quadrants["correctness_unknown"] += n
        else:
            side = "grounded" if status == "grounded" else "ungrounded"
            quadrants[f"{side}_{correct}"] += n
    for origin, status, n in c.origins:
        cell = by_origin.setdefault(origin, [0, 0, 0, 0])
        if status in WITH_CLAIMS:
            cell[2] += n
            cell[3] += n if status != "grounded" else 0
    numbers = {
        "answers": answers,
        "claims": claims,
        "reviewed_claims": reviewed,
        "dismissed": dismissed,
        "claim_level": ratio(stated, claims),
        "answer_level": ratio(grounded, with_claims),
        "invention_rate": ratio(invented, with_claims),
        "verdicts": verdicts,
        "invention_kinds": kinds,
        "by_source": {
            origin: {
                "claims": cell[0],
                "claim_level": ratio(cell[1], cell[0]),
                "answers": cell[2],
                "ungrounded_answer_rate": ratio(cell[3], cell[2]),
            }
            for origin, cell in sorted(by_origin.items())
        },
        "quadrants": quadrants,
        "flags": {"scanned": scanned, "flagged": flagged, "rate": ratio(flagged, scanned)},
        "agreement": {
            "judge_vs_reviewer": agreement_of_matrix(judge_matrix(c)),
            **(reviewer_agreement(c.rr) if c.rr is not None else {}),
        },
    }
    return Report(numbers, AnswerCounts(grounded, invented, with_claims))


def answer_counts(r: Report) -> AnswerCounts:
    """``(grounded, invented, answers with claims)``: the counts behind two ratios of ``r``.

    docs/report.md names only the ratios; the text report and the review UI's pane
    show their counts too.
    """
    return r.counts


def answer_correct(store: Store, answer_id: str) -> bool | None:
    """The answer's correctness as the report counts it: the latest reviewer mark (an
    explicit "unknown" included), else the imported ``correct``."""
    value = store.scalar(
        f"select {effective_correct('a.id', 'a.correct')} from answers a where a.id = ?",
        [answer_id],
    )
    return None if value is None else bool(value)


def confusion(store: Store, judge: str | None = None) -> Matrix:
    """``{judge verdict: {reviewer verdict: claims}}``, every verdict present in both."""
    return judge_matrix(cubes_of(store, judge))


def agreement_by_kind(store: Store, judge: str | None = None) -> dict[str, Agreement]:
    """``{claim kind: {"n", "raw", "kappa"}}`` of judge against reviewer, every kind listed."""
    c = cubes_of(store, judge)
    kinds = CLAIM_KINDS + sorted({row[2] for row in c.claims} - {*CLAIM_KINDS, ""})
    return {kind: agreement_of_matrix(judge_matrix(c, kind)) for kind in kinds}


def judges(store: Store) -> list[str]:
    """Names of the judges with at least one verdict in the database."""
    return [
        r["judge"]
        for r in store.query(
            "select distinct judge from judgements where verdict is not null order by judge"
        )
    ]
