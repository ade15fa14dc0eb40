"""The triggers that keep the report's counts current (declarative: one statement per event).

Each trigger moves a row's contribution from its old cube cell to its new one (see
``groundtui.store.counts`` for what each table counts), through the per-answer and
per-claim state tables, so a review costs a few index lookups and the report never scans
claims. The rules they apply come from ``groundtui.store.rules``, shared with the recount.
"""

from __future__ import annotations

from groundtui.store.rules import (
    correct_of,
    effective_correct,
    first_label,
    human_verdict,
    independent_label,
    label_order,
    origin_of,
    status_of,
)
from groundtui.store.work import triggers as work_triggers


def _answer_key(a: str) -> list[str]:
    return [status_of(a), f"({a}.absent > 0)", correct_of(a), f"{a}.scanned", f"{a}.flagged"]


def _bump(
    table: str, cols: list[str], values: list[str], n: str, source: str = "", where: str = "1"
) -> str:
    """Add ``n`` to the cube cell ``values`` (over ``source`` rows), creating it when missing."""
    # The WHERE is required: without it SQLite could read ON CONFLICT as a join constraint.
    return (
        f"insert into {table} ({', '.join(cols)}, n) select {', '.join(values)}, {n}"
        f" {source} where {where}"
        f" on conflict ({', '.join(cols)}) do update set n = n + excluded.n;"
    )


CLAIM_COLS = ["label", "label_kind", "kind", "origin", "judge_verdict", "reviewer_verdict"]
ANSWER_COLS = ["status", "invention", "correct", "scanned", "flagged"]


def _claim_cell(labels: str | None, claim: str, n: str, source: str = "", where: str = "1") -> str:
    """Bump the claim cube at ``labels``' label columns (all null when ``None``)."""

    def col(name: str) -> str:
        return "''" if labels is None else f"coalesce({labels}.{name}, '')"

    values = [
        col("label"),
        col("label_kind"),
        f"coalesce({claim}.kind, '')",
        f"coalesce({origin_of(claim)}, '')",
        col("judge_verdict"),
        "''" if labels is None else f"coalesce({human_verdict(labels)}, '')",
    ]
    return _bump("agg_claims", CLAIM_COLS, values, n, source, where)


def _claim_cell_of(claim_id: str, labels: str | None, n: str) -> str:
    """As ``_claim_cell`` for the claim whose id is ``claim_id``, found in ``claims``."""
    return _claim_cell(labels, "c", n, "from claims c", f"c.id = {claim_id}")


def _origin_add(answer: str, origins: str) -> str:
    """Count ``answer`` under each of ``origins`` (a JSON array, or null) for one more claim
    (before its status moves)."""
    return f"""
      insert into agg_origins (origin, status, n)
        select o.value, {status_of("st")}, 1 from agg_answer_state st, json_each({origins}) o
        where st.answer_id = {answer} and not exists (
          select 1 from agg_answer_origins x where x.answer_id = {answer} and x.origin = o.value)
        on conflict (origin, status) do update set n = n + excluded.n;
      insert into agg_answer_origins (answer_id, origin, claims)
        select {answer}, o.value, 1 from json_each({origins}) o where true
        on conflict (answer_id, origin) do update set claims = claims + 1;"""


def _origin_remove(answer: str, origins: str) -> str:
    """Count ``answer`` under each of ``origins`` for one claim fewer."""
    return f"""
      update agg_answer_origins set claims = claims - 1
        where answer_id = {answer} and origin in (select value from json_each({origins}));
      update agg_origins set n = n - 1 where origin in (select value from json_each({origins}))
        and status = (select {status_of("st")} from agg_answer_state st
                      where st.answer_id = {answer})
        and exists (select 1 from agg_answer_origins x where x.answer_id = {answer}
                    and x.origin = agg_origins.origin and x.claims <= 0);
      delete from agg_answer_origins where answer_id = {answer}
        and origin in (select value from json_each({origins})) and claims <= 0;"""


def _label_delta(old: str | None, new: str | None, answer: str) -> str:
    """Move an answer's labelled/stated/absent counts from label ``old`` to label ``new``."""

    def is_(p: str | None, value: str | None) -> str:
        if p is None:
            return "0"
        return (
            f"({p}.label is not null)"
            if value is None
            else f"(coalesce({p}.label, '') = '{value}')"
        )

    sets = ", ".join(
        f"{col} = {col} + {is_(new, v)} - {is_(old, v)}"
        for col, v in (("labelled", None), ("stated", "stated"), ("absent", "absent"))
    )
    changed = " or ".join(f"{p}.label is not null" for p in (old, new) if p) or "0"
    if old and new:
        changed = f"{old}.label is not {new}.label"
    return f"update agg_answer_state set {sets} where answer_id = {answer} and ({changed});"


def _rr_reviewer(claim: str, k: int) -> str:
    """The ``k``-th reviewer (0-based), by first label, of those with a live label on
    ``claim``."""
    # Reviewers in the order of their first label, and each one's latest label read (one
    # step down the (claim_id, reviewer, at, id) index) only until the k-th is found: a
    # claim of 2,000 reviewers imports in a second, not in 12 minutes.
    return f"""(select f.reviewer from (
        select r.reviewer, min({label_order("r")}) as first
        from reviews r where r.claim_id = {claim} and r.verdict is not null
        group by r.reviewer order by first) f
      where {_latest(claim, "f.reviewer")} is not null limit 1 offset {k})"""


def _latest(claim: str, reviewer: str) -> str:
    """``reviewer``'s latest verdict on ``claim`` (null: withdrawn)."""
    return (
        f"(select l.verdict from reviews l where l.claim_id = {claim}"
        f" and l.reviewer = {reviewer} order by l.at desc, l.id desc limit 1)"
    )


def _live(claim: str) -> str:
    """Whether the claim whose id is ``claim`` counts: it is not retired."""
    return f"not exists (select 1 from claims x where x.id = {claim} and x.retired is not null)"


def _retire(sign: str, claim: str) -> str:
    """Move a claim row's whole contribution, labels included, out of (``sign`` -1) or back
    into (+1) the counts: a claim dismissed or replaced, or one an undo brings back."""
    label = f"(select l.label from claim_labels l where l.claim_id = {claim}.id)"
    op = "-" if sign == "-1" else "+"
    state = f"""
      update agg_answer_state set claims = claims {op} 1,
        labelled = labelled {op} ({label} is not null),
        stated = stated {op} (coalesce({label}, '') = 'stated'),
        absent = absent {op} (coalesce({label}, '') = 'absent')
        where answer_id = {claim}.answer_id;"""
    if sign == "-1":  # as a delete: the status moves first, then the origins go
        return f"""{state}
          {_origin_remove(f"{claim}.answer_id", origin_of(claim))}
          {_claim_moved("-1", claim)}
          {_rr_refresh(f"{claim}.id")}"""
    return f"""
          {_claim_moved("1", claim)}
          {_origin_add(f"{claim}.answer_id", origin_of(claim))}{state}
          {_rr_refresh(f"{claim}.id")}"""


def _rr_refresh(claim: str) -> str:
    """Pair ``claim``'s two first reviewers again: their latest labels, and the labels each
    made before they could see the other's."""
    x, y = "p.reviewer_a", "p.reviewer_b"
    return f"""
      delete from agg_claim_rr where claim_id = {claim};
      insert into agg_claim_rr (claim_id, a, b, reviewer_a, reviewer_b, independent_a,
                                independent_b, overlap_point)
        select {claim}, {_latest(claim, x)}, {_latest(claim, y)}, {x}, {y},
          {independent_label(claim, x, first_label(claim, y))},
          {independent_label(claim, y, first_label(claim, x))},
          (select a.overlap_point from claims c join answers a on a.id = c.answer_id
           where c.id = {claim})
        from (select {_rr_reviewer(claim, 0)} as reviewer_a,
                     {_rr_reviewer(claim, 1)} as reviewer_b) p
        where {y} is not null and {_live(claim)};"""


def _state_correct(answer: str) -> str:
    fallback = f"(select a.correct from answers a where a.id = {answer})"
    return (
        f"update agg_answer_state set correct = {effective_correct(answer, fallback)}"
        f" where answer_id = {answer};"
    )


_COUNTED = ("label", "label_kind", "judge_verdict", "reviewer_verdict", "adjudicated_verdict")
LABEL_COLS_CHANGED = " or ".join(f"old.{c} is not new.{c}" for c in _COUNTED)
LABELS_SET = " or ".join(f"new.{c} is not null" for c in _COUNTED)
LABELS_WERE_SET = LABELS_SET.replace("new.", "old.")
CLAIM_COLS_CHANGED = " or ".join(
    f"old.{c} is not new.{c}" for c in ("kind", "cited_keys", "uncited", "dangling")
)


def _label_of(claim: str, value: str) -> str:
    """``value``, an expression on the ``claim_labels`` row ``l``, for claim id ``claim``."""
    return f"(select {value} from claim_labels l where l.claim_id = {claim})"


def _claim_moved(sign: str, claim: str) -> str:
    """The cube cell of a claim row whose kind or source changed, with its current labels."""
    values = [f"coalesce({_label_of(claim + '.id', c)}, '')" for c in ("l.label", "l.label_kind")]
    values += [f"coalesce({claim}.kind, '')", f"coalesce({origin_of(claim)}, '')"]
    values += [
        f"coalesce({_label_of(claim + '.id', 'l.judge_verdict')}, '')",
        f"coalesce({_label_of(claim + '.id', human_verdict('l'))}, '')",
    ]
    return _bump("agg_claims", CLAIM_COLS, values, sign)


def triggers(*, work: bool = True) -> dict[str, str]:
    """``{trigger name: CREATE TRIGGER statement}`` of the aggregates; with ``work``, the
    work counts' too (``groundtui.store.work``: a database migrated past their tables)."""
    old_key, new_key = _answer_key("old"), _answer_key("new")
    key_changed = " or ".join(f"{o} is not {n}" for o, n in zip(old_key, new_key, strict=True))
    status_moved = f"{status_of('old')} is not {status_of('new')}"
    bodies = {
        "agg_answers_insert": (
            "after insert on answers",
            f"""
          insert into agg_answer_state (answer_id, correct, scanned, flagged)
            values (new.id, {effective_correct("new.id", "new.correct")},
                    new.scanned_at is not null,
                    exists (select 1 from flags f where f.answer_id = new.id))
            on conflict (answer_id) do update set correct = excluded.correct,
              scanned = excluded.scanned, flagged = excluded.flagged;""",
        ),
        "agg_answers_update": (
            "after update of correct, scanned_at on answers when old.correct is not new.correct"
            " or (old.scanned_at is null) is not (new.scanned_at is null)",
            f"""
          update agg_answer_state set scanned = new.scanned_at is not null
            where answer_id = new.id;
          {_state_correct("new.id")}""",
        ),
        "agg_answers_delete": (
            "after delete on answers",
            "delete from agg_answer_state where answer_id = old.id;",
        ),
        "agg_marks_insert": ("after insert on answer_marks", _state_correct("new.answer_id")),
        "agg_marks_update": ("after update on answer_marks", _state_correct("new.answer_id")),
        "agg_marks_delete": ("after delete on answer_marks", _state_correct("old.answer_id")),
        "agg_flags_insert": (
            "after insert on flags",
            """
          update agg_answer_state set flagged = 1
            where answer_id = new.answer_id and flagged = 0;""",
        ),
        "agg_flags_delete": (
            "after delete on flags",
            """
          update agg_answer_state set flagged = exists (
            select 1 from flags f where f.answer_id = old.answer_id)
            where answer_id = old.answer_id;""",
        ),
        "agg_state_insert": (
            "after insert on agg_answer_state",
            _bump("agg_answers", ANSWER_COLS, new_key, "1"),
        ),
        "agg_state_update": (
            f"after update on agg_answer_state when {key_changed}",
            f"""
          {_bump("agg_answers", ANSWER_COLS, old_key, "-1")}
          {_bump("agg_answers", ANSWER_COLS, new_key, "1")}
          update agg_origins set n = n - 1 where {status_moved} and status = {status_of("old")}
            and origin in (select origin from agg_answer_origins where answer_id = new.answer_id);
          insert into agg_origins (origin, status, n)
            select origin, {status_of("new")}, 1 from agg_answer_origins
            where answer_id = new.answer_id and {status_moved}
            on conflict (origin, status) do update set n = n + excluded.n;""",
        ),
        "agg_state_delete": (
            "after delete on agg_answer_state",
            f"""
          {_bump("agg_answers", ANSWER_COLS, old_key, "-1")}
          update agg_origins set n = n - 1 where status = {status_of("old")}
            and origin in (select origin from agg_answer_origins where answer_id = old.answer_id);
          delete from agg_answer_origins where answer_id = old.answer_id;""",
        ),
        "agg_claims_insert": (
            "after insert on claims when new.retired is null",
            f"""
          {_claim_cell(None, "new", "1")}
          {_origin_add("new.answer_id", origin_of("new"))}
          update agg_answer_state set claims = claims + 1 where answer_id = new.answer_id;""",
        ),
        "agg_claims_update": (
            "after update of kind, cited_keys, uncited, dangling on claims"
            f" when ({CLAIM_COLS_CHANGED}) and old.retired is null and new.retired is null",
            f"""
          {_claim_moved("-1", "old")}
          {_claim_moved("1", "new")}
          {_origin_remove("old.answer_id", origin_of("old"))}
          {_origin_add("new.answer_id", origin_of("new"))}""",
        ),
        "agg_claims_retire": (
            "after update of retired on claims"
            " when old.retired is null and new.retired is not null",
            _retire("-1", "new"),
        ),
        "agg_claims_restore": (
            "after update of retired on claims"
            " when old.retired is not null and new.retired is null",
            _retire("1", "new"),
        ),
        "agg_claims_delete": (
            "after delete on claims when old.retired is null",
            f"""
          update agg_answer_state set claims = claims - 1 where answer_id = old.answer_id;
          {_origin_remove("old.answer_id", origin_of("old"))}
          {_claim_cell(None, "old", "-1")}""",
        ),
        "agg_labels_insert": (
            f"after insert on claim_labels when ({LABELS_SET}) and {_live('new.claim_id')}",
            f"""
          {_claim_cell_of("new.claim_id", None, "-1")}
          {_claim_cell_of("new.claim_id", "new", "1")}
          {_label_delta(None, "new", "(select c.answer_id from claims c where c.id = new.claim_id)")}""",
        ),
        "agg_labels_update": (
            f"after update on claim_labels when ({LABEL_COLS_CHANGED}) and {_live('new.claim_id')}",
            f"""
          {_claim_cell_of("new.claim_id", "old", "-1")}
          {_claim_cell_of("new.claim_id", "new", "1")}
          {_label_delta("old", "new", "(select c.answer_id from claims c where c.id = new.claim_id)")}""",
        ),
        "agg_labels_delete": (
            f"after delete on claim_labels when ({LABELS_WERE_SET}) and {_live('old.claim_id')}",
            f"""
          {_claim_cell_of("old.claim_id", "old", "-1")}
          {_claim_cell_of("old.claim_id", None, "1")}
          {_label_delta("old", None, "(select c.answer_id from claims c where c.id = old.claim_id)")}""",
        ),
        "agg_reviews_insert": ("after insert on reviews", _rr_refresh("new.claim_id")),
        "agg_reviews_update": ("after update on reviews", _rr_refresh("new.claim_id")),
        "agg_reviews_delete": ("after delete on reviews", _rr_refresh("old.claim_id")),
        "agg_rr_answers_overlap": (
            "after update of overlap_point on answers"
            " when old.overlap_point is not new.overlap_point",
            "update agg_claim_rr set overlap_point = new.overlap_point"
            " where claim_id in (select c.id from claims c where c.answer_id = new.id);",
        ),
    }
    if work:
        bodies.update(work_triggers())
    return {
        name: f"create trigger {name} {when} begin {body}\nend"
        for name, (when, body) in bodies.items()
    }
