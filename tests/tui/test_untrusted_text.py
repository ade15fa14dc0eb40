"""Untrusted text is data: markup and control characters in answers, ids and filters are shown inert."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.queue import QueuePane
from tests.helpers.builders import imported_db
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import answers
from tests.helpers.screen import SIZE, plain

ODD_ID = "EV-3 [b]id[/b] [@click=app.quit]x[/]"


@pytest.mark.slow
async def test_markup_and_control_characters_are_shown_inert(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        answer = plain(app, "#answer-body")
        assert "What does [i]premium[/i] cost?" in answer
        assert "Our [bold]premium[/] plan costs \\x1b[31m$49\\x1b[0m a month [1]." in answer
        assert "[red]Shipping is always free[/red] <U+202E>evil<U+202C>" in answer
        assert "\x1b" not in answer and "\u202e" not in answer
        claims = app.screen.query_one("#claims-list").get_option_at_index(0).prompt.plain
        assert "\\x1b[31m$49\\x1b[0m" in claims and "\x1b" not in claims
        assert "Plans [b]and[/b] prices" in plain(app, "#source-header")
        # Each claim's highlight covers exactly its own (escaped) text: no more, no less.
        body = app.screen.query_one("#answer-body", Static).content
        first = "Our [bold]premium[/] plan costs \\x1b[31m$49\\x1b[0m a month"
        second = "[red]Shipping is always free[/red]"
        expected = {
            (answer.index(first), answer.index(first) + len(first)),
            (answer.index(second), answer.index(second) + len(second)),
        }
        verdict_spans = {
            (s.start, s.end)
            for s in body.spans
            if s.start >= answer.index("Response\n") + len("Response\n") and s.end - s.start > 2
        }
        assert verdict_spans == expected


@pytest.mark.slow
async def test_markup_in_an_answer_id_and_a_filter_is_shown_literally_in_titles(
    tmp_path: Path,
):
    data = answers()[1]
    data["id"] = ODD_ID
    path = imported_db(tmp_path, "odd", [data])
    app = make_app(path, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(AnswerView)._border_title.plain == f"Answer {ODD_ID}"
        from groundtui.review.queue import QueueFilter

        await press(pilot, "slash")
        app.screen.dismiss(QueueFilter(text="[b]id[/b] [@click=app.quit]x[/]"))
        await settle(pilot)
        assert [r.answer_id for r in screen.rows] == [ODD_ID]
        title = screen.query_one(QueuePane)._border_title.plain
        assert title == 'Queue · "[b]id[/b] [@click=app.quit]x[/]"'
        await press(pilot, "s")
    with Store(path) as store:
        assert [r["claim_id"] for r in store.query("select * from reviews")] == [f"{ODD_ID}#1"]


def test_control_characters_are_made_visible_and_offsets_kept():
    from groundtui.text.inert import shown

    raw = "a\x1b[31mb\x9bc\u202ed\u2066e\rf\tg\nh"
    out = shown(raw)
    assert out.text == "a\\x1b[31mb\\x9bc<U+202E>d<U+2066>e\\x0df\tg\nh"
    assert out.text[out.at(raw.index("b"))] == "b"
    assert out.text[out.at(raw.index("d"))] == "d"
    assert out.span(raw.index("c"), raw.index("d") + 1) == (
        out.text.index("c"),
        out.text.index("d") + 1,
    )
    assert shown("[bold]plain[/]").offsets is None  # markup is only text: nothing to change
