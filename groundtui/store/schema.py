"""The schema of an up-to-date database, as ``groundtui/store/sql/schema.sql`` holds it.

``schema.sql`` is what SQLite keeps (``sqlite_master``) for a new database the migrations
and the count files made, object by object: read by a person, by every process that opens
a database (which tables and columns it must have, and which counts), and by
``tests/test_schema.py``, which holds a new database and every older one migrated to it.
After a change of the migrations or of the count files, ``make schema`` writes it again.
"""

from __future__ import annotations

import functools
import sqlite3

from groundtui.store.counts import is_count_object, sql_file, statements

HEADER = """\
-- The schema of a new groundtui database, as SQLite keeps it (sqlite_master), object by
-- object: the tables the migrations make (groundtui/store/migrations.py), then the counts
-- (groundtui/store/sql/counts.sql and the files beside it). Written by `make schema`;
-- tests/test_schema.py holds every database to it.
"""


def dump(conn: sqlite3.Connection) -> str:
    """The schema of the database on ``conn``, in ``schema.sql``'s form."""
    rows = conn.execute(
        "select sql from sqlite_master where sql is not null and name not like 'sqlite\\_%'"
        " escape '\\' order by rowid"
    ).fetchall()
    return HEADER + "".join(f"\n{sql};\n" for (sql,) in rows)


@functools.cache
def expected() -> dict[str, str]:
    """Every object of an up-to-date database: ``{name: SQL}`` as ``sqlite_master`` has it."""
    found = {}
    for statement in statements(sql_file("schema.sql")):
        name = statement.split(None, 3)[2].strip('"[]`')
        found[name] = statement
    return found


@functools.cache
def counts() -> dict[str, str]:
    """The count tables, indexes, views and triggers of ``expected``."""
    return {name: sql for name, sql in expected().items() if is_count_object(name)}


@functools.cache
def tables() -> dict[str, set[str]]:
    """Every table of an up-to-date database but the counts', with its columns."""
    memory = sqlite3.connect(":memory:")
    try:
        for name, sql in expected().items():
            if sql.startswith("CREATE TABLE") and not is_count_object(name):
                memory.execute(sql)
        return {
            table: {row[1] for row in memory.execute(f"pragma table_info([{table}])")}
            for (table,) in memory.execute("select name from sqlite_master where type = 'table'")
        }
    finally:
        memory.close()
