"""The counts the report, the queue and the team's numbers read, as the SQL files say them.

``groundtui/store/sql/`` holds them in the open: ``counts.sql`` the count tables,
``rules.sql`` the report's rules as views, one file of triggers per table whose writes move
the counts (``answers.sql``, ``claims.sql``, ``labels.sql``, ``reviews.sql``) and one for
the cubes that follow the kept rows (``cubes.sql``), and ``recount.sql`` the same counts
computed whole. This module runs them; it generates no SQL.

The counts hold nothing but what a recount of the base tables gives, so they are not part
of the migrations: after the migrations, and whenever a database's count tables, views and
triggers are not those of ``schema.sql`` (an older groundtui's, or changed by another
program), ``build`` drops them and builds them again from the files, with one recount.

Writers must not use ``INSERT OR REPLACE`` on ``claims`` or ``claim_labels``: SQLite skips
delete triggers on a replace, so the replaced row's contribution would stay counted
(upserts and ``UPDATE`` are fine). A ``bulk_load`` with nothing in it repairs the counts if
that ever happens.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import files

import sqlite_utils

from groundtui.store.transaction import immediate

FILES = (
    "counts.sql",
    "rules.sql",
    "answers.sql",
    "claims.sql",
    "labels.sql",
    "reviews.sql",
    "cubes.sql",
)
"""The files that make the counts, in the order they run: tables, views, triggers."""

_NAME = re.compile(r"^create\s+(table|index|view|trigger)\s+(\w+)", re.IGNORECASE)


def sql_file(name: str) -> str:
    """The text of ``groundtui/store/sql/NAME``."""
    return files("groundtui.store").joinpath("sql", name).read_text(encoding="utf-8")


def statements(text: str) -> list[str]:
    """The SQL statements of ``text``, each whole (a trigger's body with its ``;``), in order."""
    found, current = [], ""
    for line in text.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statement = _without_comments(current).rstrip()[:-1]  # its text, as SQLite keeps it
            if statement.strip():
                found.append(statement)
            current = ""
    return found


def _without_comments(text: str) -> str:
    """``text`` without its comment lines before the statement (SQLite keeps the rest)."""
    lines = text.splitlines(keepends=True)
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("--")):
        lines.pop(0)
    return "".join(lines)


@functools.cache
def creates() -> tuple[str, ...]:
    """Every ``CREATE`` statement of the counts, in the order they run."""
    return tuple(s for name in FILES for s in statements(sql_file(name)))


@functools.cache
def names() -> frozenset[str]:
    """The names of the tables, indexes, views and triggers the files create."""
    return frozenset(_NAME.match(s).group(2) for s in creates())  # type: ignore[union-attr]


def is_count_object(name: str) -> bool:
    """Whether ``name`` (in ``sqlite_master``) is one of the counts', now or once: every
    count table, index and trigger is named ``agg_*``; the views are the files'."""
    return name.startswith("agg_") or name in names()


def drop(db: sqlite_utils.Database) -> None:
    """Drop every count table, view and trigger (a table's indexes go with it)."""
    rows = db.execute("select type, name from sqlite_master where type != 'index'").fetchall()
    for kind, name in sorted(rows, key=lambda row: row[0] != "trigger"):  # triggers first
        if is_count_object(name):
            db.execute(f"drop {kind} if exists [{name}]")


def build(db: sqlite_utils.Database) -> None:
    """Build the counts from the files: drop any there are, create the tables and views,
    recount, then create the triggers. The caller holds the write lock."""
    drop(db)
    triggers = []
    for statement in creates():
        if _NAME.match(statement).group(1).lower() == "trigger":  # type: ignore[union-attr]
            triggers.append(statement)
        else:
            db.execute(statement)
    fill(db.conn)
    for statement in triggers:
        db.execute(statement)


def fill(conn: sqlite3.Connection) -> None:
    """Recount every count from the base tables (``recount.sql``); the triggers must be off."""
    for statement in statements(sql_file("recount.sql")):
        conn.execute(statement)


def current(conn: sqlite3.Connection, expected: dict[str, str]) -> bool:
    """Whether the database's count tables, indexes, views and triggers are ``expected``
    (name: SQL, as ``sqlite_master`` holds them), no more and no fewer."""
    found = {
        name: sql
        for name, sql in conn.execute("select name, sql from sqlite_master where sql is not null")
        if is_count_object(name)
    }
    return found == expected


@contextmanager
def bulk_load(db: sqlite_utils.Database) -> Iterator[None]:
    """One write transaction with the count triggers off, then one recount.

    For writing many rows at once (a large import, a benchmark's synthetic database, a
    repair): the triggers as stored in the database are put back unchanged before the
    commit.
    """
    with immediate(db.conn):
        saved = db.execute(
            "select name, sql from sqlite_master where type = 'trigger' order by name"
        ).fetchall()
        saved = [(name, sql) for name, sql in saved if is_count_object(name)]
        for name, _ in saved:
            db.execute(f"drop trigger [{name}]")
        yield
        fill(db.conn)
        for _, sql in saved:
            db.execute(sql)


def scratch_copy(conn: sqlite3.Connection, table: str, name: str) -> None:
    """A temporary table ``name`` made by the files' definition of count table ``table``,
    its generated columns with it: a recount of other inputs (the report's ``--judge``)
    reads its rules from the one definition."""
    prefix = f"create table {table} ("
    (statement,) = (s for s in creates() if s.lower().startswith(prefix))
    conn.execute(f"create temp table {name} (" + statement[len(prefix) :])


def read_counts(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    """Every kept row and cube cell, sorted, without empty cells: two equal sets compare
    equal (the tests hold the triggers to a recount with it)."""
    out = {}
    for (table,) in conn.execute(
        "select name from sqlite_master where type = 'table' and name like 'agg\\_%' escape '\\'"
        " order by name"
    ).fetchall():
        columns = [r[1] for r in conn.execute(f"pragma table_xinfo([{table}])")]
        rows = conn.execute(f"select {', '.join(columns)} from [{table}]").fetchall()
        cube = columns[-1] == "n"
        out[table] = sorted(r for r in rows if not cube or r[-1])
    return out


# -- what the shipped migrations call ------------------------------------------------------
# Migrations m002-m013 shipped calling these, and a shipped migration is never edited. When
# each shipped, these built the counts of its day; the counts are now built whole from the
# files after the migrations (``build``), so each does only what it did to the product's own
# tables: the columns and indexes the counts read, where they are missing, in the order they
# always added them (a database's tables read alike however old it is).


def add_adjudication_columns(db: sqlite_utils.Database) -> None:
    """Give ``claim_labels`` an adjudication's columns, where it lacks them."""
    labels = db.table("claim_labels")
    for column, kind in {
        "adjudicator": str,
        "adjudicated_verdict": str,
        "adjudicated_kind": str,
        "adjudication_id": int,
    }.items():
        if column not in labels.columns_dict:
            labels.add_column(column, kind)


def add_citation_columns(db: sqlite_utils.Database) -> None:
    """Give ``claims`` the lists of what a claim cites, where it lacks them (filled from the
    single citation a claim had before)."""
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
    """Give ``claims`` its ``retired`` column, where it lacks it."""
    if "retired" not in db.table("claims").columns_dict:
        db.table("claims").add_column("retired", str)


def _add_pair_columns(db: sqlite_utils.Database) -> None:
    """Give ``reviews`` its ``independent`` flag and ``answers`` its ``overlap_point``, where
    they lack them (``m006_team`` fills the point)."""
    if "independent" not in db.table("reviews").columns_dict:
        db.table("reviews").add_column("independent", int, not_null_default=0)
    if "overlap_point" not in db.table("answers").columns_dict:
        db.table("answers").add_column("overlap_point", float)


def install(db: sqlite_utils.Database) -> None:
    """Migration ``m002_report_aggregates``: the columns every count reads."""
    add_adjudication_columns(db)
    add_citation_columns(db)
    add_edit_columns(db)
    _add_pair_columns(db)


def reinstall_triggers(db: sqlite_utils.Database) -> None:
    """Migrations ``m006``-``m008``, ``m011``: the columns the counts of their day read."""
    add_citation_columns(db)
    add_edit_columns(db)
    _add_pair_columns(db)


def install_work(db: sqlite_utils.Database) -> None:
    """Migrations ``m012_work_counts``, ``m013``: the work counts' indexes on the product's
    tables, and the columns ``reinstall_triggers`` adds."""
    db.execute(
        "create index if not exists answer_marks_reverts on answer_marks (reverts)\n"
        "  where reverts is not null"
    )
    db.execute("create index if not exists leases_alive on leases (alive_until)\n")
    reinstall_triggers(db)
