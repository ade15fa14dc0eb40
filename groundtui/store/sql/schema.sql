-- The schema of a new groundtui database, as SQLite keeps it (sqlite_master), object by
-- object: the tables the migrations make (groundtui/store/migrations.py), then the counts
-- (groundtui/store/sql/counts.sql and the files beside it). Written by `make schema`;
-- tests/test_schema.py holds every database to it.

CREATE TABLE "_migrations" (
   "name" TEXT PRIMARY KEY,
   "applied_at" TEXT
);

CREATE TABLE "sources" (
   "key" TEXT PRIMARY KEY,
   "source_id" TEXT NOT NULL,
   "text_hash" TEXT,
   "title" TEXT,
   "origin" TEXT NOT NULL,
   "text" TEXT NOT NULL,
   "updated_at" TEXT,
   "first_seen" TEXT
);

CREATE TABLE "answers" (
   "id" TEXT PRIMARY KEY,
   "question" TEXT NOT NULL,
   "response" TEXT NOT NULL,
   "correct" INTEGER,
   "meta" TEXT,
   "content_hash" TEXT NOT NULL,
   "imported_at" TEXT,
   "seq" INTEGER,
   "scanned_at" TEXT
, "overlap_point" REAL, "answered_at" TEXT);

CREATE TABLE "answer_sources" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "position" INTEGER,
   "source_key" TEXT REFERENCES "sources"("key"), "number" INTEGER,
   PRIMARY KEY ("answer_id", "position")
);

CREATE TABLE "claims" (
   "id" TEXT PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "ordinal" INTEGER NOT NULL,
   "text" TEXT NOT NULL,
   "kind" TEXT NOT NULL,
   "citation" INTEGER,
   "source_key" TEXT REFERENCES "sources"("key"),
   "span_start" INTEGER,
   "span_end" INTEGER,
   "located" TEXT,
   "uncited" INTEGER,
   "dangling" INTEGER,
   "extracted_by" TEXT,
   "created_at" TEXT
, "citations" TEXT, "cited_keys" TEXT, "retired" TEXT);

CREATE TABLE "judgements" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "judge" TEXT NOT NULL,
   "prompt_version" TEXT,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "rule_invention_kind" TEXT,
   "evidence_start" INTEGER,
   "evidence_end" INTEGER,
   "evidence_text" TEXT,
   "provenance_source_key" TEXT,
   "rationale" TEXT,
   "error" TEXT,
   "calls" INTEGER,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "seconds" REAL,
   "at" TEXT NOT NULL
);

CREATE TABLE "reviews" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "reviewer" TEXT NOT NULL,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "note" TEXT,
   "blind" INTEGER,
   "at" TEXT NOT NULL,
   "origin" TEXT,
   "reverts" INTEGER
, "independent" INTEGER NOT NULL DEFAULT 0);

CREATE TABLE "answer_marks" (
   "id" INTEGER PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "reviewer" TEXT NOT NULL,
   "correct" INTEGER,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);

CREATE TABLE "flags" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "check_name" TEXT,
   "details" TEXT,
   "at" TEXT,
   PRIMARY KEY ("answer_id", "check_name")
);

CREATE TABLE "claim_labels" (
   "claim_id" TEXT PRIMARY KEY REFERENCES "claims"("id"),
   "answer_id" TEXT,
   "judge" TEXT,
   "judge_verdict" TEXT,
   "judge_kind" TEXT,
   "judgement_id" INTEGER,
   "reviewer" TEXT,
   "reviewer_verdict" TEXT,
   "reviewer_kind" TEXT,
   "review_id" INTEGER,
   "reviewed_at" TEXT,
   "note" TEXT,
   "label" TEXT,
   "label_kind" TEXT
, "adjudicator" TEXT, "adjudicated_verdict" TEXT, "adjudicated_kind" TEXT, "adjudication_id" INTEGER);

CREATE TABLE "completions" (
   "key" TEXT PRIMARY KEY,
   "model" TEXT,
   "prompt_version" TEXT,
   "response" TEXT,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "at" TEXT
);

CREATE INDEX "idx_sources_source_id"
    ON "sources" ("source_id");

CREATE INDEX "idx_answers_seq"
    ON "answers" ("seq");

CREATE INDEX "idx_answers_scanned_at"
    ON "answers" ("scanned_at");

CREATE INDEX "idx_answer_sources_source_key"
    ON "answer_sources" ("source_key");

CREATE INDEX "idx_claims_answer_id_ordinal"
    ON "claims" ("answer_id", "ordinal");

CREATE INDEX "idx_claims_source_key"
    ON "claims" ("source_key");

CREATE INDEX "idx_judgements_claim_id_at"
    ON "judgements" ("claim_id", "at");

CREATE INDEX "idx_judgements_judge_claim_id"
    ON "judgements" ("judge", "claim_id");

CREATE INDEX "idx_reviews_claim_id_at"
    ON "reviews" ("claim_id", "at");

CREATE INDEX "idx_reviews_reviewer_at"
    ON "reviews" ("reviewer", "at");

CREATE INDEX "idx_answer_marks_answer_id_at"
    ON "answer_marks" ("answer_id", "at");

CREATE INDEX "idx_claim_labels_answer_id"
    ON "claim_labels" ("answer_id");

CREATE INDEX "idx_claim_labels_label"
    ON "claim_labels" ("label");

CREATE TABLE "extractions" (
   "id" INTEGER PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "judge" TEXT NOT NULL,
   "prompt_version" TEXT NOT NULL,
   "claims" INTEGER,
   "error" TEXT,
   "calls" INTEGER,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "seconds" REAL,
   "at" TEXT NOT NULL
);

CREATE INDEX "idx_extractions_answer_id_judge_prompt_version"
    ON "extractions" ("answer_id", "judge", "prompt_version");

CREATE TABLE "settings" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT NOT NULL,
   "set_by" TEXT,
   "set_at" TEXT
, "content" TEXT);

CREATE TABLE "completion_answers" (
   "key" TEXT,
   "answer_id" TEXT REFERENCES "answers"("id"),
   PRIMARY KEY ("key", "answer_id")
);

CREATE INDEX "idx_completion_answers_answer_id"
    ON "completion_answers" ("answer_id");

CREATE TABLE "reviewers" (
   "key" TEXT PRIMARY KEY,
   "name" TEXT NOT NULL,
   "lead" INTEGER,
   "token_hash" TEXT,
   "added_at" TEXT NOT NULL,
   "revoked_at" TEXT
);

CREATE TABLE "leases" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "reviewer" TEXT,
   "taken_at" TEXT,
   "expires_at" TEXT, "alive_until" TEXT, "session" TEXT,
   PRIMARY KEY ("answer_id", "reviewer")
);

CREATE INDEX "idx_leases_reviewer"
    ON "leases" ("reviewer");

CREATE INDEX "idx_leases_expires_at"
    ON "leases" ("expires_at");

CREATE TABLE "adjudications" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "adjudicator" TEXT NOT NULL,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "note" TEXT,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
, "party" INTEGER NOT NULL DEFAULT 0);

CREATE INDEX "idx_adjudications_claim_id_at"
    ON "adjudications" ("claim_id", "at");

CREATE INDEX "idx_claim_labels_adjudicated_verdict"
    ON "claim_labels" ("adjudicated_verdict");

CREATE INDEX "idx_answers_overlap_point"
    ON "answers" ("overlap_point");

CREATE INDEX "idx_answer_sources_answer_id_number"
    ON "answer_sources" ("answer_id", "number");

CREATE TABLE "claim_edits" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "reviewer" TEXT NOT NULL,
   "action" TEXT NOT NULL,
   "text" TEXT,
   "span_start" INTEGER,
   "span_end" INTEGER,
   "made" TEXT,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);

CREATE INDEX "idx_claim_edits_answer_id_at"
    ON "claim_edits" ("answer_id", "at");

CREATE INDEX "idx_claim_edits_claim_id"
    ON "claim_edits" ("claim_id");

CREATE INDEX claims_retired on claims (retired, answer_id) where retired is not null;

CREATE INDEX "idx_reviews_claim_id_reviewer_at_id"
    ON "reviews" ("claim_id", "reviewer", "at", "id");

CREATE INDEX answer_marks_reverts on answer_marks (reverts)
  where reverts is not null;

CREATE INDEX leases_alive on leases (alive_until)
;

CREATE TABLE agg_claims (
  label text not null,            -- the effective label: adjudicated, else reviewer's, else judge's
  label_kind text not null,       -- the invention kind that goes with it
  kind text not null,             -- the claim's kind (figure, date, name, ...)
  origin text not null,           -- its origins, a sorted JSON array; '' for none
  judge_verdict text not null,    -- the latest judge verdict
  reviewer_verdict text not null, -- the people's: the adjudication, else the latest reviewer's
  n integer not null,
  primary key (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
) without rowid;

CREATE TABLE agg_answer_state (
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

CREATE INDEX agg_state_control on agg_answer_state
  (control_point, scanned, flagged, rows, judged, extracted, unstated);

CREATE INDEX agg_state_held on agg_answer_state (holders, overlap_point, rows, reviewed, marked);

CREATE INDEX agg_state_double on agg_answer_state (overlap_point)
  where claims > 0 and doubled >= claims;

CREATE TABLE agg_answers (
  status text not null, invention integer not null, correct text not null,
  scanned integer not null, flagged integer not null, n integer not null,
  primary key (status, invention, correct, scanned, flagged)
) without rowid;

CREATE TABLE agg_answer_origins (
  answer_id text not null, origin text not null, claims integer not null,
  primary key (answer_id, origin)
) without rowid;

CREATE TABLE agg_origins (
  origin text not null, status text not null, n integer not null,
  primary key (origin, status)
) without rowid;

CREATE TABLE agg_claim_rr (
  claim_id text primary key, a text not null, b text not null,
  reviewer_a text, reviewer_b text, independent_a text, independent_b text, overlap_point real
) without rowid;

CREATE INDEX agg_claim_rr_overlap on agg_claim_rr (overlap_point, a, b);

CREATE TABLE agg_work (
  scanned integer not null, flagged integer not null, listed integer not null,
  reviewed integer not null, judged integer not null, decided integer not null,
  unstated integer not null, held integer not null, n integer not null,
  primary key (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
) without rowid;

CREATE TABLE agg_reviewer_claims (
  claim_id text not null, reviewer text not null, answer_id text not null,
  verdict text not null,
  jv text not null,       -- the claim's judge verdict, '' for none
  live integer not null,  -- the claim is live (not retired)
  primary key (claim_id, reviewer)
) without rowid;

CREATE TABLE agg_reviewer_verdicts (
  reviewer text not null, jv text not null, verdict text not null, n integer not null,
  primary key (reviewer, jv, verdict)
) without rowid;

CREATE TABLE agg_reviewer_answers (
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

CREATE TABLE agg_reviewers (
  reviewer text primary key,
  answers integer not null,           -- answers with a live label of theirs on a live claim
  done integer not null,              -- answers they labelled every live claim of
  holding integer not null,           -- answers they labelled or marked
  finished integer not null,          -- answers they finished
  finished_reviewed integer not null  -- of those, reviewed
) without rowid;

CREATE VIEW claim_origins as
select c.id as claim_id, c.answer_id, c.kind,
  case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((
    select json_group_array(origin) from (
      select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value
      order by 1)), '[]') end as origins
from claims c
where c.retired is null;

CREATE VIEW claim_cells as
select o.claim_id, o.answer_id,
  coalesce(l.label, '') as label,
  coalesce(l.label_kind, '') as label_kind,
  coalesce(o.kind, '') as kind,
  coalesce(o.origins, '') as origin,
  coalesce(l.judge_verdict, '') as judge_verdict,
  coalesce(l.adjudicated_verdict, l.reviewer_verdict, '') as reviewer_verdict,
  l.label is not null as is_labelled,
  l.label is 'stated' as is_stated,
  l.label is 'absent' as is_absent
from claim_origins o left join claim_labels l on l.claim_id = o.claim_id;

CREATE VIEW label_work as
select claim_id, answer_id,
  judge_verdict is not null as is_judged,
  reviewer_verdict is not null as is_reviewed,
  coalesce(adjudicated_verdict, reviewer_verdict) is not null as is_decided,
  coalesce(label, 'stated') != 'stated' as is_unstated
from claim_labels;

CREATE VIEW answer_correct as
select a.id as answer_id,
  case when exists (select 1 from answer_marks m where m.answer_id = a.id)
    then (select m.correct from answer_marks m where m.answer_id = a.id
          order by m.at desc, m.id desc limit 1)
    else a.correct end as correct
from answers a;

CREATE VIEW live_marks as
select m.* from answer_marks m
where m.reverts is null and not exists (select 1 from answer_marks u where u.reverts = m.id);

CREATE VIEW reviews_in_order as
select r.*, r.at || '|' || printf('%012d', r.id) as made from reviews r;

CREATE VIEW live_reviews as
select r.*, (
  select min(f.made) from reviews_in_order f
  where f.claim_id = r.claim_id and f.reviewer = r.reviewer and f.verdict is not null) as first
from reviews r
where r.verdict is not null and r.id = (
  select x.id from reviews x where x.claim_id = r.claim_id and x.reviewer = r.reviewer
  order by x.at desc, x.id desc limit 1);

CREATE VIEW reviewer_claims as
select r.claim_id, r.reviewer, c.answer_id, r.verdict,
  coalesce(l.judge_verdict, '') as jv, c.retired is null as live
from live_reviews r join claims c on c.id = r.claim_id
left join claim_labels l on l.claim_id = r.claim_id;

CREATE VIEW claim_pairs as
select p.claim_id, a.verdict as a, b.verdict as b, p.reviewer_a, p.reviewer_b,
  (select x.verdict from reviews_in_order x
   where x.claim_id = p.claim_id and x.reviewer = p.reviewer_a and x.verdict is not null
     and (x.independent or x.made < b.first)
   order by x.at desc, x.id desc limit 1) as independent_a,
  (select x.verdict from reviews_in_order x
   where x.claim_id = p.claim_id and x.reviewer = p.reviewer_b and x.verdict is not null
     and (x.independent or x.made < a.first)
   order by x.at desc, x.id desc limit 1) as independent_b,
  p.overlap_point
from (
  select c.id as claim_id, s.overlap_point,
    (select l.reviewer from live_reviews l where l.claim_id = c.id
     order by l.first limit 1 offset 0) as reviewer_a,
    (select l.reviewer from live_reviews l where l.claim_id = c.id
     order by l.first limit 1 offset 1) as reviewer_b
  from claims c join answers s on s.id = c.answer_id
  where c.retired is null and c.id in (select claim_id from reviews)
) p
join live_reviews a on a.claim_id = p.claim_id and a.reviewer = p.reviewer_a
join live_reviews b on b.claim_id = p.claim_id and b.reviewer = p.reviewer_b;

CREATE TRIGGER agg_answers_insert after insert on answers begin
  insert into agg_answer_state (answer_id, correct, scanned, control_point, overlap_point)
    values (new.id, new.correct, new.scanned_at is not null, control_point(new.id),
            new.overlap_point);
end;

CREATE TRIGGER agg_answers_update after update of correct, scanned_at on answers
when old.correct is not new.correct or (old.scanned_at is null) is not (new.scanned_at is null)
begin
  update agg_answer_state set scanned = new.scanned_at is not null,
    correct = (select correct from answer_correct where answer_id = new.id)
  where answer_id = new.id;
end;

CREATE TRIGGER agg_answers_overlap after update of overlap_point on answers
when old.overlap_point is not new.overlap_point
begin
  update agg_answer_state set overlap_point = new.overlap_point where answer_id = new.id;
  update agg_claim_rr set overlap_point = new.overlap_point
  where claim_id in (select c.id from claims c where c.answer_id = new.id);
end;

CREATE TRIGGER agg_answers_delete after delete on answers begin
  delete from agg_answer_state where answer_id = old.id;
end;

CREATE TRIGGER agg_marks_insert after insert on answer_marks begin
  update agg_answer_state set
    correct = (select correct from answer_correct where answer_id = new.answer_id),
    marked = exists (select 1 from live_marks m where m.answer_id = new.answer_id)
  where answer_id = new.answer_id;
  update agg_reviewer_answers set marks = 0 where answer_id = new.answer_id;
  insert into agg_reviewer_answers
    (answer_id, reviewer, claims, held, marks, answer_claims, reviewed)
    select m.answer_id, m.reviewer, 0, 0, count(*), s.claims, s.all_reviewed
    from live_marks m join agg_answer_state s on s.answer_id = m.answer_id
    where m.answer_id = new.answer_id group by m.reviewer
    on conflict (answer_id, reviewer) do update set marks = excluded.marks;
  delete from agg_reviewer_answers
  where answer_id = new.answer_id and held <= 0 and marks <= 0;
end;

CREATE TRIGGER agg_marks_update after update on answer_marks begin
  update agg_answer_state set
    correct = (select correct from answer_correct where answer_id = agg_answer_state.answer_id),
    marked = exists (select 1 from live_marks m where m.answer_id = agg_answer_state.answer_id)
  where answer_id in (old.answer_id, new.answer_id);
  update agg_reviewer_answers set marks = 0 where answer_id in (old.answer_id, new.answer_id);
  insert into agg_reviewer_answers
    (answer_id, reviewer, claims, held, marks, answer_claims, reviewed)
    select m.answer_id, m.reviewer, 0, 0, count(*), s.claims, s.all_reviewed
    from live_marks m join agg_answer_state s on s.answer_id = m.answer_id
    where m.answer_id in (old.answer_id, new.answer_id) group by m.answer_id, m.reviewer
    on conflict (answer_id, reviewer) do update set marks = excluded.marks;
  delete from agg_reviewer_answers
  where answer_id in (old.answer_id, new.answer_id) and held <= 0 and marks <= 0;
end;

CREATE TRIGGER agg_marks_delete after delete on answer_marks begin
  update agg_answer_state set
    correct = (select correct from answer_correct where answer_id = old.answer_id),
    marked = exists (select 1 from live_marks m where m.answer_id = old.answer_id)
  where answer_id = old.answer_id;
  update agg_reviewer_answers set marks = 0 where answer_id = old.answer_id;
  insert into agg_reviewer_answers
    (answer_id, reviewer, claims, held, marks, answer_claims, reviewed)
    select m.answer_id, m.reviewer, 0, 0, count(*), s.claims, s.all_reviewed
    from live_marks m join agg_answer_state s on s.answer_id = m.answer_id
    where m.answer_id = old.answer_id group by m.reviewer
    on conflict (answer_id, reviewer) do update set marks = excluded.marks;
  delete from agg_reviewer_answers
  where answer_id = old.answer_id and held <= 0 and marks <= 0;
end;

CREATE TRIGGER agg_flags_insert after insert on flags begin
  update agg_answer_state set flagged = 1 where answer_id = new.answer_id and flagged = 0;
end;

CREATE TRIGGER agg_flags_delete after delete on flags begin
  update agg_answer_state
  set flagged = exists (select 1 from flags f where f.answer_id = old.answer_id)
  where answer_id = old.answer_id;
end;

CREATE TRIGGER agg_extractions_insert after insert on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = new.answer_id and e.error is null)
  where answer_id = new.answer_id;
end;

CREATE TRIGGER agg_extractions_update after update on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = agg_answer_state.answer_id and e.error is null)
  where answer_id in (old.answer_id, new.answer_id);
end;

CREATE TRIGGER agg_extractions_delete after delete on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = old.answer_id and e.error is null)
  where answer_id = old.answer_id;
end;

CREATE TRIGGER agg_claims_insert after insert on claims when new.retired is null begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = new.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  insert into agg_answer_origins (answer_id, origin, claims)
    select c.answer_id, o.value, 1 from claim_origins c, json_each(c.origins) o
    where c.claim_id = new.id
    on conflict (answer_id, origin) do update set claims = claims + 1;
  update agg_answer_state set claims = claims + 1, labelled = labelled + c.is_labelled,
    stated = stated + c.is_stated, absent = absent + c.is_absent
  from claim_cells c where c.claim_id = new.id and agg_answer_state.answer_id = c.answer_id;
end;

CREATE TRIGGER agg_claims_moving before update of kind, cited_keys, uncited, dangling on claims
when (old.kind, old.cited_keys, old.uncited, old.dangling)
     is not (new.kind, new.cited_keys, new.uncited, new.dangling)
  and old.retired is null and new.retired is null
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, -1
    from claim_cells where claim_id = old.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_origins set claims = claims - 1
  where answer_id = old.answer_id and origin in (
    select o.value from claim_origins c, json_each(c.origins) o where c.claim_id = old.id);
  delete from agg_answer_origins where answer_id = old.answer_id and claims <= 0;
end;

CREATE TRIGGER agg_claims_moved after update of kind, cited_keys, uncited, dangling on claims
when (old.kind, old.cited_keys, old.uncited, old.dangling)
     is not (new.kind, new.cited_keys, new.uncited, new.dangling)
  and old.retired is null and new.retired is null
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = new.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  insert into agg_answer_origins (answer_id, origin, claims)
    select c.answer_id, o.value, 1 from claim_origins c, json_each(c.origins) o
    where c.claim_id = new.id
    on conflict (answer_id, origin) do update set claims = claims + 1;
end;

CREATE TRIGGER agg_claims_retiring before update of retired on claims
when old.retired is null and new.retired is not null
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, -1
    from claim_cells where claim_id = old.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_origins set claims = claims - 1
  where answer_id = old.answer_id and origin in (
    select o.value from claim_origins c, json_each(c.origins) o where c.claim_id = old.id);
  delete from agg_answer_origins where answer_id = old.answer_id and claims <= 0;
  update agg_answer_state set claims = claims - 1, labelled = labelled - c.is_labelled,
    stated = stated - c.is_stated, absent = absent - c.is_absent
  from claim_cells c where c.claim_id = old.id and agg_answer_state.answer_id = c.answer_id;
end;

CREATE TRIGGER agg_claims_restored after update of retired on claims
when old.retired is not null and new.retired is null
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = new.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  insert into agg_answer_origins (answer_id, origin, claims)
    select c.answer_id, o.value, 1 from claim_origins c, json_each(c.origins) o
    where c.claim_id = new.id
    on conflict (answer_id, origin) do update set claims = claims + 1;
  update agg_answer_state set claims = claims + 1, labelled = labelled + c.is_labelled,
    stated = stated + c.is_stated, absent = absent + c.is_absent
  from claim_cells c where c.claim_id = new.id and agg_answer_state.answer_id = c.answer_id;
end;

CREATE TRIGGER agg_claims_retired after update of retired on claims
when (old.retired is null) is not (new.retired is null)
begin
  delete from agg_claim_rr where claim_id = new.id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.id;
  delete from agg_reviewer_claims where claim_id = new.id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.id;
  delete from agg_reviewer_answers
  where answer_id = new.answer_id and held <= 0 and marks <= 0;
end;

CREATE TRIGGER agg_claims_deleting before delete on claims when old.retired is null begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, -1
    from claim_cells where claim_id = old.id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_origins set claims = claims - 1
  where answer_id = old.answer_id and origin in (
    select o.value from claim_origins c, json_each(c.origins) o where c.claim_id = old.id);
  delete from agg_answer_origins where answer_id = old.answer_id and claims <= 0;
  update agg_answer_state set claims = claims - 1, labelled = labelled - c.is_labelled,
    stated = stated - c.is_stated, absent = absent - c.is_absent
  from claim_cells c where c.claim_id = old.id and agg_answer_state.answer_id = c.answer_id;
end;

CREATE TRIGGER agg_claims_delete after delete on claims begin
  delete from agg_reviewer_claims where claim_id = old.id;
  delete from agg_reviewer_answers
  where answer_id = old.answer_id and held <= 0 and marks <= 0;
end;

CREATE TRIGGER agg_labels_insert after insert on claim_labels begin
  -- a claim with a label, a verdict or an adjudication leaves the cell of a claim without
  -- labels for the cell they make, and its answer counts its label
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select '', '', kind, origin, '', '', -1 from claim_cells
    where claim_id = new.claim_id and coalesce(new.label, new.label_kind, new.judge_verdict,
      new.reviewer_verdict, new.adjudicated_verdict) is not null
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = new.claim_id and coalesce(new.label, new.label_kind,
      new.judge_verdict, new.reviewer_verdict, new.adjudicated_verdict) is not null
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_state set labelled = labelled + c.is_labelled, stated = stated + c.is_stated,
    absent = absent + c.is_absent
  from claim_cells c where c.claim_id = new.claim_id and agg_answer_state.answer_id = c.answer_id
    and new.label is not null;
  -- its answer has one more claim to label, perhaps judged or reviewed
  update agg_answer_state set rows = rows + 1, judged = judged + w.is_judged,
    reviewed = reviewed + w.is_reviewed, decided = decided + w.is_decided,
    unstated = unstated + w.is_unstated
  from label_work w where w.claim_id = new.claim_id and agg_answer_state.answer_id = w.answer_id;
  -- each reviewer's label on the claim carries its judge verdict
  update agg_reviewer_claims set jv = coalesce(new.judge_verdict, '')
  where claim_id = new.claim_id;
end;

CREATE TRIGGER agg_labels_updating before update on claim_labels
when (old.answer_id, old.label, old.label_kind, old.judge_verdict, old.reviewer_verdict,
      old.adjudicated_verdict)
     is not (new.answer_id, new.label, new.label_kind, new.judge_verdict, new.reviewer_verdict,
             new.adjudicated_verdict)
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, -1
    from claim_cells where claim_id = old.claim_id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_state set labelled = labelled - c.is_labelled, stated = stated - c.is_stated,
    absent = absent - c.is_absent
  from claim_cells c where c.claim_id = old.claim_id and agg_answer_state.answer_id = c.answer_id;
  update agg_answer_state set rows = rows - 1, judged = judged - w.is_judged,
    reviewed = reviewed - w.is_reviewed, decided = decided - w.is_decided,
    unstated = unstated - w.is_unstated
  from label_work w where w.claim_id = old.claim_id and agg_answer_state.answer_id = w.answer_id;
end;

CREATE TRIGGER agg_labels_update after update on claim_labels
when (old.answer_id, old.label, old.label_kind, old.judge_verdict, old.reviewer_verdict,
      old.adjudicated_verdict)
     is not (new.answer_id, new.label, new.label_kind, new.judge_verdict, new.reviewer_verdict,
             new.adjudicated_verdict)
begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = new.claim_id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_state set labelled = labelled + c.is_labelled, stated = stated + c.is_stated,
    absent = absent + c.is_absent
  from claim_cells c where c.claim_id = new.claim_id and agg_answer_state.answer_id = c.answer_id;
  update agg_answer_state set rows = rows + 1, judged = judged + w.is_judged,
    reviewed = reviewed + w.is_reviewed, decided = decided + w.is_decided,
    unstated = unstated + w.is_unstated
  from label_work w where w.claim_id = new.claim_id and agg_answer_state.answer_id = w.answer_id;
  update agg_reviewer_claims set jv = coalesce(new.judge_verdict, '')
  where claim_id = new.claim_id and old.judge_verdict is not new.judge_verdict;
end;

CREATE TRIGGER agg_labels_deleting before delete on claim_labels begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, -1
    from claim_cells where claim_id = old.claim_id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
  update agg_answer_state set labelled = labelled - c.is_labelled, stated = stated - c.is_stated,
    absent = absent - c.is_absent
  from claim_cells c where c.claim_id = old.claim_id and agg_answer_state.answer_id = c.answer_id;
  update agg_answer_state set rows = rows - 1, judged = judged - w.is_judged,
    reviewed = reviewed - w.is_reviewed, decided = decided - w.is_decided,
    unstated = unstated - w.is_unstated
  from label_work w where w.claim_id = old.claim_id and agg_answer_state.answer_id = w.answer_id;
end;

CREATE TRIGGER agg_labels_delete after delete on claim_labels begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = old.claim_id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
end;

CREATE TRIGGER agg_reviews_insert after insert on reviews begin
  delete from agg_claim_rr where claim_id = new.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.claim_id;
  delete from agg_reviewer_claims where claim_id = new.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

CREATE TRIGGER agg_reviews_update after update on reviews begin
  delete from agg_claim_rr where claim_id = new.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.claim_id;
  delete from agg_reviewer_claims where claim_id = new.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

CREATE TRIGGER agg_reviews_delete after delete on reviews begin
  delete from agg_claim_rr where claim_id = old.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = old.claim_id;
  delete from agg_reviewer_claims where claim_id = old.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = old.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = old.claim_id);
end;

CREATE TRIGGER agg_state_insert after insert on agg_answer_state begin
  insert into agg_answers (status, invention, correct, scanned, flagged, n)
    values (new.status, new.invention, new.correctness, new.scanned, new.flagged, 1)
    on conflict (status, invention, correct, scanned, flagged) do update set n = n + 1;
  insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
    values (new.scanned, new.flagged, new.listed, new.all_reviewed, new.all_judged,
            new.all_decided, new.any_unstated, new.held, 1)
    on conflict (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
    do update set n = n + 1;
end;

CREATE TRIGGER agg_state_answers after update on agg_answer_state
when (old.status, old.invention, old.correctness, old.scanned, old.flagged)
     is not (new.status, new.invention, new.correctness, new.scanned, new.flagged)
begin
  insert into agg_answers (status, invention, correct, scanned, flagged, n)
    values (old.status, old.invention, old.correctness, old.scanned, old.flagged, -1)
    on conflict (status, invention, correct, scanned, flagged) do update set n = n - 1;
  insert into agg_answers (status, invention, correct, scanned, flagged, n)
    values (new.status, new.invention, new.correctness, new.scanned, new.flagged, 1)
    on conflict (status, invention, correct, scanned, flagged) do update set n = n + 1;
end;

CREATE TRIGGER agg_state_work after update on agg_answer_state
when (old.scanned, old.flagged, old.listed, old.all_reviewed, old.all_judged, old.all_decided,
      old.any_unstated, old.held)
     is not (new.scanned, new.flagged, new.listed, new.all_reviewed, new.all_judged,
             new.all_decided, new.any_unstated, new.held)
begin
  insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
    values (old.scanned, old.flagged, old.listed, old.all_reviewed, old.all_judged,
            old.all_decided, old.any_unstated, old.held, -1)
    on conflict (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
    do update set n = n - 1;
  insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
    values (new.scanned, new.flagged, new.listed, new.all_reviewed, new.all_judged,
            new.all_decided, new.any_unstated, new.held, 1)
    on conflict (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
    do update set n = n + 1;
end;

CREATE TRIGGER agg_state_origins after update on agg_answer_state
when old.status is not new.status
begin
  update agg_origins set n = n - 1 where status = old.status
    and origin in (select origin from agg_answer_origins where answer_id = new.answer_id);
  insert into agg_origins (origin, status, n)
    select origin, new.status, 1 from agg_answer_origins where answer_id = new.answer_id
    on conflict (origin, status) do update set n = n + 1;
end;

CREATE TRIGGER agg_state_reviewers after update on agg_answer_state
when old.claims is not new.claims or old.all_reviewed is not new.all_reviewed
begin
  update agg_reviewer_answers set answer_claims = new.claims, reviewed = new.all_reviewed
  where answer_id = new.answer_id;
end;

CREATE TRIGGER agg_state_delete after delete on agg_answer_state begin
  insert into agg_answers (status, invention, correct, scanned, flagged, n)
    values (old.status, old.invention, old.correctness, old.scanned, old.flagged, -1)
    on conflict (status, invention, correct, scanned, flagged) do update set n = n - 1;
  insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
    values (old.scanned, old.flagged, old.listed, old.all_reviewed, old.all_judged,
            old.all_decided, old.any_unstated, old.held, -1)
    on conflict (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
    do update set n = n - 1;
  update agg_origins set n = n - 1 where status = old.status
    and origin in (select origin from agg_answer_origins where answer_id = old.answer_id);
  delete from agg_answer_origins where answer_id = old.answer_id;
  delete from agg_reviewer_answers where answer_id = old.answer_id;
end;

CREATE TRIGGER agg_answer_origins_insert after insert on agg_answer_origins begin
  insert into agg_origins (origin, status, n)
    select new.origin, s.status, 1 from agg_answer_state s where s.answer_id = new.answer_id
    on conflict (origin, status) do update set n = n + 1;
end;

CREATE TRIGGER agg_answer_origins_delete after delete on agg_answer_origins begin
  update agg_origins set n = n - 1 where origin = old.origin
    and status = (select s.status from agg_answer_state s where s.answer_id = old.answer_id);
end;

CREATE TRIGGER agg_claim_rr_insert after insert on agg_claim_rr begin
  update agg_answer_state set doubled = doubled + 1
  where answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

CREATE TRIGGER agg_claim_rr_delete after delete on agg_claim_rr begin
  update agg_answer_state set doubled = doubled - 1
  where answer_id = (select c.answer_id from claims c where c.id = old.claim_id);
end;

CREATE TRIGGER agg_reviewer_claims_insert after insert on agg_reviewer_claims begin
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select new.reviewer, new.jv, new.verdict, 1 where new.live
    on conflict (reviewer, jv, verdict) do update set n = n + 1;
  insert into agg_reviewer_answers (answer_id, reviewer, claims, held, marks, answer_claims,
                                    reviewed)
    select new.answer_id, new.reviewer, new.live, 1, 0, s.claims, s.all_reviewed
    from agg_answer_state s where s.answer_id = new.answer_id
    on conflict (answer_id, reviewer) do update
      set claims = claims + excluded.claims, held = held + 1;
end;

CREATE TRIGGER agg_reviewer_claims_judged after update of jv on agg_reviewer_claims
when old.jv is not new.jv
begin
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select old.reviewer, old.jv, old.verdict, -1 where old.live
    on conflict (reviewer, jv, verdict) do update set n = n - 1;
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select new.reviewer, new.jv, new.verdict, 1 where new.live
    on conflict (reviewer, jv, verdict) do update set n = n + 1;
end;

CREATE TRIGGER agg_reviewer_claims_delete after delete on agg_reviewer_claims begin
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select old.reviewer, old.jv, old.verdict, -1 where old.live
    on conflict (reviewer, jv, verdict) do update set n = n - 1;
  update agg_reviewer_answers set claims = claims - old.live, held = held - 1
  where answer_id = old.answer_id and reviewer = old.reviewer;
end;

CREATE TRIGGER agg_reviewer_answers_insert after insert on agg_reviewer_answers begin
  insert into agg_reviewers (reviewer, answers, done, holding, finished, finished_reviewed)
    values (new.reviewer, new.claims > 0, new.done, 1, new.finished,
            new.finished and new.reviewed)
    on conflict (reviewer) do update set answers = answers + excluded.answers,
      done = done + excluded.done, holding = holding + 1,
      finished = finished + excluded.finished,
      finished_reviewed = finished_reviewed + excluded.finished_reviewed;
  update agg_answer_state set holders = holders + 1
  where answer_id = new.answer_id and new.finished;
end;

CREATE TRIGGER agg_reviewer_answers_update after update on agg_reviewer_answers
when (old.claims > 0, old.done, old.finished, old.finished and old.reviewed)
     is not (new.claims > 0, new.done, new.finished, new.finished and new.reviewed)
begin
  update agg_reviewers set
    answers = answers + (new.claims > 0) - (old.claims > 0),
    done = done + new.done - old.done,
    finished = finished + new.finished - old.finished,
    finished_reviewed = finished_reviewed + (new.finished and new.reviewed)
                                          - (old.finished and old.reviewed)
  where reviewer = new.reviewer;
  update agg_answer_state
  set holders = holders + new.finished - old.finished
  where answer_id = new.answer_id and new.finished != old.finished;
end;

CREATE TRIGGER agg_reviewer_answers_delete after delete on agg_reviewer_answers begin
  update agg_reviewers set answers = answers - (old.claims > 0),
    done = done - old.done, holding = holding - 1, finished = finished - old.finished,
    finished_reviewed = finished_reviewed - (old.finished and old.reviewed)
  where reviewer = old.reviewer;
  delete from agg_reviewers where reviewer = old.reviewer and holding <= 0;
  update agg_answer_state set holders = holders - 1
  where answer_id = old.answer_id and old.finished;
end;
