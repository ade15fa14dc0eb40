"""Benchmark how fresh the review screen's numbers are: from a teammate's label to the
progress line and the report pane showing it.

Run from the repository root::

    .venv/bin/python bench/freshness.py                      # 1,000 and 100,000 answers
    .venv/bin/python bench/freshness.py --answers 5000 --labels 10
    .venv/bin/python bench/freshness.py --db /tmp/gen.db

Each database comes from ``bench/generate.py`` (made at ``--db`` when missing, else in a
temporary folder); each run works on a fresh copy. One review UI runs headless
(``App.run_test``) with the default look every second, while a teammate, as in another
terminal, labels every claim of one answer nobody has reviewed, ``--labels`` times, 10 s
apart. Printed per database: the seconds from the teammate's commit to the queue's team line
(``team N``) counting that answer, and to the report pane's team numbers counting the label
(median and max), and how long each of the two counts takes; then the CPU time of each
whole-database count the screen reads, from the counts the database keeps (best of 3), and
of the scan it replaces (once), as a filtered queue and ``report --judge`` still run it.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate  # noqa: E402

from groundtui.report.coverage import coverage, coverage_scan  # noqa: E402
from groundtui.report.team import reviewers, reviewers_scan  # noqa: E402
from groundtui.review.queue import (  # noqa: E402
    QueueFilter,
    Team,
    progress,
    progress_scan,
    team_progress,
    team_progress_scan,
)
from groundtui.store import Store, now_iso  # noqa: E402
from groundtui.tui.app import make_app  # noqa: E402
from groundtui.tui.widgets.queue import QueuePane  # noqa: E402
from groundtui.tui.widgets.report import ReportPane  # noqa: E402


def unreviewed_answers(db: Path, count: int) -> list[tuple[str, list[str]]]:
    """``count`` answers no one has labelled, late in import order, with their claims."""
    with Store(db) as store:
        ids = [
            r[0]
            for r in store.db.execute(
                "select a.id from answers a join agg_answer_state s on s.answer_id = a.id"
                " where s.claims between 1 and 6 and not exists (select 1 from claim_labels l"
                " where l.answer_id = a.id and l.reviewer_verdict is not null)"
                " order by a.seq desc limit ?",
                [count],
            )
        ]
        return [
            (
                a,
                [
                    r[0]
                    for r in store.db.execute(
                        "select id from claims where answer_id = ? and retired is null", [a]
                    )
                ],
            )
            for a in ids
        ]


def team_done(line: str) -> int:
    """The ``N`` of ``team: N of M done``."""
    return int(line.split("team: ")[1].split(" ")[0].replace(",", ""))


async def measure(db: Path, labels: int) -> None:
    answers = unreviewed_answers(db, labels)
    app = make_app(str(db), "bench")
    progress, report = [], []
    async with app.run_test(size=(140, 45)) as pilot:
        queue = app.screen.query_one(QueuePane)
        pane = app.screen.query_one(ReportPane)
        while not queue.team_line or not pane.team_numbers:
            await pilot.pause(0.05)
        for answer_id, claims in answers:
            await pilot.pause(10.0 if progress else 2.0)
            before = team_done(queue.team_line)
            with Store(db) as store:
                for claim in claims:
                    store.labels.add_review(claim, "mate", "stated", None, "")
            done = time.monotonic()
            shown_team = shown_report = None
            while shown_team is None or shown_report is None:
                await pilot.pause(0.02)
                if shown_team is None and team_done(queue.team_line) > before:
                    shown_team = time.monotonic() - done
                mate = pane.team_numbers.get("reviewers", {}).get("mate", {})
                if shown_report is None and mate.get("claims", 0) >= sum(
                    len(c) for _, c in answers[: answers.index((answer_id, claims)) + 1]
                ):
                    shown_report = time.monotonic() - done
                if time.monotonic() - done > 300:
                    raise SystemExit("the numbers did not move in 300 s")
            progress.append(shown_team)
            report.append(shown_report)
        took = (queue._counting.took, pane._teams.took)
        await pilot.press("q")
    print(
        f"  progress line: median {statistics.median(progress):.2f} s, max {max(progress):.2f} s"
        f" (its count takes {took[0]:.3f} s)"
    )
    print(
        f"  report pane:   median {statistics.median(report):.2f} s, max {max(report):.2f} s"
        f" (its team count takes {took[1]:.3f} s)"
    )


def cpu(count, runs: int) -> float:
    """The least CPU seconds of ``runs`` calls of ``count``."""
    best = math.inf
    for _ in range(runs):
        began = time.thread_time()
        count()
        best = min(best, time.thread_time() - began)
    return best


def per_count(db: Path) -> None:
    """Print each whole-database count's CPU time: kept, and by the scan it replaces."""
    with Store(db) as store:
        team = Team("bench", now_iso(), float(store.settings.get("overlap")))
        counts = {
            "progress": (
                lambda: progress(store, QueueFilter(), None, team),
                lambda: progress_scan(store, QueueFilter(), None, team),
            ),
            "team_progress": (
                lambda: team_progress(store, team.reviewer, team.share),
                lambda: team_progress_scan(store, team.reviewer, team.share),
            ),
            "coverage": (lambda: coverage(store), lambda: coverage_scan(store)),
            "reviewers": (lambda: reviewers(store), lambda: reviewers_scan(store)),
        }
        figures = [
            f"{name} {cpu(kept, 3) * 1000:.2f} ms (scan {cpu(scan, 1):.2f} s)"
            for name, (kept, scan) in counts.items()
        ]
    print("  counts, kept (the scan they replace): " + ", ".join(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, nargs="*", default=[1_000, 100_000])
    parser.add_argument("--db", type=Path, help="a generated database (made when missing)")
    parser.add_argument("--labels", type=int, default=5, help="answers the teammate labels")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sources = []
        if args.db:
            if not args.db.exists():
                generate(str(args.db), answers=args.answers[0], seed=0)
            sources.append(args.db)
        else:
            for n in args.answers:
                made = Path(tmp) / f"gen-{n}.db"
                generate(str(made), answers=n, seed=0)
                sources.append(made)
        for source in sources:
            copy = Path(tmp) / "copy.db"
            shutil.copy(source, copy)
            with Store(copy) as store:
                n = store.scalar("select count(*) from answers")
            print(f"{n:,} answers ({source.name}), a label every 10 s, the UI looking every 1 s:")
            asyncio.run(measure(copy, args.labels))
            per_count(copy)


if __name__ == "__main__":
    main()
