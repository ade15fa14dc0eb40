"""Benchmark a team: several reviewers labelling at once on one big database, a process each.

Run from the repository root::

    .venv/bin/python bench/team.py                       # 4 reviewers, 2,000 answers, 100,000 in the DB
    .venv/bin/python bench/team.py --db /tmp/gen.db --reviewers 4 --answers 2000 --overlap 0.1
    .venv/bin/python bench/team.py --with-import 20000   # and an import running beside them

The database comes from ``bench/generate.py`` and each run works on a fresh copy. Every
reviewer is a real process driving the review UI headless (``App.run_test``), as a person
at a terminal would: it labels each claim of the answer on screen with one verdict key,
moves on with ``n``, and stops after its share of ``--answers``. They start at once (a
barrier). Printed:

- labels per second, over all reviewers, from the first key to the last label saved;
- per reviewer: answers and labels, key-to-saved median and p95 (from the key press to
  the label committed: the session's count moves after the commit);
- answers given to two reviewers outside the overlap, or three in it (must be 0), read
  from the database afterwards: every answer's reviewers by their rows;
- "locked" errors (must be 0): keys that came back "NOT SAVED" or "pending" with the
  database locked, and reads that failed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate  # noqa: E402

from groundtui.store import Store  # noqa: E402
from tests.tui.reviewer_process import review_answers  # noqa: E402


def main() -> None:
    """``python bench/team.py [--db PATH] [--reviewers N] [--answers N] [--overlap X]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="generated database to reuse (created if missing)")
    parser.add_argument("--size", type=int, default=100_000, help="answers in the database")
    parser.add_argument("--reviewers", type=int, default=4)
    parser.add_argument("--answers", type=int, default=2_000, help="answers labelled in all")
    parser.add_argument("--overlap", type=float, default=0.1)
    parser.add_argument(
        "--with-import",
        type=int,
        default=0,
        metavar="N",
        help="import N more answers (JSONL) beside the reviewers",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(args.db) if args.db else Path(folder) / "generated.db"
        if not source.exists():
            generate(source, answers=args.size, seed=0)
        db = Path(folder) / "team.db"
        shutil.copy(source, db)
        with Store(db) as store:
            store.settings.set("overlap", str(args.overlap))
            size = store.scalar("select count(*) from answers")
        importer = None
        if args.with_import:  # bench/import.py's answers, written before the clock starts
            jsonl = Path(folder) / "more.jsonl"
            maker = importlib.import_module("import")
            rng = random.Random(1)
            pool = maker.make_pool(rng)
            with jsonl.open("w") as handle:
                for n in range(args.with_import):
                    handle.write(json.dumps(maker.make_answer(rng, n, pool)) + "\n")
        ctx = multiprocessing.get_context("spawn")
        start, out = ctx.Barrier(args.reviewers + (1 if args.with_import else 0)), ctx.Queue()
        names = [f"reviewer{i + 1}" for i in range(args.reviewers)]
        share = args.answers // args.reviewers
        procs = [
            ctx.Process(target=review_answers, args=(str(db), n, share, start, out)) for n in names
        ]
        for p in procs:
            p.start()
        if args.with_import:
            start.wait()
            importer = subprocess.Popen(
                [sys.executable, "-m", "groundtui", "import", str(jsonl), "--db", str(db)],
                stdout=subprocess.DEVNULL,
            )
        results = [out.get(timeout=3600) for _ in procs]
        for p in procs:
            p.join()
        if importer is not None:
            importer.wait()
        with Store(db) as store:
            twice = store.scalar(
                "select count(*) from (select c.answer_id, a.overlap_point < ? as o,"
                " count(distinct r.reviewer) as n from reviews r"
                " join claims c on c.id = r.claim_id join answers a on a.id = c.answer_id"
                " where r.origin = 'ui' group by c.answer_id) where n > (case when o then 2 else 1 end)",
                [args.overlap],
            )
            double = store.scalar(
                "select count(*) from (select c.answer_id from reviews r"
                " join claims c on c.id = r.claim_id where r.origin = 'ui'"
                " group by c.answer_id having count(distinct r.reviewer) = 2)"
            )
            rows = store.scalar("select count(*) from reviews where origin = 'ui'")
    for r in results:
        if "error" in r:
            sys.exit(f"{r['name']} failed: {r['error']}")
    labels = sum(len(r["latencies"]) for r in results)
    span = max(r["last"] for r in results) - min(r["first"] for r in results)
    print(
        f"database: {size:,} answers; {args.reviewers} reviewers, overlap {args.overlap}"
        f"{f', importing {args.with_import:,} answers beside them' if args.with_import else ''}"
    )
    print(
        f"labels: {labels:,} in {span:.1f} s = {labels / span:.1f} labels/s "
        f"({rows:,} review rows on disk)"
    )
    for r in sorted(results, key=lambda r: r["name"]):
        lat = sorted(x * 1000 for x in r["latencies"]) or [0.0]
        p95 = lat[max(0, round(0.95 * len(lat)) - 1)]
        print(
            f"  {r['name']}: {len(r['answers']):,} answers, {len(r['latencies']):,} labels; "
            f"key to saved median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms, "
            f"max {lat[-1]:.1f} ms"
        )
    print(
        f"answers reviewed by two: {double:,} (overlap); given to more reviewers than they "
        f"need: {twice}"
    )
    print(f"'locked' or unsaved: {sum(len(r['failures']) for r in results)}")
    for r in results:
        for failure in r["failures"][:3]:
            print(f"    {r['name']}: {failure}")


if __name__ == "__main__":
    main()
