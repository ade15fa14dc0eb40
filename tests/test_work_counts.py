"""The work counts the triggers keep (``groundtui/store/sql/``) against a plain recount.

After every kind of write (a label, a relabel, an undo, a withdrawn label, a claim split,
added, edited or dismissed and its undo, an adjudication and its withdrawal, a correctness
mark and its undo, a lease, a judge's verdict and extraction, an import), the kept tables
equal a recount from the base tables, and the numbers the screen reads from them (the
queue's progress, the team's line, the report's coverage and reviewers) equal the scans
they replace.
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from groundtui.importing.files import import_files
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.report.coverage import coverage, coverage_scan
from groundtui.report.team import reviewers, reviewers_scan
from groundtui.review.queue import (
    QueueFilter,
    Team,
    progress,
    progress_scan,
    team_progress,
    team_progress_scan,
)
from groundtui.store import Store, bulk_load, now_iso
from groundtui.store import read_counts as read_work
from tests.helpers.builders import imported_db, make_answer, write_jsonl
from tests.helpers.corrections import correct

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NAMES = ["dana", "lee", "kim"]


def _generate():
    spec = importlib.util.spec_from_file_location(
        "bench_generate", Path(__file__).resolve().parents[1] / "bench" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate


def assert_counts_exact(store: Store) -> None:
    """Kept = recounted, and every number read from them = its scan."""
    kept = read_work(store.db.conn)
    with bulk_load(store.db):  # nothing written: every count recounted from scratch
        pass
    assert read_work(store.db.conn) == kept
    assert coverage(store) == coverage_scan(store)
    assert reviewers(store) == reviewers_scan(store)
    assert progress(store, QueueFilter()) == progress_scan(store, QueueFilter())
    now = now_iso(NOW)
    for name in [*NAMES, "Dana", "nobody"]:
        for share in (0.0, 0.3, 1.0):
            assert team_progress(store, name, share) == team_progress_scan(store, name, share)
            team = Team(name, now, share)
            assert progress(store, QueueFilter(), None, team) == progress_scan(
                store, QueueFilter(), None, team
            ), (name, share)


@pytest.fixture
def generated(tmp_path: Path) -> Path:
    path = tmp_path / "bench.db"
    _generate()(path, answers=120, seed=5)
    return path


def test_a_generated_database_counts_as_its_scans(generated: Path) -> None:
    with Store(generated) as store:
        store.settings.set("control_share", "0.5")
        assert store.scalar("select count(*) from agg_reviewer_claims") > 50
        assert_counts_exact(store)


def test_every_kind_of_write_keeps_the_counts_exact(generated: Path, tmp_path: Path) -> None:
    rng = random.Random(11)
    verdicts = ["stated", "absent", "partial", "contradicted"]
    with Store(generated) as store:
        store.settings.set("control_share", "0.5")
        claims = [r[0] for r in store.db.execute("select id from claims")]
        answers = [r[0] for r in store.db.execute("select id from answers")]
        overlap = [
            r[0] for r in store.db.execute("select id from answers where overlap_point < 0.3")
        ]
        edits: list[int] = []
        marks: list[int] = []
        for step in range(240):
            c, a, op = rng.choice(claims), rng.choice(answers), step % 13
            who = rng.choice(NAMES)
            if op in (0, 1):  # a label, or a relabel of one
                store.labels.add_review(c, who, rng.choice(verdicts))
            elif op == 2:  # an undo: the label withdrawn
                store.labels.add_review(c, who, None)
            elif op == 3:
                store.labels.add_judgement(c, "judge-x", "v", verdict=rng.choice([*verdicts, None]))
            elif op == 4:
                marks.append(store.labels.add_mark(a, who, rng.choice([True, False, None])))
            elif op == 5 and marks:  # a mark undone
                m = marks.pop(rng.randrange(len(marks)))
                row = store.db.execute(
                    "select answer_id, reviewer from answer_marks where id = ?", [m]
                ).fetchone()
                store.labels.add_mark(row[0], row[1], None, reverts=m)
            elif op == 6:
                store.team.add_adjudication(c, "lead", rng.choice([*verdicts, None]))
            elif op == 7:
                moment = now_iso(NOW + timedelta(minutes=rng.choice([-30, 0])))
                store.team.take_lease(a, who, now=moment, minutes=15, share=0.3)
            elif op == 8:
                store.judging.add_extraction(a, "judge-x", "v", [], error=rng.choice([None, "x"]))
            elif op == 12:  # every claim of an answer, by one reviewer or, in the overlap, two
                two = rng.random() < 0.5
                if two:
                    a = rng.choice(overlap)
                for name in rng.sample(NAMES, 2 if two else 1):
                    for (claim,) in store.db.execute(
                        "select id from claims where answer_id = ? and retired is null", [a]
                    ).fetchall():
                        store.labels.add_review(claim, name, rng.choice(verdicts))
            else:
                if op == 9:
                    kind = "undo" if edits and rng.random() < 0.5 else "dismiss"
                else:
                    kind = "split" if op == 10 else "edit" if rng.random() < 0.5 else "add"
                edits += correct(store, kind, rng, c, a, edits, claims)
            if step % 60 == 59:
                assert_counts_exact(store)
        records = [
            make_answer(
                f"IMP-{i}",
                claims=[
                    {
                        "text": "Sofas can be returned within 14 days",
                        "verdict": "stated",
                        "reviews": [
                            {"reviewer": "lee", "verdict": "absent", "at": "2026-11-30T10:12:00Z"}
                        ],
                    }
                ],
            )
            for i in range(4)
        ]
        import_files(store, [str(write_jsonl(tmp_path / "more.jsonl", records))])
        assert store.scalar("select count(*) from claim_edits where action = 'undo'") > 0
        # Each number is held where it is not trivially zero.
        lines = [team_progress(store, name, 0.3) for name in NAMES]
        assert all(line.mine for line in lines) and lines[0].double and lines[0].team
        assert coverage(store).reviewed and coverage(store).control_unstated
        assert len(reviewers(store)) == len(NAMES)
        assert_counts_exact(store)


def test_a_judge_run_keeps_the_counts_exact(tmp_path: Path) -> None:
    """The offline judge extracts claims and judges them, a reviewer labels, the judge runs
    again over everything; an answer the judge finds no claim in counts as judged."""
    records = [make_answer(f"J-{i}") for i in range(4)]
    records.append(make_answer("J-none", response="Thanks for asking."))
    path = imported_db(tmp_path, "judged", records)
    with Store(path) as store:
        store.settings.set("control_share", "1")
        asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
        assert coverage(store).judged == 5
        assert_counts_exact(store)
        for (claim,) in store.db.execute("select id from claims limit 3").fetchall():
            store.labels.add_review(claim, "dana", "absent")
        asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
        assert reviewers(store)["dana"]["judge_agreement"]["n"] == 3
        assert_counts_exact(store)


def test_deleting_answers_takes_their_work_away(generated: Path) -> None:
    with Store(generated) as store:
        for claim in [r[0] for r in store.db.execute("select id from claims limit 30")]:
            store.labels.add_review(claim, "kim", "stated")
        gone = [r[0] for r in store.db.execute("select id from answers limit 10")]
        store.deletes.forget(gone)
        assert_counts_exact(store)


def test_an_older_database_gets_the_work_counts_on_open(generated: Path) -> None:
    with Store(generated) as store:
        before = read_work(store.db.conn)
        for (name,) in store.db.execute(
            "select name from sqlite_master where type = 'trigger' and name like 'agg\\_work%'"
            " escape '\\'"
        ).fetchall():
            store.db.execute(f"drop trigger {name}")
        for table in ("agg_work", "agg_reviewer_claims", "agg_reviewer_verdicts"):
            store.db.execute(f"drop table {table}")
        store.db.execute("drop table agg_reviewer_answers")
        store.db.execute("drop table agg_reviewers")
        store.db.execute("delete from _migrations where name = 'm012_work_counts'")
        store.db.conn.commit()
    with Store(generated) as store:
        assert read_work(store.db.conn) == before
        assert_counts_exact(store)
