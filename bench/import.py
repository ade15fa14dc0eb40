"""Benchmark `groundtui import`: time, peak memory, how long it holds the write lock.

    python bench/import.py [--answers 100000] [--reviews] [--no-bare] [--format F]

Generates N synthetic answers (3 sources each, drawn from a pool of 2,000 documents;
5 claims each) and writes them as JSONL. The import runs in a child process, through the
real importer into a fresh database, and reports its wall time, the time it held the
write lock (the outermost ``Store.transaction()``) and its peak resident memory
(``VmHWM``, the high-water mark of its own memory; ``ru_maxrss`` would also count what the
parent held when it started the child). Then, unless ``--no-bare``, the same rows are inserted with plain
``insert_all`` into another fresh database for a baseline.

With ``--format F`` the answers are written in that import format (``bench/import_formats``)
and imported as it (``--format jsonl``, the default, is the above; the baseline runs only
for it).

With ``--reviews`` this process writes one review every 0.5 s through ``Store`` into the
database being imported into, as a reviewer would, and prints the longest wait for one
and how many failed (a write waits up to the 5 s busy timeout, then fails).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils
from import_formats import FORMATS, write

from groundtui.importing.files import import_files
from groundtui.store import Store, StoreError, source_key

ORIGINS = ["help-centre", "pdf-archive", "email-export", "price-list"]
WORDS = (
    "sofa table lamp rug delivery return refund warranty assembly voucher order "
    "parcel courier store member price fee days week month"
).split()
REVIEW_EVERY = 0.5


def make_pool(rng: random.Random, size: int = 2000) -> list[dict]:
    """A pool of source documents of 0.5-2 KB."""
    pool = []
    for i in range(size):
        words = [rng.choice(WORDS) for _ in range(rng.randint(80, 300))]
        text = " ".join(words) + f" Fee {rng.randint(1, 500)} within {rng.randint(1, 60)} days."
        pool.append(
            {
                "id": f"doc-{i}",
                "title": f"Document {i}",
                "origin": ORIGINS[i % 4],
                "text": text,
                "updated_at": "2025-01-10",
            }
        )
    return pool


def make_answer(rng: random.Random, n: int, pool: list[dict]) -> dict:
    """One answer citing 3 pooled sources with 5 claims."""
    sources = rng.sample(pool, 3)
    sentences = [
        f"Claim {k} says the {rng.choice(WORDS)} costs {rng.randint(1, 900)} "
        f"pounds within {rng.randint(1, 60)} days [{k % 3 + 1}]."
        for k in range(5)
    ]
    return {
        "id": f"A-{n:07d}",
        "question": "What does it cost?",
        "response": " ".join(sentences),
        "sources": sources,
        "claims": [
            {
                "text": s[: s.index(" [")],
                "citation": k % 3 + 1,
                "kind": "figure",
                "verdict": rng.choice(["stated", "absent", "partial"]),
                "judge": "bench",
            }
            for k, s in enumerate(sentences)
        ],
    }


def bare_rows(records: list[dict]) -> dict[str, list[dict]]:
    """The same rows groundtui writes, built without validation, for a plain insert_all."""
    rows: dict[str, list[dict]] = {
        "sources": [],
        "answers": [],
        "answer_sources": [],
        "claims": [],
        "judgements": [],
    }
    seen = set()
    for r in records:
        for pos, s in enumerate(r["sources"], start=1):
            key = source_key(s["id"], s["text"])
            if key not in seen:
                seen.add(key)
                rows["sources"].append({"key": key, **s})
            rows["answer_sources"].append(
                {"answer_id": r["id"], "position": pos, "source_key": key}
            )
        rows["answers"].append({k: r[k] for k in ("id", "question", "response")})
        for i, c in enumerate(r["claims"], start=1):
            rows["claims"].append(
                {
                    "id": f"{r['id']}#{i}",
                    "answer_id": r["id"],
                    "ordinal": i,
                    "text": c["text"],
                    "kind": c["kind"],
                    "citation": c["citation"],
                }
            )
            rows["judgements"].append(
                {"claim_id": f"{r['id']}#{i}", "judge": c["judge"], "verdict": c["verdict"]}
            )
    return rows


def child(jsonl: str, db: str, fmt: str) -> None:
    """Import ``jsonl`` (in ``fmt``) into ``db`` and print the figures as one JSON line."""
    locked = 0.0
    with Store(db) as store:
        outer = store.transaction
        depth = 0

        @contextmanager
        def timed():  # the outermost transaction is the one holding the write lock
            nonlocal depth, locked
            depth += 1
            started = time.perf_counter()
            try:
                with outer():
                    yield
            finally:
                depth -= 1
                if depth == 0:
                    locked += time.perf_counter() - started

        store.transaction = timed  # this store only: a spool's writes take no lock
        started = time.perf_counter()
        result = import_files(store, [jsonl], fmt=fmt)
        seconds = time.perf_counter() - started
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(
        json.dumps(
            {
                "answers": result.answers,
                "bad": len(result.bad),
                "seconds": seconds,
                "locked": locked,
                "peak_mb": peak_mb(),
            }
        )
    )


def peak_mb() -> float:
    """This process's peak resident memory in MB."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:  # not Linux: ru_maxrss (kilobytes there, bytes on macOS)
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    (line,) = [x for x in status.splitlines() if x.startswith("VmHWM:")]
    return int(line.split()[1]) / 1024


def review_beside(proc: subprocess.Popen, db: Path) -> tuple[list[float], int]:
    """Write one review every 0.5 s until ``proc`` ends: each write's wait, and failures."""
    waits, failed = [], 0
    with Store(db) as store:
        tick = time.monotonic()
        while proc.poll() is None:
            started = time.monotonic()
            try:
                store.labels.add_review("R-0#1", "bench", ["stated", "absent"][len(waits) % 2])
            except StoreError:
                failed += 1
            waits.append(time.monotonic() - started)
            tick += REVIEW_EVERY
            time.sleep(max(0.0, tick - time.monotonic()))
    return waits, failed


def main() -> None:
    """Run the import (and the baseline, or the reviewer) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--reviews", action="store_true", help="write a review every 0.5 s beside the import"
    )
    parser.add_argument("--no-bare", action="store_true", help="skip the insert_all baseline")
    parser.add_argument("--format", choices=FORMATS, default="jsonl")
    parser.add_argument("--child", nargs=3, metavar=("FILE", "DB", "F"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    rng = random.Random(args.seed)
    pool = make_pool(rng)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / f"answers.{args.format}"
        # written as made: the child's memory is what counts
        write(args.format, jsonl, (make_answer(rng, n, pool) for n in range(args.answers)))
        print(
            f"{args.answers:,} answers, {args.answers * 5:,} claims, "
            f"{args.format} {jsonl.stat().st_size / 1e6:.1f} MB"
        )

        db_path = Path(tmp) / "groundtui.db"
        if args.reviews:  # one answer with a claim for the reviewer to label
            seed = Path(tmp) / "seed.jsonl"
            seed.write_text(json.dumps(make_answer(rng, 0, pool) | {"id": "R-0"}) + "\n")
            with Store(db_path) as store:
                import_files(store, [str(seed)])
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", str(jsonl), str(db_path), args.format],
            stdout=subprocess.PIPE,
            text=True,
        )
        waits, failed = review_beside(proc, db_path) if args.reviews else ([], 0)
        out = json.loads(proc.communicate()[0])
        assert out["answers"] == args.answers, out
        size = db_path.stat().st_size
        print(
            f"groundtui import : {out['seconds']:7.2f} s  "
            f"{args.answers / out['seconds']:9,.0f} answers/s  database {size / 1e6:.1f} MB"
        )
        print(
            f"write lock held  : {out['locked']:7.2f} s  "
            f"({out['locked'] / out['seconds']:.0%} of the import)"
        )
        print(f"peak memory      : {out['peak_mb']:7.0f} MB (VmHWM of the importing process)")
        if args.reviews:
            print(
                f"reviews beside   : {len(waits)} written every {REVIEW_EVERY} s, "
                f"longest wait {max(waits):.2f} s, {failed} failed"
            )
        if args.no_bare or args.reviews or args.format != "jsonl":
            return
        bare_path = Path(tmp) / "bare.db"
        started = time.perf_counter()
        rows = bare_rows([json.loads(line) for line in jsonl.read_text().splitlines()])
        bare = sqlite_utils.Database(bare_path)
        with bare.atomic():
            for table, table_rows in rows.items():
                bare[table].insert_all(table_rows, batch_size=500)
        bare.close()
        plain = time.perf_counter() - started
        bare_size = bare_path.stat().st_size
    print(
        f"bare insert_all  : {plain:7.2f} s  {args.answers / plain:9,.0f} answers/s  "
        f"database {bare_size / 1e6:.1f} MB (same rows, no validation, no indexes)"
    )
    print(f"ratio (ours / bare time): {out['seconds'] / plain:.2f}x")


if __name__ == "__main__":
    main()
