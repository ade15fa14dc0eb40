"""Every pane reachable from the keyboard: tab focus, scrolling, zoom, the whole source, find."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from groundtui.tui import make_app
from groundtui.tui.legible import component_style
from groundtui.tui.screens.find import FindScreen
from groundtui.tui.widgets.stretch import DRAWN
from tests.helpers.builders import imported_db, make_answer
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_tab_frames_each_pane_in_turn_and_claim_keys_work_from_any(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        order = [screen.focused.id]
        for _ in range(4):
            await press(pilot, "tab")
            order.append(screen.focused.id)
        assert order == ["claims", "source", "report", "queue", "answer"]
        assert screen.query_one("#answer").has_pseudo_class("focus")
        await press(pilot, "shift+tab", "shift+tab")  # back to the queue, then the report
        assert screen.focused.id == "report"
        await press(pilot, "down")  # the report has the focus: the arrow still moves claims
        assert screen.current_claim.id == "A-1#2"
        await press(pilot, "k", "y")
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-1#1"]


@pytest.mark.slow
async def test_the_scroll_keys_scroll_the_focused_pane(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await press(pilot, "w")  # the whole source: 150 lines above the evidence
        await press(pilot, "tab")
        assert screen.focused.id == "source"
        scroll = screen.query_one("#source-scroll")
        await press(pilot, "home")
        assert scroll.scroll_y == 0
        await press(pilot, "pagedown")
        paged = scroll.scroll_y
        assert paged > 0
        await press(pilot, "shift+down")
        assert scroll.scroll_y == paged + 1
        await press(pilot, "shift+up", "pageup")
        assert scroll.scroll_y == 0
        await press(pilot, "end")
        assert scroll.scroll_y == scroll.max_scroll_y > 0
        answer = screen.query_one("#answer")
        assert answer.scroll_y == 0  # only the focused pane moved
        assert screen.current_claim.ordinal == 1


@pytest.mark.slow
@pytest.mark.parametrize("pane", ["queue", "answer", "claims", "source", "report"])
async def test_z_zooms_each_pane_tab_reaches(review_db: Path, pane: str):
    """Every pane zooms, the answer and the report too (scrolling panes, which Textual
    would not maximise): tab to it, z, and it fills the screen between header and footer."""
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        while screen.focused.id != pane:
            await press(pilot, "tab")
        await press(pilot, "z")
        widget = screen.query_one(f"#{pane}")
        assert screen.maximized is widget
        assert widget.region.width == SIZE[0] and widget.region.height == SIZE[1] - 3


@pytest.mark.slow
async def test_z_on_the_answer_at_80x24_shows_the_whole_response(tmp_path: Path):
    """At 80×24 the answer pane shows a few lines; zoomed, the whole of a long response."""
    response = " ".join(f"Sentence {i} of the response [1]." for i in range(30))
    db = imported_db(tmp_path, "long-response", [make_answer("R-1", response=response)])
    app = make_app(db, "dana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        answer = screen.query_one("#answer")
        small = answer.region.height
        await press(pilot, "shift+tab")  # claims, then the answer before it
        assert screen.focused is answer
        await press(pilot, "z")
        assert screen.maximized is answer and answer.region.height > 2 * small
        assert "Sentence 29 of the response" in plain(app, "#answer-body")
        assert answer.max_scroll_y == 0  # all of it in view


@pytest.mark.slow
async def test_z_zooms_the_focused_pane_and_back(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await press(pilot, "tab", "z")
        assert screen.maximized is screen.query_one("#source")
        assert screen.query_one("#source").region.width == SIZE[0]
        await press(pilot, "j", "s")  # claims keys go on while zoomed
        await press(pilot, "z")
        assert screen.maximized is None
        await press(pilot, "z", "escape")
        assert screen.maximized is None
    assert [r["claim_id"] for r in reviews(long_db, "dana")] == ["L-1#2"]


@pytest.mark.slow
async def test_w_shows_the_whole_source_and_back(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Line 0:" not in plain(app, "#source-body")  # around the evidence only
        assert "w: the whole source" in plain(app, "#source-header")
        await press(pilot, "w")
        assert plain(app, "#source-body").startswith("Line 0:")
        assert "The warranty lasts seven years." in plain(app, "#source-body")
        await press(pilot, "w")
        assert "Line 0:" not in plain(app, "#source-body")


@pytest.mark.slow
async def test_ctrl_f_finds_text_in_the_whole_source(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+f")
        assert isinstance(app.screen, FindScreen)
        await pilot.press(*"line 3:")
        await settle(pilot)
        scroll = app.screen_stack[0].query_one("#source-scroll")
        assert scroll.scroll_y <= 3  # "Line 3:" near the top of the whole source
        assert "1 of 1" in plain(app, "#find-result")
        await press(pilot, "ctrl+a")
        app.screen.query_one(Input).value = "small print"
        await settle(pilot)
        assert "1 of 150" in plain(app, "#find-result")
        await press(pilot, "enter")
        assert "2 of 150" in plain(app, "#find-result")
        await press(pilot, "shift+enter", "shift+enter")
        assert "150 of 150" in plain(app, "#find-result")
        assert scroll.scroll_y > 100
        await press(pilot, "y")  # typed into the find bar, not a label
        await press(pilot, "escape")
        assert not isinstance(app.screen, FindScreen)
        await press(pilot, "s")
    assert [(r["claim_id"], r["verdict"]) for r in reviews(long_db, "dana")] == [
        ("L-1#1", "stated")
    ]


@pytest.mark.slow
async def test_brackets_reach_every_source_of_the_answer_cited_ones_first(tmp_path: Path):
    """A claim of fabricated provenance may really come from a source it does not cite:
    ``]`` shows the cited sources, then the answer's others, marked not cited."""
    record = {
        "id": "M-1",
        "question": "How long do refunds take?",
        "response": "Refunds take 5 days to reach the card [2][4].",
        "sources": [
            {"id": "returns", "text": "Sofas can be returned within 14 days.", "number": 4},
            {"id": "refunds", "text": "Refunds take 5 days.", "number": 2},
            {"id": "cards", "text": "Refunds go back to the card used."},
        ],
        "claims": [
            {
                "text": "Refunds take 5 days to reach the card.",
                "verdict": "stated",
                "evidence": [0, 20],
            }
        ],
    }
    db = imported_db(tmp_path, "multi", [record])
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        source = app.screen.query_one("#source")
        assert str(source.border_title) == "Source [2]"
        assert "cites [2][4], verified against them joined · not cited [3] · [ ]: switch" in plain(
            app, "#source-header"
        )
        assert "Refunds take 5 days." in plain(app, "#source-body")
        await press(pilot, "right_square_bracket")
        assert str(source.border_title) == "Source [4]"  # the source numbered 4, 1st in order
        assert "Sofas can be returned within 14 days." in plain(app, "#source-body")
        await press(pilot, "right_square_bracket")
        assert str(source.border_title) == "Source [3] · not cited"
        assert "not cited by this claim" in plain(app, "#source-header")
        assert "Refunds go back to the card used." in plain(app, "#source-body")
        assert plain(app, "#status") == "Source [3]: not cited by this claim."
        await press(pilot, "right_square_bracket")
        assert str(source.border_title) == "Source [2]"
        await press(pilot, "left_square_bracket")
        assert str(source.border_title) == "Source [3] · not cited"
        await press(pilot, "y")  # labelling still works, on the claim shown
    assert [r["claim_id"] for r in reviews(db, "dana")] == ["M-1#1"]


@pytest.mark.slow
async def test_ctrl_f_highlights_the_match_after_letters_whose_case_changes_length(
    tmp_path: Path,
):
    """Found by casefold, the highlight was placed in the casefolded text: each "ß" (two
    letters folded) before the match moved it one character ("Straße" then "ssi" lit)."""
    text = "Die Straße, Große Straße und İzmir: returns within 14 days."
    record = {
        "id": "F-1",
        "question": "q",
        "response": "Returns within 14 days [1].",
        "sources": [{"id": "s", "text": text}],
        "claims": [{"text": "Returns within 14 days.", "verdict": "stated"}],
    }
    db = imported_db(tmp_path, "find", [record])
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+f")
        await pilot.press(*"RETURNS")
        await settle(pilot)
        assert "1 of 1" in plain(app, "#find-result")
        body = app.screen_stack[0].query_one("#source-body", Static).content
        current = component_style(app.screen_stack[0].query_one("#source"), "source--match-current")
        lit = [body.plain[s.start : s.end] for s in body.spans if s.style == current]
        assert lit == ["returns"]


def _huge_source_db(tmp_path: Path) -> Path:
    """One answer citing a source of 3 × ``DRAWN`` characters: its one claim has no
    evidence span, and a phrase is written only near the source's end."""
    lines = [f"Paragraph {i}: the store sells sofas, tables and lamps." for i in range(2_400)]
    lines[2_350] = "Paragraph 2350: the pink flamingo lamp is sold out."
    text = "\n".join(lines)
    assert len(text) > 3 * DRAWN
    record = {
        "id": "H-1",
        "question": "Are lamps sold?",
        "response": "Lamps are sold [1].",
        "sources": [{"id": "catalogue", "text": text}],
        "claims": [{"text": "Lamps are sold.", "verdict": "absent"}],
    }
    return imported_db(tmp_path, "huge", [record])


@pytest.mark.slow
async def test_a_huge_source_is_drawn_a_stretch_at_a_time(tmp_path: Path):
    app = make_app(_huge_source_db(tmp_path), "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        body = plain(app, "#source-body")
        assert body.startswith("Paragraph 0:") and len(body) <= DRAWN + 1
        header = plain(app, "#source-header")
        assert "no evidence span from the judge" in header
        assert "0 characters before and" in header
        await press(pilot, "w")
        header = plain(app, "#source-header")
        assert "drawn a stretch at a time" in header and "ctrl+f finds in all of it" in header
        assert len(plain(app, "#source-body")) <= DRAWN + 2


@pytest.mark.slow
async def test_ctrl_f_in_a_huge_source_moves_the_stretch_to_the_match(tmp_path: Path):
    app = make_app(_huge_source_db(tmp_path), "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "flamingo" not in plain(app, "#source-body")
        await press(pilot, "ctrl+f")
        await pilot.press(*"pink flamingo")
        await settle(pilot)
        assert "1 of 1" in plain(app, "#find-result")
        body = _body(app)
        assert "Paragraph 2350: the pink flamingo lamp" in body
        assert not body.startswith("Paragraph 0:")
        scroll = app.screen_stack[0].query_one("#source-scroll")
        assert scroll.scroll_y > 600  # the match, some 650 paragraphs into the stretch
        await press(pilot, "ctrl+a")
        app.screen.query_one(Input).value = "Paragraph 5:"
        await settle(pilot)
        assert "1 of 1" in plain(app, "#find-result")  # back at the start of the source
        assert _body(app).startswith("Paragraph 0:")
        assert scroll.scroll_y <= 12


def _body(app) -> str:
    """The source pane's text under the find bar."""
    return app.screen_stack[0].query_one("#source-body", Static).content.plain
