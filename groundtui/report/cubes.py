"""The report's four cubes: read from the maintained counts, or recounted from base tables.

A cube is a list of ``(key…, n)`` rows (``groundtui/store/sql/counts.sql`` says what each
counts). ``read_cubes`` reads the trigger-maintained tables: a few hundred rows whatever
the size of the database. ``full_cubes`` recomputes the same rows with ``GROUP BY`` over
every live claim's cell (the store's view ``claim_cells``, or ``JUDGE_CELLS`` for another
judge's verdicts); it serves ``--judge NAME`` and the tests that hold the triggers to it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from groundtui.store import JUDGE_CELLS, scratch_copy

Row = tuple

#: The reviewer pairs (``agg_claim_rr`` rows, or the view ``claim_pairs``' in ``{pairs}``)
#: of the answers in the overlap (below ``:share``) where both reviewers labelled before
#: they could see the other's: (reviewer_a, reviewer_b, independent_a, independent_b,
#: origin, n), the origin as ``agg_claims`` keeps it.
OVERLAP_PAIRS = """
  select r.reviewer_a, r.reviewer_b, r.independent_a, r.independent_b,
         coalesce(o.origins, ''), count(*)
  from {pairs} r cross join claim_origins o on o.claim_id = r.claim_id
  where r.overlap_point < :share and r.independent_a is not null
    and r.independent_b is not null
  group by 1, 2, 3, 4, 5"""
#: Each answer's row of ``agg_answer_state`` as the report reads it, recounted from the
#: claims' cells in ``temp._rep_cells`` (its correctness, scan and flags as kept).
_STATE = """
  insert into temp._rep_state (answer_id, claims, labelled, stated, absent, correct, scanned,
                               flagged)
  select s.answer_id, coalesce(x.claims, 0), coalesce(x.labelled, 0), coalesce(x.stated, 0),
         coalesce(x.absent, 0), s.correct, s.scanned, s.flagged
  from agg_answer_state s left join (
    select answer_id, count(*) as claims, sum(is_labelled) as labelled,
           sum(is_stated) as stated, sum(is_absent) as absent
    from temp._rep_cells group by answer_id) x on x.answer_id = s.answer_id"""
_CLAIM_CUBE = """
  select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, count(*)
  from temp._rep_cells group by 1, 2, 3, 4, 5, 6"""
_ANSWER_CUBE = """
  select status, invention, correctness, scanned, flagged, count(*)
  from temp._rep_state group by 1, 2, 3, 4, 5"""
_ORIGIN_CUBE = """
  select x.origin, s.status, count(*) from (
    select distinct c.answer_id, o.value as origin
    from temp._rep_cells c, json_each(nullif(c.origin, '')) o) x
  join temp._rep_state s on s.answer_id = x.answer_id group by 1, 2"""


@dataclass
class Cubes:
    """Counts behind every number of the report; ``''`` stands for null in keys."""

    claims: list[Row] = field(default_factory=list)
    """(label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)"""
    answers: list[Row] = field(default_factory=list)
    """(status, invention, correct, scanned, flagged, n)"""
    origins: list[Row] = field(default_factory=list)
    """(origin, status, n)"""
    rr: list[Row] | None = field(default_factory=list)
    """(first reviewer, second reviewer, the first's independent verdict, the second's,
    origin, n) over the answers in the overlap: each claim's two first reviewers, where
    both labelled before they could see the other's (the store's view ``claim_pairs``);
    None: not read (the review UI reads them with the team's numbers)"""

    def normalised(self) -> Cubes:
        """Sorted, without empty cells: two equal sets of counts compare equal."""

        def clean(rows: list[Row]) -> list[Row]:
            return sorted(tuple(r) for r in rows if r[-1])

        rr = None if self.rr is None else clean(self.rr)
        return Cubes(clean(self.claims), clean(self.answers), clean(self.origins), rr)


def cell_origins(cell: str) -> list[str]:
    """The origins a claim cube's cell counts under: a claim citing several counts under each."""
    return json.loads(cell) if cell else []


@contextmanager
def snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """Read inside one transaction, so every cube sees the same committed state."""
    if conn.in_transaction:
        yield
        return
    conn.execute("begin")
    try:
        yield
    finally:
        conn.execute("rollback")


def pair_rows(conn: sqlite3.Connection, share: float, pairs: str = "agg_claim_rr") -> list[Row]:
    """``Cubes.rr`` of the answers below ``share`` (the ``overlap`` setting) from ``pairs``:
    the pairs kept, or a recount's. A row a claim two reviewers labelled in the overlap: a
    few thousand where the cubes are a few hundred rows, so the review UI reads them with
    the team's numbers, not after each key; none to read without an overlap."""
    if share <= 0:
        return []
    return conn.execute(OVERLAP_PAIRS.format(pairs=pairs), {"share": share}).fetchall()


def read_cubes(conn: sqlite3.Connection, share: float | None = 1.0) -> Cubes:
    """The cubes as the triggers keep them: cheap whatever the size of the database.

    ``share``: the ``overlap`` setting, whose answers the reviewer pairs come from
    (``pair_rows``; 1.0: every answer's; None: the pairs are not read).
    """
    with snapshot(conn):
        return Cubes(
            claims=conn.execute(
                "select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n"
                " from agg_claims where n != 0"
            ).fetchall(),
            answers=conn.execute(
                "select status, invention, correct, scanned, flagged, n from agg_answers"
                " where n != 0"
            ).fetchall(),
            origins=conn.execute(
                "select origin, status, n from agg_origins where n != 0"
            ).fetchall(),
            rr=None if share is None else pair_rows(conn, share),
        )


def full_cubes(
    conn: sqlite3.Connection,
    judge: str | None = None,
    *,
    recount_rr: bool = True,
    share: float = 1.0,
) -> Cubes:
    """The cubes recomputed from the base tables; with ``judge``, from that judge's verdicts.

    ``recount_rr=False`` reads the reviewer pairs from the maintained ones instead: they
    do not depend on the judge, and recounting them means ranking every review. ``share``
    as ``read_cubes``.
    """
    with snapshot(conn), recounted(conn, judge):
        return Cubes(
            claims=conn.execute(_CLAIM_CUBE).fetchall(),
            answers=conn.execute(_ANSWER_CUBE).fetchall(),
            origins=conn.execute(_ORIGIN_CUBE).fetchall(),
            rr=pair_rows(conn, share, "claim_pairs" if recount_rr else "agg_claim_rr"),
        )


@contextmanager
def recounted(conn: sqlite3.Connection, judge: str | None = None) -> Iterator[None]:
    """Every live claim's cell (``temp._rep_cells``, as the view ``claim_cells`` has them)
    and each answer's state (``temp._rep_state``, a table as ``agg_answer_state``, its
    status the one rule) recounted from the base tables: each claim's latest labels, or with
    ``judge`` that judge's verdicts (``JUDGE_CELLS``); dropped on leaving."""
    cells = JUDGE_CELLS if judge is not None else "select * from claim_cells"
    params = {"judge": judge} if judge is not None else {}
    try:
        conn.execute(f"create temp table _rep_cells as {cells}", params)
        scratch_copy(conn, "agg_answer_state", "_rep_state")
        conn.execute(_STATE)
        yield
    finally:
        for table in ("_rep_cells", "_rep_state"):
            conn.execute(f"drop table if exists temp.{table}")
