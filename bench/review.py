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
  presses (median, 95th percentile, max), with the rows found on disk afterwards;
- advance on decide: a second reviewer confirms ``--advance-claims`` claims in a row with
  ``y`` alone (each key labels the claim and moves on): keys pressed per claim labelled
  (1.0 when no key but ``y`` was needed), and from each key to both its review row
  committed (the report redrawn) and the next claim selected in the claims pane (median,
  p95, max), within an answer and to the next answer apart.
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
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.report import ReportPane

REVIEWER = "bench-reviewer"
CONFIRMER = "bench-confirmer"
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
        counted = await _until(
            lambda: screen.query_one(ReportPane).ready and screen.queue.progress is not None
        )
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


async def run_advance(db: Path, claims: int, size: tuple[int, int]) -> dict:
    """Confirm ``claims`` claims with advance on decide; keys and key-to-next timings.

    "Next claim shown" is when the claims pane selected the next claim (``ClaimsPane.select``,
    the frame is painted at the next refresh), not when ``pilot.press`` returns: that waits
    for the whole app to be idle, workers' messages included.
    """
    drawn: list[tuple[float, str | None]] = []
    select = ClaimsPane.select

    def timed(pane: ClaimsPane, shown: list, index: int) -> None:
        select(pane, shown, index)
        drawn.append((time.perf_counter(), shown[index].id if 0 <= index < len(shown) else None))

    ClaimsPane.select = timed  # type: ignore[method-assign]
    app = make_app(str(db), CONFIRMER, advance=True)
    try:
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await _until(lambda: screen.detail is not None and not screen.awaiting_answer)
            await _until(
                lambda: screen.query_one(ReportPane).ready and screen.queue.progress is not None
            )
            pane = screen.query_one(ReportPane)
            redrawn: dict[int, float] = {}
            screen.watch(
                pane,
                "revision",
                lambda v: redrawn.setdefault(v, time.perf_counter()),
                init=False,
            )
            keys, latencies, crossing = 0, [], []

            def where() -> tuple:
                claim = screen.current_claim
                return (screen.detail.id if screen.detail else None, claim.id if claim else None)

            while len(latencies) < claims:
                if screen.current_claim is None:  # an answer without claims: the next one
                    answer = where()[0]
                    keys += 1
                    await pilot.press("n")
                    await _until(lambda a=answer: not screen.awaiting_answer and where()[0] != a)
                    continue
                before_where, revision, seen = where(), pane.revision, len(drawn)
                before = time.perf_counter()
                keys += 1
                await pilot.press("y")
                saved = await _until(lambda r=revision: r + 1 in redrawn, timeout=10)
                await _until(
                    lambda w=before_where: not screen.awaiting_answer and where() != w,
                    timeout=10,
                )
                now = where()[1]
                shown = next(t for t, claim in drawn[seen:] if claim == now)
                latencies.append(max(saved, shown) - before)
                crossing.append(where()[0] != before_where[0])
    finally:
        ClaimsPane.select = select  # type: ignore[method-assign]
    with Store(db) as store:
        rows = store.scalar("select count(*) from reviews where reviewer = ?", [CONFIRMER])
    return {"keys": keys, "latencies": latencies, "rows": rows, "crossing": crossing}


def _spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and max, in milliseconds."""
    lat = sorted(x * 1000 for x in values)
    return statistics.median(lat), lat[max(0, round(0.95 * len(lat)) - 1)], lat[-1]


def main() -> None:
    """``python bench/review.py [--answers N] [--db PATH] [--presses N]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--db", help="generated database to reuse (created if missing)")
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument(
        "--advance-claims",
        type=int,
        default=500,
        help="claims confirmed with advance on decide (0: skip)",
    )
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
        advance = (
            asyncio.run(run_advance(work, args.advance_claims, (140, 44)))
            if args.advance_claims
            else None
        )
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
    if advance is not None:
        median, p95, worst = _spread(advance["latencies"])
        labelled = len(advance["latencies"])
        print(
            f"advance on decide, {labelled} claims confirmed with y: "
            f"{advance['keys'] / labelled:.2f} keys per claim; key to saved and next claim "
            f"shown: median {median:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms; "
            f"{advance['rows']} review rows on disk"
        )
        pairs = list(zip(advance["latencies"], advance["crossing"], strict=True))
        for label, wanted in (("within an answer", False), ("to the next answer", True)):
            part = [lat for lat, crossed in pairs if crossed == wanted]
            if part:
                median, p95, worst = _spread(part)
                print(
                    f"  {label} ({len(part)} keys): median {median:.1f} ms, p95 {p95:.1f} ms,"
                    f" max {worst:.1f} ms"
                )


if __name__ == "__main__":
    main()
