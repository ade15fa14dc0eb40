-- The cubes follow the rows they count (counts.sql): each trigger here moves one kept row's
-- contribution when the row comes, changes or goes, whichever write of answers.sql,
-- claims.sql, labels.sql or reviews.sql changed it.

-- An answer's row: its cells of agg_answers and agg_work.
create trigger agg_state_insert after insert on agg_answer_state begin
  insert into agg_answers (status, invention, correct, scanned, flagged, n)
    values (new.status, new.invention, new.correctness, new.scanned, new.flagged, 1)
    on conflict (status, invention, correct, scanned, flagged) do update set n = n + 1;
  insert into agg_work (scanned, flagged, listed, reviewed, judged, decided, unstated, held, n)
    values (new.scanned, new.flagged, new.listed, new.all_reviewed, new.all_judged,
            new.all_decided, new.any_unstated, new.held, 1)
    on conflict (scanned, flagged, listed, reviewed, judged, decided, unstated, held)
    do update set n = n + 1;
end;

create trigger agg_state_answers after update on agg_answer_state
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

create trigger agg_state_work after update on agg_answer_state
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

-- An answer's status moved: it counts under each of its origins with the new status.
create trigger agg_state_origins after update on agg_answer_state
when old.status is not new.status
begin
  update agg_origins set n = n - 1 where status = old.status
    and origin in (select origin from agg_answer_origins where answer_id = new.answer_id);
  insert into agg_origins (origin, status, n)
    select origin, new.status, 1 from agg_answer_origins where answer_id = new.answer_id
    on conflict (origin, status) do update set n = n + 1;
end;

-- Its reviewers' rows read its claims and whether it is reviewed (their `done` and
-- `finished`).
create trigger agg_state_reviewers after update on agg_answer_state
when old.claims is not new.claims or old.all_reviewed is not new.all_reviewed
begin
  update agg_reviewer_answers set answer_claims = new.claims, reviewed = new.all_reviewed
  where answer_id = new.answer_id;
end;

-- An answer deleted: its cells, origins and reviewers' rows go.
create trigger agg_state_delete after delete on agg_answer_state begin
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

-- An answer under an origin (its first claim citing it came, its last went): agg_origins
-- counts it by its status.
create trigger agg_answer_origins_insert after insert on agg_answer_origins begin
  insert into agg_origins (origin, status, n)
    select new.origin, s.status, 1 from agg_answer_state s where s.answer_id = new.answer_id
    on conflict (origin, status) do update set n = n + 1;
end;

create trigger agg_answer_origins_delete after delete on agg_answer_origins begin
  update agg_origins set n = n - 1 where origin = old.origin
    and status = (select s.status from agg_answer_state s where s.answer_id = old.answer_id);
end;

-- A claim two reviewers labelled counts in its answer's `doubled`.
create trigger agg_claim_rr_insert after insert on agg_claim_rr begin
  update agg_answer_state set doubled = doubled + 1
  where answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

create trigger agg_claim_rr_delete after delete on agg_claim_rr begin
  update agg_answer_state set doubled = doubled - 1
  where answer_id = (select c.answer_id from claims c where c.id = old.claim_id);
end;

-- A reviewer's live label on a claim: in their cell of agg_reviewer_verdicts when the claim
-- is live, and in their row of the claim's answer (agg_reviewer_answers).
create trigger agg_reviewer_claims_insert after insert on agg_reviewer_claims begin
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

create trigger agg_reviewer_claims_judged after update of jv on agg_reviewer_claims
when old.jv is not new.jv
begin
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select old.reviewer, old.jv, old.verdict, -1 where old.live
    on conflict (reviewer, jv, verdict) do update set n = n - 1;
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select new.reviewer, new.jv, new.verdict, 1 where new.live
    on conflict (reviewer, jv, verdict) do update set n = n + 1;
end;

create trigger agg_reviewer_claims_delete after delete on agg_reviewer_claims begin
  insert into agg_reviewer_verdicts (reviewer, jv, verdict, n)
    select old.reviewer, old.jv, old.verdict, -1 where old.live
    on conflict (reviewer, jv, verdict) do update set n = n - 1;
  update agg_reviewer_answers set claims = claims - old.live, held = held - 1
  where answer_id = old.answer_id and reviewer = old.reviewer;
end;

-- A reviewer's row of an answer: in their line of agg_reviewers, and among the answer's
-- holders while they have finished it.
create trigger agg_reviewer_answers_insert after insert on agg_reviewer_answers begin
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

create trigger agg_reviewer_answers_update after update on agg_reviewer_answers
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

create trigger agg_reviewer_answers_delete after delete on agg_reviewer_answers begin
  update agg_reviewers set answers = answers - (old.claims > 0),
    done = done - old.done, holding = holding - 1, finished = finished - old.finished,
    finished_reviewed = finished_reviewed - (old.finished and old.reviewed)
  where reviewer = old.reviewer;
  delete from agg_reviewers where reviewer = old.reviewer and holding <= 0;
  update agg_answer_state set holders = holders - 1
  where answer_id = old.answer_id and old.finished;
end;
