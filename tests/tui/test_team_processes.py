"""A team's normal day with real processes on one database file: two reviewers, each its own
process driving the review UI, while an import and a judge run write to the same file."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from groundtui.importing.files import import_files
from groundtui.store import Store
from groundtui.tui import make_app
from tests.helpers.builders import make_answer, write_jsonl
from tests.helpers.pilot import press, settle
from tests.helpers.screen import SIZE
from tests.tui.reviewer_process import press_keys, review_answers

# Several real processes (two review UIs, an import, a judge run) on one file.
pytestmark = pytest.mark.slow


def _answers(prefix: str, n: int, judged: bool) -> list[dict]:
    claims = [
        {"text": "Sofas can be returned within 14 days.", "kind": "figure", "citation": 1},
        {"text": "Refunds take 5 days.", "kind": "figure", "citation": 2},
    ]
    if judged:
        claims = [c | {"verdict": "stated", "judge": "prod"} for c in claims]
    return [make_answer(f"{prefix}-{i:04}", claims=claims) for i in range(n)]


def _judged_db(tmp_path: Path, prefix: str) -> Path:
    """A database of three judged answers, ids ``<prefix>-0000``…"""
    db = tmp_path / "team.db"
    with Store(db) as store:
        answers = write_jsonl(tmp_path / "a.jsonl", _answers(prefix, 3, judged=True))
        assert import_files(store, [str(answers)]).exit_code == 0
    return db


def test_two_reviewers_an_import_and_a_judge_at_once(tmp_path: Path) -> None:
    db = tmp_path / "team.db"
    with Store(db) as store:
        first = write_jsonl(tmp_path / "first.jsonl", _answers("R", 40, judged=True))
        assert import_files(store, [str(first)]).exit_code == 0
    more = write_jsonl(tmp_path / "more.jsonl", _answers("M", 3000, judged=False))
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(3), ctx.Queue()
    reviewers = [
        ctx.Process(target=review_answers, args=(str(db), name, 8, start, out))
        for name in ("ann", "bob")
    ]
    for p in reviewers:
        p.start()
    start.wait(timeout=120)
    run = [sys.executable, "-m", "groundtui"]
    importing = subprocess.Popen(
        [*run, "import", str(more), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    judging = subprocess.Popen(
        [*run, "judge", "--heuristic", "--all", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    results = {r["name"]: r for r in (out.get(timeout=240) for _ in reviewers)}
    for p in reviewers:
        p.join(timeout=60)
    imported, judged = importing.communicate(timeout=240), judging.communicate(timeout=240)
    assert importing.returncode == 0, imported
    assert judging.returncode == 0, judged
    assert all("error" not in r for r in results.values()), results
    # Nothing a reviewer read said "locked", "NOT SAVED" or "Could not read".
    assert {name: r["failures"] for name, r in results.items()} == {"ann": [], "bob": []}
    assert set(results["ann"]["answers"]).isdisjoint(results["bob"]["answers"])
    with Store(db) as store:
        rows = store.query(
            "select r.reviewer, c.answer_id from reviews r join claims c on c.id = r.claim_id"
        )
        assert store.scalar("select count(*) from answers") == 3040
    labelled: dict[str, set[str]] = {}
    for row in rows:
        labelled.setdefault(row["answer_id"], set()).add(row["reviewer"])
    assert all(len(people) == 1 for people in labelled.values())  # no answer given twice
    # Every key that said "Saved" is a row on disk.
    assert len(rows) == sum(r["labels"] for r in results.values()) > 0


async def test_a_label_withdrawn_with_undo_holds_the_answer_no_longer(tmp_path: Path) -> None:
    """gil, a process of his own, labels the first claim, undoes it and quits: his label is
    withdrawn, so the answer is no one's. hal gets it once gil's lease is past (his clock 16
    minutes on), and at once after ``groundtui leases --release gil``."""

    db = _judged_db(tmp_path, "U")
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    gil = ctx.Process(target=press_keys, args=(str(db), "gil", ("s", "u"), out))
    gil.start()
    (opened,) = out.get(timeout=120)
    gil.join(timeout=60)
    assert gil.exitcode == 0
    with Store(db) as store:
        verdicts = [r["verdict"] for r in store.db.query("select verdict from reviews order by id")]
    assert verdicts == ["stated", None]  # the label, then the row that withdraws it

    later = datetime.now(UTC) + timedelta(minutes=16)
    hal = make_app(db, "hal", clock=lambda: later)
    async with hal.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert hal.screen.detail.id == opened
        await press(pilot, "q")

    released = subprocess.run(
        [sys.executable, "-m", "groundtui", "leases", "--release", "gil", "--db", str(db)],
        capture_output=True,
        text=True,
    )
    assert released.returncode == 0, released.stderr
    hal = make_app(db, "hal")
    async with hal.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert hal.screen.detail.id == opened


async def test_a_killed_reviewers_answer_is_free_within_two_minutes(tmp_path: Path) -> None:
    """ivy's process opens an answer and is killed (kill -9: no goodbye). Its heartbeat
    stops, so the answer is free for jo within 2 minutes (jo's clock 3 minutes on), not
    after lease_minutes (15); a minute on, it is still ivy's."""

    db = _judged_db(tmp_path, "K")
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    ivy = ctx.Process(target=press_keys, args=(str(db), "ivy", (), out, True))
    ivy.start()
    (opened,) = out.get(timeout=120)
    assert ivy.pid is not None
    os.kill(ivy.pid, signal.SIGKILL)
    ivy.join(timeout=10)
    killed_at = datetime.now(UTC)
    for minutes, expected in ((1, False), (3, True)):
        at = killed_at + timedelta(minutes=minutes)
        jo = make_app(db, "jo", clock=lambda at=at: at)
        async with jo.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert (jo.screen.detail.id == opened) is expected, minutes
            await press(pilot, "q")
