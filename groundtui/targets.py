"""Where a command may write a file the user names: never over a SQLite database.

An export written over its own database (``export -o team.db --db team.db``) would replace
every label with a CSV file; one written over the database's write-ahead log, or a folder
made where SQLite opens it, would lose or block what the log holds. So every command that
writes a file or a folder the user names asks ``refuse_database`` first: the one rule,
here. Paths compare by what they are, not how they are spelled: a symbolic link, a hard
link or ``./team.db`` is the file it names.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

__all__ = ["SIDECARS", "database_part", "refuse_database"]

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database."""
_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
_JOURNAL_MAGIC = b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7"
SIDECARS = {
    "-wal": "write-ahead log",
    "-shm": "shared-memory index",
    "-journal": "rollback journal",
}
"""The files SQLite keeps beside a database ``X`` (``X-wal``…), and what each holds."""
_PARTS = (("", "database"), *SIDECARS.items())


def refuse_database(target: str | Path, database: str | Path | None = None) -> None:
    """Raise unless writing ``target`` leaves every SQLite database as it is.

    ``target`` is refused when it is ``database`` or one of the files SQLite keeps beside
    it, any existing SQLite database, write-ahead log or journal, or the name SQLite gives
    such a file beside an existing database (``team.db-wal``), whether or not it exists.
    ``"-"`` is stdout: refused when stdout is redirected to ``database`` or a file of it.

    Raises:
        OSError: ``errno.EEXIST``, its ``strerror`` one phrase saying which database file
            ``target`` is (``cannot write X: <strerror>``).
    """
    what = _stdout_part(database) if str(target) == "-" else database_part(Path(target), database)
    if what is not None:
        raise OSError(
            errno.EEXIST,
            f"{what}; groundtui never writes over a database: choose another name",
            str(target),
        )


def database_part(target: Path, database: str | Path | None = None) -> str | None:
    """Which part of a SQLite database ``target`` is, in a phrase ("is a SQLite
    database"), or None when it is none."""
    if database is not None:
        for suffix, name in _PARTS:
            if _same(target, Path(f"{database}{suffix}")):
                return f"is the {name}{' of ' + str(database) if suffix else ' this command reads'}"
    header = _head(target)
    if header.startswith(SQLITE_HEADER):
        return "is a SQLite database"
    if header[:4] in _WAL_MAGIC:
        return "is a SQLite write-ahead log"
    if header.startswith(_JOURNAL_MAGIC):
        return "is a SQLite rollback journal"
    for suffix, name in SIDECARS.items():
        if target.name.endswith(suffix) and len(target.name) > len(suffix):
            stem = target.with_name(target.name[: -len(suffix)])
            if _head(stem).startswith(SQLITE_HEADER):
                return f"is where SQLite keeps the {name} of the database {stem}"
    return None


def _stdout_part(database: str | Path | None) -> str | None:
    """Which file of ``database`` stdout is redirected to, or None."""
    if database is None:
        return None
    try:
        out = os.fstat(1)
    except OSError:
        return None
    for suffix, name in _PARTS:
        try:
            if os.path.samestat(out, os.stat(f"{database}{suffix}")):
                where = f" of {database}" if suffix else " this command reads"
                return f"is redirected to the {name}{where}"
        except OSError:
            continue
    return None


def _same(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file: the same inode (symbolic and hard links alike)
    when both exist, else the same path once links and ``..`` are resolved."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _head(path: Path) -> bytes:
    """The first 16 bytes of the regular file ``path`` (following links); empty for any
    other or none."""
    try:
        if not path.is_file():
            return b""
        with open(path, "rb") as f:
            return f.read(len(SQLITE_HEADER))
    except OSError:
        return b""
