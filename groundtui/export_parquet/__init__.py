"""``groundtui export --format parquet|hf``: the claim rows for training (README "Export").

``parquet`` writes one file, ``hf`` a folder that Hugging Face ``datasets`` loads: the rows of
each ``split`` in ``data/<split>.parquet`` and a dataset card, ``README.md``, naming the
columns. The rows are ``groundtui.export.rows``, the same as the JSON Lines export, streamed
from one cursor and written a batch at a time (``writer``), so memory stays flat. As with
``-o FILE`` for JSON Lines, the output is written under a temporary name beside the target and
renamed into place only once complete: a failed export leaves nothing, and an earlier export
stays as it was.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Callable
from contextlib import ExitStack, closing
from pathlib import Path
from typing import BinaryIO

from groundtui.export import rows, umask
from groundtui.export import write_file as export_file
from groundtui.export_parquet.card import SPLITS, card
from groundtui.export_parquet.writer import BatchWriter, write
from groundtui.store import Store


def export_parquet(
    store: Store, output: str | Path, *, reviewed_only: bool = False, judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None), all_claims: bool = False,
) -> int:
    """Write the claim rows to the Parquet file ``output``; return how many (``write_file``)."""
    with closing(rows(store, reviewed_only=reviewed_only, judge=judge, cell=cell,
                     all_claims=all_claims)) as source:
        return write_file(output, lambda out: write(source, out))


def write_file(output: str | Path, fill: Callable[[BinaryIO], int]) -> int:
    """Write the Parquet file ``output`` with ``fill`` (which returns a count), atomically.

    Raises:
        ValueError: no file name (empty, or ``-``: Parquet is not written to stdout).
        OSError: the file cannot be written; nothing is left at ``output``'s place.
    """
    return export_file(_target(output, "FILE.parquet"), fill, binary=True)


def export_hf(
    store: Store, output: str | Path, *, reviewed_only: bool = False, judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None), all_claims: bool = False,
) -> dict[str, int]:
    """Write the Hugging Face folder ``output``; return the rows per split.

    ``output`` may be new, an empty folder, or an earlier ``hf`` export (replaced whole);
    any other folder is refused, so an export never deletes files it did not write.

    Raises:
        ValueError: no folder name.
        OSError: the folder cannot be written, or is taken; nothing is left half-written.
    """
    target = _target(output, "FOLDER")
    _check_folder(target, str(output))
    temporary = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        os.chmod(temporary, 0o777 & ~umask())  # mkdtemp makes it 0700; match a plain mkdir
        (temporary / "data").mkdir()
        with ExitStack() as stack:
            files = {
                split: stack.enter_context(open(temporary / "data" / f"{split}.parquet", "wb"))
                for split in SPLITS
            }
            writers = {
                split: stack.enter_context(BatchWriter(files[split])) for split in SPLITS
            }
            with closing(
                rows(store, reviewed_only=reviewed_only, judge=judge, cell=cell,
                     all_claims=all_claims)
            ) as source:
                for row in source:
                    writers[row["split"]].add(row)
            for split in SPLITS:
                writers[split].close()
                files[split].flush()
                os.fsync(files[split].fileno())
        counts = {split: writers[split].rows for split in SPLITS}
        (temporary / "README.md").write_text(card(counts), encoding="utf-8")
        _swap_in(temporary, target)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return counts


def _target(output: str | Path, what: str) -> Path:
    if not str(output) or str(output) == "-":
        raise ValueError(f"no output name: give -o {what}")
    return Path(output)


def _check_folder(target: Path, name: str) -> None:
    """Refuse a target that is a file, or a folder holding anything but an earlier export."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise NotADirectoryError(errno.ENOTDIR, "is a file, not a folder name", name)
    if target.is_dir() and not _is_export(target):
        raise FileExistsError(
            errno.EEXIST, "is a folder that is neither empty nor an earlier hf export", name
        )


def _is_export(folder: Path) -> bool:
    """Empty, or exactly what ``export_hf`` writes: README.md and data/ of split files."""
    entries = {p.name for p in folder.iterdir()}
    if not entries:
        return True
    data = folder / "data"
    return (
        entries == {"README.md", "data"}
        and data.is_dir()
        and not data.is_symlink()
        and {p.name for p in data.iterdir()} <= {f"{split}.parquet" for split in SPLITS}
    )


def _swap_in(temporary: Path, target: Path) -> None:
    """Put the finished folder at ``target``, replacing an earlier export whole."""
    if not target.exists():
        os.replace(temporary, target)
        return
    if not any(target.iterdir()):
        os.replace(temporary, target)  # rename(2) replaces an empty folder
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    os.replace(target, old / target.name)
    os.replace(temporary, target)
    shutil.rmtree(old, ignore_errors=True)


def export_answers(store: Store, output: str | Path) -> int:
    """``export --format answers -o FILE.parquet``: the answer records, one row each."""
    from groundtui.export_parquet.answers import write_answers

    return write_file(output, lambda out: write_answers(store, out))
