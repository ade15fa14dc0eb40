"""The mechanical check where the answers live: Parquet tables, on all cores or on Ray.

docs/scale.md. ``batch`` holds the check over Arrow record batches (the piece
a PySpark or Dask job reuses); ``inputs`` the files, their schemas and row groups; ``run``
a row group checked and written, and the local process pool; ``ray_engine`` the check as a
Ray Data pipeline (read, map on an actor pool, write) and ``ray_actors`` what runs in its
actors. Imports pyarrow (the check itself stays standard-library only) and Ray only
when asked for.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from groundtui.importing.formats.base import InputError
from groundtui.scan_table.inputs import Columns, Unit, plan
from groundtui.scan_table.run import UnitResult, run_local, workers_default
from groundtui.scratch import make_folder, sweep
from groundtui.targets import refuse_database

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["Columns", "Unit", "UnitResult", "scan_table", "workers_default"]

ENGINES = ("local", "ray")


def scan_table(
    spec: str,
    out_dir: str,
    columns: Columns,
    *,
    flagged_only: bool = False,
    engine: str = "local",
    workers: int | None = None,
    address: str | None = None,
    planned: Callable[[list[Unit]], None] | None = None,
    done: Callable[[int], None] | None = None,
) -> UnitResult:
    """Check every answer of the Parquet ``spec`` and write the results as a folder of parts.

    Args:
        spec: A Parquet file, a folder of them, or a glob.
        out_dir: The output folder, created; it must not hold files already (what a killed
            run left is removed). The parts are written into a scratch folder in it and
            moved into place once every one is written; a failed run removes them.
        columns: The input's columns holding each part of an answer.
        flagged_only: Write only the answers the check flags.
        engine: ``"local"`` (a process pool) or ``"ray"``.
        workers: Processes or actors; when None, all cores (on a cluster joined, all its
            CPUs but one, left to Ray's own tasks).
        address: With ``engine="ray"``, a cluster to join (else a local Ray starts).
        planned: Called with the row groups to check, before the first is read.
        done: Called with a count of rows as they are checked and written.

    Raises:
        InputError: an input or schema the check cannot read, an output folder in use or
            that cannot be written (nothing is left in it), or Ray missing for
            ``engine="ray"``.
    """
    out = Path(out_dir)
    try:
        refuse_database(out)
    except OSError as exc:
        raise InputError(f"cannot write {out_dir}: {exc.strerror}") from None
    units, schema = plan(spec, columns)
    made = not out.exists()
    if out.is_dir():
        sweep(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise InputError(
            f"{out_dir}: already exists and is not an empty folder; name a new output folder"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        work = make_folder(out, ".parts", ".tmp")
    except OSError as exc:
        raise InputError(f"cannot write {out_dir}: {_reason(exc)}") from None
    try:
        if planned is not None:
            planned(units)
        total = _run(
            units, columns, schema, str(work), flagged_only, engine, workers, address, done
        )
        for part in sorted(work.iterdir()):
            os.replace(part, out / part.name)
        work.rmdir()
    except BaseException as exc:
        # Nothing half-written: the parts of a failed run go, and a folder it made.
        shutil.rmtree(work, ignore_errors=True)
        if made:
            with contextlib.suppress(OSError):
                out.rmdir()
        if isinstance(exc, OSError):
            raise InputError(f"cannot write {out_dir}: {_reason(exc)}") from None
        raise
    return total


def _run(
    units: list[Unit],
    columns: Columns,
    schema: pa.Schema,
    work: str,
    flagged_only: bool,
    engine: str,
    workers: int | None,
    address: str | None,
    done: Callable[[int], None] | None,
) -> UnitResult:
    """Run ``engine`` over ``units``, its parts written into the folder ``work``."""
    report = done or (lambda rows: None)
    if engine == "ray":
        from groundtui.scan_table.ray_engine import run_ray

        return run_ray(
            units,
            columns,
            schema,
            work,
            flagged_only=flagged_only,
            workers=workers,
            address=address,
            done=report,
        )
    workers = workers or workers_default()
    return run_local(
        units,
        columns,
        schema,
        work,
        flagged_only=flagged_only,
        workers=min(workers, max(1, len(units))),
        done=report,
    )


def _reason(exc: OSError) -> str:
    """An ``OSError`` in a few words: pyarrow's say more, over lines."""
    if exc.errno is not None:
        return os.strerror(exc.errno)
    return " ".join(str(exc).split())
