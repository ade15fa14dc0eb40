"""The contrast rules on their own: WCAG's ratio, the filter on a line, alpha blended."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.color import Color as RichColor
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.legible import Legible, component_style, contrast, in_256, legible, readable
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.source import SourcePane
from tests.helpers.pilot import settle, until


def colours(style: Style | None) -> tuple[ColorTriplet, ColorTriplet]:
    """``style``'s text colour and background, both set."""
    assert style is not None and style.color is not None and style.bgcolor is not None
    return style.color.get_truecolor(), style.bgcolor.get_truecolor()


def test_contrast_is_wcag_s_ratio():
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast((18, 18, 18), (18, 18, 18)) == 1.0
    # The Answer pane's stated claim before: #4ebf71 on #8ad4a1, 1.33:1 as the issue measured
    assert round(contrast((0x4E, 0xBF, 0x71), (0x8A, 0xD4, 0xA1)), 2) == 1.33


def test_an_unreadable_colour_is_moved_until_it_reads_in_truecolor_and_256_colours():
    fg, bg = legible((0xE0, 0xE0, 0xE0), (0xE0, 0xE0, 0xE0))  # the evidence span's defect
    assert readable(fg, bg) and bg == (0xE0, 0xE0, 0xE0)
    assert contrast(fg, bg) >= 4.5 and contrast(in_256(fg), in_256(bg)) >= 4.5
    # A purple button where white passes in truecolor but not once reduced to 256 colours
    fg, bg = legible((255, 255, 255), (136, 57, 239))
    assert readable(fg, bg) and bg != (136, 57, 239)
    assert legible((255, 255, 255), (0, 0, 0)) == ((255, 255, 255), (0, 0, 0))


def test_the_filter_rewrites_only_runs_of_text_it_cannot_read():
    grey = RichColor.from_rgb(0xE0, 0xE0, 0xE0)
    same = Segment("evidence", Style(color=grey, bgcolor=grey))
    bar = Segment("▄▄", Style(color=grey, bgcolor=grey))  # a scrollbar, not text
    fine = Segment(
        "ok", Style(color=RichColor.from_rgb(255, 255, 255), bgcolor=RichColor.from_rgb(0, 0, 0))
    )
    out = Legible().apply([same, bar, fine], Color(18, 18, 18))
    assert readable(*colours(out[0].style))
    assert out[1] is bar and out[2] is fine


def test_reverse_video_and_dim_are_judged_as_a_terminal_draws_them():
    dark, light = RichColor.from_rgb(30, 30, 30), RichColor.from_rgb(40, 40, 40)
    reversed_run = Segment("x", Style(color=dark, bgcolor=light, reverse=True))
    style = Legible().apply([reversed_run], Color(0, 0, 0))[0].style
    shown_bg, shown_fg = colours(style)  # reversed: the background is drawn in the colour
    assert readable(shown_fg, shown_bg)
    dim = Segment(
        "x",
        Style(
            color=RichColor.from_rgb(120, 120, 120), dim=True, bgcolor=RichColor.from_rgb(0, 0, 0)
        ),
    )
    style = Legible().apply([dim], Color(0, 0, 0))[0].style
    assert style is not None and style.color is not None
    assert not style.dim and readable(style.color.get_truecolor(), (0, 0, 0))


@pytest.mark.slow
async def test_a_tint_with_alpha_is_blended_over_the_pane_not_taken_whole(review_db: Path):
    """``background: $foreground 22%`` was drawn as the foreground itself: the evidence
    in its own text colour."""
    app = make_app(review_db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(SourcePane)
        evidence = component_style(pane, "source--evidence")
        assert evidence.bgcolor is not None
        tint = evidence.bgcolor.get_truecolor()
        text = pane.styles.color.rgb
        assert tint != text and contrast(text, tint) >= 4.5
        assert evidence.bold and evidence.underline  # not colour alone


@pytest.mark.slow
async def test_a_new_theme_redraws_the_panes_in_its_own_colours(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(SourcePane)

        def evidence_drawn() -> set:
            body = pane.query_one("#source-body").content
            return {s.style.bgcolor for s in body.spans if getattr(s.style, "underline", False)}

        dark = evidence_drawn()
        app.theme = "textual-light"
        await settle(pilot)
        light = component_style(pane, "source--evidence").bgcolor
        assert evidence_drawn() == {light} and light not in dark


@pytest.mark.slow
async def test_a_new_theme_redraws_the_no_claims_text_in_its_own_colours(review_db: Path):
    with Store(str(review_db)) as store:
        store.judging.add_extraction("A-6", "judge-x", "v1", [])  # judged: no claim found
    app = make_app(review_db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        app.screen.open_answer_id("A-6")
        # the answer is read by a worker the open starts: wait for it to be shown
        assert await until(
            pilot, lambda: app.screen.detail.id == "A-6" and not app.screen.awaiting_answer
        )
        pane = app.screen.query_one(ClaimsPane)
        app.theme = "textual-light"
        await settle(pilot)
        drawn = pane.query_one("#claim-detail").content
        assert "has no claims" in drawn.plain
        assert drawn.style == component_style(pane, "claims--dim")
