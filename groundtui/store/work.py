"""Who did what, counted: tables SQLite triggers keep current for the screen's whole-database
numbers (the queue's progress, the team's line, the report's coverage and reviewers).

Each of those numbers used to scan every answer; now it reads a few rows of these:

- ``agg_answer_state``, the report's per-answer row, gains the answer's *work*: its
  ``claim_labels`` rows (``rows``) and how many carry a judge verdict (``judged``), a
  reviewer's (``reviewed``), a person's (``decided``: the adjudication or a reviewer's), a
  label not stated (``unstated``); its claims two reviewers labelled (``doubled``, from
  ``agg_claim_rr``); whether a live correctness mark stands (``marked``) and a judge
  extracted it without error (``extracted``); how many reviewers finished it
  (``holders``: it stays theirs, ``rules.finished_by``); its ``control_point`` and
  ``overlap_point``;
- ``agg_work``: answers by the flags the counts read (``work_key``), a cube as
  ``agg_answers``;
- ``agg_reviewer_claims``: each reviewer's live label on each claim (the reviewer's
  latest row of the claim, a label and not a withdrawal), with the claim's answer, its
  judge verdict and whether the claim is live (not retired);
- ``agg_reviewer_verdicts``: those labels on live claims by (reviewer, judge verdict,
  reviewer verdict): each reviewer's claims and agreement with the judge;
- ``agg_reviewer_answers``: per (answer, reviewer) the reviewer's live labels on its live
  claims (``claims``), on any of its claims (``held``), their live marks on it (``marks``),
  whether they labelled every live claim (``done``), whether they finished it
  (``finished``) and whether the answer is reviewed;
- ``agg_reviewers``: per reviewer, those rows counted (``holding``: every answer with a
  row; ``finished``: the answers they finished, which stay theirs).

The triggers (``triggers``) move a row's contribution on every write; ``fill`` computes the
same from the base tables (a bulk load, a migration). Both take their rules from
``groundtui.store.rules``; the tests hold the triggers to the recount, and the numbers read
from these tables to the plain scans they replace.
"""

from __future__ import annotations

import sqlite3

from groundtui.store.rules import (
    all_decided,
    all_judged,
    done_by,
    finished_by,
    human_verdict,
    live_mark,
    live_review,
    queue_reviewed,
)

#: Columns ``agg_answer_state`` gains, with their SQL types.
STATE_COLUMNS = {
    "rows": "integer not null default 0",
    "judged": "integer not null default 0",
    "reviewed": "integer not null default 0",
    "decided": "integer not null default 0",
    "unstated": "integer not null default 0",
    "doubled": "integer not null default 0",
    "marked": "integer not null default 0",
    "extracted": "integer not null default 0",
    "holders": "integer not null default 0",
    "control_point": "real",
    "overlap_point": "real",
}

TABLES = """
create table if not exists agg_work (
  scanned integer not null, flagged integer not null, listed integer not null,
  reviewed integer not null, judged integer not null, decided integer not null,
  unstated integer not null, held integer not null, n integer not null,
  primary key (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
) without rowid;
create table if not exists agg_reviewer_claims (
  claim_id text not null, reviewer text not null, answer_id text not null,
  verdict text not null, jv text not null, live integer not null,
  primary key (claim_id, reviewer)
) without rowid;
create table if not exists agg_reviewer_verdicts (
  reviewer text not null, jv text not null, verdict text not null, n integer not null,
  primary key (reviewer, jv, verdict)
) without rowid;
create table if not exists agg_reviewer_answers (
  answer_id text not null, reviewer text not null, claims integer not null,
  held integer not null, marks integer not null, done integer not null,
  reviewed integer not null, finished integer not null default 0,
  primary key (answer_id, reviewer)
) without rowid;
create table if not exists agg_reviewers (
  reviewer text primary key, answers integer not null, done integer not null,
  holding integer not null, finished integer not null, finished_reviewed integer not null
) without rowid;
create index if not exists agg_state_control on agg_answer_state
  (control_point, scanned, flagged, rows, judged, extracted, unstated);
create index if not exists agg_state_held on agg_answer_state
  (holders, overlap_point, rows, reviewed, marked);
create index if not exists agg_state_double on agg_answer_state (overlap_point)
  where claims > 0 and doubled >= claims;
create index if not exists answer_marks_reverts on answer_marks (reverts)
  where reverts is not null;
create index if not exists leases_alive on leases (alive_until)
"""

#: The tables ``fill`` rewrites, in order.
WORK_TABLES = (
    "agg_work",
    "agg_reviewer_claims",
    "agg_reviewer_verdicts",
    "agg_reviewer_answers",
    "agg_reviewers",
)

WORK_COLS = ["scanned", "flagged", "listed", "reviewed", "judged", "decided", "unstated", "held"]


def work_key(s: str) -> list[str]:
    """The ``agg_work`` cell of state row ``s``."""
    return [
        f"{s}.scanned",
        f"{s}.flagged",
        f"({s}.rows > 0)",
        queue_reviewed(s),
        all_judged(s),
        all_decided(s),
        f"({s}.unstated > 0)",
        f"min({s}.holders, 2)",
    ]


def add_work_tables(conn: sqlite3.Connection) -> None:
    """Give ``agg_answer_state`` its work columns and create the work tables, where missing
    (migration ``m012_work_counts``: they read columns earlier migrations add)."""
    have = {r[1] for r in conn.execute("pragma table_info(agg_answer_state)")}
    for column, kind in STATE_COLUMNS.items():
        if column not in have:
            conn.execute(f"alter table agg_answer_state add column {column} {kind}")
    for statement in TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)


def has_work_tables(conn: sqlite3.Connection) -> bool:
    """Whether the database has the work counts (is past ``m012_work_counts``)."""
    return bool(
        conn.execute(
            "select 1 from sqlite_master where type = 'table' and name = 'agg_reviewers'"
        ).fetchone()
    )


# -- the recount ------------------------------------------------------------------------

#: Each reviewer's live label on each claim, with what the counts need of the claim.
REVIEWER_CLAIMS = f"""
  select r.claim_id, r.reviewer, c.answer_id, r.verdict,
         coalesce(l.judge_verdict, '') as jv, c.retired is null as live
  from reviews r join claims c on c.id = r.claim_id
  left join claim_labels l on l.claim_id = r.claim_id
  where {live_review("r")}"""
#: The per-answer work counts, from ``claim_labels`` rows by the answer they name.
LABEL_WORK = f"""
  select answer_id, count(*) as rows, count(judge_verdict) as judged,
         count(reviewer_verdict) as reviewed, count({human_verdict("l")}) as decided,
         count(case when label != 'stated' then 1 end) as unstated
  from claim_labels l where answer_id is not null group by answer_id"""


def fill(conn: sqlite3.Connection) -> None:
    """Recompute the work counts from the base tables (the triggers must be off; the
    report's counts, ``agg_claim_rr`` among them, already filled)."""
    for table in WORK_TABLES:
        conn.execute(f"delete from {table}")
    conn.execute(f"insert into agg_reviewer_claims {REVIEWER_CLAIMS}")
    conn.execute(
        "insert into agg_reviewer_verdicts select reviewer, jv, verdict, count(*)"
        " from agg_reviewer_claims where live group by 1, 2, 3"
    )
    conn.execute(
        "insert into agg_reviewer_answers (answer_id, reviewer, claims, held, marks, done,"
        " reviewed)"
        " select answer_id, reviewer, sum(claims), sum(held), sum(marks), 0, 0 from ("
        "  select answer_id, reviewer, sum(live) as claims, count(*) as held, 0 as marks"
        "  from agg_reviewer_claims group by 1, 2"
        "  union all select m.answer_id, m.reviewer, 0, 0, count(*) from answer_marks m"
        f"  where {live_mark('m')} group by 1, 2)"
        " group by 1, 2"
    )
    # One pass over the answers' rows: each pass rewrites their index entries too.
    conn.execute(
        f"""with w as ({LABEL_WORK}),
        d as (select c.answer_id, count(*) as n from agg_claim_rr r
              join claims c on c.id = r.claim_id group by c.answer_id),
        m as (select distinct m.answer_id from answer_marks m where {live_mark("m")}),
        e as (select distinct answer_id from extractions where error is null),
        x as (select a.id, a.overlap_point, control_point(a.id) as cp,
                     coalesce(w.rows, 0) as rows, coalesce(w.judged, 0) as judged,
                     coalesce(w.reviewed, 0) as reviewed, coalesce(w.decided, 0) as decided,
                     coalesce(w.unstated, 0) as unstated, coalesce(d.n, 0) as doubled,
                     m.answer_id is not null as marked,
                     e.answer_id is not null as extracted
              from answers a left join w on w.answer_id = a.id
              left join d on d.answer_id = a.id
              left join m on m.answer_id = a.id left join e on e.answer_id = a.id)
        update agg_answer_state set rows = x.rows, judged = x.judged,
          reviewed = x.reviewed, decided = x.decided, unstated = x.unstated,
          doubled = x.doubled, marked = x.marked, extracted = x.extracted,
          holders = 0, control_point = x.cp, overlap_point = x.overlap_point
        from x where x.id = agg_answer_state.answer_id"""
    )
    conn.execute(_flags("1"))  # reads the state just written
    conn.execute(
        "update agg_answer_state set holders = h.n from (select answer_id, count(*) as n"
        " from agg_reviewer_answers where finished group by 1) h"
        " where h.answer_id = agg_answer_state.answer_id"
    )
    conn.execute(
        "insert into agg_reviewers (reviewer, answers, done, holding, finished,"
        " finished_reviewed) select reviewer, sum(claims > 0), sum(done), count(*),"
        " sum(finished), sum(finished and reviewed) from agg_reviewer_answers group by reviewer"
    )
    conn.execute(
        f"insert into agg_work select {', '.join(work_key('s'))}, count(*)"
        " from agg_answer_state s group by 1, 2, 3, 4, 5, 6, 7, 8"
    )


def _flags(where: str) -> str:
    """Set ``done``, ``finished`` and ``reviewed`` of the ``agg_reviewer_answers`` rows
    ``where`` picks from their answer's state."""
    state = "from agg_answer_state s where s.answer_id = agg_reviewer_answers.answer_id"
    return (
        "update agg_reviewer_answers set"
        f" done = (select {done_by('agg_reviewer_answers', 's')} {state}),"
        f" finished = (select {finished_by('agg_reviewer_answers', 's')} {state}),"
        f" reviewed = (select {queue_reviewed('s')} {state})"
        f" where {where};"
    )


def read_work(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    """Every work count as kept, sorted, without empty cells: two equal sets compare equal."""
    columns = ", ".join(["answer_id", *STATE_COLUMNS])
    out = {"agg_answer_state": sorted(conn.execute(f"select {columns} from agg_answer_state"))}
    for table in WORK_TABLES:
        rows = conn.execute(f"select * from {table}").fetchall()
        cube = table in ("agg_work", "agg_reviewer_verdicts")
        out[table] = sorted(r for r in rows if not cube or r[-1])
    return out


# -- the triggers -----------------------------------------------------------------------


def _bump(table: str, cols: list[str], values: list[str], n: str, source: str, where: str) -> str:
    return (
        f"insert into {table} ({', '.join(cols)}, n) select {', '.join(values)}, {n}"
        f" {source} where {where}"
        f" on conflict ({', '.join(cols)}) do update set n = n + excluded.n;"
    )


def _label_work(row: str, sign: str) -> str:
    """Add (``+``) or take (``-``) ``claim_labels`` row ``row``'s work to its answer's."""
    return f"""
      update agg_answer_state set rows = rows {sign} 1,
        judged = judged {sign} ({row}.judge_verdict is not null),
        reviewed = reviewed {sign} ({row}.reviewer_verdict is not null),
        decided = decided {sign} ({human_verdict(row)} is not null),
        unstated = unstated {sign} (coalesce({row}.label, 'stated') != 'stated')
        where answer_id = {row}.answer_id;"""


def _claim_verdicts(claim: str, n: str) -> str:
    """Count ``claim``'s live reviewer labels in (``n`` 1) or out (-1) of their cells."""
    cols = ["reviewer", "jv", "verdict"]
    return _bump(
        "agg_reviewer_verdicts",
        cols,
        cols,
        n,
        "from agg_reviewer_claims",
        f"claim_id = {claim} and live",
    )


def _reviewers_out(claim: str, answers: str) -> str:
    """Take ``claim``'s reviewer rows out of the counts; ``answers``: the condition naming
    its answer's ``agg_reviewer_answers`` rows."""
    mine = f"from agg_reviewer_claims x where x.claim_id = {claim}"
    return f"""
      {_claim_verdicts(claim, "-1")}
      update agg_reviewer_answers set
        held = held - 1,
        claims = claims - (select x.live {mine} and x.reviewer = agg_reviewer_answers.reviewer)
        where {answers}
          and reviewer in (select x.reviewer {mine});
      delete from agg_reviewer_claims where claim_id = {claim};"""


def _reviewers_refresh(claim: str) -> str:
    """Recount every reviewer's live label on ``claim``: out with the rows kept, in with
    the rows the reviews make now."""
    mine = f"from agg_reviewer_claims x where x.claim_id = {claim}"
    return f"""{_reviewers_out(claim, f"answer_id in (select x.answer_id {mine})")}
      insert into agg_reviewer_claims {REVIEWER_CLAIMS} and r.claim_id = {claim};
      {_claim_verdicts(claim, "1")}
      insert into agg_reviewer_answers (answer_id, reviewer, claims, held, marks, done, reviewed)
        select x.answer_id, x.reviewer, x.live, 1, 0, 0, 0 {mine} and true
        on conflict (answer_id, reviewer) do update
          set claims = claims + excluded.claims, held = held + 1;
      {_flags(f"answer_id in (select c.answer_id from claims c where c.id = {claim})")}
      delete from agg_reviewer_answers where held <= 0 and marks <= 0
        and answer_id in (select c.answer_id from claims c where c.id = {claim});"""


def _reviewers_gone(claim: str, answer: str) -> str:
    """A deleted claim's reviewer rows leave (the claim row is gone: its answer is named)."""
    return f"""{_reviewers_out(claim, f"answer_id = {answer}")}
      {_flags(f"answer_id = {answer}")}
      delete from agg_reviewer_answers where answer_id = {answer} and held <= 0 and marks <= 0;"""


def _judge_moved(claim: str, new: str) -> str:
    """A claim's judge verdict moved: its reviewers' labels move to the new cell."""
    return f"""
      {_claim_verdicts(claim, "-1")}
      update agg_reviewer_claims set jv = coalesce({new}, '') where claim_id = {claim};
      {_claim_verdicts(claim, "1")}"""


def _marks_refresh(answer: str) -> str:
    """Recount the live correctness marks on ``answer``, the answer's and each reviewer's."""
    return f"""
      update agg_answer_state set marked = exists (select 1 from answer_marks m
        where m.answer_id = {answer} and {live_mark("m")}) where answer_id = {answer};
      update agg_reviewer_answers set marks = 0 where answer_id = {answer};
      insert into agg_reviewer_answers (answer_id, reviewer, claims, held, marks, done, reviewed)
        select {answer}, m.reviewer, 0, 0, count(*), 0, 0 from answer_marks m
        where m.answer_id = {answer} and {live_mark("m")} group by m.reviewer
        on conflict (answer_id, reviewer) do update set marks = excluded.marks;
      {_flags(f"answer_id = {answer}")}
      delete from agg_reviewer_answers where answer_id = {answer} and held <= 0 and marks <= 0;"""


def _extracted(answer: str) -> str:
    return f"""
      update agg_answer_state set extracted = exists (select 1 from extractions e
        where e.answer_id = {answer} and e.error is null) where answer_id = {answer};"""


def _doubled(claim: str, sign: str) -> str:
    return f"""
      update agg_answer_state set doubled = doubled {sign} 1
        where answer_id = (select c.answer_id from claims c where c.id = {claim});"""


def _reviewers_delta(row: str, sign: str) -> str:
    """Add (``+``) or take (``-``) an ``agg_reviewer_answers`` row from its reviewer's counts."""
    return f"""
      insert into agg_reviewers (reviewer, answers, done, holding, finished, finished_reviewed)
        values ({row}.reviewer, {sign}({row}.claims > 0), {sign}{row}.done, {sign}1,
                {sign}{row}.finished, {sign}({row}.finished and {row}.reviewed))
        on conflict (reviewer) do update set answers = answers + excluded.answers,
          done = done + excluded.done, holding = holding + excluded.holding,
          finished = finished + excluded.finished,
          finished_reviewed = finished_reviewed + excluded.finished_reviewed;"""


def triggers() -> dict[str, tuple[str, str]]:
    """``{name: (when, body)}`` of the work triggers, for ``groundtui.store.triggers``."""
    old_key, new_key = work_key("old"), work_key("new")
    key_changed = " or ".join(f"{o} is not {n}" for o, n in zip(old_key, new_key, strict=True))
    flags_moved = (
        f"old.claims is not new.claims or {queue_reviewed('old')} is not {queue_reviewed('new')}"
    )
    label_cols = ("answer_id", "judge_verdict", "reviewer_verdict", "adjudicated_verdict", "label")
    label_changed = " or ".join(f"old.{c} is not new.{c}" for c in label_cols)
    state = "agg_answer_state"
    return {
        "agg_work_labels_insert": (
            "after insert on claim_labels",
            f"""{_label_work("new", "+")}
          {_judge_moved("new.claim_id", "new.judge_verdict")}""",
        ),
        "agg_work_labels_update": (
            f"after update on claim_labels when {label_changed}",
            _label_work("old", "-") + _label_work("new", "+"),
        ),
        "agg_work_labels_judged": (
            "after update of judge_verdict on claim_labels"
            " when old.judge_verdict is not new.judge_verdict",
            _judge_moved("new.claim_id", "new.judge_verdict"),
        ),
        "agg_work_labels_delete": ("after delete on claim_labels", _label_work("old", "-")),
        "agg_work_reviews_insert": ("after insert on reviews", _reviewers_refresh("new.claim_id")),
        "agg_work_reviews_update": ("after update on reviews", _reviewers_refresh("new.claim_id")),
        "agg_work_reviews_delete": ("after delete on reviews", _reviewers_refresh("old.claim_id")),
        "agg_work_claims_retired": (
            "after update of retired on claims"
            " when (old.retired is null) is not (new.retired is null)",
            _reviewers_refresh("new.id"),
        ),
        "agg_work_claims_delete": (
            "after delete on claims",
            _reviewers_gone("old.id", "old.answer_id"),
        ),
        "agg_work_marks_insert": ("after insert on answer_marks", _marks_refresh("new.answer_id")),
        "agg_work_marks_update": (
            "after update on answer_marks",
            _marks_refresh("old.answer_id") + _marks_refresh("new.answer_id"),
        ),
        "agg_work_marks_delete": ("after delete on answer_marks", _marks_refresh("old.answer_id")),
        "agg_work_extractions_insert": (
            "after insert on extractions",
            _extracted("new.answer_id"),
        ),
        "agg_work_extractions_update": (
            "after update on extractions",
            _extracted("old.answer_id") + _extracted("new.answer_id"),
        ),
        "agg_work_extractions_delete": (
            "after delete on extractions",
            _extracted("old.answer_id"),
        ),
        "agg_work_rr_insert": ("after insert on agg_claim_rr", _doubled("new.claim_id", "+")),
        "agg_work_rr_delete": ("after delete on agg_claim_rr", _doubled("old.claim_id", "-")),
        "agg_work_answers_insert": (
            "after insert on answers",
            f"""
          insert into {state} (answer_id, control_point, overlap_point)
            values (new.id, control_point(new.id), new.overlap_point)
            on conflict (answer_id) do update set control_point = excluded.control_point,
              overlap_point = excluded.overlap_point;
          {_marks_refresh("new.id")}{_extracted("new.id")}""",
        ),
        "agg_work_answers_overlap": (
            "after update of overlap_point on answers"
            " when old.overlap_point is not new.overlap_point",
            f"update {state} set overlap_point = new.overlap_point where answer_id = new.id;",
        ),
        "agg_work_state_insert": (
            f"after insert on {state}",
            _bump("agg_work", WORK_COLS, new_key, "1", "", "1"),
        ),
        "agg_work_state_update": (
            f"after update on {state} when {key_changed}",
            _bump("agg_work", WORK_COLS, old_key, "-1", "", "1")
            + _bump("agg_work", WORK_COLS, new_key, "1", "", "1"),
        ),
        "agg_work_state_flags": (
            f"after update on {state} when {flags_moved}",
            _flags("answer_id = new.answer_id"),
        ),
        "agg_work_state_delete": (
            f"after delete on {state}",
            _bump("agg_work", WORK_COLS, old_key, "-1", "", "1")
            + "delete from agg_reviewer_answers where answer_id = old.answer_id;",
        ),
        "agg_work_holders_insert": (
            "after insert on agg_reviewer_answers",
            _reviewers_delta("new", "+") + f"update {state} set holders = holders + 1"
            " where answer_id = new.answer_id and new.finished;",
        ),
        "agg_work_holders_update": (
            "after update on agg_reviewer_answers",
            _reviewers_delta("old", "-")
            + _reviewers_delta("new", "+")
            + f"update {state} set holders = holders + new.finished - old.finished"
            " where answer_id = new.answer_id and new.finished != old.finished;",
        ),
        "agg_work_holders_delete": (
            "after delete on agg_reviewer_answers",
            _reviewers_delta("old", "-") + f"update {state} set holders = holders - 1"
            " where answer_id = old.answer_id and old.finished;"
            + "delete from agg_reviewers where reviewer = old.reviewer and holding <= 0;",
        ),
    }
