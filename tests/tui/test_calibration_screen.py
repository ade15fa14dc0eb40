"""The calibration screen: `K` shows where the judge and people differ."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from groundtui.tui import make_app
from groundtui.tui.screens.calibration import CalibrationScreen
from tests.helpers.pilot import settle
from tests.helpers.screen import SIZE


@pytest.mark.slow
async def test_K_shows_the_confusion_matrix_and_the_kinds_then_closes(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")  # a label of dana's, so the matrix has a pair in it
        await settle(pilot)
        await pilot.press("K")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CalibrationScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        body = screen.query_one("#calibration-body", Static)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(body.content)
        text = console.export_text()
        assert "Calibration: judge verdict × reviewer verdict" in text
        assert "Judge vs reviewer by claim kind" in text
        assert "95% interval" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CalibrationScreen)
        await pilot.press("K")  # opens again, and K closes it too
        await pilot.pause()
        assert isinstance(app.screen, CalibrationScreen)
        await app.screen.workers.wait_for_complete()
        await pilot.press("K")
        await pilot.pause()
        assert not isinstance(app.screen, CalibrationScreen)
