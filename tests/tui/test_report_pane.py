"""The report pane: current after every change, origins ranked, unjudged claims counted as not stated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static

from groundtui.importing.files import import_files
from groundtui.report import compute
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
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
