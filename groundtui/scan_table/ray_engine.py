"""``--engine ray``: the check as a Ray Data pipeline, from one machine to a cluster.

``read_parquet`` over the input's files (only the columns named, plus Ray's ``path`` and
``row_hash`` to name a bad row) → ``map_batches`` with a callable class on an actor pool
(``ray_actors.CheckingActor``: one ``BatchChecker`` and its cache of source indexes per
actor) → ``write_parquet`` to the output folder. The schema was checked on the driver
before (``inputs.plan``), so a table that cannot be checked never starts Ray. The actors
tell one ``Tally`` actor what each batch held; the driver reads it twice a second for the
progress bar and at the end for the counts and the first bad rows.

``--address`` joins a running cluster (its nodes must see the input and output at the same
paths). Without it a local Ray starts with one CPU more than the actors: Ray Data's read
and write tasks need a CPU beside the pool, and a pool that takes every CPU starves them
(with Ray 2.60 on two cores, a pool of two on a Ray of two CPUs hung at "3/2 CPU").

Ray is an optional extra (``pip install 'groundtui[ray]'``), imported only here.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from groundtui.importing.formats.base import InputError
from groundtui.scan_table.batch import OUT_FIELDS
from groundtui.scan_table.inputs import Columns, Unit
from groundtui.scan_table.ray_actors import ADDED, CheckingActor, Tally
from groundtui.scan_table.run import BATCH_ROWS, UnitResult, workers_default

__all__ = ["run_ray"]

BLOCK_BYTES = 8 * 2**20
"""Ray Data's largest block, read or written: a few batches, so a row group feeds every
actor (read as one block of 128 MiB, it would go to one)."""
READ_UNITS = {"RAY_DATA_PARQUET_BIN_PACKING_BYTES": "1"}
"""One row group per read task (Ray 2.60 packs row groups, across files, into reads of
128 MiB): Ray Data skips a read that fails, and so loses only the row group it cannot read,
as ``--engine local`` does, not the files packed with it. Set here and in the workers."""
OBJECT_STORE_BYTES = 2**30
"""A local Ray's object store, where blocks wait between the read, the actors and the write.
Ray Data reads ahead while the store has room, and Ray's default store is 30% of RAM; bound,
the blocks waiting are bound too, whatever the table's size."""
POLL_SECONDS = 0.5
"""How often the driver asks the tally how many rows are done."""


def run_ray(
    units: list[Unit],
    columns: Columns,
    schema: pa.Schema,
    out_dir: str,
    *,
    flagged_only: bool,
    workers: int | None,
    address: str | None,
    done: Callable[[int], None],
) -> UnitResult:
    """Check every row of ``units``' files on ``workers`` Ray actors into ``out_dir``.

    ``workers`` None: every core here, or every CPU but one of the cluster joined.
    ``done`` is called with the rows checked since it was last called.
    """
    taken = [name for name in ADDED if name in schema.names]
    if taken:
        raise InputError(
            f"column '{taken[0]}': --engine ray adds a column of that name to "
            "name bad rows; use --engine local for this table"
        )
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        # a local Ray's workers inherit this process's environment; a cluster's are told
        # (a runtime_env costs a local Ray seconds: its workers cannot be started ahead)
        init: dict[str, Any] = (
            {"address": address, "runtime_env": {"env_vars": READ_UNITS}}
            if address
            else {
                "num_cpus": (workers or workers_default()) + 1,
                "include_dashboard": False,
                "object_store_memory": OBJECT_STORE_BYTES,
            }
        )
        try:
            ray.init(log_to_driver=False, logging_level=logging.ERROR, **init)
        except ConnectionError as exc:
            raise InputError(f"--address {address}: cannot join a Ray cluster ({exc})") from None
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 2)) - 1)
    try:
        context = ray.data.DataContext.get_current()
        context.enable_progress_bars = False
        context.print_on_execution_start = False
        context.target_max_block_size = BLOCK_BYTES
        # a read that fails is skipped, not the end of the run: its rows are counted below
        context.max_errored_blocks = -1
        tally = ray.remote(num_cpus=0)(Tally).remote()
        groups: dict[str, list[int]] = {}
        for unit in units:
            groups.setdefault(unit.path, []).append(unit.rows)
        dataset = ray.data.read_parquet(
            list(groups),
            columns=schema.names,
            include_paths=True,
            include_row_hash=True,
            partitioning=None,
            file_extensions=None,
        ).map_batches(
            CheckingActor,
            fn_constructor_kwargs={
                "columns": asdict(columns),
                "schema": schema.serialize().to_pybytes(),
                "flagged_only": flagged_only,
                "groups": groups,
                "tally": tally,
            },
            batch_size=BATCH_ROWS,
            batch_format="pyarrow",
            num_cpus=1,
            compute=ray.data.ActorPoolStrategy(size=workers),
        )
        _run(lambda: dataset.write_parquet(out_dir), lambda: ray.get(tally.rows.remote()), done)
        seen = ray.get(tally.files.remote())
        unread = [(path, sum(sizes) - seen.get(path, 0)) for path, sizes in groups.items()]
        lines = [
            ((number, -1), _unread_line(path, missing, schema.names))
            for number, (path, missing) in enumerate(unread)
            if missing
        ]
        result: UnitResult = ray.get(
            tally.total.remote(lines, sum(missing for _, missing in unread))
        )
    finally:
        if started:
            ray.shutdown()
    if not any(Path(out_dir).iterdir()):  # nothing to write: Ray writes no file
        pq.write_table(
            pa.schema([*schema, *OUT_FIELDS]).empty_table(), Path(out_dir) / "part-empty.parquet"
        )
    return result


def _ray() -> Any:
    """Ray, its logs kept to errors that end a run."""
    # Ray's own C++ logs go to stderr unless told otherwise
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
    os.environ.setdefault("RAY_DATA_LOG_LEVEL", "ERROR")
    for name, value in READ_UNITS.items():
        os.environ.setdefault(name, value)
    try:
        import ray
        import ray.data  # it sets its loggers' levels as it is imported
    except ImportError:
        raise InputError("--engine ray needs Ray: pip install 'groundtui[ray]'") from None
    # a block that cannot be read is reported by the run as rows not checked, not as
    # Ray's traceback; nor is a pool larger than a small input can keep busy worth a warning
    logging.getLogger("ray.data").setLevel(logging.CRITICAL)
    warnings.filterwarnings("ignore", category=UserWarning, module=r"ray\.data\.")
    return ray


def _unread_line(path: str, missing: int, names: list[str]) -> str:
    """The line for rows of ``path`` Ray Data could not read (a damaged file, most likely),
    naming the first row group pyarrow cannot read either."""
    said = f"{path}: {missing:,} rows not checked: Ray Data could not read them"
    group = None  # the row group being read when pyarrow failed, if it got that far
    try:
        with pq.ParquetFile(path) as source:
            for group in range(source.num_row_groups):
                for _ in source.iter_batches(row_groups=[group], columns=names):
                    pass
    except (pa.ArrowException, OSError) as exc:
        reason = " ".join(str(exc).split())  # pyarrow's messages run over lines
        where = f"row group {group}: " if group is not None else ""
        return f"{said} ({where}{reason})"
    return said


def _run(
    pipeline: Callable[[], None], rows: Callable[[], int], done: Callable[[int], None]
) -> None:
    """Run ``pipeline`` (it blocks until written), telling ``done`` of the rows as they go."""
    told = 0

    def tell() -> None:
        nonlocal told
        now = rows()
        if now > told:
            done(now - told)
            told = now

    with ThreadPoolExecutor(max_workers=1) as thread:
        running = thread.submit(pipeline)
        while True:
            try:
                running.result(timeout=POLL_SECONDS)
                break
            except TimeoutError:
                tell()
    tell()
