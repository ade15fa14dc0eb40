"""What stays in view: every pane that decides a claim in a small terminal, the selected claim
as the terminal narrows, and the evidence of a long source."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import OptionList

from groundtui.tui import make_app
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.source import SourcePane
from tests.helpers.builders import imported_db
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import EVIDENCE, SIZE, plain


@pytest.mark.parametrize("size", [(80, 24), (110, 30)])
@pytest.mark.slow
async def test_every_pane_that_decides_a_claim_is_visible_in_a_small_terminal(
    review_db: Path, size: tuple[int, int]
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        for pane in (AnswerView, ClaimsPane, SourcePane):
            region = screen.query_one(pane).region
            assert region.width >= 30 and region.height >= 5, (pane.__name__, region)
        options = screen.query_one(OptionList).region
        assert options.height >= 2
        footer = screen.query_one("Footer")
        assert footer.region.height == 1
        keys = {k.key: k.region for k in footer.query("FooterKey")}
        assert keys["q"].right <= size[0] and keys["question_mark"].right <= size[0]
        if size == (110, 30):
            assert screen.query_one(AnswerView).region.width >= 40
        await press(pilot, "s")
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-1#1"]


@pytest.mark.slow
async def test_the_report_pane_is_capped_and_the_queue_stays_at_full_size(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(QueuePane).display
        assert screen.query_one(SourcePane).region.height >= 10


@pytest.mark.slow
async def test_the_selected_claim_stays_in_view_when_the_terminal_narrows(tmp_path: Path):
    last = "The warranty lasts seven years"
    response = " ".join(f"Sentence {i} of the small print." for i in range(80)) + f" {last} [1]."
    at = response.index(last)
    answer = {
        "id": "W-1",
        "question": "How long is the warranty?",
        "response": response,
        "sources": [{"id": "terms", "title": "Terms", "text": f"{last}."}],
        "claims": [
            {"text": last, "span": [at, at + len(last)], "citation": 1, "verdict": "stated"}
        ],
    }
    app = make_app(imported_db(tmp_path, "wide", [answer]), "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = app.screen.query_one(AnswerView)
        for size in [(80, 24), (100, 30), (80, 24)]:
            await pilot.resize_terminal(*size)
            for _ in range(3):  # the resize, then the scroll after the reflow
                await settle(pilot)
            width = view.scrollable_content_region.width
            lines = Text(plain(app, "#answer-body")).wrap(app.console, width)
            line = next(i for i, t in enumerate(lines) if "seven years" in t.plain)
            top, height = view.scroll_y, view.scrollable_content_region.height
            assert top <= line < top + height, (size, top, line, height)


def test_a_claim_whose_first_word_wraps_is_looked_for_on_the_next_line():
    from textual.content import Content

    from groundtui.tui.widgets.rendering import _height, through_word

    text = "aaaa bbbbb cc dd"
    lines = [str(line) for line in Content(text).wrap(10)]
    assert lines == ["aaaa bbbbb", "cc dd"]  # how Textual lays it out
    before = through_word(text, text.index("cc"))
    assert before == "aaaa bbbbb cc"
    assert _height(before, 10) - 1 == 1  # the claim starting at "cc" is on line 1


@pytest.mark.slow
async def test_the_source_opens_scrolled_to_far_evidence(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):  # the report filling in shrinks the pane: a scroll follows
            await pilot.pause()
        scroll = app.screen.query_one("#source-scroll")
        body = plain(app, "#source-body")
        line = body[: body.index(EVIDENCE)].count("\n")
        assert scroll.scroll_y > 0
        top = scroll.scroll_y
        assert top <= line < top + scroll.scrollable_content_region.height
        await press(pilot, "j", "k")  # back to the same claim: scrolled there again
        assert scroll.scroll_y <= line < scroll.scroll_y + scroll.scrollable_content_region.height


@pytest.mark.slow
async def test_at_80x24_every_claim_has_a_line_and_the_selected_one_is_whole(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "j", "j")
        screen = app.screen
        options = screen.query_one(OptionList)
        assert options.region.height >= 4
        lines = [options.get_option_at_index(i).prompt for i in range(options.option_count)]
        assert all("\n" not in str(line) for line in lines)  # one line a claim
        assert "judge absent" in str(lines[2]) and "you –" in str(lines[2])
        detail = screen.query_one("#claim-detail-scroll")
        shown = plain(app, "#claim-detail")
        assert shown.startswith("Fact 2 holds for every order\nyou ")
        assert detail.region.height >= 3 and detail.scroll_y == 0
        assert screen.query_one(SourcePane).region.height >= 10
        await press(pilot, "s")
        await press(pilot, "k", "k", "k")  # claim 1: in view with the question above it
        for _ in range(3):
            await settle(pilot)
        assert screen.query_one(AnswerView).scroll_y == 0
    assert [r["claim_id"] for r in reviews(long_db, "dana")] == ["L-1#3"]


@pytest.mark.slow
async def test_the_footer_shows_whole_keys_and_leaves_out_those_that_do_not_fit(
    review_db: Path,
):
    """At 80 columns Textual's footer cut its last key mid-word ("12340 kin"): here a key
    (or a group of keys with its word) is shown whole or not at all, in order, under a
    dialog too; at a wider terminal the keys left out come back."""
    from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

    def named(child) -> str:
        if isinstance(child, KeyGroup):
            return "".join(k.key for k in child.query(FooterKey))
        return child.key if isinstance(child, FooterKey) else str(child.render())

    def shown(app) -> list[str]:
        return [named(c) for c in app.screen_stack[0].query_one("Footer").children if c.display]

    app = make_app(review_db, "dana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one("Footer")
        every = [named(c) for c in footer.children]
        narrow = shown(app)
        assert narrow == every[: len(narrow)] and len(narrow) < len(every)  # a prefix
        assert all(c.region.right <= 80 for c in footer.children if c.display)
        last = [c for c in footer.children if c.display][-1]
        assert isinstance(last, (FooterKey, FooterLabel))  # no group without its word
        assert narrow[0] == "question_mark"  # ? lists every key
        await press(pilot, "question_mark")  # a dialog over the screen: still whole keys
        assert shown(app) == narrow
        await press(pilot, "escape")
        await pilot.resize_terminal(200, 40)
        await settle(pilot)
        assert shown(app) == every
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert shown(app) == narrow
