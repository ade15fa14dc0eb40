-- What a write to a claim does to the counts (counts.sql).
--
-- A live claim counts in three places: in its cell of agg_claims, under each origin it cites
-- (agg_answer_origins), and in its answer's agg_answer_state row (its claims, and what its
-- label adds). claim_cells and claim_origins (rules.sql) say where, so a claim leaves the
-- counts *before* a change, read as it was, and enters them *after*, read as it is: the
-- same rule both ways. A retired claim (dismissed, or replaced by an edit or a split)
-- counts nowhere.

-- A new claim enters the counts (without labels: its claim_labels row comes after it).
create trigger agg_claims_insert after insert on claims when new.retired is null begin
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

-- A claim's kind or what it cites changes (the judge places an imported claim): it leaves
-- its cell and origins before, and enters them after.
create trigger agg_claims_moving before update of kind, cited_keys, uncited, dangling on claims
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

create trigger agg_claims_moved after update of kind, cited_keys, uncited, dangling on claims
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

-- A claim retired (dismissed, replaced, an added claim undone) leaves every count, its
-- labels with it.
create trigger agg_claims_retiring before update of retired on claims
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

-- A retired claim brought back (its correction undone) enters them again.
create trigger agg_claims_restored after update of retired on claims
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

-- Retired or restored, its reviewers' labels count again: the claim's pair (claim_pairs
-- leaves out a retired claim) and each reviewer's label on it (reviewer_claims marks it
-- live or not).
create trigger agg_claims_retired after update of retired on claims
when (old.retired is null) is not (new.retired is null)
begin
  delete from agg_claim_rr where claim_id = new.id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.id;
  delete from agg_reviewer_claims where claim_id = new.id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.id;
  delete from agg_reviewer_answers
  where answer_id = new.answer_id and held <= 0 and marks <= 0;
end;

-- A claim deleted (groundtui delete, which deletes its labels and reviews first) leaves the
-- counts.
create trigger agg_claims_deleting before delete on claims when old.retired is null begin
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

create trigger agg_claims_delete after delete on claims begin
  delete from agg_reviewer_claims where claim_id = old.id;
  delete from agg_reviewer_answers
  where answer_id = old.answer_id and held <= 0 and marks <= 0;
end;
