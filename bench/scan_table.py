"""Benchmark `groundtui scan-table` over a generated Parquet table of answers.

The answers come in the three shapes of ``bench/scan.py`` (short name-dense news
summaries, long many-sourced expert answers, demo-like retail answers), a third each,
seeded. ``--distinct`` answers are generated and repeated, each row with its own id, up to
``--rows``, in row groups of ``--row-group`` rows. Each engine then runs as
``groundtui scan-table`` in a subprocess (Ray's with ``.venv-ray``'s Python when there is one)::

    python bench/scan_table.py [--rows 1000000] [--engines one,all,ray] [--keep DIR]

and the script prints, for each: seconds (wall, start-up included), rows per second, the
start-up (the same command over a table of 100 rows, run first) and the rate without it, the
CPU seconds used, and the peak memory of the command's process tree (the sum of its
processes' resident sets, Ray's raylet and workers included, sampled every 0.2 s; a shared
page, as of Ray's object store, counts in every process that maps it); then
the scaling ratio (all cores ÷ one worker; the target is ≥ 0.8 × cores) and the load
average, because on a shared machine the figures move with it.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import answers_expert  # sibling scripts, not a package
import answers_news
import answers_retail
import pyarrow as pa
import pyarrow.parquet as pq

SHAPES = (
    answers_news.generate_answer,
    answers_expert.generate_answer,
    answers_retail.generate_answer,
)
ROOT = Path(__file__).resolve().parents[1]
STARTUP_ROWS = 100
"""A table this small measures an engine's start-up (and stop): Ray's takes seconds."""


def generate(path: Path, rows: int, distinct: int, row_group: int, seed: int) -> None:
    """Write ``rows`` answers (``distinct`` of them generated, then repeated) to ``path``."""
    rng = random.Random(seed)
    pool = [SHAPES[i % 3](rng) for i in range(distinct)]
    schema = pa.schema(
        [("id", pa.string()), ("response", pa.string()), ("sources", pa.list_(pa.string()))]
    )
    with pq.ParquetWriter(path, schema) as writer:
        for first in range(0, rows, row_group):
            picked = [pool[i % distinct] for i in range(first, min(first + row_group, rows))]
            writer.write_table(
                pa.table(
                    {
                        "id": [f"A{first + i:07d}" for i in range(len(picked))],
                        "response": [r for r, _ in picked],
                        "sources": [s for _, s in picked],
                    },
                    schema=schema,
                )
            )


def _tree_rss(root: int) -> int:
    """The resident set of ``root`` and its descendants, in bytes (Linux ``/proc``)."""
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/statm") as statm:
                total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as children:
                    todo += [int(c) for c in children.read().split()]
        except (OSError, ValueError):
            continue
    return total


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _python(args: list[str]) -> str:
    """The Python to run ``scan-table`` with: for Ray, ``make test``'s environment that has it
    (``.venv-ray``, kept apart from the main one; see tests/test_scan_table_ray.py)."""
    kept = ROOT / ".venv-ray" / "bin" / "python"
    return str(kept) if "ray" in args and kept.exists() else sys.executable


def run(table: Path, out: Path, args: list[str]) -> tuple[float, float, int, str]:
    """Seconds, CPU seconds, peak tree memory and the summary line of one ``scan-table`` run.

    The CPU seconds are those of every process the run started and waited for (its pool's
    workers; not Ray's, which the raylet starts): on a shared machine, rows per CPU-second
    move less with others' load than rows per second.
    """
    shutil.rmtree(out, ignore_errors=True)
    command = [
        _python(args),
        "-m",
        "groundtui",
        "scan-table",
        str(table),
        "-o",
        str(out),
        "--id",
        "id",
        "--response",
        "response",
        "--sources",
        "sources",
        *args,
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start, cpu = time.perf_counter(), _children_cpu()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.wait(0.2):
            peak = max(peak, _tree_rss(process.pid))

    sampler = threading.Thread(target=sample)
    sampler.start()
    stdout, _ = process.communicate()
    done.set()
    sampler.join()
    seconds, cpu = time.perf_counter() - start, _children_cpu() - cpu
    if process.returncode != 0:
        raise SystemExit(f"scan-table failed ({process.returncode}): {' '.join(command)}")
    return seconds, cpu, peak, stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--distinct", type=int, default=30_000)
    parser.add_argument("--row-group", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engines", default="one,all,ray")
    parser.add_argument("--keep", metavar="DIR", help="Keep the table in DIR (reused if there).")
    options = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    folder = Path(options.keep or tempfile.mkdtemp(prefix="scan-table-"))
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / f"answers-{options.rows}.parquet"
    if not table.exists():
        start = time.perf_counter()
        generate(
            table,
            options.rows,
            min(options.distinct, options.rows),
            options.row_group,
            options.seed,
        )
        print(
            f"generated {options.rows:,} answers ({options.distinct:,} distinct) in "
            f"{time.perf_counter() - start:.0f} s: {table.stat().st_size / 2**20:,.0f} MB"
        )
    tiny = folder / f"answers-{STARTUP_ROWS}.parquet"
    if not tiny.exists():
        generate(tiny, STARTUP_ROWS, STARTUP_ROWS, STARTUP_ROWS, options.seed)
    runs = {
        "one": ["--workers", "1"],
        "all": ["--workers", str(cores)],
        "ray": ["--engine", "ray", "--workers", str(cores)],
    }
    rates = {}
    try:
        for name in options.engines.split(","):
            startup = run(tiny, folder / "out", runs[name])[0]
            load = os.getloadavg()[0]
            seconds, cpu, peak, line = run(table, folder / "out", runs[name])
            rates[name] = options.rows / seconds
            # Ray's workers are the raylet's children, not this process's: not counted
            used = (
                "n/a"
                if name == "ray"
                else (f"{cpu:.0f} s ({options.rows / cpu:,.0f} rows per CPU-second)")
            )
            print(
                f"{name:>4} ({' '.join(runs[name])}): {seconds:.1f} s, {rates[name]:,.0f} "
                f"rows/s, CPU {used}, peak memory {peak / 2**20:,.0f} MB, "
                f"load {load:.1f} at start"
            )
            print(
                f"      start-up {startup:.1f} s (the same on {STARTUP_ROWS} rows); without it "
                f"{options.rows / max(seconds - startup, 1e-9):,.0f} rows/s"
            )
            print(f"      {line}")
    finally:
        shutil.rmtree(folder / "out", ignore_errors=True)
        if not options.keep:
            shutil.rmtree(folder, ignore_errors=True)
    if "one" in rates and "all" in rates:
        ratio = rates["all"] / rates["one"]
        print(
            f"scaling: all {cores} cores / one worker = {ratio:.2f} "
            f"(target ≥ {0.8 * cores:.1f}); load now {os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
