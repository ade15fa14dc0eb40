"""What checking a database for damage costs, and what each check finds.

Run from the repository root::

    .venv/bin/python bench/check.py                     # builds /tmp/groundtui-bench-1m.db once
    .venv/bin/python bench/check.py --db PATH --runs 3 --damage

Prints, in seconds as measured on this machine, the best and the median of ``--runs``:

- opening the store as the review UI's workers do (no check) and as every command does
  (``check=True``: ``PRAGMA quick_check(1)``);
- ``PRAGMA quick_check(1)``, ``quick_check`` and ``integrity_check(1)`` alone;
- a cheap test that reads no page: the header and the page count against the file's size.

With ``--damage``, a copy of the database with its pages from 40% to 60% overwritten by
random bytes (as ``tests/test_damaged_database.py`` damages its file), and what each check
says of it and costs. The database itself is only read.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generate import generate

from groundtui.store import Store, StoreError

PRAGMAS = ["quick_check(1)", "quick_check", "integrity_check(1)"]


def timed(fn, runs: int) -> tuple[float, float, object]:
    """Best and median seconds of ``runs`` calls of ``fn``, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def sizes_agree(path: Path) -> str:
    """The cheapest test there is: the header's page count times its page size is the size."""
    with path.open("rb") as f:
        header = f.read(100)
    page = int.from_bytes(header[16:18], "big")
    pages = int.from_bytes(header[28:32], "big")
    ok = header.startswith(b"SQLite format 3\x00") and pages * page == path.stat().st_size
    return "ok" if ok else "sizes disagree"


def pragma(path: Path, name: str) -> str:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute(f"PRAGMA {name}").fetchall()
        return rows[0][0].splitlines()[-1] if rows else "no result"
    except sqlite3.DatabaseError as exc:
        return f"error: {exc}"
    finally:
        conn.close()


def opened(path: Path, check: bool) -> str:
    try:
        Store(path, readonly=True, check=check).close()  # as a command opens it, never writing
        return "opened"
    except StoreError as exc:
        return f"refused: {str(exc)[:70]}"


def damaged_copy(path: Path, folder: str) -> Path:
    copy = Path(folder) / "damaged.db"
    shutil.copyfile(path, copy)
    with copy.open("rb") as f:
        page = int.from_bytes(f.read(100)[16:18], "big")
    pages = os.path.getsize(copy) // page
    rng = random.Random(17)
    with copy.open("r+b") as f:
        for number in range(int(pages * 0.4), int(pages * 0.6)):
            f.seek(number * page)
            f.write(rng.randbytes(page))
    return copy


def report(path: Path, runs: int) -> None:
    rows = [
        ("open, no check (UI workers)", lambda: opened(path, False)),
        ("open, check=True (commands)", lambda: opened(path, True)),
        *((f"PRAGMA {name}", lambda name=name: pragma(path, name)) for name in PRAGMAS),
        ("header and size only", lambda: sizes_agree(path)),
    ]
    for label, fn in rows:
        best, median, result = timed(fn, runs)
        print(f"  {label:30s} best {best:7.3f} s  median {median:7.3f} s  {result}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="/tmp/groundtui-bench-1m.db")
    parser.add_argument("--answers", type=int, default=200_000, help="when building --db")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--damage", action="store_true", help="also a damaged copy")
    args = parser.parse_args()
    path = Path(args.db)
    if not path.exists():
        print(f"building {path} ({args.answers:,} answers) …", flush=True)
        generate(str(path), answers=args.answers, seed=0)
    with Store(path, readonly=True) as store:
        claims = store.scalar("select count(*) from claims")
    print(
        f"{path}: {claims:,} claims, {path.stat().st_size / 2**20:,.0f} MiB, "
        f"SQLite {sqlite3.sqlite_version}"
    )
    print("healthy:")
    report(path, args.runs)
    if args.damage:
        with tempfile.TemporaryDirectory() as folder:
            copy = damaged_copy(path, folder)
            print("pages at 40-60% overwritten:")
            report(copy, args.runs)


if __name__ == "__main__":
    main()
