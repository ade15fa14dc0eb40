"""Benchmark the lease writes a review session makes beside its labels: how long each holds
the database's write lock, for reviewers with many labels.

Run from the repository root::

    .venv/bin/python bench/leases.py                    # 100,000 answers
    .venv/bin/python bench/leases.py --db /tmp/gen.db --leases 600

The database comes from ``bench/generate.py`` (made at ``--db`` when missing, else in a
temporary folder); its two reviewers hold tens of thousands of labels. Each reviewer then
holds ``--leases`` leases on the first answers of the queue, some of which they labelled.
Printed per reviewer: their labels; the time a quitting session's release of its leases
holds the write lock (``release_leases``, which every other reviewer's label waits for),
and how many it ended of each kind; the time leaving one answer for another holds it
(``pass_over``, median over the leases). The leases it adds are gone at the end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate  # noqa: E402

from groundtui.store import Store, now_iso  # noqa: E402


def measure(db: Path, leases: int) -> None:
    """Print the lease writes' times on ``db`` for each of its reviewers."""
    now = now_iso()
    with Store(str(db)) as store:
        answers = [
            r["id"] for r in store.query("select id from answers order by seq limit ?", [leases])
        ]
        reviewers = store.query(
            "select reviewer, count(*) as labels from reviews group by reviewer order by 2 desc"
        )
        for row in reviewers:
            name = row["reviewer"]
            for answer in answers:
                store.team.take_lease(answer, name, now=now, minutes=15, share=0)
            passes = []
            for answer in answers[:100]:
                start = time.perf_counter()
                store.team.pass_over(answer, name, now)
                passes.append(time.perf_counter() - start)
            start = time.perf_counter()
            ended = store.team.release_leases(name)
            release = time.perf_counter() - start
            print(
                f"{name} ({row['labels']:,} labels): ending {len(answers)} leases"
                f" ({ended.in_part} labelled in part, {ended.untouched} untouched,"
                f" {ended.finished} finished) {release * 1000:.1f} ms; leaving an answer median"
                f" {statistics.median(passes) * 1000:.2f} ms, max {max(passes) * 1000:.2f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, help="a generated database (made when missing)")
    parser.add_argument("--answers", type=int, default=100_000, help="answers to generate")
    parser.add_argument("--leases", type=int, default=600, help="leases each reviewer holds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "leases.db"
        if not db.exists():
            generate(db, answers=args.answers, seed=0)
        measure(db, args.leases)


if __name__ == "__main__":
    main()
