"""Help lists every key; leaving the app, however it ends, loses no decision."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.table import Table
from textual.binding import Binding
from textual.widgets import Static

from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import settle
from tests.helpers.review_db import marks, reviews
from tests.helpers.screen import SIZE


@pytest.mark.slow
async def test_help_lists_every_key_and_q_quits(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        from groundtui.tui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query("Static").first(Static).content
        assert isinstance(table, Table)
        listed = {key for cell in table.columns[0]._cells for key in str(cell).split(" / ")}
        for key in (
            "down",
            "j",
            "up",
            "k",
            "n",
            "N",
            "enter",
            "y",
            "s",
            "c",
            "a",
            "p",
            "1",
            "2",
            "3",
            "4",
            "0",
            "m",
            "e",
            "u",
            "slash",
            "r",
            "question_mark",
            "q",
        ):
            assert app.get_key_display(Binding(key, "")) in listed, key
        await pilot.press("escape")
        await pilot.press("r")
        assert not app.screen.query_one(ReportPane).display
        await pilot.press("r")
        assert app.screen.query_one(ReportPane).display
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.slow
async def test_stopping_without_quitting_loses_no_label(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # Keys as fast as Pilot can press them, then the terminal goes away: no q, no wait.
        await pilot.press("s", "j", "a", "2", "n", "c", "m", "e", *"gone", "ctrl+s")
    rows = reviews(review_db, "dana")
    assert [(r["claim_id"], r["verdict"], r["invention_kind"], r["note"]) for r in rows] == [
        ("A-1#1", "stated", None, ""),
        ("A-1#2", "absent", None, ""),
        ("A-1#2", "absent", "bridging_inference", ""),
        ("A-3#1", "contradicted", "plausible_specifics", ""),
        ("A-3#1", "contradicted", "plausible_specifics", "gone"),
    ]
    assert [(m["answer_id"], m["correct"]) for m in marks(review_db)] == [("A-3", 1)]


def test_review_command_refuses_a_missing_database(tmp_path: Path):
    from click.testing import CliRunner

    from groundtui.cli import cli

    result = CliRunner().invoke(cli, ["review", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2
    assert "no database at" in result.output
    assert not (tmp_path / "none.db").exists()
