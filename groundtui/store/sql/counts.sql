-- The count tables: what the report, the queue and the team's numbers read, a few rows
-- whatever the size of the database (docs/report.md "Cost").
--
-- Each holds what a recount of the base tables gives (recount.sql); the triggers in
-- answers.sql, claims.sql, labels.sql, reviews.sql and cubes.sql keep it so on every write.
-- Two kinds of table: rows kept per answer, claim or reviewer, and cubes: GROUP BY counts
-- of those rows, moved by the triggers on them (cubes.sql). In a cube's keys '' stands for
-- null, and a cell may hold 0.
--
-- They hold nothing but counts: groundtui/store/counts.py drops them and builds them again
-- from these files, with one recount, whenever a database's differ from what the files say.

-- Claims by their labels, kind and origins (claim_cells in rules.sql): a live claim counts
-- in one cell.
create table agg_claims (
  label text not null,            -- the effective label: adjudicated, else reviewer's, else judge's
  label_kind text not null,       -- the invention kind that goes with it
  kind text not null,             -- the claim's kind (figure, date, name, ...)
  origin text not null,           -- its origins, a sorted JSON array; '' for none
  judge_verdict text not null,    -- the latest judge verdict
  reviewer_verdict text not null, -- the people's: the adjudication, else the latest reviewer's
  n integer not null,
  primary key (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
) without rowid;

-- One row per answer: what its claims, labels, marks and people add up to. The generated
-- columns at the end are the rules the report and the queue read an answer by; the cubes
-- agg_answers and agg_work count answers by them.
create table agg_answer_state (
  answer_id text primary key,
  claims integer not null default 0,    -- its live claims (a retired claim counts nowhere)
  labelled integer not null default 0,  -- of those, with a label
  stated integer not null default 0,    -- labelled stated
  absent integer not null default 0,    -- labelled absent
  correct integer,                      -- answer_correct (rules.sql): 1, 0 or null
  scanned integer not null default 0,   -- the mechanical check ran on it
  flagged integer not null default 0,   -- and flagged it
  rows integer not null default 0,      -- its claim_labels rows (label_work in rules.sql)
  judged integer not null default 0,    -- of those, with a judge verdict
  reviewed integer not null default 0,  -- with a reviewer's verdict
  decided integer not null default 0,   -- with a person's (the adjudication or a reviewer's)
  unstated integer not null default 0,  -- with a label other than stated
  doubled integer not null default 0,   -- its claims two reviewers labelled (agg_claim_rr)
  marked integer not null default 0,    -- a live correctness mark stands (live_marks)
  extracted integer not null default 0, -- a judge extracted it without error
  holders integer not null default 0,   -- the reviewers who finished it: it stays theirs
  control_point real,                   -- places it in the control sample (docs/report.md)
  overlap_point real,                   -- and in the double-review overlap
  -- none: no claims; pending: a claim without a label; grounded: every claim stated
  status text generated always as (
    case when claims <= 0 then 'none' when labelled < claims then 'pending'
         when stated >= claims then 'grounded' else 'ungrounded' end) virtual,
  invention integer generated always as (absent > 0) virtual,
  correctness text generated always as (
    case when correct is null then 'unknown' when correct then 'correct'
         else 'incorrect' end) virtual,
  -- in the queue: it has claims to label
  listed integer generated always as (rows > 0) virtual,
  -- reviewed as the queue counts it: every claim has a reviewer's label; without claims,
  -- a live correctness mark stands (docs/review.md)
  all_reviewed integer generated always as (
    case when rows > 0 then reviewed >= rows else marked > 0 end) virtual,
  -- judged as the report's coverage counts it: every claim has a judge verdict; without
  -- claims, a judge extracted it without error
  all_judged integer generated always as (
    case when rows > 0 then judged >= rows else extracted > 0 end) virtual,
  -- reviewed as the report's coverage counts it: claims, each with a person's verdict
  all_decided integer generated always as (rows > 0 and decided >= rows) virtual,
  any_unstated integer generated always as (unstated > 0) virtual,
  held integer generated always as (min(holders, 2)) virtual  -- 0, 1 or 2: two or more
) without rowid;
create index agg_state_control on agg_answer_state
  (control_point, scanned, flagged, rows, judged, extracted, unstated);
create index agg_state_held on agg_answer_state (holders, overlap_point, rows, reviewed, marked);
create index agg_state_double on agg_answer_state (overlap_point)
  where claims > 0 and doubled >= claims;

-- Answers by status, invention (an absent claim), correctness, scanned and flagged.
create table agg_answers (
  status text not null, invention integer not null, correct text not null,
  scanned integer not null, flagged integer not null, n integer not null,
  primary key (status, invention, correct, scanned, flagged)
) without rowid;

-- Per answer and origin, its live claims citing that origin.
create table agg_answer_origins (
  answer_id text not null, origin text not null, claims integer not null,
  primary key (answer_id, origin)
) without rowid;

-- Answers by origin (one of their claims cites it) and status.
create table agg_origins (
  origin text not null, status text not null, n integer not null,
  primary key (origin, status)
) without rowid;

-- Per live claim two reviewers labelled (claim_pairs in rules.sql): the two whose first
-- label came first, their latest verdicts (a, b), the last each made before they could see
-- the other's (null: none), and the answer's overlap point, by which the report reads the
-- overlap's pairs.
create table agg_claim_rr (
  claim_id text primary key, a text not null, b text not null,
  reviewer_a text, reviewer_b text, independent_a text, independent_b text, overlap_point real
) without rowid;
create index agg_claim_rr_overlap on agg_claim_rr (overlap_point, a, b);

-- Answers by the flags the queue's progress, the team's line and the report's coverage
-- count them by (agg_answer_state's generated columns).
create table agg_work (
  scanned integer not null, flagged integer not null, listed integer not null,
  reviewed integer not null, judged integer not null, decided integer not null,
  unstated integer not null, held integer not null, n integer not null,
  primary key (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
) without rowid;

-- Each reviewer's live label on each claim (reviewer_claims in rules.sql).
create table agg_reviewer_claims (
  claim_id text not null, reviewer text not null, answer_id text not null,
  verdict text not null,
  jv text not null,       -- the claim's judge verdict, '' for none
  live integer not null,  -- the claim is live (not retired)
  primary key (claim_id, reviewer)
) without rowid;

-- Those labels on live claims by (reviewer, judge verdict, verdict): each reviewer's claims
-- and their agreement with the judge.
create table agg_reviewer_verdicts (
  reviewer text not null, jv text not null, verdict text not null, n integer not null,
  primary key (reviewer, jv, verdict)
) without rowid;

-- Per answer and reviewer who labelled or marked it. An answer a reviewer finished stays
-- theirs; one labelled in part is theirs only while their lease lives (docs/team-review.md).
create table agg_reviewer_answers (
  answer_id text not null, reviewer text not null,
  claims integer not null,  -- their live labels on its live claims
  held integer not null,    -- their live labels on any of its claims
  marks integer not null,   -- their live correctness marks on it
  answer_claims integer not null,  -- the answer's live claims (agg_answer_state.claims)
  reviewed integer not null,       -- the answer is reviewed (agg_answer_state.all_reviewed)
  -- they labelled every live claim
  done integer generated always as (claims > 0 and claims >= answer_claims) virtual,
  -- they finished it: labelled every live claim, or marked an answer without claims
  finished integer generated always as (done or (answer_claims <= 0 and marks > 0)) virtual,
  primary key (answer_id, reviewer)
) without rowid;

-- Per reviewer, their agg_reviewer_answers rows counted.
create table agg_reviewers (
  reviewer text primary key,
  answers integer not null,           -- answers with a live label of theirs on a live claim
  done integer not null,              -- answers they labelled every live claim of
  holding integer not null,           -- answers they labelled or marked
  finished integer not null,          -- answers they finished
  finished_reviewed integer not null  -- of those, reviewed
) without rowid;
