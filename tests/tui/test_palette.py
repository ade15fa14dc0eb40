"""The command palette (ctrl+p): the screen's actions by name, and a jump to an answer id."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.actions import parse
from textual.binding import Binding
from textual.command import CommandPalette

from groundtui.tui import make_app
from groundtui.tui.app import ReviewApp
from groundtui.tui.commands import COMMANDS
from groundtui.tui.keys import review_bindings
from groundtui.tui.screens.review import ReviewScreen
from groundtui.tui.widgets.report import ReportPane
from groundtui.tui.widgets.source import SourcePane
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE

PANES = {"source": SourcePane}
"""The panes whose own keys the screen binds through ``pane``, by id."""


def _binding_actions() -> set[str]:
    return {b.action for b in review_bindings() if isinstance(b, Binding)}


async def _run(pilot, typed: str) -> None:
    await press(pilot, "ctrl+p")
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*typed)
    await pilot.pause(0.3)  # the palette searches in the background
    await settle(pilot)
    await press(pilot, "enter")


@pytest.mark.slow
async def test_the_palette_runs_the_screens_actions_and_jumps_to_an_answer(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(ReportPane).display
        await _run(pilot, "hide the report")
        assert app.screen is screen
        assert not screen.query_one(ReportPane).display
        await _run(pilot, "A-3")
        assert screen.detail.id == "A-3"
        await press(pilot, "y")
        await _run(pilot, "A-2")  # further down the queue: found there too
        assert screen.detail.id == "A-2"
        await _run(pilot, "zoom")
        assert screen.maximized is not None
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-3#1"]


@pytest.mark.slow
async def test_an_id_not_in_the_queue_read_so_far_filters_the_queue_by_it(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.rows[:] = screen.rows[:1]  # as if only the first page were read
        await _run(pilot, "A-4")
        assert screen.queue.filter.text == "A-4"
        assert screen.detail.id == "A-4"


@pytest.mark.slow
async def test_the_palette_opens_the_calibration_screen(review_db: Path):
    from groundtui.tui.screens.calibration import CalibrationScreen

    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _run(pilot, "calibration")
        assert isinstance(app.screen, CalibrationScreen)


@pytest.mark.parametrize("action", sorted({a for _, _, a in COMMANDS} | _binding_actions()))
def test_every_key_and_palette_command_names_an_action_that_is_there(action: str):
    """A key's or a command's action string that names nothing only logs, in Textual: each
    must name a method of the screen, the app, or (through ``pane``) the pane it names."""
    target, name, args = parse(action)
    owner = {"": ReviewScreen, "app": ReviewApp}[target]
    assert callable(getattr(owner, f"action_{name}", None)), action
    if name == "pane":
        pane, pane_action = args[0], args[1]
        assert isinstance(pane, str), action
        assert callable(getattr(PANES[pane], f"action_{pane_action}", None)), action
