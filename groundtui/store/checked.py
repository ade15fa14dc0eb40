"""A database file a parent process has checked whole, so that its children need not.

``groundtui serve`` checks the database whole once, at its start (``Store.check_intact``:
``PRAGMA quick_check`` reads every page: 0.5 CPU s at 100,000 answers, 1.2 s on a busy
host), then starts a ``groundtui review`` process per browser session. Each would check the
same file again before its first write, ten sessions opening at once ten times over. The
server passes its children ``GROUNDTUI_CHECKED_BY_SERVE``, the identity of the file it
checked (device, inode and path), and a child skips its start check only for that very
file. It is how the server talks to its children, not a user's option (docs/browser.md): a
damaged page found later is still named by whichever read meets it, and a session checks the
file again before it frees its leases at the end.
"""

from __future__ import annotations

import os
from pathlib import Path

CHECKED_BY_SERVE = "GROUNDTUI_CHECKED_BY_SERVE"


def identity(path: str | Path) -> str:
    """The file at ``path`` as the system knows it: device, inode and resolved path."""
    resolved = Path(path).resolve()
    stat = resolved.stat()
    return f"{stat.st_dev}:{stat.st_ino}:{resolved}"


def checked_env(path: str | Path) -> dict[str, str]:
    """The environment a checking parent gives its children for ``path``."""
    return {CHECKED_BY_SERVE: identity(path)}


def checked_by_parent(path: str | Path) -> bool:
    """Whether this process's parent checked ``path`` whole and said so (``checked_env``)."""
    said = os.environ.get(CHECKED_BY_SERVE)
    if not said:
        return False
    try:
        return said == identity(path)
    except OSError:
        return False
