"""SQLite's errors as one sentence a user can act on: a lock held by another, a damaged
file and how to recover it, a file that is not a database, a file one may not write, a full disk."""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3

from groundtui.text.inert import one_line

_SQLITE_HEADER = b"SQLite format 3\x00"
_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


class StoreError(Exception):
    """A problem with the database a user can act on; its message is one sentence."""


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` (or the SQLite error behind a ``StoreError``) is a lock held by another."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, sqlite3.OperationalError):
            code = getattr(seen, "sqlite_errorcode", None)
            if code is not None:
                return code & 0xFF in _BUSY_CODES
            return "locked" in str(seen) or "busy" in str(seen)
        if isinstance(seen, StoreError) and "locked" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite reporting the file damaged (SQLITE_CORRUPT or SQLITE_NOTADB)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False  # a StoreError already says it in a sentence
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _DAMAGE_CODES  # the low byte is the primary result code
    text = str(exc)
    return "malformed" in text or "not a database" in text


def damaged(path: str, said: str) -> str:
    """The sentence for a damaged database at ``path``: what SQLite said and how to recover.

    Args:
        path: the database file, as the user named it.
        said: what SQLite reported, e.g. ``SQLite says: database disk image is malformed``.
    """
    quoted = shlex.quote(path)
    return (
        f"{path} is damaged ({one_line(said)}); recover what it holds with: "
        f'sqlite3 {quoted} ".recover" | sqlite3 recovered.db'
    )


def _is_sqlite_file(path: str) -> bool:
    """Whether ``path`` starts as every SQLite database does (so damage, not another format)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(_SQLITE_HEADER)) == _SQLITE_HEADER
    except OSError:
        return False


def describe_error(path: str, exc: sqlite3.DatabaseError) -> str:
    """One sentence for a user about what SQLite said of the database at ``path``."""
    text = str(exc)
    if is_damage(exc):
        if path == ":memory:" or _is_sqlite_file(path):
            return damaged(path, f"SQLite says: {text}")
        # A text file or any other format: nothing to recover, a wrong --db.
        return f"{path} is not a groundtui database (SQLite says: {text})"
    if "locked" in text or "busy" in text:
        return f"database {path} is locked by another program; try again when it is done"
    if "readonly" in text:
        return f"cannot write to database {path} (SQLite says: {text})"
    if "unable to open" in text:
        return f"cannot open database {path} (SQLite says: {text})"
    code = getattr(exc, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_FULL:
        return disk_full(path)
    if code is not None and code & 0xFF == sqlite3.SQLITE_IOERR and _no_room(path):
        # A write that fails for want of room outside the database's pages (its -shm index
        # grown, its -wal or journal made) is an I/O error to SQLite, not SQLITE_FULL.
        return disk_full(path)
    return f"database {path}: {text}"


_ROOM = 2**20
"""Free bytes under which a disk is full to SQLite: its index and log grow by 32 KiB and by
pages."""


def _no_room(path: str) -> bool:
    """Whether the disk holding the database at ``path``, or SQLite's temporary folder, is
    full: less than ``_ROOM`` free for this user, or no free file entry."""
    for folder in (os.path.dirname(os.path.abspath(path)), _sqlite_temp_folder()):
        try:
            disk = os.statvfs(folder)
        except OSError:
            continue
        if disk.f_bavail * disk.f_frsize < _ROOM or (disk.f_files and not disk.f_favail):
            return True
    return False


def _sqlite_temp_folder() -> str:
    """The folder SQLite writes its temporary files to. SQLite reads the environment itself
    (its unix VFS: the first writable of these), unlike ``tempfile.gettempdir()``, which
    passes over a folder it cannot write a test file to, as a full one."""
    for folder in (
        os.environ.get("SQLITE_TMPDIR"),
        os.environ.get("TMPDIR"),
        "/var/tmp",
        "/usr/tmp",
        "/tmp",
    ):
        if folder and os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK):
            return folder
    return "."


def temp_folder_full(folder: str) -> str:
    """The sentence for a full temporary folder (``TMPDIR``)."""
    return (
        f"the temporary folder {folder} is full (SQLite and imports write their scratch files"
        " there): free space in it, or set TMPDIR to a folder with room"
    )


def disk_full(path: str) -> str:
    """Which disk is full when SQLite says "database or disk is full" of ``path``: the
    database's, or the temporary folder's, where SQLite sorts and an import spools."""
    temp = _sqlite_temp_folder()
    try:
        folder = os.path.dirname(os.path.abspath(path))
        if os.stat(folder).st_dev != os.stat(temp).st_dev and (
            shutil.disk_usage(temp).free < shutil.disk_usage(folder).free
        ):
            return temp_folder_full(temp)
    except OSError:
        pass
    return f"the disk holding database {path} is full: free space there and run the command again"
