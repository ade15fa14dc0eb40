"""A row group checked and written as one part of the output, and the local engine.

``check_unit`` is the local engine's work: it streams one row group of the input in
record batches through the worker's ``BatchChecker``, writes the answers' columns as read
plus ``flagged`` and ``specifics`` to its own part file, and returns counts and the bad
rows. ``run_local`` maps it over a process pool (the checker, with its cache of source
indexes, lives once per process). ``check_rows``, ``flagged_in`` and ``kept``, a batch
checked, counted and the rows of it written, are what ``groundtui.scan_table.ray_engine`` runs
in its Ray actors too.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from groundtui.scan_table.batch import OUT_FIELDS, BatchChecker, worker_checker
from groundtui.scan_table.inputs import Columns, Unit

__all__ = [
    "BATCH_ROWS",
    "UnitResult",
    "check_rows",
    "check_unit",
    "flagged_in",
    "in_order",
    "kept",
    "part_name",
    "run_local",
]

BATCH_ROWS = 2048
"""Rows read, checked and written at a time: a worker's memory, whatever the file's size."""
BAD_SHOWN = 20
"""Bad rows a unit describes; the rest are counted."""


@dataclass
class UnitResult:
    """What checking one row group (or a whole run, summed) found."""

    rows: int = 0
    flagged: int = 0
    written: int = 0
    bad: int = 0
    bad_rows: list[str] = field(default_factory=list)
    """``file: row group G, row R (row N of the file): reason`` for the first bad rows."""
    more_bad: bool = False
    """Whether bad rows were left out of ``bad_rows``."""

    def add(self, other: UnitResult) -> None:
        """Sum ``other`` into this result."""
        self.rows += other.rows
        self.flagged += other.flagged
        self.written += other.written
        self.bad += other.bad
        room = max(0, BAD_SHOWN - len(self.bad_rows))
        self.more_bad = self.more_bad or other.more_bad or len(other.bad_rows) > room
        self.bad_rows.extend(other.bad_rows[:room])


def part_name(unit: Unit) -> str:
    """The unit's part of the output: ordered as the input's files and row groups."""
    return f"part-{unit.file:05d}-{unit.row_group:05d}.parquet"


def check_unit(
    unit: Unit,
    columns: Columns,
    schema: pa.Schema,
    out_dir: str,
    flagged_only: bool,
    checker: BatchChecker | None = None,
) -> UnitResult:
    """Check one row group of ``unit.path`` and write its part of the output in ``out_dir``.

    A row group that cannot be read (a damaged page) counts its rows not yet read as bad,
    in one line; what was read before stays written.

    Raises:
        OSError: the part cannot be written (a full disk); it is left half-written, for
            the caller to remove with the run's other parts.
    """
    checker = checker or worker_checker()
    result = UnitResult()
    out_schema = pa.schema([*schema, *OUT_FIELDS])
    batches = _batches(unit, schema)
    with pq.ParquetWriter(str(Path(out_dir) / part_name(unit)), out_schema) as writer:
        while True:
            # Only reading is caught: a write that fails fails the run.
            try:
                batch = next(batches, None)
            except (pa.ArrowException, OSError) as exc:
                result.bad += unit.rows - result.rows
                reason = " ".join(str(exc).split())  # pyarrow's messages run over lines
                result.bad_rows.append(
                    f"{unit.path}: row group {unit.row_group}: cannot be read after row "
                    f"{result.rows} ({reason}); its {unit.rows - result.rows:,} other rows "
                    "not checked"
                )
                result.rows = unit.rows
                break
            if batch is None:
                break
            out = _check_batch(batch, unit, columns, checker, result, flagged_only)
            if out.num_rows:
                writer.write_table(out.cast(out_schema))
    return result


def _check_batch(
    batch: pa.RecordBatch,
    unit: Unit,
    columns: Columns,
    checker: BatchChecker,
    result: UnitResult,
    flagged_only: bool,
) -> pa.Table:
    """The rows of ``batch`` to write, checked; its counts and bad rows into ``result``."""
    out, bad = check_rows(batch, columns, checker)
    before = result.rows
    result.rows += batch.num_rows
    result.bad += len(bad)
    room = max(0, BAD_SHOWN - len(result.bad_rows))
    result.more_bad = result.more_bad or len(bad) > room
    for row, reason in bad[:room]:
        result.bad_rows.append(
            f"{unit.path}: row group {unit.row_group}, row {before + row + 1} "
            f"(row {unit.first_row + before + row + 1:,} of the file): {reason}"
        )
    result.flagged += flagged_in(out)
    out = kept(out, flagged_only)
    result.written += out.num_rows
    return out


def check_rows(
    batch: pa.RecordBatch | pa.Table,
    columns: Columns,
    checker: BatchChecker,
) -> tuple[pa.Table, list[tuple[int, str]]]:
    """The rows of ``batch`` with ``flagged`` and ``specifics`` added, and the rows not
    checked (``(row in batch, reason)``; their two columns are null)."""
    texts, ids = _sources(batch.column(columns.sources))
    added, bad = checker.check(batch.column(columns.response).to_pylist(), texts, ids)
    out = batch if isinstance(batch, pa.Table) else pa.Table.from_batches([batch])
    for f, array in zip(OUT_FIELDS, added, strict=True):
        out = out.append_column(f, array)
    return out, bad


def flagged_in(checked: pa.Table) -> int:
    """How many rows of ``checked`` are flagged (a row not checked is not)."""
    return int(pc.sum(checked.column("flagged")).as_py() or 0)


def kept(checked: pa.Table, flagged_only: bool) -> pa.Table:
    """The rows of ``checked`` to write: the flagged ones, or every row checked."""
    flagged = checked.column("flagged")
    # a null in the mask drops the row, as a False does: the rows not checked go
    return checked.filter(flagged if flagged_only else flagged.is_valid())


def _batches(unit: Unit, schema: pa.Schema) -> Iterator[pa.RecordBatch]:
    with pq.ParquetFile(unit.path) as source:
        yield from source.iter_batches(
            batch_size=BATCH_ROWS, row_groups=[unit.row_group], columns=schema.names
        )


def _sources(column: pa.Array | pa.ChunkedArray) -> tuple[list[Any], list[Any] | None]:
    """Each row's source texts, and their ids when the sources are structs with ``id``."""
    cells = column.to_pylist()
    item = column.type.value_type
    if not pa.types.is_struct(item):
        return cells, None
    texts = [_field(cell, "text") for cell in cells]
    if item.get_field_index("id") < 0:
        return texts, None
    return texts, [_field(cell, "id") for cell in cells]


def _field(cell: Any, name: str) -> Any:
    """A field of every source in a cell (None for a null source); the cell when not a list."""
    if not isinstance(cell, list):
        return cell
    return [s.get(name) if isinstance(s, dict) else None for s in cell]


def workers_default() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def in_order(results: dict[Unit, UnitResult]) -> UnitResult:
    """The units' results summed in input order, so the bad rows shown are the first."""
    total = UnitResult()
    for unit in sorted(results, key=lambda u: (u.file, u.row_group)):
        total.add(results[unit])
    return total


def run_local(
    units: list[Unit],
    columns: Columns,
    schema: pa.Schema,
    out_dir: str,
    *,
    flagged_only: bool,
    workers: int,
    done: Callable[[int], None],
) -> UnitResult:
    """Check every unit on ``workers`` processes (one: in this process), calling ``done``
    with each unit's rows as it is written."""
    results: dict[Unit, UnitResult] = {}
    if workers <= 1:
        checker = BatchChecker()
        for unit in units:
            results[unit] = check_unit(unit, columns, schema, out_dir, flagged_only, checker)
            done(unit.rows)
        return in_order(results)
    # fork where there is one: spawn re-imports the caller's __main__, which a script read
    # from stdin or a notebook does not have; the children touch nothing the parent's
    # threads (rich's refresh) may hold
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {
            pool.submit(check_unit, unit, columns, schema, out_dir, flagged_only): unit
            for unit in units
        }
        try:
            for future in as_completed(futures):
                unit = futures[future]
                results[unit] = future.result()
                done(unit.rows)
        except BaseException:
            pool.shutdown(cancel_futures=True)  # the run has failed: start no other unit
            raise
    return in_order(results)
