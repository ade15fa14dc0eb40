-- Every count recounted from the base tables with plain GROUP BY queries over the rules
-- (rules.sql): what the triggers keep one write at a time, computed whole, for a database's
-- new counts and a bulk load (groundtui/store/counts.py runs it with the triggers off).
-- tests/test_work_counts.py and tests/test_report.py hold the kept counts to it.

delete from agg_claims;
delete from agg_answer_state;
delete from agg_answers;
delete from agg_answer_origins;
delete from agg_origins;
delete from agg_claim_rr;
delete from agg_work;
delete from agg_reviewer_claims;
delete from agg_reviewer_verdicts;
delete from agg_reviewer_answers;
delete from agg_reviewers;

insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, count(*)
from claim_cells group by 1, 2, 3, 4, 5, 6;

insert into agg_answer_origins (answer_id, origin, claims)
select c.answer_id, o.value, count(*) from claim_origins c, json_each(c.origins) o
group by 1, 2;

insert into agg_claim_rr select * from claim_pairs;

insert into agg_reviewer_claims select * from reviewer_claims;

-- Each answer's row; `holders` below, once its reviewers' rows are counted.
insert into agg_answer_state (answer_id, claims, labelled, stated, absent, correct, scanned,
  flagged, rows, judged, reviewed, decided, unstated, doubled, marked, extracted,
  control_point, overlap_point)
with labels as (
  select answer_id, count(*) as claims, sum(is_labelled) as labelled,
    sum(is_stated) as stated, sum(is_absent) as absent
  from claim_cells group by answer_id),
work as (
  select answer_id, count(*) as rows, sum(is_judged) as judged,
    sum(is_reviewed) as reviewed, sum(is_decided) as decided, sum(is_unstated) as unstated
  from label_work where answer_id is not null group by answer_id),
doubled as (
  select c.answer_id, count(*) as n from agg_claim_rr r join claims c on c.id = r.claim_id
  group by c.answer_id)
select a.id, coalesce(l.claims, 0), coalesce(l.labelled, 0), coalesce(l.stated, 0),
  coalesce(l.absent, 0), k.correct, a.scanned_at is not null,
  exists (select 1 from flags f where f.answer_id = a.id),
  coalesce(w.rows, 0), coalesce(w.judged, 0), coalesce(w.reviewed, 0),
  coalesce(w.decided, 0), coalesce(w.unstated, 0), coalesce(d.n, 0),
  exists (select 1 from live_marks m where m.answer_id = a.id),
  exists (select 1 from extractions e where e.answer_id = a.id and e.error is null),
  control_point(a.id), a.overlap_point
from answers a join answer_correct k on k.answer_id = a.id
left join labels l on l.answer_id = a.id
left join work w on w.answer_id = a.id
left join doubled d on d.answer_id = a.id;

insert into agg_reviewer_answers (answer_id, reviewer, claims, held, marks, answer_claims,
  reviewed)
select x.answer_id, x.reviewer, sum(x.claims), sum(x.held), sum(x.marks), s.claims,
  s.all_reviewed
from (
  select answer_id, reviewer, sum(live) as claims, count(*) as held, 0 as marks
  from agg_reviewer_claims group by 1, 2
  union all
  select answer_id, reviewer, 0, 0, count(*) from live_marks group by 1, 2) x
join agg_answer_state s on s.answer_id = x.answer_id
group by x.answer_id, x.reviewer;

update agg_answer_state set holders = h.n
from (select answer_id, count(*) as n from agg_reviewer_answers where finished group by 1) h
where h.answer_id = agg_answer_state.answer_id;

insert into agg_answers (status, invention, correct, scanned, flagged, n)
select status, invention, correctness, scanned, flagged, count(*)
from agg_answer_state group by 1, 2, 3, 4, 5;

insert into agg_origins (origin, status, n)
select o.origin, s.status, count(*)
from agg_answer_origins o join agg_answer_state s on s.answer_id = o.answer_id group by 1, 2;

insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
select scanned, flagged, listed, all_reviewed, all_judged, all_decided, any_unstated, held,
  count(*)
from agg_answer_state group by 1, 2, 3, 4, 5, 6, 7, 8;

insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
select reviewer, jv, verdict, count(*) from agg_reviewer_claims where live group by 1, 2, 3;

insert into agg_reviewers (reviewer, answers, done, holding, finished, finished_reviewed)
select reviewer, sum(claims > 0), sum(done), count(*), sum(finished),
  sum(finished and reviewed)
from agg_reviewer_answers group by reviewer;
