"""The ``--db`` option every command takes, and opening the database it names."""

from __future__ import annotations

from collections.abc import Callable

import click

from groundtui.cli.errors import UserError
from groundtui.store import Store, StoreError, default_db_path


def db_option(fn: Callable) -> Callable:
    """``--db PATH`` on every command, defaulting to ``$GROUNDTUI_DB`` then ``groundtui.db``."""
    return click.option(
        "--db",
        "db_path",
        metavar="PATH",
        default=None,
        help="SQLite database file [default: $GROUNDTUI_DB, else ./groundtui.db].",
    )(fn)


def open_store(
    db_path: str | None,
    *,
    create: bool = False,
    reading: bool = False,
    readonly: bool = False,
    timeout: float = 5.0,
) -> Store:
    """Open the database, turning any problem into one line for the user.

    Every command checks the whole file first (``Store.check_intact``, docs/reliability.md "The
    database"): one that writes writes nothing into a damaged file, and one that reads prints
    no report or export of one.

    ``reading``: the command only reads (report, export), so a database file the user may
    not write is opened read-only instead of refused. ``readonly``: open it read-only even
    when the user may write it, so that nothing about the file changes (a dry run). ``timeout``: how long a write waits
    for another writer's lock (SQLite's busy handler retries it meanwhile).
    """
    import os

    path = db_path or default_db_path()
    readonly = readonly or (reading and os.path.exists(path) and not os.access(path, os.W_OK))
    try:
        return Store(path, create=create, readonly=readonly, check=True, timeout=timeout)
    except StoreError as exc:
        raise UserError(str(exc)) from None
