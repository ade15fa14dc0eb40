"""A response far longer than a screen: the Answer pane draws the part around the selected
claim, so a key does not cost a redraw of the whole response (bench/huge_answer.py
prints the times)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from groundtui.tui import make_app
from groundtui.tui.widgets import answer as answer_module
from groundtui.tui.widgets import claims as claims_module
from groundtui.tui.widgets.answer import QUESTION_CHARS, WINDOW_CHARS, window
from groundtui.tui.widgets.claims import ClaimsPane
from tests.helpers.builders import imported_db
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, drawn_runs, plain

FILLER = "and the small print of that plan runs on at length " * 15


def _huge_answer(claims: int, filler: str = FILLER) -> dict:
    """``claims`` claims of about 800 characters each (``filler``), every one citing the one
    source."""
    texts = [f"Plan {i} includes {i} gigabytes {filler}".strip() for i in range(claims)]
    response = " ".join(f"{t} [1]." for t in texts)
    rows = []
    for text in texts:
        start = response.index(text)
        rows.append(
            {
                "text": text,
                "span": [start, start + len(text)],
                "citation": 1,
                "verdict": "stated",
                "judge": "j",
            }
        )
    return {
        "id": "HUGE",
        "question": "Which plan suits me? " * 300,
        "response": response,
        "sources": [{"id": "plans", "text": "Plan 1 includes 1 gigabytes."}],
        "claims": rows,
    }


def test_the_window_holds_the_offset_with_context_on_both_sides():
    text = " ".join(f"word{i}" for i in range(20_000))
    assert window("short text", 3) == (0, 10)
    for at in (0, 5_000, len(text) // 2, len(text) - 1):
        first, last = window(text, at)
        assert first <= at < last and last - first <= WINDOW_CHARS
        assert first == 0 or text[first - 1] == " "  # cut between words
        assert last == len(text) or text[last] == " "
        assert first == 0 or at - first >= WINDOW_CHARS // 3 - 200
        assert last == len(text) or last - at >= WINDOW_CHARS // 3 - 200
    # moving within a third of the window keeps the same part on screen
    assert window(text, 40_000) == window(text, 40_000 + 100)


@pytest.mark.slow
async def test_a_huge_answer_shows_the_part_around_the_selected_claim(tmp_path: Path, monkeypatch):
    """Here the part drawn is 3,000 characters, as 12,000 of a longer answer would be."""
    monkeypatch.setattr(answer_module, "WINDOW_CHARS", 3000)
    answer = _huge_answer(12)
    assert len(answer["response"]) > 3 * 3000
    db = imported_db(tmp_path, "huge", [answer])
    first, last = answer["claims"][0]["text"], answer["claims"][-1]["text"]
    app = make_app(db, "ann", spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        body = plain(app, "#answer-body")
        assert len(body) < 3000 + QUESTION_CHARS + 500
        assert first in body and last not in body
        assert "characters below" in body and "characters above" not in body
        assert f"({300 * 21 - QUESTION_CHARS:,} more characters)" in body

        await press(pilot, *["j"] * 11)
        body = plain(app, "#answer-body")
        assert last in body and first not in body
        assert "characters above" in body and "characters below" not in body
        on_screen = "".join(text for text, _, _ in drawn_runs(app))
        assert "Plan 11 includes 11 gigabytes" in on_screen  # scrolled to it
        await press(pilot, "s")
        assert [(r["claim_id"], r["verdict"]) for r in reviews(db)] == [("HUGE#12", "stated")]


@pytest.mark.slow
async def test_a_long_claims_list_lists_the_part_around_the_selected_claim(
    tmp_path: Path, monkeypatch
):
    """Textual measures every entry of a list again after one changes: an answer of more
    claims than the list holds lists the part around the selected claim (here 8 of 20)."""
    monkeypatch.setattr(claims_module, "LIST_WINDOW", 8)
    db = imported_db(tmp_path, "many", [_huge_answer(20, filler="")])
    app = make_app(db, "ann", spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(ClaimsPane)
        listed = pane.query_one(OptionList)
        assert (str(pane.border_title), listed.option_count) == ("Claims 1–8 of 20", 8)
        await press(pilot, *["j"] * 13)
        assert str(pane.border_title) == "Claims 11–18 of 20"  # steps of a quarter (2)
        assert listed.highlighted == 13 - 10  # claim 14, the fourth listed
        assert "Plan 13 includes" in plain(app, "#claim-detail")
        await press(pilot, "s")
        assert [(r["claim_id"], r["verdict"]) for r in reviews(db)] == [("HUGE#14", "stated")]
        await press(pilot, *["k"] * 12)
        assert str(pane.border_title) == "Claims 1–8 of 20"
        assert "Plan 2 includes" in plain(app, "#claim-detail")  # s moved on to claim 15
