-- What a reviewer's label does to the counts (counts.sql), beyond the claim's label row
-- (labels.sql). reviews is append-only: a label, a change of mind, an undo or a label taken
-- back is a new row; an update or a delete comes only from a migration or groundtui delete.
-- Each write counts the claim's reviewers again from the rules (rules.sql):
--
-- - its pair (claim_pairs): the two reviewers whose first label came first, for the
--   report's reviewer-vs-reviewer agreement and the lead's disputes;
-- - each reviewer's label on it (reviewer_claims), which agg_reviewer_verdicts and
--   agg_reviewer_answers count (cubes.sql); a reviewer's row of an answer they no longer
--   hold nor marked goes.

create trigger agg_reviews_insert after insert on reviews begin
  delete from agg_claim_rr where claim_id = new.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.claim_id;
  delete from agg_reviewer_claims where claim_id = new.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

create trigger agg_reviews_update after update on reviews begin
  delete from agg_claim_rr where claim_id = new.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = new.claim_id;
  delete from agg_reviewer_claims where claim_id = new.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = new.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = new.claim_id);
end;

create trigger agg_reviews_delete after delete on reviews begin
  delete from agg_claim_rr where claim_id = old.claim_id;
  insert into agg_claim_rr select * from claim_pairs where claim_id = old.claim_id;
  delete from agg_reviewer_claims where claim_id = old.claim_id;
  insert into agg_reviewer_claims select * from reviewer_claims where claim_id = old.claim_id;
  delete from agg_reviewer_answers where held <= 0 and marks <= 0
    and answer_id = (select c.answer_id from claims c where c.id = old.claim_id);
end;
