"""The report's four cubes: read from the aggregate tables, or recomputed from base tables.

A cube is a list of ``(key…, n)`` rows (see ``groundtui.store.counts`` for what each counts).
``read_cubes`` reads the trigger-maintained tables: a few hundred rows whatever the size of
the database. ``full_cubes`` recomputes the same rows with ``GROUP BY`` queries over every
claim; it serves ``--judge NAME`` (another judge's verdicts) and ``rebuild``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from groundtui.store.counts import AGG_TABLES, correct_of, status_of

Row = tuple


@dataclass
class Cubes:
    """Counts behind every number of the report; ``''`` stands for null in keys."""

    claims: list[Row] = field(default_factory=list)
    """(label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)"""
    answers: list[Row] = field(default_factory=list)
    """(status, invention, correct, scanned, flagged, n)"""
    origins: list[Row] = field(default_factory=list)
    """(origin, status, n)"""
    rr: list[Row] = field(default_factory=list)
    """(first reviewer's verdict, second reviewer's verdict, n)"""

    def normalised(self) -> Cubes:
        """Sorted, without empty cells: two equal sets of counts compare equal."""

        def clean(rows: list[Row]) -> list[Row]:
            return sorted(tuple(r) for r in rows if r[-1])

        return Cubes(clean(self.claims), clean(self.answers), clean(self.origins), clean(self.rr))


ORIGIN = "case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then s.origin end"
LATEST_LABELS = f"""
  select c.answer_id, c.kind, {ORIGIN} as origin,
         l.judge_verdict as jv, l.reviewer_verdict as rv, l.label, l.label_kind
  from claims c left join claim_labels l on l.claim_id = c.id
  left join sources s on s.key = c.source_key"""
# One judge's latest verdict per claim; the reviewer's label still wins over it (README "The report").
#: The judgement of claim ``c`` by one judge (``:judge``): its latest verdict.
JUDGE_PICK = """(
    select x.id from judgements x
    where x.claim_id = c.id and x.judge = :judge and x.verdict is not null
    order by x.at desc, x.id desc limit 1)"""
#: Claim ``c``'s label for that judge: the reviewer's, else the judge's (``j``) verdict.
JUDGE_LABEL = "coalesce(l.reviewer_verdict, j.verdict)"
JUDGE_LABEL_KIND = (
    "case when l.reviewer_verdict is not null then l.reviewer_kind else j.invention_kind end"
)
JUDGE_LABELS = f"""
  select c.answer_id, c.kind, {ORIGIN} as origin,
         j.verdict as jv, l.reviewer_verdict as rv,
         {JUDGE_LABEL} as label, {JUDGE_LABEL_KIND} as label_kind
  from claims c left join claim_labels l on l.claim_id = c.id
  left join sources s on s.key = c.source_key
  left join judgements j on j.id = {JUDGE_PICK}"""
STATE = """
  select a.id as answer_id, coalesce(x.claims, 0) as claims,
         coalesce(x.labelled, 0) as labelled, coalesce(x.stated, 0) as stated,
         coalesce(x.absent, 0) as absent,
         case when m.answer_id is not null then m.correct else a.correct end as correct,
         a.scanned_at is not null as scanned,
         exists (select 1 from flags f where f.answer_id = a.id) as flagged
  from answers a
  left join (
    select answer_id, count(*) as claims, count(label) as labelled,
           count(case when label = 'stated' then 1 end) as stated,
           count(case when label = 'absent' then 1 end) as absent
    from {labels} group by answer_id) x on x.answer_id = a.id
  left join (
    select answer_id, correct from (
      select answer_id, correct, row_number() over (
        partition by answer_id order by at desc, id desc) as rn
      from answer_marks)
    where rn = 1) m on m.answer_id = a.id"""
# The two reviewers whose first label on a claim is earliest, each with their latest label.
RR_PAIRS = """
  with latest as (
    select claim_id, reviewer, verdict from (
      select claim_id, reviewer, verdict, row_number() over (
        partition by claim_id, reviewer order by at desc, id desc) as rn
      from reviews)
    where rn = 1 and verdict is not null),
  firsts as (
    select claim_id, reviewer, min(at || '|' || printf('%012d', id)) as first
    from reviews where verdict is not null group by claim_id, reviewer),
  ranked as (
    select l.claim_id, l.verdict, row_number() over (
      partition by l.claim_id order by f.first) as k
    from latest l join firsts f on f.claim_id = l.claim_id and f.reviewer = l.reviewer)
  select claim_id, max(case when k = 1 then verdict end) as a,
         max(case when k = 2 then verdict end) as b
  from ranked where k <= 2 group by claim_id having count(*) = 2"""
CLAIM_CUBE = """
  select coalesce(label, ''), coalesce(label_kind, ''), coalesce(kind, ''),
         coalesce(origin, ''), coalesce(jv, ''), coalesce(rv, ''), count(*)
  from {labels} group by 1, 2, 3, 4, 5, 6"""
ANSWER_CUBE = f"""
  select {status_of("st")}, st.absent > 0, {correct_of("st")}, st.scanned, st.flagged,
         count(*)
  from {{state}} st group by 1, 2, 3, 4, 5"""
ANSWER_ORIGINS = """
  select answer_id, origin, count(*) from {labels}
  where origin is not null group by answer_id, origin"""
ORIGIN_CUBE = f"""
  select o.origin, {status_of("st")}, count(*)
  from {{origins}} o join {{state}} st on st.answer_id = o.answer_id group by 1, 2"""


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


def read_cubes(conn: sqlite3.Connection) -> Cubes:
    """The cubes as the triggers keep them: cheap whatever the size of the database."""
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
            rr=conn.execute("select a, b, n from agg_rr where n != 0").fetchall(),
        )


def full_cubes(
    conn: sqlite3.Connection, judge: str | None = None, *, recount_rr: bool = True
) -> Cubes:
    """The cubes recomputed from the base tables; with ``judge``, from that judge's verdicts.

    ``recount_rr=False`` reads the reviewer pairs from the maintained counts instead: they
    do not depend on the judge, and recounting them means ranking every review.
    """
    labels_sql = JUDGE_LABELS if judge is not None else LATEST_LABELS
    params = {"judge": judge} if judge is not None else {}
    with snapshot(conn):
        try:
            conn.execute(f"create temp table _rep_labels as {labels_sql}", params)
            conn.execute(f"create temp table _rep_state as {STATE.format(labels='_rep_labels')}")
            conn.execute(
                "create temp table _rep_origins as " + ANSWER_ORIGINS.format(labels="_rep_labels")
            )
            return Cubes(
                claims=conn.execute(CLAIM_CUBE.format(labels="_rep_labels")).fetchall(),
                answers=conn.execute(ANSWER_CUBE.format(state="_rep_state")).fetchall(),
                origins=conn.execute(
                    ORIGIN_CUBE.format(origins="_rep_origins", state="_rep_state")
                ).fetchall(),
                rr=conn.execute(
                    f"select a, b, count(*) from ({RR_PAIRS}) group by a, b"
                    if recount_rr
                    else "select a, b, n from agg_rr where n != 0"
                ).fetchall(),
            )
        finally:
            for table in ("_rep_labels", "_rep_state", "_rep_origins"):
                conn.execute(f"drop table if exists temp.{table}")


def fill(conn: sqlite3.Connection) -> None:
    """Recompute every aggregate table from the base tables (triggers must be off)."""
    for table in AGG_TABLES:
        conn.execute(f"delete from {table}")
    try:
        conn.execute(f"create temp table _rep_labels as {LATEST_LABELS}")
        conn.execute("insert into agg_claims " + CLAIM_CUBE.format(labels="_rep_labels"))
        conn.execute("insert into agg_answer_state " + STATE.format(labels="_rep_labels"))
        conn.execute(
            "insert into agg_answer_origins " + ANSWER_ORIGINS.format(labels="_rep_labels")
        )
    finally:
        conn.execute("drop table if exists temp._rep_labels")
    conn.execute("insert into agg_answers " + ANSWER_CUBE.format(state="agg_answer_state"))
    conn.execute(
        "insert into agg_origins "
        + ORIGIN_CUBE.format(origins="agg_answer_origins", state="agg_answer_state")
    )
    conn.execute(f"insert into agg_claim_rr {RR_PAIRS}")
    conn.execute("insert into agg_rr select a, b, count(*) from agg_claim_rr group by a, b")
