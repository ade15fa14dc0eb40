"""Named, append-only schema migrations (the shape of simonw/llm's ``migrations.py``).

Never edit or reorder a migration that has shipped: add a new one at the end. A database
that has applied a migration this code does not know was made by a newer groundtui and is
refused, rather than written to with an older idea of the schema.

The migrations make the tables the product writes. The counts the triggers keep (the
``agg_*`` tables, the rules' views, the triggers) are not theirs: they are built whole from
``groundtui/store/sql/`` after the migrations run (``groundtui.store.counts``), so a
migration that changed them says what changed, and the files hold it. A change to those
files comes with a migration of its own, so that an older groundtui refuses the database
instead of building its older counts into it. The shipped steps that built the counts of
their day (``install``, ``reinstall_triggers``, ``install_work``) stay as they shipped:
those names now do only what the steps did to the product's tables (the columns and indexes
the counts read), and the counts follow, from the files.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

from groundtui.store.counts import (
    add_adjudication_columns,
    add_citation_columns,
    add_edit_columns,
    install,
    install_work,
    reinstall_triggers,
)
from groundtui.store.rows import overlap_point

Migration = Callable[[sqlite_utils.Database], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next migration, named after the function."""
    MIGRATIONS.append((fn.__name__, fn))
    return fn


@migration
def m001_initial(db: sqlite_utils.Database) -> None:
    """Sources (versioned), answers, citations, claims, judgements, reviews, flags."""
    # A source is its id *and* its text: ``key`` hashes both, so a superseded version of a
    # document is kept beside the current one and claims keep pointing at what they cited.
    db.table("sources").create(
        {
            "key": str,
            "source_id": str,
            "text_hash": str,
            "title": str,
            "origin": str,
            "text": str,
            "updated_at": str,
            "first_seen": str,
        },
        pk="key",
        not_null={"source_id", "text", "origin"},
    )
    db.table("answers").create(
        {
            "id": str,
            "question": str,
            "response": str,
            "correct": int,
            "meta": str,
            "content_hash": str,
            "imported_at": str,
            "seq": int,
            "scanned_at": str,
        },
        pk="id",
        not_null={"question", "response", "content_hash"},
    )
    db.table("answer_sources").create(
        {"answer_id": str, "position": int, "source_key": str},
        pk=("answer_id", "position"),
        foreign_keys=[("answer_id", "answers", "id"), ("source_key", "sources", "key")],
    )
    db.table("claims").create(
        {
            "id": str,
            "answer_id": str,
            "ordinal": int,
            "text": str,
            "kind": str,
            "citation": int,
            "source_key": str,
            "span_start": int,
            "span_end": int,
            "located": str,
            "uncited": int,
            "dangling": int,
            "extracted_by": str,
            "created_at": str,
        },
        pk="id",
        not_null={"answer_id", "ordinal", "text", "kind"},
        foreign_keys=[("answer_id", "answers", "id"), ("source_key", "sources", "key")],
    )
    db.table("judgements").create(
        {
            "id": int,
            "claim_id": str,
            "judge": str,
            "prompt_version": str,
            "verdict": str,
            "invention_kind": str,
            "rule_invention_kind": str,
            "evidence_start": int,
            "evidence_end": int,
            "evidence_text": str,
            "provenance_source_key": str,
            "rationale": str,
            "error": str,
            "calls": int,
            "prompt_tokens": int,
            "completion_tokens": int,
            "cost": float,
            "seconds": float,
            "at": str,
        },
        pk="id",
        not_null={"claim_id", "judge", "at"},
        foreign_keys=[("claim_id", "claims", "id")],
    )
    # Append-only: a change of mind, an undo or a retraction (verdict NULL) is a new row.
    db.table("reviews").create(
        {
            "id": int,
            "claim_id": str,
            "reviewer": str,
            "verdict": str,
            "invention_kind": str,
            "note": str,
            "blind": int,
            "at": str,
            "origin": str,
            "reverts": int,
        },
        pk="id",
        not_null={"claim_id", "reviewer", "at"},
        foreign_keys=[("claim_id", "claims", "id")],
    )
    # A reviewer's mark of an answer's correctness (1, 0, or NULL for "unknown"): append-only.
    db.table("answer_marks").create(
        {"id": int, "answer_id": str, "reviewer": str, "correct": int, "at": str, "reverts": int},
        pk="id",
        not_null={"answer_id", "reviewer", "at"},
        foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("flags").create(
        {"answer_id": str, "check_name": str, "details": str, "at": str},
        pk=("answer_id", "check_name"),
        foreign_keys=[("answer_id", "answers", "id")],
    )
    # Derived, one row per claim, kept current by the store whenever a judgement or review
    # is written: the report and the UI read labels from here instead of re-ranking every
    # judgement and review on each key press.
    db.table("claim_labels").create(
        {
            "claim_id": str,
            "answer_id": str,
            "judge": str,
            "judge_verdict": str,
            "judge_kind": str,
            "judgement_id": int,
            "reviewer": str,
            "reviewer_verdict": str,
            "reviewer_kind": str,
            "review_id": int,
            "reviewed_at": str,
            "note": str,
            "label": str,
            "label_kind": str,
        },
        pk="claim_id",
        foreign_keys=[("claim_id", "claims", "id")],
    )
    # Our own completion cache: litellm's disk cache is gone, and a re-run over judged
    # answers must make zero calls.
    db.table("completions").create(
        {
            "key": str,
            "model": str,
            "prompt_version": str,
            "response": str,
            "prompt_tokens": int,
            "completion_tokens": int,
            "cost": float,
            "at": str,
        },
        pk="key",
    )
    db.table("sources").create_index(["source_id"])
    db.table("answers").create_index(["seq"])
    db.table("answers").create_index(["scanned_at"])
    db.table("answer_sources").create_index(["source_key"])
    db.table("claims").create_index(["answer_id", "ordinal"])
    db.table("claims").create_index(["source_key"])
    db.table("judgements").create_index(["claim_id", "at"])
    db.table("judgements").create_index(["judge", "claim_id"])
    db.table("reviews").create_index(["claim_id", "at"])
    db.table("reviews").create_index(["reviewer", "at"])
    db.table("answer_marks").create_index(["answer_id", "at"])
    db.table("claim_labels").create_index(["answer_id"])
    db.table("claim_labels").create_index(["label"])


@migration
def m002_report_aggregates(db: sqlite_utils.Database) -> None:
    """Report counters kept current by triggers, so the report never scans every claim."""
    install(db)


@migration
def m003_extractions(db: sqlite_utils.Database) -> None:
    """One row per extraction a judge made of an answer: how many claims, or why it failed.

    An answer a judge extracted no claims from (small talk, an offer to help) is done for
    that judge and prompt version; one whose extraction failed (``error`` set) is tried
    again by the next run. What the extraction cost is kept here, not on its claims' rows.
    """
    db.table("extractions").create(
        {
            "id": int,
            "answer_id": str,
            "judge": str,
            "prompt_version": str,
            "claims": int,
            "error": str,
            "calls": int,
            "prompt_tokens": int,
            "completion_tokens": int,
            "cost": float,
            "seconds": float,
            "at": str,
        },
        pk="id",
        not_null={"answer_id", "judge", "prompt_version", "at"},
        foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("extractions").create_index(["answer_id", "judge", "prompt_version"])


@migration
def m004_settings(db: sqlite_utils.Database) -> None:
    """Settings shared by everyone on the database (``groundtui config``)."""
    db.table("settings").create(
        {"key": str, "value": str, "set_by": str, "set_at": str},
        pk="key",
        not_null={"value"},
    )


@migration
def m005_completion_answers(db: sqlite_utils.Database) -> None:
    """Which answers' judging made each cached completion, so ``groundtui delete`` finds them.

    A completion's key is a hash of the prompt, which holds an answer's text (its response,
    or a claim of it), so the key alone cannot say whose it is. One row per completion and
    answer it was made for; completions cached before this migration have none.
    """
    db.table("completion_answers").create(
        {"key": str, "answer_id": str},
        pk=("key", "answer_id"),
        foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("completion_answers").create_index(["answer_id"])


@migration
def m006_team(db: sqlite_utils.Database) -> None:
    """Team review: reviewers, leases on answers, adjudications, the overlap's hash point.

    - ``reviewers``: every name that ever labelled, keyed by its casefold, kept as first
      written, so "Dana" and "dana" are one person (docs/team-review.md).
    - ``leases``: who holds which answer until when (an overlap answer admits two).
    - ``adjudications``: a lead's decision on a claim reviewers disagree on; append-only like
      ``reviews``, and it outranks them in ``claim_labels``.
    - ``answers.overlap_point``: a stable number in [0, 1) from the answer's id; the answer
      is in the overlap when it is below the ``overlap`` setting.
    - ``settings.content``: the text a setting names (the guidelines file's).
    """
    db.table("reviewers").create(
        {
            "key": str,
            "name": str,
            "lead": int,
            "token_hash": str,
            "added_at": str,
            "revoked_at": str,
        },
        pk="key",
        not_null={"name", "added_at"},
    )
    # Everyone who labelled so far, each spelling folded into the first one written.
    db.execute(
        "insert or ignore into reviewers (key, name, lead, added_at)"
        " select casefold(reviewer), reviewer, 0, at from ("
        " select reviewer, at, 0 as t, id from reviews"
        " union all select reviewer, at, 1, id from answer_marks) order by at, t, id"
    )
    for table in ("reviews", "answer_marks"):
        db.execute(
            f"update {table} set reviewer = (select r.name from reviewers r"
            f" where r.key = casefold({table}.reviewer))"
            f" where reviewer is not (select r.name from reviewers r"
            f" where r.key = casefold({table}.reviewer))"
        )
    db.table("leases").create(
        {"answer_id": str, "reviewer": str, "taken_at": str, "expires_at": str},
        pk=("answer_id", "reviewer"),
        foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("leases").create_index(["reviewer"])
    db.table("leases").create_index(["expires_at"])
    db.table("adjudications").create(
        {
            "id": int,
            "claim_id": str,
            "adjudicator": str,
            "verdict": str,
            "invention_kind": str,
            "note": str,
            "at": str,
            "reverts": int,
        },
        pk="id",
        not_null={"claim_id", "adjudicator", "at"},
        foreign_keys=[("claim_id", "claims", "id")],
    )
    db.table("adjudications").create_index(["claim_id", "at"])
    add_adjudication_columns(db)  # a database made since has them from m002
    db.table("claim_labels").create_index(["adjudicated_verdict"])
    if "overlap_point" not in db.table("answers").columns_dict:  # the counts may have it
        db.table("answers").add_column("overlap_point", float)
    db.conn.executemany(
        "update answers set overlap_point = ? where id = ?",
        (
            (overlap_point(answer_id), answer_id)
            for (answer_id,) in db.execute("select id from answers").fetchall()
        ),
    )
    db.table("answers").create_index(["overlap_point"])
    db.table("settings").add_column("content", str)
    # The counts compare the judge with the adjudicated verdict where there is one.
    reinstall_triggers(db)


@migration
def m007_citations(db: sqlite_utils.Database) -> None:
    """Claims citing several sources; sources numbered as the input numbers them.

    - ``claims.citations`` and ``claims.cited_keys``: every number a claim cites and the
      source each names (``citation`` and ``source_key`` stay the first).
    - ``answer_sources.number``: the number the response cites a source by ("[4]"), its
      place from 1 unless the input gave its own.
    """
    add_citation_columns(db)  # a database made since has them from m002
    db.table("answer_sources").add_column("number", int)
    db.execute("update answer_sources set number = position")
    db.table("answer_sources").create_index(["answer_id", "number"])
    # A claim citing several origins counts under each of them.
    reinstall_triggers(db)


@migration
def m008_claim_edits(db: sqlite_utils.Database) -> None:
    """Reviewers correct the judge's claims: edit, split, add, dismiss (docs/review.md).

    - ``claim_edits``: append-only, one row per correction (``action`` edit, split, add,
      dismiss, or undo with ``reverts`` the row it undoes); ``made`` lists the ids of the
      claims it created (JSON).
    - ``claims.retired``: why a claim no longer counts: ``dismissed`` (not a claim),
      ``replaced`` (by an edit or a split) or ``undone`` (an added claim taken back); null
      for a live claim. A retired claim leaves every count of the report.
    """
    add_edit_columns(db)  # a database made since has it from m002
    db.table("claim_edits").create(
        {
            "id": int,
            "claim_id": str,
            "answer_id": str,
            "reviewer": str,
            "action": str,
            "text": str,
            "span_start": int,
            "span_end": int,
            "made": str,
            "at": str,
            "reverts": int,
        },
        pk="id",
        not_null={"answer_id", "reviewer", "action", "at"},
        foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("claim_edits").create_index(["answer_id", "at"])
    db.table("claim_edits").create_index(["claim_id"])
    db.execute(
        "create index claims_retired on claims (retired, answer_id) where retired is not null"
    )
    # A retired claim leaves the counts.
    reinstall_triggers(db)


@migration
def m009_independent_reviews(db: sqlite_utils.Database) -> None:
    """``reviews.independent``: the label was made with the other reviewers' labels hidden
    (the double-review overlap), beside ``blind`` (made with the judge's hidden)."""
    # An earlier migration's recount may have added it (``counts.add_pair_columns``).
    if "independent" not in db.table("reviews").columns_dict:
        db.table("reviews").add_column("independent", int, not_null_default=0)


@migration
def m010_lease_heartbeats(db: sqlite_utils.Database) -> None:
    """A lease follows the process that holds it: ``alive_until`` is renewed by the
    session's heartbeat and lapses soon after the process dies, ``session`` names it.
    A lease from before holds as long as it did."""
    db.table("leases").add_column("alive_until", str)
    db.table("leases").add_column("session", str)
    db.execute("update leases set alive_until = expires_at")


@migration
def m011_reviews_by_claim_and_reviewer(db: sqlite_utils.Database) -> None:
    """Reviews indexed by claim and reviewer in time order: the count triggers read each
    reviewer's latest label on a claim in one step, so many reviews of one claim stay cheap."""
    db.table("reviews").create_index(["claim_id", "reviewer", "at", "id"])
    reinstall_triggers(db)


@migration
def m012_work_counts(db: sqlite_utils.Database) -> None:
    """Who did what, kept by triggers (``groundtui.store.work``): the queue's progress, the
    team's line, the report's coverage and each reviewer's numbers read a few rows, not
    every answer, so the screen shows anyone's label within two seconds at any size."""
    install_work(db)


@migration
def m013_holding_follows_people(db: sqlite_utils.Database) -> None:
    """An answer labelled in part is its reviewer's only while their lease lives; one they
    finished stays theirs (``agg_reviewer_answers.finished``). The report's reviewer pairs
    keep their names and the labels each made before seeing the other's
    (``agg_claim_rr``), read over the overlap, so the cube of every pair goes (``agg_rr``).
    An adjudication records whether its lead was party to the dispute (``party``)."""
    db.table("adjudications").add_column("party", int, not_null_default=0)
    for table in ("agg_rr", "agg_reviewer_answers", "agg_reviewers"):  # counts: refilled
        db.execute(f"drop table if exists {table}")
    install_work(db)


@migration
def m014_answered_at(db: sqlite_utils.Database) -> None:
    """``answers.answered_at``: when the answer was given (ISO 8601, UTC), as its producer
    wrote it; null where the input did not say."""
    db.table("answers").add_column("answered_at", str)


@migration
def m015_counts_from_files(db: sqlite_utils.Database) -> None:
    """The counts in the open: their tables, the report's rules as views and the triggers
    as ``groundtui/store/sql/`` says them (an answer's status and its reviewers' ``done``
    and ``finished`` generated columns), built whole after the migrations."""
