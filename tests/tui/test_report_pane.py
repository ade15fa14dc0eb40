"""The report pane: current after every change, origins ranked, unjudged claims counted as not stated."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static

from groundtui.importing.files import import_files
from groundtui.report import compute
from groundtui.report.groups import Group, claim_levels_by_day
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.helpers import timed
from tests.helpers.pilot import press, settle
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_report_pane_follows_every_change(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(ReportPane)
        before = plain(app, "#report-body")
        assert "Claim level" in before and "nothing yet" in before
        revision = pane.revision
        await press(pilot, "s")
        after = plain(app, "#report-body")
        assert pane.revision > revision
        assert "This session (dana): 1 label" in after
        with Store(review_db) as store:  # the team's keys come every few seconds (test_team_review)
            report = compute(store, with_team=False)
        assert app.screen.query_one(ReportPane).report == report
        stated = report["verdicts"]["stated"]
        assert f"{stated}/{report['claims']} stated" in after
        kappa = report["agreement"]["judge_vs_reviewer"]
        raw = f"{kappa['raw'] * 100:.0f}%"
        row = f"judge↔reviewer   {kappa['kappa']:>+6.2f}{raw:>6}{kappa['n']:>7}"
        assert row in after.splitlines()
        await press(pilot, "m")  # incorrect -> unknown moves it between quadrants
        with Store(review_db) as store:
            assert app.screen.query_one(ReportPane).report == compute(store, with_team=False)
        assert app.screen.query_one(ReportPane).report["quadrants"] != report["quadrants"]
        assert "1 label · 1 mark" in plain(app, "#report-body")


def test_the_report_pane_ranks_origins_by_ungrounded_rate():
    report = {
        "a": {"claims": 90, "claim_level": 0.9, "answers": 30, "ungrounded_answer_rate": 0.1},
        "b": {"claims": 10, "claim_level": 0.5, "answers": 5, "ungrounded_answer_rate": 0.6},
        "c": {"claims": 0, "claim_level": None, "answers": 0, "ungrounded_answer_rate": None},
    }
    text = Text()
    ReportPane._by_source(text, report, None, None)
    order = [line.split()[0] for line in text.plain.splitlines()[1:]]
    assert order == ["b", "a", "c"]


@pytest.mark.slow
async def test_report_pane_counts_unlabelled_claims_as_not_stated(tmp_path: Path):
    """docs/report.md: claim level is over every claim; one never judged is simply not stated."""
    record = {
        "id": "P-1",
        "question": "q",
        "response": "Sofas ship free [1]. Lamps ship free [1].",
        "sources": [{"id": "s", "text": "Sofas ship free."}],
        "claims": [
            {"text": "Sofas ship free", "citation": 1, "verdict": "stated"},
            {"text": "Lamps ship free", "citation": 1},
        ],
    }
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(record) + "\n")
    db = tmp_path / "p.db"
    with Store(db) as store:
        import_files(store, [str(path)])
    app = make_app(db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        body = app.screen.query_one("#report-body", Static)
        text = str(body.render())
    assert "1/2 stated" in text


def test_the_trend_line_draws_each_days_claim_level_between_its_lowest_and_highest():
    """Blocks scaled from the lowest day to the highest; a day without answers a dot; a day
    with too few answers to say anything faint; the range beside."""
    days = [
        Group("2026-11-01", answers=20, claims=40, stated=20),  # 50%: the lowest
        Group("2026-11-02", answers=3, claims=10, stated=9),  # 90%, too few answers
        Group("2026-11-04", answers=30, claims=60, stated=60),  # 100%: the highest
        Group("2026-11-05", answers=12, claims=20, stated=15),  # 75%: halfway
    ]
    text = Text()
    ReportPane._trend(text, days, "bold", "dim", "blue")
    heading, line = text.plain.splitlines()
    assert heading == "Claim level by day to 05 Nov"
    blocks = line[: line.index(" ")]
    assert len(blocks) == 28
    assert blocks[-5:] == "▁▇·█▅"  # 50% → ▁, 90% → ▇ (of 8), 3 Nov has none, 100% → █, 75%
    assert set(blocks[:-5]) == {"·"}  # the 23 days before the first with answers
    assert line.endswith(" 50–100%")
    start = len(heading) + 1
    styles = {
        text.plain[span.start]: span.style
        for span in text.spans
        if span.end - span.start == 1 and span.start >= start
    }
    assert styles["▇"] == "dim" and styles["█"] == "blue" and styles["▁"] == "blue"


@pytest.mark.slow
async def test_the_report_pane_shows_the_trend_line_where_answers_have_times(tmp_path: Path):
    timed_db = tmp_path / "timed.db"
    timed.build(timed_db, answers=600, seed=8)
    with Store(timed_db) as store:
        days = claim_levels_by_day(store)
    app = make_app(timed_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = plain(app, "#report-body")
    lines = shown.splitlines()
    last = days[-1].group
    assert last is not None
    at = lines.index(f"Claim level by day to {date.fromisoformat(last):%d %b}")
    line = lines[at + 1]
    levels = [g.claim_level for g in days[-28:] if g.claim_level is not None]
    assert len(levels) == len(days[-28:])  # every day has claims
    assert line.endswith(f" {min(levels) * 100:.0f}–{max(levels) * 100:.0f}%")
    assert "█" in line and "▁" in line

    plain_db = tmp_path / "plain.db"
    timed.build(plain_db, answers=20, seed=1, times=False)
    app = make_app(plain_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Claim level by day" not in plain(app, "#report-body")
