-- What a write to an answer, its correctness marks, its flags or its extractions does to the
-- counts (counts.sql). Each answer has one agg_answer_state row, made with it and gone with
-- it; the cubes over those rows follow each change of one (cubes.sql). An answer's marks,
-- flags and extractions are written after it (their foreign keys name it).

-- A new answer: its row, with its correctness as imported, whether the check ran on it,
-- and the points that place it in the control sample and the double-review overlap.
create trigger agg_answers_insert after insert on answers begin
  insert into agg_answer_state (answer_id, correct, scanned, control_point, overlap_point)
    values (new.id, new.correct, new.scanned_at is not null, control_point(new.id),
            new.overlap_point);
end;

-- Its imported correctness or its scan changed.
create trigger agg_answers_update after update of correct, scanned_at on answers
when old.correct is not new.correct or (old.scanned_at is null) is not (new.scanned_at is null)
begin
  update agg_answer_state set scanned = new.scanned_at is not null,
    correct = (select correct from answer_correct where answer_id = new.id)
  where answer_id = new.id;
end;

-- Its place in the double-review overlap changed: the pairs of its claims are read by it too.
create trigger agg_answers_overlap after update of overlap_point on answers
when old.overlap_point is not new.overlap_point
begin
  update agg_answer_state set overlap_point = new.overlap_point where answer_id = new.id;
  update agg_claim_rr set overlap_point = new.overlap_point
  where claim_id in (select c.id from claims c where c.answer_id = new.id);
end;

create trigger agg_answers_delete after delete on answers begin
  delete from agg_answer_state where answer_id = old.id;
end;

-- A correctness mark, or its undo: the answer's correctness is its latest mark; whether a
-- live mark stands, and each reviewer's live marks on it (agg_reviewer_answers, whose rows
-- with nothing held nor marked go).
create trigger agg_marks_insert after insert on answer_marks begin
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

-- Marks are append-only; an update or a delete (groundtui delete) recounts the answers it
-- touched the same way.
create trigger agg_marks_update after update on answer_marks begin
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

create trigger agg_marks_delete after delete on answer_marks begin
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

-- The mechanical check flagged an answer, or a flag went (a scan again, a delete).
create trigger agg_flags_insert after insert on flags begin
  update agg_answer_state set flagged = 1 where answer_id = new.answer_id and flagged = 0;
end;

create trigger agg_flags_delete after delete on flags begin
  update agg_answer_state
  set flagged = exists (select 1 from flags f where f.answer_id = old.answer_id)
  where answer_id = old.answer_id;
end;

-- A judge's extraction of an answer: whether one stands without error.
create trigger agg_extractions_insert after insert on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = new.answer_id and e.error is null)
  where answer_id = new.answer_id;
end;

create trigger agg_extractions_update after update on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = agg_answer_state.answer_id and e.error is null)
  where answer_id in (old.answer_id, new.answer_id);
end;

create trigger agg_extractions_delete after delete on extractions begin
  update agg_answer_state set extracted = exists (
    select 1 from extractions e where e.answer_id = old.answer_id and e.error is null)
  where answer_id = old.answer_id;
end;
