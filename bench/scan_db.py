"""Time `groundtui scan` end to end over a database of realistic answers.

    python bench/scan_db.py [--answers 100000] [--db PATH]

Builds (or reuses, with --db) a database of answers from ``bench/answers_retail.py``
(responses of 1-3 KB with citations, 2-4 sources of 1-3 KB), then runs the real command,
``groundtui scan --rescan``, in a subprocess and prints answers per second, beside the
in-process cost of ``unsourced_specifics`` alone over the same answers.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from groundtui.checks import unsourced_specifics
from groundtui.importing.files import import_files
from groundtui.store import Store

sys.path.insert(0, str(Path(__file__).parent))
from answers_retail import generate_answer  # a sibling script, not a package


def build(path: Path, answers: int, seed: int) -> float:
    """Import ``answers`` generated answers into ``path``; returns the seconds it took."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "answers.jsonl"
        with jsonl.open("w") as out:
            for n in range(answers):
                response, sources = generate_answer(rng)
                out.write(
                    json.dumps(
                        {
                            "id": f"S-{n:07d}",
                            "question": "?",
                            "response": response,
                            "sources": [
                                {"id": f"S-{n:07d}-{i}", "text": t, "origin": "help-centre"}
                                for i, t in enumerate(sources)
                            ],
                        }
                    )
                    + "\n"
                )
        started = time.perf_counter()
        with Store(path) as store:
            import_files(store, [str(jsonl)])
        return time.perf_counter() - started


def main() -> None:
    """Build the database, time the command and the bare function."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--db", type=Path, default=None, help="reuse or keep this database")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    path = args.db or Path(tempfile.mkdtemp(prefix="groundtui-scan-")) / "scan.db"
    if not path.exists():
        seconds = build(path, args.answers, args.seed)
        print(f"built {path}: {args.answers:,} answers imported in {seconds:.1f} s")
    with Store(path) as store:
        total = store.scalar("select count(*) from answers")

    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "groundtui", "scan", "--rescan", "--db", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    print(done.stdout.strip())
    print(
        f"groundtui scan (end to end, {total:,} answers): {wall:.1f} s, "
        f"{total / wall:,.0f} answers/s"
    )

    with Store(path) as store:
        rows = store.query(
            "select a.response, group_concat(s.text, char(0)) as texts from answers a"
            " join answer_sources x on x.answer_id = a.id join sources s on s.key = x.source_key"
            " group by a.id order by a.seq limit 5000"
        )
    pairs = [(r["response"], r["texts"].split("\0")) for r in rows]
    started = time.perf_counter()
    for response, sources in pairs:
        unsourced_specifics(response, sources)
    bare = time.perf_counter() - started
    print(
        f"unsourced_specifics alone on {len(pairs):,} of them: "
        f"{len(pairs) / bare:,.0f} answers/s (the rest of scan is SQLite reads and writes)"
    )


if __name__ == "__main__":
    main()
