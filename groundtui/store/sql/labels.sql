-- What a change of a claim's labels does to the counts (counts.sql).
--
-- claim_labels holds one row per claim: its latest judge verdict, its latest reviewer
-- verdict, its adjudication and the label they make (the adjudication, else the latest
-- reviewer's, else the judge's). The store rewrites it after every judgement, review and
-- adjudication (groundtui/store/labelling.py), so a label key pressed in the review UI comes
-- here as one update of one row. Its claim moves from one cell of agg_claims to another,
-- its answer's row in agg_answer_state counts its label and its work again, and each
-- reviewer's label on it carries its new judge verdict (agg_reviewer_claims).
--
-- As in claims.sql, the claim leaves its cell before the change and enters its cell after
-- it, both read through claim_cells (rules.sql); a retired claim is in none.

create trigger agg_labels_insert after insert on claim_labels begin
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

-- Before a change of what the label row counts by, the claim leaves its cell and its
-- answer's counts ...
create trigger agg_labels_updating before update on claim_labels
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

-- ... and after it, enters them again as it now is.
create trigger agg_labels_update after update on claim_labels
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

create trigger agg_labels_deleting before delete on claim_labels begin
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

-- After a delete the claim, if still live, counts as one without labels.
create trigger agg_labels_delete after delete on claim_labels begin
  insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)
    select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, 1
    from claim_cells where claim_id = old.claim_id
    on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
    do update set n = n + excluded.n;
end;
