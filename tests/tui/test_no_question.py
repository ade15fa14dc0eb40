"""An answer imported without a question (from a table that has none) says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundtui.tui import make_app
from groundtui.tui.widgets.queue import QueueList
from tests.helpers.builders import imported_db, make_answer
from tests.helpers.pilot import settle
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_an_empty_question_is_shown_as_no_question(tmp_path: Path):
    db = imported_db(tmp_path, "bare", [make_answer("T-1", question="")])
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert plain(app, "#answer-body").startswith("Question  (no question)\n")
        queue = app.screen.query_one(QueueList)
        assert queue._line(queue.rows[0]).plain.endswith("T-1 (no question)")
