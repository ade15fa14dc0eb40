"""``--engine ray``: the same row groups checked by a pool of Ray actors.

Ray Data maps a callable class over the row groups (``map_batches`` with an actor pool),
so each actor builds one ``BatchChecker`` and keeps its cache of source indexes for every
row group it is given; each actor reads its row group and writes its part of the output,
and only the counts come back. ``--address`` joins a running cluster (whose workers must
see the input and output paths: a shared or mounted file system); without it a local
Ray starts with one CPU more than the actors, because Ray Data runs small tasks of its own
beside them and a pool that takes every CPU starves them (the run then hangs).

Ray is an optional extra (``pip install 'groundtui[ray]'``), imported only here.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]

from groundtui.formats.base import InputError
from groundtui.table.batch import BatchChecker
from groundtui.table.inputs import Columns, Unit
from groundtui.table.run import UnitResult, check_unit, in_order, workers_default

__all__ = ["run_ray"]


class _RowGroupChecker:
    """A Ray actor's work: check the row groups it is handed, with one checker for all."""

    def __init__(self, columns: dict, schema: bytes, out_dir: str, flagged_only: bool) -> None:
        self.columns = Columns(**columns)
        self.schema = pa.ipc.read_schema(pa.py_buffer(schema))
        self.out_dir, self.flagged_only = out_dir, flagged_only
        self.checker = BatchChecker()

    def __call__(self, batch: pa.Table) -> pa.Table:
        results = []
        for unit in batch.to_pylist():
            result = check_unit(
                Unit(**unit), self.columns, self.schema, self.out_dir, self.flagged_only,
                self.checker)
            results.append({**unit, "result": json.dumps(asdict(result))})
        return pa.Table.from_pylist(results)


def run_ray(
    units: list[Unit], columns: Columns, schema: pa.Schema, out_dir: str, *,
    flagged_only: bool, workers: int | None, address: str | None,
    done: Callable[[Unit, UnitResult], None],
) -> UnitResult:
    """Check every unit on ``workers`` Ray actors, calling ``done`` as each finishes.

    ``workers`` None: every core here, or every CPU but one of the cluster joined.
    """
    # Ray's own C++ logs go to stderr unless told otherwise: keep them to errors that end a run
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
    os.environ.setdefault("RAY_DATA_LOG_LEVEL", "ERROR")
    try:
        import ray
    except ImportError:
        raise InputError(
            "--engine ray needs Ray: pip install 'groundtui[ray]'") from None
    started = not ray.is_initialized()
    if started:
        init: dict[str, Any] = {"address": address} if address else {
            "num_cpus": (workers or workers_default()) + 1, "include_dashboard": False}
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
        results: dict[Unit, UnitResult] = {}
        dataset = ray.data.from_items([asdict(unit) for unit in units]).map_batches(
            _RowGroupChecker,
            fn_constructor_kwargs={
                "columns": asdict(columns), "schema": schema.serialize().to_pybytes(),
                "out_dir": out_dir, "flagged_only": flagged_only},
            batch_size=1, batch_format="pyarrow", num_cpus=1,
            compute=ray.data.ActorPoolStrategy(size=workers))
        for row in dataset.iter_rows():
            unit = Unit(**{k: row[k] for k in Unit.__dataclass_fields__})
            results[unit] = UnitResult(**json.loads(row["result"]))
            done(unit, results[unit])
        return in_order(results)
    finally:
        if started:
            ray.shutdown()
