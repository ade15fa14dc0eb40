"""A key acts on the claim on screen, even when it arrives while the next answer loads.

Pilot's keys usually arrive after each answer has loaded; a slow disk, a busy machine or
pasted keys do not wait. ``held_loads`` makes every answer read wait until the test lets it
go, so the keys below really arrive while the answer they will act on is still loading.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from groundtui.review import answer
from groundtui.tui import make_app
from tests.helpers.pilot import settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE


@pytest.fixture
def held_loads(monkeypatch) -> threading.Event:
    """Answer reads (real ones, on the real database) wait until the event is set."""
    go = threading.Event()
    go.set()
    real = answer.load_answer

    def held(*args, **kwargs):
        assert go.wait(10), "the test never let the answer load"
        return real(*args, **kwargs)

    monkeypatch.setattr(answer, "load_answer", held)
    return go


@pytest.mark.slow
async def test_n_n_s_at_once_labels_the_answer_shown(review_db: Path, held_loads):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        held_loads.clear()
        await pilot.press("n", "n", "s")  # no pause: both answers are still loading
        held_loads.set()
        await settle(pilot)
        screen = app.screen
        shown = screen.rows[2].answer_id
        assert screen.detail.id == shown
        assert shown in str(screen.query_one("#answer").border_title)
        assert f"Saved {shown} #1: stated" in str(screen.query_one("#status").content)
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "dana")] == [
        (f"{shown}#1", "stated")
    ]


@pytest.mark.slow
async def test_n_n_s_unheld_labels_the_answer_shown(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n", "n", "s")
        await settle(pilot)
        shown = app.screen.rows[2].answer_id
        assert app.screen.detail.id == shown
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == [f"{shown}#1"]


@pytest.mark.slow
async def test_keys_typed_during_loads_keep_their_order(review_db: Path, held_loads):
    """``s n c j a``: s on the first answer, c and a on the next one's two claims."""
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first, second = app.screen.rows[0].answer_id, app.screen.rows[1].answer_id
        held_loads.clear()
        await pilot.press("n", "N", "s", "n", "c", "j", "a")
        held_loads.set()
        await settle(pilot)
        assert app.screen.detail.id == second
        assert app.screen.claim == 1
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "dana")] == [
        (f"{first}#1", "stated"),
        (f"{second}#1", "contradicted"),
        (f"{second}#2", "absent"),
    ]
