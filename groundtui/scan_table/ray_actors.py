"""What runs inside Ray for ``--engine ray``: the checking actors, the tally, and where a row was.

Ray Data moves rows between its read, map and write stages, so an actor sees batches, not
row groups: nothing in a batch says where its rows sat in their file. ``read_parquet``
adds two columns for that, ``path`` (the file, as given) and ``row_hash`` (a uint64 Ray
computes from the file's path and the row's position in it: the splitmix64 finaliser, a
bijection, of the path's MD5 seed plus the position). ``RowPlaces`` inverts it, so a bad
row is named by file, row group and row as ``--engine local`` names it; a row whose hash
does not invert to a row of its file (a Ray that hashes otherwise) is named by its id.

``CheckingActor`` is the callable class ``map_batches`` runs on its actor pool: one
``BatchChecker`` per actor, its cache of source indexes kept for every batch the actor is
given. It drops the two columns, keeps the rows to write, and tells the ``Tally`` (one
actor, no CPU) what it checked, flagged, wrote and could not check, so the driver can show
progress and the run's counts while the rows themselves go on to ``write_parquet``.

Ray is imported only in an actor (to wait for the tally): the driver, ``ray_engine``,
makes these classes Ray's.
"""

from __future__ import annotations

import bisect
import hashlib
from typing import Any

import pyarrow as pa

from groundtui.scan_table.batch import OUT_FIELDS, BatchChecker
from groundtui.scan_table.inputs import Columns
from groundtui.scan_table.run import BAD_SHOWN, UnitResult, check_rows, flagged_in, kept

__all__ = ["ADDED", "CheckingActor", "RowPlaces", "Tally"]

ADDED = ("path", "row_hash")
"""The columns ``read_parquet`` adds (``include_paths``, ``include_row_hash``)."""

_MASK = (1 << 64) - 1
_MIX = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
_UNMIX = tuple(pow(m, -1, 1 << 64) for m in _MIX)


def _unshift(value: int, shift: int) -> int:
    """The inverse of ``value ^= value >> shift`` on 64 bits."""
    out, step = value, shift
    while step < 64:
        out ^= value >> step
        step += shift
    return out


def _unmix(row_hash: int) -> int:
    """The input of splitmix64's finaliser that gives ``row_hash``."""
    z = _unshift(row_hash, 31)
    z = (z * _UNMIX[1]) & _MASK
    z = _unshift(z, 27)
    z = (z * _UNMIX[0]) & _MASK
    return _unshift(z, 30)


class RowPlaces:
    """Where a row of the input sits: its file's number, row group and row, from Ray's hash."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        """``groups``: each file, as given to ``read_parquet``, and its row groups' sizes."""
        self.files = {path: number for number, path in enumerate(groups)}
        self.starts: dict[str, list[int]] = {}
        for path, sizes in groups.items():
            starts, first = [], 0
            for size in sizes:
                starts.append(first)
                first += size
            self.starts[path] = [*starts, first]
        self.seeds = {
            path: int.from_bytes(
                hashlib.md5(path.encode("utf-8"), usedforsecurity=False).digest()[:8], "little"
            )
            for path in groups
        }

    def row_of_file(self, path: str, row_hash: int) -> int | None:
        """The row's position in ``path`` (0-based), or None when the hash does not invert."""
        if path not in self.seeds:
            return None
        row = (_unmix(row_hash) - self.seeds[path]) & _MASK
        return row if row < self.starts[path][-1] else None

    def line(self, path: str, row_hash: int, row_id: Any, reason: str) -> tuple[tuple, str]:
        """The bad row's place, to order by, and its line, as ``--engine local`` writes it."""
        row = self.row_of_file(path, row_hash)
        if row is None:
            return (
                self.files.get(path, len(self.files)),
                1 << 64,
            ), f"{path}: the row with id {row_id!r}: {reason}"
        starts = self.starts[path]
        group = bisect.bisect_right(starts, row) - 1
        return (self.files[path], row), (
            f"{path}: row group {group}, row {row - starts[group] + 1} "
            f"(row {row + 1:,} of the file): {reason}"
        )


class Tally:
    """The run's counts and its first bad rows in input order, told by every actor."""

    def __init__(self) -> None:
        self.result = UnitResult()
        self.first_bad: list[tuple[tuple, str]] = []
        self.lines = 0
        """The bad rows and unread parts told, each a line of its own."""
        self.by_file: dict[str, int] = {}

    def add(
        self, rows: dict[str, int], flagged: int, written: int, bad: list[tuple[tuple, str]]
    ) -> None:
        """Count one batch (``rows``: its rows from each file); keep its bad rows if they
        are among the first."""
        for path, count in rows.items():
            self.by_file[path] = self.by_file.get(path, 0) + count
        self.result.rows += sum(rows.values())
        self.result.flagged += flagged
        self.result.written += written
        self.result.bad += len(bad)
        self.lines += len(bad)
        self.first_bad = sorted([*self.first_bad, *bad])[:BAD_SHOWN]

    def rows(self) -> int:
        """The rows checked so far."""
        return self.result.rows

    def total(self, unread: list[tuple[tuple, str]], rows: int) -> UnitResult:
        """The run's counts, with its first bad rows, counting as bad the ``rows`` Ray could
        not read (``unread`` says where)."""
        self.first_bad = sorted([*self.first_bad, *unread])[:BAD_SHOWN]
        self.result.rows += rows
        self.result.bad += rows
        self.lines += len(unread)
        self.result.bad_rows = [line for _, line in self.first_bad]
        self.result.more_bad = self.lines > len(self.first_bad)
        return self.result

    def files(self) -> dict[str, int]:
        """The rows checked from each file."""
        return self.by_file


class CheckingActor:
    """``map_batches``' callable class: one checker per actor, its index cache kept."""

    def __init__(
        self,
        columns: dict,
        schema: bytes,
        flagged_only: bool,
        groups: dict[str, list[int]],
        tally: Any,
    ) -> None:
        self.columns = Columns(**columns)
        read = pa.ipc.read_schema(pa.py_buffer(schema))
        self.names = read.names
        self.out_schema = pa.schema([*read, *OUT_FIELDS])
        self.flagged_only = flagged_only
        self.places = RowPlaces(groups)
        self.tally = tally
        self.checker = BatchChecker()
        import ray  # in an actor, where Ray is

        self.wait = ray.get

    def __call__(self, batch: pa.Table) -> pa.Table:
        """The rows of ``batch`` to write, checked; the batch's counts told to the tally."""
        checked, bad = check_rows(batch.select(self.names), self.columns, self.checker)
        out = kept(checked, self.flagged_only).cast(self.out_schema)
        paths, hashes, ids = (batch.column(name) for name in (*ADDED, self.columns.id))
        lines = [
            self.places.line(paths[row].as_py(), hashes[row].as_py(), ids[row].as_py(), reason)
            for row, reason in bad
        ]
        counts = paths.value_counts()
        rows = dict(
            zip(counts.field("values").to_pylist(), counts.field("counts").to_pylist(), strict=True)
        )
        # waited for: a count sent and not yet received when the pool ends would be lost
        self.wait(self.tally.add.remote(rows, flagged_in(checked), out.num_rows, lines))
        return out
