"""Benchmark `groundtui export`: claims per second and peak memory, per format.

    python bench/export.py --db PATH [--db PATH ...] [--formats jsonl parquet hf] [--out DIR]

Make a database first, e.g. about a million claims (five per answer)::

    python bench/generate.py --answers 200000 --db /tmp/exp1m.db

Each export runs as the command line would, ``python -m groundtui export --format F -o OUT``,
in a child process, writing into ``--out`` (a temporary folder by default, removed after).
For each it prints the claims written, wall and CPU seconds, claims per second, the size
written, and memory: the child's peak resident memory (``ru_maxrss`` from ``wait4``; it
counts this parent's own resident memory too if that were larger, and it is not: see the
``bench`` line), and its resident memory sampled every 0.2 s, the median of the second and of
the last quarter of the run (the first holds the start: imports, opening the database): flat
when memory does not grow with the claims written.
Run it on databases of different sizes to see that peak memory does not follow the size.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_EVERY = 0.2  # seconds


def _rss_mb(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(match.group(1)) / 1024 if match else None


def _size_mb(path: Path) -> float:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20
    return path.stat().st_size / 2**20


def run(db: str, fmt: str, out: Path) -> dict:
    """One export in a child process, sampled while it runs."""
    target = out / f"export.{fmt}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "groundtui",
            "export",
            "--db",
            db,
            "--format",
            fmt,
            "-o",
            str(target),
        ],
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    samples: list[tuple[float, float]] = []
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        rss = _rss_mb(child.pid)
        if rss is not None:
            samples.append((time.perf_counter() - start, rss))
        time.sleep(SAMPLE_EVERY)
    wall = time.perf_counter() - start
    stderr = child.stderr.read() if child.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"export --format {fmt} failed ({code}): {stderr}")
    claims = int(re.search(r"Wrote ([\d,]+) claim", stderr).group(1).replace(",", ""))
    quarter = [rss for t, rss in samples if wall / 4 <= t <= wall / 2]
    last = [rss for t, rss in samples if t >= wall * 3 / 4]
    result = {
        "format": fmt,
        "claims": claims,
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
        "second_quarter_mb": statistics.median(quarter) if quarter else float("nan"),
        "last_quarter_mb": statistics.median(last) if last else float("nan"),
        "size_mb": _size_mb(target),
        "message": stderr.strip(),
    }
    shutil.rmtree(target) if target.is_dir() else target.unlink()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", action="append", required=True, help="a database (repeatable)")
    parser.add_argument(
        "--formats",
        nargs="+",
        default=["jsonl", "parquet"],
        choices=["jsonl", "csv", "parquet", "hf"],
    )
    parser.add_argument("--out", help="where to write the exports [default: a temporary folder]")
    args = parser.parse_args()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="groundtui-export-"))
    out.mkdir(parents=True, exist_ok=True)
    print(
        f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores; bench process "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    try:
        for db in args.db:
            print(f"{db}:")
            for fmt in args.formats:
                r = run(db, fmt, out)
                print(
                    f"  {fmt:8} {r['claims']:>10,} claims in {r['wall']:6.1f} s "
                    f"({r['claims'] / r['wall']:>8,.0f} claims/s; CPU {r['cpu']:.1f} s), "
                    f"{r['size_mb']:7.1f} MB written; peak {r['peak_mb']:.0f} MB, resident "
                    f"{r['second_quarter_mb']:.0f} MB in the second quarter, "
                    f"{r['last_quarter_mb']:.0f} MB in the last",
                    flush=True,
                )
    finally:
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
