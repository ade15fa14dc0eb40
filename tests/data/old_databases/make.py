"""Databases as older groundtui versions wrote them, one per shipped migration step.

Each ``mNNN_*.sql`` here is a SQLite dump (``iterdump``) of a database that the groundtui of
one commit of ``main`` made: the last commit before the next migration was added, so the
database holds every migration up to its name and nothing after, with the tables, views and
triggers that version wrote. ``tests/test_schema.py`` opens each with today's code, which
migrates it, and holds it to ``groundtui/store/sql/schema.sql`` and to a recount.

Run from the repository root (it reads the old versions with ``git archive``)::

    .venv/bin/python tests/data/old_databases/make.py

Each version writes the same few answers through its own command line (``groundtui import``
and ``groundtui scan``), then, with the store methods it has, a reviewer's labels and a
correctness mark, an adjudication, a lease and a dismissed claim.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]

#: Each migration step and the commit of main that wrote it (the last before the next step).
STEPS = {
    "m001_initial": "0a60c42^",
    "m002_report_aggregates": "1d6ca87^",
    "m003_extractions": "3f5639f^",
    "m004_settings": "a874144^",
    "m005_completion_answers": "5d62269^",
    "m006_team": "6c19735^",
    "m007_citations": "ddae616^",
    "m008_claim_edits": "5705a6a^",
    "m009_independent_reviews": "29677ad^",
    "m010_lease_heartbeats": "a71b76d^",
    "m011_reviews_by_claim_and_reviewer": "fe4b00f^",
    "m012_work_counts": "457a948^",
    "m013_holding_follows_people": "b33ce5c^",
    "m014_answered_at": "5496f01",
}

SOURCES = [
    {
        "id": "returns",
        "text": "Sofas can be returned within 14 days. Refunds take 5 days.",
        "origin": "help-centre",
    },
    {"id": "delivery", "text": "Delivery is free on orders over 50 pounds.", "origin": "wiki"},
]


def _answer(n: int) -> dict:
    response = (
        "Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds"
        f" [2]. Refunds take {n + 3} days [1]."
    )
    claims = [
        {
            "text": "Sofas can be returned within 14 days",
            "citation": 1,
            "verdict": "stated",
            "reviews": [
                {"reviewer": "dana", "verdict": "stated", "at": "2026-11-30T10:00:00Z"},
                {"reviewer": "Lee", "verdict": "absent", "at": "2026-11-30T10:05:00Z"},
            ],
        },
        {"text": "Delivery is free on orders over 50 pounds", "citation": 2, "verdict": "stated"},
        {
            "text": f"Refunds take {n + 3} days",
            "citation": 1,
            "verdict": "stated" if n == 2 else "absent",
            "reviews": [{"reviewer": "dana", "verdict": "absent", "at": "2026-11-30T10:01:00Z"}],
        },
    ]
    return {
        "id": f"A-{n}",
        "question": f"Question {n}?",
        "response": response,
        "sources": SOURCES,
        "correct": n % 2 == 0,
        "claims": claims if n != 4 else None,
    }


#: Written with the store of the version in ``checkout``: what its methods allow, by the names
#: they had then (``Store.add_review``, not today's ``Store.labels.add_review``).
WRITES = """
import sys
from groundtui.store import Store
store = Store(sys.argv[1])
claims = [r["id"] for r in store.query("select id from claims order by id")]
store.add_review(claims[1], "kim", "partial")
store.add_review(claims[0], "dana", None)
store.add_mark("A-1", "dana", True)
if hasattr(store, "add_adjudication"):
    store.add_adjudication(claims[0], "lead", "stated")
if hasattr(store, "take_lease"):
    try:
        store.take_lease("A-3", "kim", now="2026-12-01T00:00:00.000000Z", minutes=15, share=0.5)
    except TypeError:
        pass
if hasattr(store, "take_lease"):
    store.set_setting("overlap", "0.5")
if hasattr(store, "dismiss_claim"):
    store.dismiss_claim(claims[-1], "dana")
store.close()
"""


def make(step: str, commit: str, jsonl: Path) -> str:
    """The dump of the database the groundtui of ``commit`` makes of ``jsonl``."""
    with tempfile.TemporaryDirectory() as folder:
        checkout = Path(folder) / "groundtui"
        checkout.mkdir()
        archive = subprocess.run(
            ["git", "archive", commit], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(checkout)], input=archive, check=True)
        db = Path(folder) / "old.db"
        env = {"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin", "HOME": folder}
        cli = "from groundtui.cli import cli; cli()"
        for args in (["import", str(jsonl)], ["scan"]):  # the first version had no scan
            subprocess.run(
                [sys.executable, "-c", cli, *args, "--db", str(db)],
                env=env,
                cwd=folder,
                check=args[0] == "import",
                capture_output=True,
            )
        subprocess.run([sys.executable, "-c", WRITES, str(db)], env=env, cwd=folder, check=True)
        dump = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);"
                " sys.stdout.write('\\n'.join(c.iterdump()) + '\\n')",
                str(db),
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    applied = [line for line in dump.splitlines() if line.startswith('INSERT INTO "_migrations"')]
    assert step in applied[-1], (step, applied[-1])
    return dump


def main() -> None:
    """Write every step's dump beside this script."""
    with tempfile.TemporaryDirectory() as folder:
        jsonl = Path(folder) / "answers.jsonl"
        jsonl.write_text("".join(json.dumps(_answer(n)) + "\n" for n in range(1, 5)))
        for step, commit in STEPS.items():
            (HERE / f"{step}.sql").write_text(make(step, commit, jsonl))
            print(step, commit)


if __name__ == "__main__":
    main()
