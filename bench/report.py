"""Time the groundedness report and the export on a database of about 1,000,000 claims.

Run from the repository root::

    .venv/bin/python bench/report.py                     # builds /tmp/groundtui-bench-1m.db once
    .venv/bin/python bench/report.py --db PATH --answers 200000 --runs 50
    .venv/bin/python bench/report.py --answers 100000 --by week   # the report by group

The database is built once per ``--answers`` (``bench/generate.py``: its answers were given
over twelve weeks, with a model, a prompt version and a channel in ``meta``): the default
200,000 answers (a million claims) at ``/tmp/groundtui-bench-1m.db``, which
``bench/check.py`` reads too, any other number at ``/tmp/groundtui-bench-ANSWERS.db``.

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

With ``--by KEY`` it prints instead what ``groundtui report --by KEY`` costs:

- the report as the command computes it (every key, the intervals, and the groups of KEY);
- the groups alone (``grouped(store, KEY)``), and the same with ``--judge NAME``;
- the command end to end in a process of its own (``report --json --by KEY``), Python's
  start included;
- the page (``report --html``): its time and size.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
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
from groundtui.report.groups import grouped
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
    parser.add_argument("--db", default=None, help="[default: as above]")
    parser.add_argument("--answers", type=int, default=200_000, help="when building the db")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--by", default=None, metavar="KEY", help="time report --by KEY instead")
    args = parser.parse_args()
    if args.db is None:
        name = "1m" if args.answers == 200_000 else str(args.answers)
        args.db = str(Path(tempfile.gettempdir()) / f"groundtui-bench-{name}.db")

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
        if args.by is not None:
            by_group(store, args.db, args.by)
            return

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
            store.labels.add_review(next(it), "bench", rng.choice(verdicts))
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


def by_group(store: Store, db: str, key: str) -> None:
    """The figures of ``report --by KEY`` (the module docstring)."""
    from groundtui.report.html import page

    timed_answers = store.scalar("select count(*) from answers where answered_at is not null")
    if not timed_answers:
        sys.exit(f"{db} has no answered_at: it was built before answers had times; remove it")
    report.compute(store)  # warm the page cache once
    start = time.perf_counter()
    result = report.compute(store, by=key)
    seconds = time.perf_counter() - start
    groups = len(result["by"]["groups"])
    print(f"report --by {key} (every key, intervals, {groups} groups): {seconds:.2f} s")
    times = timed(lambda: grouped(store, key), 5)
    print(f"the groups alone: {summary(times)}")
    start = time.perf_counter()
    grouped(store, key, judge=SECOND_JUDGE)
    print(f"the groups with --judge NAME (recounted): {time.perf_counter() - start:.2f} s")
    command = [sys.executable, "-m", "groundtui", "report", "--json", "--by", key, "--db", db]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    print(
        f"groundtui report --json --by {key}, its own process: {time.perf_counter() - start:.2f} s"
    )
    start = time.perf_counter()
    made = page(store, result)
    print(
        f"the page (report --html): {time.perf_counter() - start:.2f} s, "
        f"{len(made.encode()) / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
