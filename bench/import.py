"""Benchmark `groundtui import` against a bare sqlite-utils insert_all of the same rows.

    python bench/import.py [--answers 100000]

Generates N synthetic answers (3 sources each, drawn from a pool of 2,000 documents;
5 claims each), writes them as JSONL, imports them through the real importer into a
fresh database, then inserts the same rows with plain ``insert_all`` into another fresh
database in the same run, and prints answers per second, database sizes and the ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

import sqlite_utils

from groundtui.importer import import_files
from groundtui.store import Store, source_key

ORIGINS = ["help-centre", "pdf-archive", "email-export", "price-list"]
WORDS = ("sofa table lamp rug delivery return refund warranty assembly voucher order "
         "parcel courier store member price fee days week month").split()


def make_pool(rng: random.Random, size: int = 2000) -> list[dict]:
    """A pool of source documents of 0.5-2 KB."""
    pool = []
    for i in range(size):
        words = [rng.choice(WORDS) for _ in range(rng.randint(80, 300))]
        text = " ".join(words) + f" Fee {rng.randint(1, 500)} within {rng.randint(1, 60)} days."
        pool.append({"id": f"doc-{i}", "title": f"Document {i}", "origin": ORIGINS[i % 4],
                     "text": text, "updated_at": "2025-01-10"})
    return pool


def make_answer(rng: random.Random, n: int, pool: list[dict]) -> dict:
    """One answer citing 3 pooled sources with 5 claims."""
    sources = rng.sample(pool, 3)
    sentences = [f"Claim {k} says the {rng.choice(WORDS)} costs {rng.randint(1, 900)} "
                 f"pounds within {rng.randint(1, 60)} days [{k % 3 + 1}]." for k in range(5)]
    return {
        "id": f"A-{n:07d}", "question": "What does it cost?", "response": " ".join(sentences),
        "sources": sources,
        "claims": [{"text": s[: s.index(" [")], "citation": k % 3 + 1, "kind": "figure",
                    "verdict": rng.choice(["stated", "absent", "partial"]), "judge": "bench"}
                   for k, s in enumerate(sentences)],
    }


def bare_rows(records: list[dict]) -> dict[str, list[dict]]:
    """The same rows groundtui writes, built without validation, for a plain insert_all."""
    rows: dict[str, list[dict]] = {"sources": [], "answers": [], "answer_sources": [],
                                   "claims": [], "judgements": []}
    seen = set()
    for r in records:
        for pos, s in enumerate(r["sources"], start=1):
            key = source_key(s["id"], s["text"])
            if key not in seen:
                seen.add(key)
                rows["sources"].append({"key": key, **s})
            rows["answer_sources"].append({"answer_id": r["id"], "position": pos,
                                           "source_key": key})
        rows["answers"].append({k: r[k] for k in ("id", "question", "response")})
        for i, c in enumerate(r["claims"], start=1):
            rows["claims"].append({"id": f"{r['id']}#{i}", "answer_id": r["id"], "ordinal": i,
                                   "text": c["text"], "kind": c["kind"],
                                   "citation": c["citation"]})
            rows["judgements"].append({"claim_id": f"{r['id']}#{i}", "judge": c["judge"],
                                       "verdict": c["verdict"]})
    return rows


def main() -> None:
    """Run both imports and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = make_pool(rng)
    records = [make_answer(rng, n, pool) for n in range(args.answers)]
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "answers.jsonl"
        jsonl.write_text("\n".join(json.dumps(r) for r in records) + "\n")
        print(f"{args.answers:,} answers, {args.answers * 5:,} claims, "
              f"JSONL {jsonl.stat().st_size / 1e6:.1f} MB")

        db_path = Path(tmp) / "groundtui.db"
        started = time.perf_counter()
        with Store(db_path) as store:
            result = import_files(store, [str(jsonl)])
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        ours = time.perf_counter() - started
        assert result.answers == args.answers, result
        size = db_path.stat().st_size

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

    print(f"groundtui import : {ours:7.2f} s  {args.answers / ours:9,.0f} answers/s  "
          f"database {size / 1e6:.1f} MB")
    print(f"bare insert_all  : {plain:7.2f} s  {args.answers / plain:9,.0f} answers/s  "
          f"database {bare_size / 1e6:.1f} MB (same rows, no validation, no indexes)")
    print(f"ratio (ours / bare time): {ours / plain:.2f}x")


if __name__ == "__main__":
    main()
