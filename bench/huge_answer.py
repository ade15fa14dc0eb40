"""Benchmark the review UI on one huge answer: a 1 MB response the offline judge splits into
about 16,000 claims (an import takes at most 1,000 claims; the judge takes what the response
holds).

Run from the repository root::

    .venv/bin/python bench/huge_answer.py            # 16,400 claims, about 1 MB
    .venv/bin/python bench/huge_answer.py --claims 5000

Figures printed: the import and the judge's time; the review screen's first answer shown
(from ``App.run_test`` to the answer and its claims on screen); from a verdict key to its
review row on disk, for ``--presses`` keys (median and max); ``j`` to the next claim drawn.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from groundtui.tui import make_app
from groundtui.tui.widgets.claims import ClaimsPane


def write_answer(path: Path, claims: int) -> int:
    """One answer of ``claims`` sentences citing a source that states every third one."""
    sentences = [
        f"Plan {i} includes {i % 97} gigabytes of storage for {i % 12 + 1} users"
        for i in range(claims)
    ]
    record = {
        "id": "HUGE",
        "question": "What do the plans include?",
        "response": " ".join(f"{s} [1]." for s in sentences),
        "sources": [{"id": "kb", "title": "Plans", "text": ". ".join(sentences[::3]) + "."}],
    }
    path.write_text(json.dumps(record) + "\n")
    return len(record["response"])


def groundtui(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "groundtui", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def reviews(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("select count(*) from reviews").fetchone()[0]


async def drive(db: Path, presses: int) -> None:
    app = make_app(str(db), "bench", spacing=0)
    start = time.perf_counter()
    async with app.run_test(size=(160, 45)) as pilot:
        screen = app.screen
        while screen.detail is None or screen.awaiting_answer:
            await pilot.pause(0.01)
        print(f"first answer shown: {time.perf_counter() - start:.2f} s")
        saved = []
        for _ in range(presses):
            before, start = reviews(db), time.perf_counter()
            await pilot.press("s")
            while reviews(db) == before:
                await pilot.pause(0.005)
            saved.append(time.perf_counter() - start)
        print(
            f"verdict key to row on disk: median {statistics.median(saved):.2f} s, "
            f"max {max(saved):.2f} s over {presses} keys"
        )
        claims = screen.query_one(ClaimsPane)
        at, start = screen.claim, time.perf_counter()
        await pilot.press("j")
        while claims._current == at:
            await pilot.pause(0.005)
        print(f"j to the next claim selected: {time.perf_counter() - start:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=16_400)
    parser.add_argument("--presses", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        jsonl, db = Path(folder) / "huge.jsonl", Path(folder) / "huge.db"
        size = write_answer(jsonl, args.claims)
        took = groundtui("import", str(jsonl), "--db", str(db))
        print(f"one answer of {size:,} characters; import {took:.2f} s")
        took = groundtui("judge", "--all", "--heuristic", "--db", str(db))
        with sqlite3.connect(db) as con:
            count = con.execute("select count(*) from claims").fetchone()[0]
        print(f"offline judge: {count:,} claims in {took:.1f} s")
        asyncio.run(drive(db, args.presses))


if __name__ == "__main__":
    main()
