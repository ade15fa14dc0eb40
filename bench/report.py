"""Time the groundedness report and the export on a database of about 1,000,000 claims.

Run from the repository root::

    .venv/bin/python bench/report.py                     # builds /tmp/groundtui-bench-1m.db once
    .venv/bin/python bench/report.py --db PATH --answers 200000 --runs 50

Prints, each in milliseconds or seconds as measured on this machine:

- ``compute(store, with_team=False)``: the report as the review UI asks for it after each
  key (maintained counts);
- ``team_numbers(store)``: the keys it reads every few seconds (``coverage`` and
  ``control`` read every claim once);
- one reviewer label written and committed, then ``compute``: what a key press costs;
- ``compute(store, judge=NAME)``: another judge's verdicts, recounted from every claim;
- the full recount of the maintained counts, and whether the two agree;
- ``export`` of every claim as JSON Lines to a file: rows per second and peak memory.

The label writes go to the database (as a reviewer called ``bench``): re-runs see them.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generate import SECOND_JUDGE, generate

from groundtui import report
from groundtui.exporting import claim_rows as export
from groundtui.report.cubes import full_cubes, read_cubes
from groundtui.store import Store


def timed(fn, runs: int) -> list[float]:
    """Wall-clock milliseconds of ``runs`` calls of ``fn``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):.2f} ms, min {min(times):.2f} ms, "
        f"max {max(times):.2f} ms over {len(times)} runs"
    )


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "groundtui-bench-1m.db"))
    parser.add_argument("--answers", type=int, default=200_000, help="when building the db")
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()

    if not Path(args.db).exists():
        start = time.perf_counter()
        counts = generate(args.db, answers=args.answers)
        print(
            f"generated {args.db}: {counts['answers']:,} answers, {counts['claims']:,} "
            f"claims, {counts['judgements']:,} judgements, {counts['reviews']:,} reviews "
            f"in {time.perf_counter() - start:.1f} s"
        )
    with Store(args.db) as store:
        claims = store.scalar("select count(*) from claims")
        print(
            f"database: {args.db} ({claims:,} claims, {Path(args.db).stat().st_size / 1e6:,.0f} MB)"
        )

        report.compute(store)  # warm the page cache once
        print(
            "compute(store, with_team=False): "
            f"{summary(timed(lambda: report.compute(store, with_team=False), args.runs))}"
        )
        print(
            "team_numbers (coverage, control, reviewers, overlap): "
            f"{summary(timed(lambda: report.team_numbers(store), 5))}"
        )

        rng = random.Random(0)
        ids = [f"A-{rng.randint(1, args.answers):07d}#1" for _ in range(args.runs)]
        ids = [c for c in ids if store.scalar("select 1 from claims where id = ?", [c])]
        verdicts = ["stated", "absent", "partial", "contradicted"]
        it = iter(ids)

        def key_press() -> None:
            store.add_review(next(it), "bench", rng.choice(verdicts))
            report.compute(store, with_team=False)

        print(f"add_review + compute:           {summary(timed(key_press, len(ids)))}")

        start = time.perf_counter()
        report.compute(store, judge=SECOND_JUDGE)
        print(f"compute(store, judge=NAME):     {time.perf_counter() - start:.2f} s (recount)")

        start = time.perf_counter()
        recount = full_cubes(store.db.conn)
        seconds = time.perf_counter() - start
        same = recount.normalised() == read_cubes(store.db.conn).normalised()
        print(f"full recount of the counts:     {seconds:.2f} s; maintained == recount: {same}")

        before = peak_mb()
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            rows = export.export(store, Path(folder) / "labels.jsonl", "jsonl")
            seconds = time.perf_counter() - start
        print(
            f"export jsonl:                   {rows:,} rows in {seconds:.1f} s "
            f"({rows / seconds:,.0f} rows/s); peak RSS {before:.0f} MB before, "
            f"{peak_mb():.0f} MB after"
        )


if __name__ == "__main__":
    main()
