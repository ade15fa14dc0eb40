"""The queue: its order, its filters, its pages, and moving through it by key and by mouse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_opens_on_the_first_answer_of_the_queue_with_its_first_claim(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        # Flagged, or check and judge disagree, first; unreviewed before reviewed. A-5 has
        # the reviewer it needs (sam, then kim): it is theirs, not in dana's queue.
        assert [r.answer_id for r in screen.rows] == ["A-1", "A-3", "A-4", "A-2", "A-6"]
        assert screen.detail.id == "A-1"
        assert screen.current_claim.text == "Sofas can be returned within 30 days."
        assert "queue: 0 of 5 done" in plain(app, "#queue-progress")
        assert "team: 1 of 6 done\nyours: 0 done" in plain(app, "#queue-progress")
        assert "Returns policy" in plain(app, "#source-header")


@pytest.mark.slow
async def test_navigation_moves_between_claims_and_answers(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("j")
        assert screen.current_claim.id == "A-1#2"
        await pilot.press("j")  # stays on the last claim
        assert screen.current_claim.id == "A-1#2"
        await pilot.press("k")
        assert screen.current_claim.id == "A-1#1"
        await pilot.press("down", "up", "down")
        assert screen.current_claim.id == "A-1#2"
        await press(pilot, "n")
        assert screen.detail.id == "A-3" and screen.current_claim.id == "A-3#1"
        await press(pilot, "n", "n")
        assert screen.detail.id == "A-2"
        await press(pilot, "N")
        assert screen.detail.id == "A-4"
        await press(pilot, "p")  # labels the answer on screen, first claim
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "dana")] == [
        ("A-4#1", "partial")
    ]


@pytest.mark.slow
async def test_two_quick_claim_moves_settle_and_label_the_right_claim(long_db: Path):
    app = make_app(long_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        echoes: list[int] = []
        pane = screen.query_one(ClaimsPane)
        post = pane.post_message

        def spy(message):
            if isinstance(message, ClaimsPane.ClaimChosen):
                echoes.append(message.index)
            return post(message)

        pane.post_message = spy
        screen.action_claim(1)  # two keys before the list's highlight events are handled
        screen.action_claim(1)
        seen = []
        for _ in range(8):
            await pilot.pause()
            seen.append((screen.claim, screen.query_one(OptionList).highlighted))
        assert seen == [(2, 2)] * 8
        screen.action_claim(1)
        screen.action_claim(1)
        screen.action_claim(-1)
        for _ in range(8):
            await pilot.pause()
        assert (screen.claim, screen.query_one(OptionList).highlighted) == (3, 3)
        assert echoes == []  # a key's own highlight never comes back as a click
        await pilot.click("#claims-list", offset=(4, 0))  # the mouse still chooses
        await settle(pilot)
        assert (screen.claim, echoes) == (0, [0])
        screen.action_claim(1)
        screen.action_claim(1)
        screen.action_claim(1)
        await settle(pilot)
        await press(pilot, "a")
        assert screen.claim == 3
    rows = reviews(long_db, "dana")
    assert [(r["claim_id"], r["verdict"]) for r in rows] == [("L-1#4", "absent")]


@pytest.mark.slow
async def test_clicking_a_queue_row_opens_its_answer(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.index == 0
        await pilot.click("#queue-list", offset=(6, 2))
        await settle(pilot)
        assert screen.index == 2
        assert screen.detail.id == screen.rows[2].answer_id


@pytest.mark.slow
async def test_filter_by_text_origin_verdict_unreviewed_and_disagreements(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen

        async def apply(**fields: Any) -> list[str]:
            from groundtui.review.queue import QueueFilter

            await press(pilot, "slash")
            dialog = app.screen
            dialog.dismiss(QueueFilter(**fields))
            await settle(pilot)
            return [r.answer_id for r in screen.rows]

        # A-5 is sam's and kim's: only "everyone's answers" lets it in.
        assert await apply(text="refund") == ["A-1"]
        assert await apply(text="refund", everyone=True) == ["A-1", "A-5"]
        assert await apply(origin="email-export") == ["A-4", "A-2"]
        assert await apply(verdict="contradicted") == ["A-3"]
        assert await apply(disagreements=True, everyone=True) == ["A-5"]
        assert await apply(unreviewed=True) == ["A-1", "A-3", "A-4", "A-2", "A-6"]
        assert screen.detail.id == "A-1"
        assert await apply(text="no such words") == []
        assert "No answer matches" in plain(app, "#status")
        assert len(await apply()) == 5
        assert len(await apply(everyone=True)) == 6


@pytest.mark.slow
async def test_filter_modal_typed_text_and_enter(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash")
        assert isinstance(app.focused, Input)
        await press(pilot, *"leeds", "enter")
        assert [r.answer_id for r in app.screen.rows] == ["A-4"]
        assert "queue: 0 of 1 done" in plain(app, "#queue-progress")
        await press(pilot, "slash")
        await press(pilot, "escape")  # cancel keeps the filter
        assert [r.answer_id for r in app.screen.rows] == ["A-4"]


@pytest.mark.slow
async def test_a_ticked_box_shows_a_tick_and_enter_on_it_applies(review_db: Path):
    """A box is "[ ]" or "[✓]": brackets, which no renderer joins with the box below (the
    half blocks of Textual's made one grey bar of three boxes in a browser)."""
    from groundtui.tui.screens.filter import Tick

    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash")
        # the origins were read to open the dialog: the status no longer says it reads them
        review = app.screen_stack[-2]
        assert str(review.query_one("#status", Static).content) == ""
        boxes = [str(b.render()) for b in app.screen.query(Tick)]
        assert len(boxes) == 3 and all(b.startswith("[ ] ") for b in boxes), boxes
        box = app.screen.query_one("#filter-disagreements", Tick)
        box.focus()
        await settle(pilot)
        assert "✓" not in str(box.render())
        await press(pilot, "space")
        assert box.value and str(box.render()).startswith("[✓] Disagreements")
        await press(pilot, "enter")  # applies the filter; does not untick the box
        assert app.screen.queue.filter.disagreements


@pytest.mark.slow
async def test_the_queue_is_read_a_page_at_a_time(review_db: Path, monkeypatch):

    monkeypatch.setattr(QueuePane, "page_size", 2)
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert len(screen.rows) <= 4  # the first page and, at most, the one fetched ahead
        for _ in range(4):
            await press(pilot, "n")
        assert screen.detail.id == "A-6"
        assert [r.answer_id for r in screen.rows] == ["A-1", "A-3", "A-4", "A-2", "A-6"]
        await press(pilot, "n")
        assert "last answer" in plain(app, "#status")


def test_queue_pages_continue_across_tiers(review_db: Path):
    from groundtui.review.queue import QueueFilter, queue_page

    seen: list[tuple[str, int]] = []
    after: tuple[int, int] | None = (0, 0)
    with Store(review_db) as store:
        while after is not None:
            page = queue_page(store, QueueFilter(), after, limit=2)
            seen += [(r.answer_id, r.tier) for r in page.rows]
            after = page.after
    assert seen == [("A-1", 0), ("A-3", 0), ("A-4", 0), ("A-5", 1), ("A-2", 2), ("A-6", 2)]


def test_the_control_sample_is_mixed_in_first_and_marked_only_once_reviewed(tmp_path: Path):
    from groundtui.review.queue import QueueFilter, queue_page
    from groundtui.scan import scan_answers
    from groundtui.store import Store
    from tests.helpers.builders import imported_db, make_answer

    flagged = make_answer("F-1", response="Sofas can be returned within 99 days [1].")
    plain = make_answer("P-1")  # every figure in its sources: not flagged
    path = imported_db(tmp_path, "control", [plain, flagged])
    with Store(path) as store:
        scan_answers(store)
        store.settings.set("control_share", "0")
        assert [r.answer_id for r in queue_page(store, QueueFilter()).rows] == ["F-1", "P-1"]
        store.settings.set("control_share", "1")  # every unflagged answer is in the sample
        rows = queue_page(store, QueueFilter()).rows
        assert [r.answer_id for r in rows] == ["P-1", "F-1"]  # one tier: import order
        assert [r.control for r in rows] == [True, False]
