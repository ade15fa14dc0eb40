"""The report's counts: tables SQLite triggers keep current, so the report reads a few hundred rows.

The report (docs/report.md) is a function of three small *cubes* and the reviewer pairs, each a ``GROUP BY`` count:

- ``agg_claims``: claims by (label, label kind, claim kind, origin, judge verdict,
  reviewer verdict), read from ``claim_labels``; ``''`` stands for null;
- ``agg_answers``: answers by (status, has an absent claim, correctness, scanned, flagged),
  where status is ``none`` (no claims), ``pending`` (a claim without any label),
  ``grounded`` (every claim stated) or ``ungrounded``;
- ``agg_origins``: (origin, status) for every answer with a claim citing that origin;
- ``agg_claim_rr``: per claim labelled by two or more reviewers, the two whose first label
  came first: their names, latest labels, and the labels each made before they could see
  the other's (``groundtui.store.rules.independent_label``). Not a cube: the report counts
  its rows of the answers in the overlap, which a setting names.

The triggers (``groundtui.store.triggers``) move a row's contribution on every write;
``groundtui.store.recount`` computes the same cubes from the base tables with plain
``GROUP BY`` queries, for a bulk load, the report's ``--judge NAME`` and the tests that hold
the triggers to it. Both take their rules from ``groundtui.store.rules``.

Writers must not use ``INSERT OR REPLACE`` on ``claims`` or ``claim_labels``: SQLite skips
delete triggers on a replace, so the replaced row's contribution would stay counted
(upserts and ``UPDATE`` are fine). A ``bulk_load`` with nothing in it repairs the counts if
that ever happens.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import sqlite_utils

from groundtui.store.recount import AGG_TABLES, fill
from groundtui.store.transaction import immediate
from groundtui.store.triggers import triggers
from groundtui.store.work import add_work_tables, has_work_tables

__all__ = [
    "AGG_TABLES",
    "TABLES",
    "add_adjudication_columns",
    "add_edit_columns",
    "add_pair_columns",
    "bulk_load",
    "install",
    "install_work",
    "reinstall_triggers",
]

TABLES = """
create table agg_claims (
  label text not null, label_kind text not null, kind text not null, origin text not null,
  judge_verdict text not null, reviewer_verdict text not null, n integer not null,
  primary key (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
) without rowid;
create table agg_answer_state (
  answer_id text primary key, claims integer not null default 0,
  labelled integer not null default 0, stated integer not null default 0,
  absent integer not null default 0, correct integer,
  scanned integer not null default 0, flagged integer not null default 0
) without rowid;
create table agg_answer_origins (
  answer_id text not null, origin text not null, claims integer not null,
  primary key (answer_id, origin)
) without rowid;
create table agg_answers (
  status text not null, invention integer not null, correct text not null,
  scanned integer not null, flagged integer not null, n integer not null,
  primary key (status, invention, correct, scanned, flagged)
) without rowid;
create table agg_origins (
  origin text not null, status text not null, n integer not null,
  primary key (origin, status)
) without rowid;
create table agg_claim_rr (claim_id text primary key, a text not null, b text not null)
  without rowid;
"""

#: ``agg_claim_rr``'s columns beyond the first schema's: the two reviewers, the labels each
#: made before they could see the other's (null: none), and the answer's overlap point (the
#: overlap's pairs are read by it, through ``agg_claim_rr_overlap``).
PAIR_COLUMNS = {
    "reviewer_a": "text",
    "reviewer_b": "text",
    "independent_a": "text",
    "independent_b": "text",
    "overlap_point": "real",
}


#: ``claim_labels`` columns the counts read beyond the first schema's (an adjudication's).
ADJUDICATION_COLUMNS = {
    "adjudicator": str,
    "adjudicated_verdict": str,
    "adjudicated_kind": str,
    "adjudication_id": int,
}


def add_adjudication_columns(db: sqlite_utils.Database) -> None:
    """Give ``claim_labels`` the adjudication's columns, where it lacks them.

    The counts compare the judge with the adjudicated verdict where there is one, so the
    columns must exist before the counts are first filled: a new database gets them here,
    from ``install``; one made before adjudications from migration ``m006_team``.
    """
    labels = db.table("claim_labels")
    for column, kind in ADJUDICATION_COLUMNS.items():
        if column not in labels.columns_dict:
            labels.add_column(column, kind)


def add_citation_columns(db: sqlite_utils.Database) -> None:
    """Give ``claims`` the lists of what a claim cites, where it lacks them (filled from the
    single citation a claim had before).

    A claim counts under each origin it cites, so the columns must exist before the counts
    are first filled: a new database gets them here, from ``install``; one made before
    claims could cite several sources from migration ``m007_citations``.
    """
    claims = db.table("claims")
    if "citations" not in claims.columns_dict:
        claims.add_column("citations", str)  # JSON: the numbers cited, as the markers read
        db.execute("update claims set citations = json_array(citation) where citation is not null")
    if "cited_keys" not in claims.columns_dict:
        claims.add_column("cited_keys", str)  # JSON: the keys of the cited sources, in order
        db.execute(
            "update claims set cited_keys = json_array(source_key) where source_key is not null"
        )


def add_edit_columns(db: sqlite_utils.Database) -> None:
    """Give ``claims`` its ``retired`` column, where it lacks it.

    A retired claim (dismissed by a reviewer, or replaced by an edit or a split) leaves
    every count, so the column must exist before the counts are first filled: a new
    database gets it here, from ``install``; one made before claims could be corrected from
    migration ``m008_claim_edits``.
    """
    claims = db.table("claims")
    if "retired" not in claims.columns_dict:
        claims.add_column("retired", str)


def add_pair_columns(db: sqlite_utils.Database) -> None:
    """Give ``agg_claim_rr`` its reviewers' columns, ``reviews`` its ``independent`` flag
    and ``answers`` its ``overlap_point``, where they lack them.

    The recount of the pairs reads them all, so they must exist before the counts are
    filled: a new database gets them here, from ``install``; one made before from the first
    migration that recounts (``reinstall_triggers``), which may come before ``m006_team``
    and ``m009_independent_reviews``.
    """
    if "independent" not in db.table("reviews").columns_dict:
        db.table("reviews").add_column("independent", int, not_null_default=0)
    if "overlap_point" not in db.table("answers").columns_dict:  # m006_team fills it
        db.table("answers").add_column("overlap_point", float)
    have = {r[1] for r in db.execute("pragma table_info(agg_claim_rr)")}
    if have:
        for column, kind in PAIR_COLUMNS.items():
            if column not in have:
                db.execute(f"alter table agg_claim_rr add column {column} {kind}")
        db.execute(
            "create index if not exists agg_claim_rr_overlap on agg_claim_rr (overlap_point, a, b)"
        )


def reinstall_triggers(db: sqlite_utils.Database) -> None:
    """Replace the count triggers with this version's and recount (a migration that changes
    a rule); the caller holds the write lock."""
    # The recount reads every column the rules name, however old the database.
    add_citation_columns(db)
    add_edit_columns(db)
    add_pair_columns(db)
    _drop_triggers(db)
    fill(db.conn)
    for sql in triggers(work=has_work_tables(db.conn)).values():
        db.execute(sql)


def install_work(db: sqlite_utils.Database) -> None:
    """Add the work counts (``groundtui.store.work``) to a database that has the report's,
    fill them and every count, and put back every trigger; the caller holds the write lock."""
    add_work_tables(db.conn)
    reinstall_triggers(db)


def install(db: sqlite_utils.Database) -> None:
    """Create the count tables, fill them from the data already there, add the triggers."""
    add_adjudication_columns(db)
    add_citation_columns(db)
    add_edit_columns(db)
    for statement in TABLES.split(";"):
        if statement.strip():
            db.execute(statement)
    add_pair_columns(db)
    fill(db.conn)
    for sql in triggers(work=has_work_tables(db.conn)).values():
        db.execute(sql)


def _drop_triggers(db: sqlite_utils.Database) -> list[str]:
    rows = db.execute(
        "select name, sql from sqlite_master where type = 'trigger' and name like 'agg\\_%'"
        " escape '\\' order by name"
    ).fetchall()
    for name, _ in rows:
        db.execute(f"drop trigger {name}")
    return [sql for _, sql in rows]


@contextmanager
def bulk_load(db: sqlite_utils.Database) -> Iterator[None]:
    """One write transaction with the triggers off, then one recount of the counts.

    For writing many rows at once (a large import, a benchmark's synthetic database, a
    repair): the triggers as stored in the database are put back unchanged before the
    commit.
    """
    with immediate(db.conn):
        saved = _drop_triggers(db)
        yield
        fill(db.conn)
        for sql in saved:
            db.execute(sql)
