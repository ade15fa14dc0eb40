"""Scratch files: what a command writes under a temporary name before it is done.

A scratch name says who made it: ``<stem>.groundtui-<host>-<pid>-<random><suffix>``, with
``host`` a short hash of this machine's name and ``pid`` the process that made it. That
process removes its scratch on every way out but one it cannot see (SIGKILL, SIGTERM, a
power cut); ``sweep``, at the start of the next run of the command, removes what such a run
left: this machine's scratch names whose process is no longer alive. A folder shared
between machines is swept of this machine's leftovers only.

The stem is cut short when the whole would not fit the file system's limit on a name
(255 bytes), so a scratch name fits wherever the final name does.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import shutil
import socket
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["make_file", "make_folder", "scratch_name", "sweep"]

_HOST = hashlib.blake2s(socket.gethostname().encode(), digest_size=3).hexdigest()
_PATTERN = re.compile(r"\.groundtui-([0-9a-f]{6})-([0-9]{1,10})-[0-9a-f]{8}\.[a-z]+")
T = TypeVar("T")
NAME_MAX = 255
"""Bytes in a file name, where the file system does not say (Linux, macOS: 255)."""


def scratch_name(folder: str | Path, stem: str, suffix: str) -> str:
    """A new scratch name in ``folder``: ``stem`` cut to fit, then this process's mark."""
    tail = f".groundtui-{_HOST}-{os.getpid()}-{secrets.token_hex(4)}{suffix}"
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = NAME_MAX
    room = max(0, limit - len(os.fsencode(tail)))
    # Any bytes but "/" and NUL make a name, so a cut through a character is a name still.
    return os.fsdecode(os.fsencode(stem)[:room]) + tail


def make_file(folder: str | Path, stem: str, suffix: str) -> tuple[int, str]:
    """Create a new scratch file in ``folder``, readable by this user only, as
    ``tempfile.mkstemp`` does; return its descriptor and path."""
    return _create(
        folder,
        stem,
        suffix,
        lambda path: (os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600), path),
    )


def make_folder(folder: str | Path, stem: str, suffix: str, mode: int = 0o777) -> Path:
    """Create a new scratch folder in ``folder`` (``mode`` less the umask); return it."""

    def mkdir(path: str) -> Path:
        os.mkdir(path, mode)
        return Path(path)

    return _create(folder, stem, suffix, mkdir)


def _create(folder: str | Path, stem: str, suffix: str, create: Callable[[str], T]) -> T:
    """``create`` a new scratch name in ``folder``, drawing another while one is taken."""
    for _ in range(100):
        try:
            return create(os.path.join(folder, scratch_name(folder, stem, suffix)))
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free scratch name", str(folder))


def sweep(folder: str | Path) -> int:
    """Remove the scratch files and folders in ``folder`` that a process of this machine
    made and did not live to remove; return how many. Never fails: what cannot be read or
    removed stays."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        found = _PATTERN.search(entry.name)
        if found is None or found.end() != len(entry.name) or found.group(1) != _HOST:
            continue
        if _alive(int(found.group(2))):
            continue
        with contextlib.suppress(OSError):
            if entry.stat(follow_symlinks=False).st_uid != os.geteuid():
                continue  # another user's: not this tool's to remove
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed += 1
    return removed


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (one of another user's included)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:
        return True
    return True
