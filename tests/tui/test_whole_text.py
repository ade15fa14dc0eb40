"""What is drawn is all of the text: moving between answers whose lines are as long as each
other's but wrap to more or fewer screen lines (long words, CJK, many short lines), every
character of the Answer and Source panes is on screen or reachable by scrolling.

A pane once kept the previous answer's height when its rough line count (characters over
width, a line) was the same, hiding a response's last paragraph with no scrollbar.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import ScrollableContainer
from textual.widgets import Static

from groundtui.tui import make_app
from tests.helpers.builders import imported_db
from tests.helpers.pilot import press, settle
from tests.helpers.screen import cells, screen_lines

LINE = 150
"""Every shape's lines are this many cells long: a count of cells a line cannot tell them
apart, only wrapping at words can."""


def _line(word: int, seed: int) -> str:
    """A line of ``LINE`` cells of words ``word`` letters long."""
    words: list[str] = []
    size = 0
    while size < LINE:
        words.append(chr(ord("a") + (seed + len(words)) % 26) * word)
        size += word + 1
    return " ".join(words)[:LINE].rstrip().ljust(LINE, "z")


def _shapes() -> dict[str, str]:
    """Texts of six lines of ``LINE`` cells each (or many short lines), ending in a marker."""
    shapes = {
        f"W{word:02}": "\n".join(_line(word, i) for i in range(6)) for word in (4, 23, 47, 71)
    }
    shapes["CJK"] = "\n".join("返品は購入から三十日以内に受け付けます" * 4 for _ in range(6))
    shapes["CJK"] = "\n".join(line[: LINE // 2] for line in shapes["CJK"].split("\n"))
    shapes["MIXED"] = "\n".join(
        ("a" * 40 + " 返品は三十日以内 " + "b" * 58 + " c" * 20)[:LINE] for _ in range(6)
    )
    shapes["SHORT"] = "\n".join(f"Line {i}." for i in range(40))
    return {name: f"{text} the last words of {name}." for name, text in shapes.items()}


def _answers() -> list[dict]:
    return [
        {
            "id": name,
            "question": "What does the policy say?",
            "response": text,
            "sources": [{"id": f"src-{name}", "title": name, "text": text}],
        }
        for name, text in _shapes().items()
    ]


def _ink(text: str) -> str:
    """``text`` without its whitespace: what wrapping cannot change."""
    return "".join(text.split())


async def _read_by_scrolling(pilot, scroll: ScrollableContainer) -> str:
    """Every line of ``scroll``'s content as drawn on screen, read a page at a time from the
    top: what a reviewer sees by scrolling to the end."""
    region = scroll.scrollable_content_region
    scroll.scroll_home(animate=False)
    await pilot.pause()
    seen: list[str] = []
    wanted = 0  # the content line the next page should start at
    while True:
        top = round(scroll.scroll_y)
        lines = screen_lines(pilot.app)[region.y : region.bottom]
        page = [cells(line, region.x, region.right) for line in lines]
        seen.extend(page[wanted - top :])
        wanted = top + len(page)
        if wanted >= scroll.virtual_size.height or top >= scroll.max_scroll_y:
            break
        scroll.scroll_to(y=wanted, animate=False)
        await pilot.pause()
    return "\n".join(seen)


@pytest.mark.slow
async def test_every_line_of_each_answer_is_on_screen_or_reachable_by_scrolling(
    tmp_path: Path,
) -> None:
    """Forth through the queue at one size, back at another (the panes narrower), and forth
    again: every character of each answer and source drawn, its last words reached."""
    db = imported_db(tmp_path, "shapes", _answers())
    texts = _shapes()
    app = make_app(db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        screen = app.screen
        order = [row.answer_id for row in screen.rows]
        assert sorted(order) == sorted(texts)
        last = len(order) - 1
        moves = ["n"] * last + ["resize"] + ["N"] * last + ["n"] * 2
        at = 0
        for key in ["", *moves]:
            if key == "resize":
                await pilot.resize_terminal(104, 36)
                await settle(pilot)
            elif key:
                await press(pilot, key)
                at += 1 if key == "n" else -1
            name = order[at]
            assert screen.detail is not None and screen.detail.id == name
            for pane, body in (("AnswerView", "#answer-body"), ("#source-scroll", "#source-body")):
                scroll = screen.query_one(pane, ScrollableContainer)
                static = screen.query_one(body, Static)
                text = static.content.plain
                assert texts[name] in text
                # laid out as tall as the text wraps, and all of that reachable
                wrapped = static.visual.get_height(static.styles, static.content_region.width)
                assert static.content_region.height == wrapped, (name, pane, key)
                assert scroll.virtual_size.height >= wrapped, (name, pane, key)
                drawn = await _read_by_scrolling(pilot, scroll)
                assert _ink(drawn) == _ink(text), (name, pane, key)
                assert f"the last words of {name}." in " ".join(drawn.split()), (name, pane, key)
