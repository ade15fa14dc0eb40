"""The schema of a new database in ``schema.sql``'s form: ``make schema`` writes the file
with ``python -m tests.helpers.schema``; ``tests/test_schema.py`` compares with it."""

from __future__ import annotations

import sys

from groundtui.store import Store, dump_schema


def new_schema() -> str:
    """The schema of a database the migrations and the count files just made."""
    with Store(":memory:") as fresh:
        return dump_schema(fresh.db.conn)


if __name__ == "__main__":
    sys.stdout.write(new_schema())
