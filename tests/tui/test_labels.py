"""Labelling: each verdict, kind, confirm, note and mark key appends one row, and the screen shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, TextArea

from groundtui.report import compute
from groundtui.store import Store
from groundtui.tui import make_app
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import marks, reviews
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_verdict_keys_append_one_row_each_with_the_reviewer(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in "scap":
            await press(pilot, key)
    rows = reviews(review_db, "dana")
    assert [r["verdict"] for r in rows] == ["stated", "contradicted", "absent", "partial"]
    assert {r["claim_id"] for r in rows} == {"A-1#1"}
    assert all(r["origin"] == "ui" and r["blind"] == 0 for r in rows)
    # stated clears the kind; then a verdict that is not stated takes the judge's kind,
    # and keeps the reviewer's own once they have one.
    assert [r["invention_kind"] for r in rows] == [None] + ["plausible_specifics"] * 3


@pytest.mark.slow
async def test_enter_and_y_confirm_the_judge_and_kinds_are_set_and_cleared(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # A-1#1: absent / plausible_specifics
        await press(pilot, "2", "3", "4", "1", "0")
        await press(pilot, "j", "y")  # A-1#2: stated
        await press(pilot, "1")  # refused: a stated claim has no invention kind
        assert "no invention kind" in plain(app, "#status")
    rows = [
        (r["claim_id"], r["verdict"], r["invention_kind"])
        for r in reviews(review_db)
        if r["reviewer"] == "dana"
    ]
    assert rows == [
        ("A-1#1", "absent", "plausible_specifics"),
        ("A-1#1", "absent", "bridging_inference"),
        ("A-1#1", "absent", "confident_generalisation"),
        ("A-1#1", "absent", "fabricated_provenance"),
        ("A-1#1", "absent", "plausible_specifics"),
        ("A-1#1", "absent", None),
        ("A-1#2", "stated", None),
    ]


@pytest.mark.slow
async def test_a_verdict_key_keeps_a_kind_the_reviewer_cleared(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("a", "0", "c"):
            await press(pilot, key)
        assert app.screen.current_claim.mine_kind is None
    rows = reviews(review_db, "dana")
    assert [(r["verdict"], r["invention_kind"]) for r in rows] == [
        ("absent", "plausible_specifics"),
        ("absent", None),
        ("contradicted", None),
    ]


@pytest.mark.slow
async def test_m_cycles_correctness_correct_incorrect_unknown(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("N")  # already first: stays
        await press(pilot, "n", "n", "n")  # A-2, imported correct (A-5 is sam's and kim's)
        assert app.screen.detail.id == "A-2"
        seen = []
        for _ in range(3):
            await press(pilot, "m")
            seen.append(app.screen.detail.correct)
        assert seen == [False, None, True]
        with Store(review_db) as store:
            assert compute(store)["quadrants"]["grounded_correct"] == 2
    assert [(m["answer_id"], m["reviewer"], m["correct"]) for m in marks(review_db)] == [
        ("A-2", "dana", 0),
        ("A-2", "dana", None),
        ("A-2", "dana", 1),
    ]


@pytest.mark.slow
async def test_note_editor_takes_keys_as_text_and_saves_with_the_label(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.focused, TextArea)
        await pilot.press("s", "a", "y", "s", "space", "1", "4", "space", "q")
        await press(pilot, "ctrl+s")
        assert app.screen.current_claim.mine_note == "says 14 q"
        await press(pilot, "e", "x", "escape")  # cancelled: nothing written
        await press(pilot, "c")  # a new verdict keeps the note
    rows = reviews(review_db, "dana")
    assert [(r["verdict"], r["invention_kind"], r["note"]) for r in rows] == [
        ("absent", "plausible_specifics", ""),
        ("absent", "plausible_specifics", "says 14 q"),
        ("contradicted", "plausible_specifics", "says 14 q"),
    ]


@pytest.mark.slow
async def test_a_note_before_any_label_is_kept_and_carried(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "e", "h", "m", "ctrl+s")
        await press(pilot, "s")
    assert [(r["verdict"], r["note"]) for r in reviews(review_db, "dana")] == [
        (None, "hm"),
        ("stated", "hm"),
    ]


@pytest.mark.slow
async def test_the_claim_detail_shows_your_label_and_note_under_the_claim(long_db: Path):
    app = make_app(long_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "a")
        await press(pilot, "e", *"see page 3", "ctrl+s")
        detail = plain(app, "#claim-detail")
        lines = detail.split("\n")
        mine = next(i for i, t in enumerate(lines) if t.startswith("you"))
        note = next(i for i, t in enumerate(lines) if t.startswith("note"))
        judge = next(i for i, t in enumerate(lines) if t.startswith("judge"))
        assert "absent / plausible specifics" in lines[mine]
        assert "see page 3" in lines[note]
        assert mine < note < judge  # the reviewer's own label first, above the rationale
        scroll = app.screen.query_one("#claim-detail-scroll")
        assert scroll.scroll_y == 0
        assert scroll.scrollable_content_region.height > note  # label and note on screen
        assert scroll.max_scroll_y > 0  # the long rationale scrolls below them
    rows = reviews(long_db, "dana")
    assert [(r["verdict"], r["note"]) for r in rows] == [
        ("absent", ""),
        ("absent", "see page 3"),
    ]


@pytest.mark.slow
async def test_a_label_redraws_only_its_own_claim_entry(long_db: Path, monkeypatch):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        replaced: list[int] = []
        original = OptionList.replace_option_prompt_at_index

        def spy(self, index, prompt):
            replaced.append(index)
            return original(self, index, prompt)

        monkeypatch.setattr(OptionList, "replace_option_prompt_at_index", spy)
        await press(pilot, "j", "j", "a")
        assert replaced == [2]
        assert "you absent" in app.screen.query_one(OptionList).get_option_at_index(2).prompt.plain
    assert [r["claim_id"] for r in reviews(long_db, "dana")] == ["L-1#3"]


@pytest.mark.slow
async def test_uncited_and_dangling_claims_say_so(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n", "n")
        assert app.screen.detail.id == "A-4"
        assert "uncited — checked against all sources" in plain(app, "#source-header")
        await pilot.press("j")
        assert "dangling citation: [3]" in plain(app, "#source-header")
