"""The report's counts recomputed from the base tables with ``GROUP BY`` queries.

``fill`` rewrites the maintained count tables from these (a migration, a bulk load); the
report's ``--judge`` recount (``groundtui.report.cubes.full_cubes``) runs the same queries
into temporary tables. Every rule in them comes from ``groundtui.store.rules``, as in the
triggers, so a recount and the maintained counts agree.

Each query with a ``{labels}``, ``{state}`` or ``{origins}`` slot reads from the table
named there: ``labels`` rows as ``LATEST_LABELS`` (or ``JUDGE_LABELS``) makes them, a state
row per answer as ``STATE`` does, ``(answer_id, origin, claims)`` rows as ``ANSWER_ORIGINS``.
"""

from __future__ import annotations

import sqlite3

from groundtui.store import work
from groundtui.store.rules import (
    JUDGE_LABEL,
    JUDGE_LABEL_KIND,
    JUDGE_PICK,
    answer_group,
    cited_sources,
    cites_its_source,
    correct_of,
    effective_correct,
    human_verdict,
    independent_label,
    label_order,
    origin_of,
    status_of,
)

#: The count tables, in the order ``fill`` empties them.
AGG_TABLES = (
    "agg_claims",
    "agg_answer_state",
    "agg_answer_origins",
    "agg_answers",
    "agg_origins",
    "agg_claim_rr",
)

#: Every claim with the labels that count for it: each claim's latest, as ``claim_labels``.
#: A retired claim (dismissed, or replaced by an edit or a split) counts nowhere.
LATEST_LABELS = f"""
  select c.id as claim_id, c.answer_id, c.kind, {origin_of("c")} as origin,
         l.judge_verdict as jv, {human_verdict("l")} as rv, l.label, l.label_kind
  from claims c left join claim_labels l on l.claim_id = c.id
  where c.retired is null"""
#: Every claim with one judge's (``:judge``) latest verdict; a reviewer's label still wins.
JUDGE_LABELS = f"""
  select c.id as claim_id, c.answer_id, c.kind, {origin_of("c")} as origin,
         j.verdict as jv, {human_verdict("l")} as rv,
         {JUDGE_LABEL} as label, {JUDGE_LABEL_KIND} as label_kind
  from claims c left join claim_labels l on l.claim_id = c.id
  left join judgements j on j.id = {JUDGE_PICK}
  where c.retired is null"""
#: One state row per answer, as ``agg_answer_state`` holds them.
STATE = f"""
  select a.id as answer_id, coalesce(x.claims, 0) as claims,
         coalesce(x.labelled, 0) as labelled, coalesce(x.stated, 0) as stated,
         coalesce(x.absent, 0) as absent,
         {effective_correct("a.id", "a.correct")} as correct,
         a.scanned_at is not null as scanned,
         exists (select 1 from flags f where f.answer_id = a.id) as flagged
  from answers a
  left join (
    select answer_id, count(*) as claims, count(label) as labelled,
           count(case when label = 'stated' then 1 end) as stated,
           count(case when label = 'absent' then 1 end) as absent
    from {{labels}} group by answer_id) x on x.answer_id = a.id"""
#: The two reviewers whose first label on a claim is earliest, each with their latest label
#: and the last they made before they could see the other's (``agg_claim_rr``).
RR_PAIRS = f"""
  with latest as (
    select claim_id, reviewer, verdict from (
      select claim_id, reviewer, verdict, row_number() over (
        partition by claim_id, reviewer order by at desc, id desc) as rn
      from reviews r where not exists (
        select 1 from claims c where c.id = r.claim_id and c.retired is not null))
    where rn = 1 and verdict is not null),
  firsts as (
    select claim_id, reviewer, min({label_order("reviews")}) as first
    from reviews where verdict is not null group by claim_id, reviewer),
  ranked as (
    select l.claim_id, l.reviewer, l.verdict, f.first, row_number() over (
      partition by l.claim_id order by f.first) as k
    from latest l join firsts f on f.claim_id = l.claim_id and f.reviewer = l.reviewer),
  pairs as (
    select claim_id, max(case when k = 1 then verdict end) as a,
           max(case when k = 2 then verdict end) as b,
           max(case when k = 1 then reviewer end) as reviewer_a,
           max(case when k = 2 then reviewer end) as reviewer_b,
           max(case when k = 1 then first end) as first_a,
           max(case when k = 2 then first end) as first_b
    from ranked where k <= 2 group by claim_id having count(*) = 2)
  select claim_id, a, b, reviewer_a, reviewer_b,
         {independent_label("p.claim_id", "p.reviewer_a", "p.first_b")} as independent_a,
         {independent_label("p.claim_id", "p.reviewer_b", "p.first_a")} as independent_b,
         (select x.overlap_point from claims c join answers x on x.id = c.answer_id
          where c.id = p.claim_id) as overlap_point
  from pairs p"""
#: The reviewer pairs (``agg_claim_rr`` rows, or ``RR_PAIRS``' in ``{pairs}``) of the answers
#: in the overlap (below ``:share``) where both reviewers labelled before they could see
#: the other's: (reviewer_a, reviewer_b, independent_a, independent_b, origin, n), the
#: origin as ``agg_claims`` keeps it.
OVERLAP_PAIRS = f"""
  select r.reviewer_a, r.reviewer_b, r.independent_a, r.independent_b,
         coalesce({origin_of("c")}, ''), count(*)
  from {{pairs}} r cross join claims c on c.id = r.claim_id
  where r.overlap_point < :share and r.independent_a is not null
    and r.independent_b is not null
  group by 1, 2, 3, 4, 5"""
CLAIM_CUBE = """
  select coalesce(label, ''), coalesce(label_kind, ''), coalesce(kind, ''),
         coalesce(origin, ''), coalesce(jv, ''), coalesce(rv, ''), count(*)
  from {labels} group by 1, 2, 3, 4, 5, 6"""
ANSWER_CUBE = f"""
  select {status_of("st")}, st.absent > 0, {correct_of("st")}, st.scanned, st.flagged,
         count(*)
  from {{state}} st group by 1, 2, 3, 4, 5"""
ANSWER_ORIGINS = """
  select l.answer_id, o.value as origin, count(*) as claims
  from {labels} l, json_each(l.origin) o
  where l.origin is not null group by 1, 2"""
ORIGIN_CUBE = f"""
  select o.origin, {status_of("st")}, count(*)
  from {{origins}} o join {{state}} st on st.answer_id = o.answer_id group by 1, 2"""


# The report's numbers by group (``report --by KEY``): the same rows, grouped. ``{labels}``
# and ``{state}`` as above; ``:meta_path`` bound for a ``meta`` key.

#: Each answer with claims and its group, for a key of the answer (``rules.ANSWER_GROUPS``):
#: (group, answer_id, claims, stated).
KEYED_ANSWERS = """
  select {group} as grp, a.id as answer_id, st.claims as claims, st.stated as stated
  from answers a join {state} st on st.answer_id = a.id where st.claims > 0"""
#: Each answer with a claim citing an origin, under that origin: (origin, answer_id, its
#: claims citing it, those stated); a claim citing several origins counts under each. The
#: origins are joined, not read from ``origin_of``'s JSON: a third of the time.
ORIGIN_ANSWERS = f"""
  select s.origin as grp, c.answer_id, count(distinct c.id) as claims,
         count(distinct case when l.label = 'stated' then c.id end) as stated
  from {{labels}} l join claims c on c.id = l.claim_id, {cited_sources("c")}
  where c.retired is null and {cites_its_source("c")} group by 1, 2"""
#: Per group of ``{units}`` (``KEYED_ANSWERS`` or ``ORIGIN_ANSWERS`` rows): answers, those
#: grounded (every claim stated) and invented (an absent claim), judged whole as the
#: report does, then claims and stated claims, and the sums of squares and products of
#: each answer's two the claim level's interval reads.
GROUP_ANSWERS = f"""
  select u.grp, count(*), count(case when {status_of("st")} = 'grounded' then 1 end),
         count(case when st.absent > 0 then 1 end), sum(u.claims), sum(u.stated),
         sum(u.claims * u.claims), sum(u.stated * u.stated), sum(u.claims * u.stated)
  from ({{units}}) u join {{state}} st on st.answer_id = u.answer_id group by 1"""
#: Claims by (group, label, label kind) for a key of the answer.
KEYED_CLAIMS = """
  select {group}, coalesce(l.label, ''), coalesce(l.label_kind, ''), count(*)
  from {labels} l join answers a on a.id = l.answer_id group by 1, 2, 3"""
#: Claims by (origin, label, label kind): a claim citing several origins counts under each.
ORIGIN_CLAIMS = f"""
  select s.origin, coalesce(l.label, ''), coalesce(l.label_kind, ''), count(distinct c.id)
  from {{labels}} l join claims c on c.id = l.claim_id, {cited_sources("c")}
  where c.retired is null and {cites_its_source("c")} group by 1, 2, 3"""

#: Answers with a claim and a time, by day: (day, answers).
ANSWERS_BY_DAY = f"""
  select {answer_group("a", "day")}, count(*) from answers a
  join agg_answer_state st on st.answer_id = a.id
  where a.answered_at is not null and st.claims > 0 group by 1"""


def grouped_queries(key: str, labels: str, state: str) -> tuple[str, str]:
    """The two queries of ``report --by KEY``: ``GROUP_ANSWERS`` and the claims'
    (``KEYED_CLAIMS`` or ``ORIGIN_CLAIMS``), over ``labels`` and ``state`` rows.

    Args:
        key: ``origin``, or a key of ``rules.ANSWER_GROUPS``.
        labels: a table of rows with a claim's ``claim_id``, ``answer_id``, ``label`` and
            ``label_kind``: ``claim_labels`` (a retired claim's names no answer), or a
            table ``LATEST_LABELS`` or ``JUDGE_LABELS`` made.
        state: a table of ``STATE`` rows.
    """
    if key == "origin":
        units, claims = ORIGIN_ANSWERS.format(labels=labels), ORIGIN_CLAIMS
    else:
        group = answer_group("a", key)
        units = KEYED_ANSWERS.format(group=group, state=state)
        claims = KEYED_CLAIMS.replace("{group}", group)
    return GROUP_ANSWERS.format(units=units, state=state), claims.format(labels=labels)


def fill(conn: sqlite3.Connection) -> None:
    """Recompute every count table from the base tables (the triggers must be off)."""
    for table in AGG_TABLES:
        conn.execute(f"delete from {table}")
    try:
        conn.execute(f"create temp table _rep_labels as {LATEST_LABELS}")
        conn.execute("insert into agg_claims " + CLAIM_CUBE.format(labels="_rep_labels"))
        conn.execute(
            "insert into agg_answer_state (answer_id, claims, labelled, stated, absent,"
            " correct, scanned, flagged) " + STATE.format(labels="_rep_labels")
        )
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
    conn.execute(
        "insert into agg_claim_rr (claim_id, a, b, reviewer_a, reviewer_b, independent_a,"
        f" independent_b, overlap_point) {RR_PAIRS}"
    )
    if work.has_work_tables(conn):
        work.fill(conn)
