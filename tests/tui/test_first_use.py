"""What a new user meets first: an imported database not judged yet, and the queue's legend."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.store import Store
from groundtui.tui import make_app
from tests.helpers.builders import imported_db, make_answer
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import marks
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_an_unjudged_answer_says_so_and_names_the_command(tmp_path: Path):
    db = imported_db(tmp_path, "fresh", [make_answer("U-1"), make_answer("U-2")])
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = plain(app, "#claim-detail")
        assert "Not judged yet" in detail
        assert f"groundtui judge --all --db {db}" in detail
        await press(pilot, "m")  # the answer can still be marked
    assert [m["answer_id"] for m in marks(db)] == ["U-1"]
    with Store(db) as store:  # once judged, the same screen lists its claims
        await judge_answers(store, HeuristicJudge(), all_answers=True)
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.detail.claims
        assert "Not judged yet" not in plain(app, "#claim-detail")


async def test_the_queue_legend_fits_at_100_columns_and_names_every_mark(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        legend = app.screen.query_one("#queue-legend")
        lines = plain(app, "#queue-legend").split("\n")
        assert all(cell_len(line) <= legend.region.width for line in lines), lines
        assert legend.region.height == len(lines)
        text = " ".join(lines)
        for mark in ("⚑", "#", "·", "◐", "✓", "first"):
            assert mark in text
        assert "n =" not in text  # n is the next-answer key, not a mark
