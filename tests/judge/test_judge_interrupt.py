"""Ctrl-C on ``groundtui judge``, end to end in a subprocess: finished work stays saved, and
the next run finishes the rest."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import groundtui
from groundtui.importing.files import import_files
from groundtui.store import Store
from tests.helpers.builders import ctrl_c_as_at_a_terminal, interrupted, write_jsonl
from tests.judge.helpers import MODEL, answer

# A real `groundtui judge` process, interrupted after some answers are done, then run again.
pytestmark = pytest.mark.slow


def _verdicts(db: Path) -> int:
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute(
                "select count(*) from judgements where verdict is not null"
            ).fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def test_ctrl_c_saves_finished_work_exits_130_and_the_next_run_finishes(server, tmp_path):
    server.latency = 0.2
    db = tmp_path / "groundtui.db"
    records = [answer(f"A-{i}", question=f"Question {i}?") for i in range(20)]
    with Store(db) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", records))])
    root = Path(groundtui.__file__).resolve().parents[1]
    env = {**os.environ, "OPENAI_API_KEY": "test", "PYTHONPATH": str(root)}
    command = [
        sys.executable,
        "-m",
        "groundtui",
        "judge",
        "--db",
        str(db),
        "--all",
        "--model",
        MODEL,
        "--api-base",
        server.url,
        "--concurrency",
        "2",
    ]
    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    err = interrupted(proc, lambda: _verdicts(db) >= 2)
    assert proc.returncode == 130, err
    [line] = err.strip().splitlines()
    assert line.startswith("groundtui: interrupted;") and "run `groundtui judge` again" in line
    saved = _verdicts(db)
    assert 2 <= saved < 40
    with Store(db) as store:  # nothing half-written: every claim row has its label row
        assert store.scalar("select count(*) from claims") == store.scalar(
            "select count(*) from claim_labels"
        )

    # Resumed: the next run judges only what is left, and then every claim has its verdict.
    server.latency = 0.0
    requests = server.requests
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stdout + again.stderr
    with Store(db) as store:
        assert store.scalar("select count(*) from claims") == 40
        unjudged = store.query(
            "select c.id from claims c where not exists (select 1 from judgements j"
            " where j.claim_id = c.id and j.judge = ? and j.verdict is not null)",
            [MODEL],
        )
        assert unjudged == []
        assert store.scalar("select count(distinct claim_id) from judgements") == 40
        # Nothing finished before the Ctrl-C was judged again.
        assert store.scalar("select count(*) from judgements where verdict is not null") == 40
    assert server.requests - requests <= 20 + 40 - saved
