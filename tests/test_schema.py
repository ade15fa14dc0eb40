"""The schema: a new database is what ``groundtui/store/sql/schema.sql`` says, object by
object, and so is a database any older groundtui wrote once today's opens it.

As sqlite-utils' and datasette's tests hold their schema: the text SQLite keeps
(``sqlite_master``) compared whole. The older databases are dumps of what each shipped
migration step of ``main`` wrote (``tests/data/old_databases/make.py``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from groundtui.store import Store, StoreError, bulk_load, read_counts
from tests.helpers.schema import new_schema

SCHEMA = Path(__file__).resolve().parents[1] / "groundtui" / "store" / "sql" / "schema.sql"
OLD = sorted((Path(__file__).resolve().parent / "data" / "old_databases").glob("m*.sql"))


def objects(conn: sqlite3.Connection) -> dict[str, str]:
    """Every table, index, view and trigger of a database: ``{name: SQL}``."""
    return dict(
        conn.execute(
            "select name, sql from sqlite_master where sql is not null"
            " and name not like 'sqlite\\_%' escape '\\'"
        ).fetchall()
    )


def schema_objects() -> dict[str, str]:
    """``schema.sql``'s objects, read by SQLite from the file itself."""
    memory = sqlite3.connect(":memory:")
    memory.executescript(SCHEMA.read_text(encoding="utf-8"))
    return objects(memory)


def test_a_new_database_is_what_schema_sql_says() -> None:
    assert new_schema() == SCHEMA.read_text(encoding="utf-8"), (
        "groundtui/store/sql/schema.sql is not the schema of a new database: after a change"
        " of the migrations or the count files, `make schema` writes it again"
    )


def test_every_shipped_migration_step_has_an_older_database() -> None:
    from groundtui.store import MIGRATIONS

    steps = [path.stem for path in OLD]
    assert steps == [name for name, _ in MIGRATIONS][: len(steps)]
    assert steps[-1] == "m014_answered_at"


@pytest.mark.parametrize("dump", OLD, ids=[path.stem for path in OLD])
def test_an_older_database_opens_as_the_schema_says_with_its_data_and_exact_counts(
    dump: Path, tmp_path: Path
) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(dump.read_text(encoding="utf-8"))
    before = {
        table: old.execute(f"select count(*) from {table}").fetchone()[0]
        for table in ("answers", "claims", "reviews", "answer_marks", "claim_labels")
    }
    old.close()
    with Store(path) as store:
        assert objects(store.db.conn) == schema_objects()
        assert {table: store.scalar(f"select count(*) from {table}") for table in before} == before
        kept = read_counts(store.db.conn)
        with bulk_load(store.db):  # nothing written: every count recounted from scratch
            pass
        assert read_counts(store.db.conn) == kept
        assert kept["agg_claims"] and kept["agg_answer_state"]
    # Opened again, nothing is rebuilt: the counts are the files'.
    with Store(path) as store:
        assert objects(store.db.conn) == schema_objects()


def test_counts_another_program_changed_are_built_again_on_open(tmp_path: Path) -> None:
    path = tmp_path / "changed.db"
    changed = sqlite3.connect(path)
    changed.executescript(OLD[-1].read_text(encoding="utf-8"))
    changed.close()
    Store(path).close()
    with sqlite3.connect(path) as conn:
        kept = read_counts(conn)
        conn.execute("drop trigger agg_labels_update")
        conn.execute("update agg_answers set n = n + 5")
    with pytest.raises(StoreError, match="needs upgrading"):
        Store(path, readonly=True)
    with Store(path) as store:
        assert objects(store.db.conn) == schema_objects()
        assert read_counts(store.db.conn) == kept
