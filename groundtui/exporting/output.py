"""Where an export goes: a file written atomically, or stdout.

A file is written under a scratch name in the same folder (``groundtui.scratch``) and
renamed over the target only once complete and on disk: a failed export leaves no partial
file and never clobbers an earlier one, and what a killed export left is removed by the
next one into that folder.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from groundtui.scratch import make_file, sweep
from groundtui.targets import refuse_database
from groundtui.text.inert import json_inert


def export_text(output: str | Path, fill: Callable[[TextIO, bool], int]) -> int:
    """Write ``output`` (``"-"``: stdout) with ``fill(out, terminal)``, which returns a count;
    ``terminal``: ``out`` is a terminal (stdout, or a device such as ``/dev/tty``).

    Raises:
        ValueError: ``output`` is empty.
        OSError: the file cannot be written; no file is left at ``output``'s place.
        BrokenPipeError: writing to stdout, the reader went away.
    """
    if not str(output):
        raise ValueError("no output file name: give -o FILE, or -o - for stdout")
    if str(output) == "-":
        count = fill(sys.stdout, sys.stdout.isatty())
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return count
    return write_file(output, lambda out: fill(out, out.isatty()))


def json_line(value: object) -> str:
    """One JSON Lines line, control and format characters as ``\\uXXXX`` escapes: ``json.dumps``
    escapes C0 controls only, and a bidi override or a C1 CSI from the data would reach a
    terminal raw (``json_inert``)."""
    return json_inert(json.dumps(value, ensure_ascii=False)) + "\n"


def write_file(output: str | Path, fill: Callable[[Any], int], *, binary: bool = False) -> int:
    """Write the file ``output`` with ``fill`` (given the open file, it returns a count),
    under a scratch name beside it, renamed over it only once complete and on disk. The file
    keeps the mode of the one it replaces; a new one has the umask's. A FIFO or a device
    (``/dev/stdout``) is written directly: renamed over, it would be replaced by a file;
    ``binary`` output is not written to a terminal. A SQLite database, or a file of one, is
    never written (``groundtui.targets``).

    Raises:
        OSError: the file cannot be written; nothing is left at ``output``'s place.
    """
    target = Path(output)
    refuse_database(target)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file name", str(output))
    if target.exists() and not target.is_file():  # a FIFO, /dev/stdout: written, not replaced
        with (
            open(target, "wb") if binary else open(target, "w", encoding="utf-8", newline="") as out
        ):
            if binary and out.isatty():
                # Parquet holds the data's text raw: on a terminal its escapes would act.
                raise OSError(errno.EINVAL, "is a terminal; this format is binary", str(output))
            return fill(out)
    if target.is_symlink():  # the file it names is replaced; the link stays
        target = Path(os.path.realpath(target))
    sweep(target.parent)
    mode = stat.S_IMODE(target.stat().st_mode) & 0o777 if target.exists() else 0o666 & ~umask()
    handle, temporary = make_file(target.parent, f".{target.name}", ".tmp")
    try:
        os.chmod(temporary, mode)  # made 0600; a plain open() keeps an old file's mode
        # newline="" lets the csv module write its own line endings, unchanged.
        opened = (
            os.fdopen(handle, "wb")
            if binary
            else os.fdopen(handle, "w", encoding="utf-8", newline="")
        )
        with opened as out:
            count = fill(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return count


def umask() -> int:
    """This process's umask (read by setting it, so set back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
