-- The report's rules, each written once, as views (docs/report.md). The triggers read one
-- row of a view (`select ... from claim_cells where claim_id = new.claim_id`: a few index
-- lookups), the recount (recount.sql) reads them whole, and the report, the queue and the
-- export read them too, so a claim's origins, an answer's correctness and a reviewer's
-- standing label mean the same everywhere. The rules on one answer's counts are the
-- generated columns of agg_answer_state and agg_reviewer_answers (counts.sql).

-- Each live claim with the origins it counts under: the distinct origins of the sources it
-- cites, sorted, as a JSON array (a claim citing several sources counts under each); null
-- when it cites none or is uncited or dangling (cites a number naming no source). A
-- retired claim (dismissed, or replaced by an edit or a split) counts nowhere.
create view claim_origins as
select c.id as claim_id, c.answer_id, c.kind,
  case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((
    select json_group_array(origin) from (
      select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value
      order by 1)), '[]') end as origins
from claims c
where c.retired is null;

-- Where each live claim counts: its cell of agg_claims ('' for null), and what its label
-- adds to its answer's row in agg_answer_state. The people's verdict is the adjudication,
-- else the latest reviewer's; the judge is compared with it.
create view claim_cells as
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

-- What each claim_labels row adds to its answer's work (agg_answer_state): a row to label,
-- and whether it carries a judge verdict, a reviewer's, a person's (the adjudication or a
-- reviewer's) and a label other than stated. A retired claim's row names no answer.
create view label_work as
select claim_id, answer_id,
  judge_verdict is not null as is_judged,
  reviewer_verdict is not null as is_reviewed,
  coalesce(adjudicated_verdict, reviewer_verdict) is not null as is_decided,
  coalesce(label, 'stated') != 'stated' as is_unstated
from claim_labels;

-- An answer's correctness: its latest mark (an explicit unknown included), else as imported.
create view answer_correct as
select a.id as answer_id,
  case when exists (select 1 from answer_marks m where m.answer_id = a.id)
    then (select m.correct from answer_marks m where m.answer_id = a.id
          order by m.at desc, m.id desc limit 1)
    else a.correct end as correct
from answers a;

-- The correctness marks that count: neither an undo row nor undone by one.
create view live_marks as
select m.* from answer_marks m
where m.reverts is null and not exists (select 1 from answer_marks u where u.reverts = m.id);

-- Reviews in the order they were made: `made` is the row's time, ties broken by its id, as
-- one text that sorts as they do.
create view reviews_in_order as
select r.*, r.at || '|' || printf('%012d', r.id) as made from reviews r;

-- Each reviewer's label on each claim now: their latest row of the claim, when it is a
-- label and not a withdrawal (an undo, a label taken back); with when they first labelled
-- the claim (`made` of their first row with a verdict).
create view live_reviews as
select r.*, (
  select min(f.made) from reviews_in_order f
  where f.claim_id = r.claim_id and f.reviewer = r.reviewer and f.verdict is not null) as first
from reviews r
where r.verdict is not null and r.id = (
  select x.id from reviews x where x.claim_id = r.claim_id and x.reviewer = r.reviewer
  order by x.at desc, x.id desc limit 1);

-- Those labels with what the counts need of their claim: its answer, its judge verdict ('' for
-- none), and whether it is live.
create view reviewer_claims as
select r.claim_id, r.reviewer, c.answer_id, r.verdict,
  coalesce(l.judge_verdict, '') as jv, c.retired is null as live
from live_reviews r join claims c on c.id = r.claim_id
left join claim_labels l on l.claim_id = r.claim_id;

-- Each live claim two reviewers hold a label on, with the two whose first label came first:
-- their latest verdicts (a, b), and for each the last verdict they made before they could
-- see the other's: one made with the others' labels hidden (`independent`), or before the
-- other's first label; null when they made none. The report's reviewer-vs-reviewer
-- agreement reads these (docs/report.md "Decisions").
create view claim_pairs as
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
