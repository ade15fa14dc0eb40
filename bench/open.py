"""Benchmark what opening a database costs a process: every command and review session does it.

Run from the repository root::

    .venv/bin/python bench/open.py                  # the demo database, 20 processes
    .venv/bin/python bench/open.py --db PATH --runs 50

Each run is a new Python process that imports the store and opens the database up to date
(``Store(path)``, then ``close``), as a command does before its work. Printed, as medians
over ``--runs``: the process's CPU seconds importing ``groundtui.store`` and opening the
file (``time.process_time``, which the host's other load changes far less than wall
times), and the wall time of the open alone. The database is opened once first, so
the runs measure an up-to-date file, not its migration.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = """
import json, sys, time
start = time.process_time()
from groundtui.store import Store
imported = time.process_time()
wall = time.perf_counter()
Store(sys.argv[1]).close()
print(json.dumps({
    "import_cpu": imported - start,
    "open_cpu": time.process_time() - imported,
    "open_wall": time.perf_counter() - wall,
}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a database (default: a new demo database)")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "demo.db"
        if args.db is None:
            subprocess.run(
                [sys.executable, "-m", "groundtui", "demo", "--no-ui", "--db", str(db)],
                check=True,
                capture_output=True,
            )
        subprocess.run([sys.executable, "-c", RUN, str(db)], check=True, capture_output=True)
        runs = [
            json.loads(
                subprocess.run(
                    [sys.executable, "-c", RUN, str(db)], check=True, capture_output=True
                ).stdout
            )
            for _ in range(args.runs)
        ]
    for key, label in (
        ("import_cpu", "import groundtui.store, CPU"),
        ("open_cpu", "open an up-to-date database, CPU"),
        ("open_wall", "open an up-to-date database, wall"),
    ):
        print(f"{label:38} {statistics.median(r[key] for r in runs) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
