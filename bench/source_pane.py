"""Benchmark the review UI's source pane on one long source: key to the source drawn.

Run from the repository root::

    .venv/bin/python bench/source_pane.py                       # 20 K, 1 M and 5 M characters
    .venv/bin/python bench/source_pane.py --chars 40000 300000

For each size, a database of one answer citing one source of that many characters (seeded
sentences) is imported, scanned and judged with the heuristic judge (its second claim has
no evidence span). The review UI is opened headless at 120×40, and these presses are timed
until the screen is drawn again: ``j`` (to the claim without an evidence span, whose source
is drawn from its start), ``w`` (the whole source), and ``ctrl+f`` with a phrase written
only near the source's end (found, and the stretch drawn around it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from groundtui.tui import make_app

WORDS = "the store offers returns within days of delivery and refunds are paid to the card".split()
PHRASE = "the pink flamingo lamp is sold out"


def _source(chars: int, seed: int) -> str:
    rng = random.Random(seed)
    sentences: list[str] = []
    size = 0
    while size < chars:
        words = " ".join(rng.choice(WORDS) for _ in range(14)).capitalize()
        sentences.append(f"{words} for {rng.randint(1, 99)} days.")
        size += len(sentences[-1]) + 1
    sentences[-3] = PHRASE.capitalize() + "."
    return " ".join(sentences)[:chars]


def _database(folder: Path, chars: int, seed: int) -> Path:
    record = {
        "id": "BIG-1",
        "question": "How long for returns?",
        "response": "Returns are accepted within 30 days [1]. "
        "Refunds take 5 days to reach Harbor Bank [1].",
        "sources": [{"id": "big", "title": "Big", "text": _source(chars, seed)}],
    }
    answers = folder / f"answers-{chars}.jsonl"
    answers.write_text(json.dumps(record) + "\n")
    db = folder / f"source-{chars}.db"
    for args in (["import", str(answers)], ["scan"], ["judge", "--heuristic", "--all"]):
        command = [sys.executable, "-m", "groundtui", *args, "--db", str(db)]
        subprocess.run(command, check=True, capture_output=True)
    return db


async def _timed(pilot, *keys: str) -> float:
    start = time.perf_counter()
    await pilot.press(*keys)
    await pilot.pause()
    return time.perf_counter() - start


async def _measure(db: Path) -> tuple[float, float, float]:
    app = make_app(db, "bench")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)
        no_span = await _timed(pilot, "j")
        whole = await _timed(pilot, "w")
        await pilot.press("ctrl+f")
        await pilot.pause()
        found = await _timed(pilot, *PHRASE)
    return no_span, whole, found


def main(argv: list[str] | None = None) -> None:
    """Time the source pane on each size asked for and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, nargs="+", default=[20_000, 1_000_000, 5_000_000])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        for chars in args.chars:
            db = _database(Path(folder), chars, args.seed)
            no_span, whole, found = asyncio.run(_measure(db))
            print(
                f"{chars:>10,} characters: j (no evidence span) {no_span:.2f} s   "
                f"w (whole) {whole:.2f} s   ctrl+f, {len(PHRASE)} keys typed {found:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
