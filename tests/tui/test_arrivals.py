"""Answers stored while a reviewer works (``groundtui collect``, an import in another
terminal) join the open queue within a look of the live refresh: flagged ones after the
open answer, ahead of the unflagged; into an empty queue, the first one opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundtui.importing.add import add_answers
from groundtui.importing.files import parse_record
from groundtui.scan import scan_answers
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.queue import QueueList
from tests.helpers.builders import imported_db, make_answer
from tests.helpers.pilot import press, settle, until
from tests.helpers.screen import SIZE

GROUNDED = "Sofas can be returned within 14 days [1]. Refunds take 5 days [2]."
INVENTED = "Sofas can be returned within 45 days [1]. Refunds take 5 days [2]."


def _answers(*ids: str, response: str) -> list[dict]:
    return [make_answer(i, response=response) for i in ids]


def _collected(db: Path, records: list[dict]) -> list[str]:
    """Store ``records`` as the collector does (another process's connection); the flagged."""
    with Store(db) as store:
        added = add_answers(store, [parse_record(r) for r in records])
    assert not added.refused
    return added.flagged


@pytest.mark.slow
async def test_flagged_answers_that_arrive_join_the_queue_after_the_open_one(tmp_path: Path):
    db = imported_db(
        tmp_path,
        "live",
        _answers("F-1", "F-2", response=INVENTED) + _answers("G-1", "G-2", response=GROUNDED),
    )
    with Store(db) as store:
        scan_answers(store)
    app = make_app(str(db), "dana", poll=0.05, spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert [r.answer_id for r in screen.rows] == ["F-1", "F-2", "G-1", "G-2"]
        assert screen.detail.id == "F-1"
        shown = screen.query_one(QueueList)
        before = [shown.render_line(y).text for y in range(4)]  # the lines drawn now
        assert ["F-1" in before[0], "G-1" in before[2]] == [True, True]
        flagged = _collected(
            db, _answers("N-1", "N-2", response=INVENTED) + _answers("N-3", response=GROUNDED)
        )
        assert flagged == ["N-1", "N-2"]
        assert await until(pilot, lambda: len(screen.rows) == 7)
        assert [r.answer_id for r in screen.rows] == [
            "F-1",
            "F-2",
            "N-1",
            "N-2",
            "G-1",
            "G-2",
            "N-3",
        ]
        assert screen.detail.id == "F-1"  # the open answer stays open
        await pilot.pause()
        drawn = [shown.render_line(y).text for y in range(7)]
        assert ["N-1" in line for line in drawn] == [False, False, True] + [False] * 4
        assert ["N-3" in line for line in drawn] == [False] * 6 + [True]
        await press(pilot, "n", "n")
        assert screen.detail.id == "N-1"
        await press(pilot, "m")  # a key on an arrival (not judged yet: no claims) saves
        with Store(db) as store:
            marked = store.query("select answer_id, reviewer from answer_marks")
        assert marked == [{"answer_id": "N-1", "reviewer": "dana"}]


@pytest.mark.slow
async def test_into_an_empty_queue_the_first_arrival_opens(tmp_path: Path):
    db = tmp_path / "empty.db"
    Store(db).close()
    app = make_app(str(db), "dana", poll=0.05, spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.rows == [] and screen.detail is None
        _collected(db, _answers("N-1", response=INVENTED))
        assert await until(pilot, lambda: screen.detail is not None)
        # app.screen, not screen: mypy holds screen.detail None since the assert above
        assert app.screen.detail.id == "N-1"
