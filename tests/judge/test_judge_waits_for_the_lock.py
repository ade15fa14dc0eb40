"""A judge run beside another writer that holds the lock past the usual busy timeout waits
for it: no claim is recorded as failed for a locked database."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from groundtui.store import Store
from tests.helpers.builders import write_jsonl
from tests.judge.helpers import answer

# Waits out a writer holding the lock for longer than five seconds, as it says.
pytestmark = pytest.mark.slow

HOLD = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()   # the lock is held: the judge may start
time.sleep(float(sys.argv[3]))
conn.execute("COMMIT")
"""


def test_a_judge_waits_for_a_writer_holding_the_lock_longer_than_five_seconds(tmp_path: Path):
    db = tmp_path / "g.db"
    records = [answer(f"A-{i}") for i in range(3)]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "groundtui",
            "import",
            "--db",
            str(db),
            str(write_jsonl(tmp_path / "a.jsonl", records)),
        ],
        check=True,
    )
    held = tmp_path / "held"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(held), "7"])
    while not held.exists():
        time.sleep(0.05)
    judge = subprocess.run(
        [sys.executable, "-m", "groundtui", "judge", "--db", str(db), "--heuristic", "--all"],
        capture_output=True,
        text=True,
    )
    holder.wait()
    assert judge.returncode == 0, judge.stderr
    assert "Failures: 0." in judge.stdout
    with Store(db) as store:
        assert store.scalar("select count(*) from judgements where error is not null") == 0
        assert store.scalar("select count(*) from judgements where verdict is not null") == 6
