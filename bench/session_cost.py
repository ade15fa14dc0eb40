"""Benchmark what one open review session costs its host while a teammate labels.

Run from the repository root::

    .venv/bin/python bench/session_cost.py                        # 100,000 answers
    .venv/bin/python bench/session_cost.py --spacing 0            # counts not spaced by cost
    .venv/bin/python bench/session_cost.py --db /tmp/gen.db --seconds 120

The database comes from ``bench/generate.py`` (made at ``--db`` when missing); each run
works on a fresh copy. One review UI runs headless (``App.run_test``) in this process
while a thread, as a teammate in another terminal would, saves a label every second.
CPU is this process's (``time.process_time``, every thread), which the host's other load
changes far less than wall times. Printed:

- start: CPU seconds from the app's start until its first whole-database counts (the
  queue's progress, the report's team keys) are on screen, and the wall time it took;
- open: cores used while the teammate labels (the look for their rows every second, the
  claims and report read again, the spaced recounts), over ``--seconds``.

``groundtui serve`` runs one such session per browser tab: this is the cost per tab.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundtui.store import Store  # noqa: E402
from groundtui.tui import live  # noqa: E402
from groundtui.tui.app import make_app  # noqa: E402
from groundtui.tui.widgets.queue import QueuePane  # noqa: E402
from groundtui.tui.widgets.report import ReportPane  # noqa: E402


def teammate(db: Path, stop: threading.Event) -> None:
    """Another reviewer: a new label every second, each a write of its own."""
    with sqlite3.connect(db) as conn:
        ids = [r[0] for r in conn.execute("select id from claims limit 200 offset 5000")]
    i = 0
    while not stop.wait(1.0):
        with Store(db) as store:
            store.labels.add_review(
                ids[i % len(ids)], "mate", ("stated", "absent")[i % 2], None, None
            )
        i += 1


async def measure(db: Path, seconds: float, spacing: float) -> None:
    app = make_app(str(db), "bench", spacing=spacing)
    stop = threading.Event()
    async with app.run_test(size=(140, 45)) as pilot:
        cpu, wall = time.process_time(), time.time()
        while (
            app.screen.query_one(QueuePane).progress is None
            or not app.screen.query_one(ReportPane).team_numbers
        ):
            await pilot.pause(0.1)
        print(
            f"start: {time.process_time() - cpu:.2f} CPU s to the counts on screen "
            f"({time.time() - wall:.1f} s wall)"
        )
        mate = threading.Thread(target=teammate, args=(db, stop), daemon=True)
        mate.start()
        await pilot.pause(5)  # the first recounts the teammate's labels start
        cpu, wall = time.process_time(), time.time()
        await pilot.pause(seconds)
        used, spent = time.process_time() - cpu, time.time() - wall
        stop.set()
        mate.join()
    print(
        f"open, a teammate labelling every second: {used / spent:.3f} cores "
        f"({used:.1f} CPU s in {spent:.0f} s; spacing {spacing:g})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--spacing",
        type=float,
        default=live.SPACING,
        help="make_app's spacing for this run (0: counts not spaced by cost)",
    )
    parser.add_argument("--db", default=None, help="a generated database (made when missing)")
    args = parser.parse_args()
    source = Path(args.db or f"{tempfile.gettempdir()}/groundtui-serve-{args.answers}.db")
    if not source.exists():
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "generate.py"),
                "--answers",
                str(args.answers),
                "--db",
                str(source),
            ],
            check=True,
            cwd=ROOT,
        )
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cost.db"
        shutil.copy(source, db)
        asyncio.run(measure(db, args.seconds, args.spacing))


if __name__ == "__main__":
    main()
