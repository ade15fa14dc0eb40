"""Benchmark the review UI headless on a big database: first screen, and key to saved.

Run from the repository root::

    .venv/bin/python bench/review.py                      # 100,000 answers, 200 presses
    .venv/bin/python bench/review.py --db /tmp/bench.db   # reuse (or create) a generated DB

The database comes from ``bench/generate.py`` (about five claims an answer). Each run works
on a fresh copy, so reruns measure the same thing. Figures printed:

- first screen: from entering ``App.run_test`` to the first answer of the queue rendered
  (its claims listed and its source shown), and to the whole-database counts (progress and
  report) arriving from their workers;
- key to saved and reported: from ``pilot.press`` of a verdict key to the report pane
  redrawn with the report read after the review row was committed, over ``--presses``
  presses (median, 95th percentile, max), with the rows found on disk afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane

REVIEWER = "bench-reviewer"
# Two changes per claim, each a new label whatever the claim held before.
PAIRS = (("a", "s"), ("p", "s"), ("c", "s"))


async def _until(predicate, timeout: float = 30.0, step: float = 0.001) -> float:
    """Wait until ``predicate()`` holds; the perf_counter when it did."""
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the UI did not get there in time")
        await asyncio.sleep(step)
    return time.perf_counter()


async def run(db: Path, presses: int, size: tuple[int, int]) -> dict:
    """Drive the app; return the timings."""
    app = make_app(str(db), REVIEWER)
    started = time.perf_counter()
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        shown = await _until(
            lambda: (
                screen.detail is not None and screen.query_one("#claim-detail").content is not None
            )
        )
        counted = await _until(lambda: screen.report_ready and screen.progress is not None)
        pane = screen.query_one(ReportPane)
        redrawn: dict[int, float] = {}
        screen.watch(
            pane, "revision", lambda v: redrawn.setdefault(v, time.perf_counter()), init=False
        )
        latencies: list[float] = []
        pair = 0
        while len(latencies) < presses:
            while screen.current_claim is None:  # an answer without claims: next one
                await pilot.press("n")
                await _until(
                    lambda: (
                        not screen.workers
                        or all(w.is_finished for w in screen.workers if w.group == "answer")
                    )
                )
            for key in PAIRS[pair % len(PAIRS)]:
                revision = pane.revision
                before = time.perf_counter()
                await pilot.press(key)
                done = await _until(lambda r=revision: r + 1 in redrawn, timeout=10)
                latencies.append(redrawn[revision + 1] - before)
                del done
            pair += 1
            claims = len(screen.detail.claims)
            current = screen.claim
            answer = screen.detail.id
            await pilot.press("j" if current < claims - 1 else "n")
            if current >= claims - 1:
                await _until(lambda a=answer: screen.detail is not None and screen.detail.id != a)
        sessions = dict(screen.session.counts)
    with Store(db) as store:
        rows = store.scalar("select count(*) from reviews where reviewer = ?", [REVIEWER])
    return {
        "first": shown - started,
        "counted": counted - started,
        "latencies": latencies[:presses],
        "rows": rows,
        "session": sessions,
    }


def main() -> None:
    """``python bench/review.py [--answers N] [--db PATH] [--presses N]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--db", help="generated database to reuse (created if missing)")
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(args.db) if args.db else Path(folder) / "generated.db"
        if not source.exists():
            start = time.perf_counter()
            counts = generate(source, answers=args.answers, seed=0)
            print(
                f"generated {counts['answers']:,} answers, {counts['claims']:,} claims "
                f"in {time.perf_counter() - start:.1f} s"
            )
        work = Path(folder) / "run.db"
        shutil.copy(source, work)
        with Store(work) as store:
            answers = store.scalar("select count(*) from answers")
            claims = store.scalar("select count(*) from claims")
        result = asyncio.run(run(work, args.presses, (140, 44)))
    lat = sorted(x * 1000 for x in result["latencies"])
    p95 = lat[max(0, round(0.95 * len(lat)) - 1)]
    print(f"database: {answers:,} answers, {claims:,} claims")
    print(
        f"first answer rendered: {result['first'] * 1000:.0f} ms "
        f"(whole-database progress and report: {result['counted'] * 1000:.0f} ms)"
    )
    print(
        f"key to saved and reported over {len(lat)} presses: median "
        f"{statistics.median(lat):.1f} ms, p95 {p95:.1f} ms, max {lat[-1]:.1f} ms"
    )
    print(
        f"review rows on disk: {result['rows']} (session counted "
        f"{result['session'].get('labels', 0)} labels)"
    )


if __name__ == "__main__":
    main()
