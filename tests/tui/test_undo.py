"""Undo: each undo appends a row that restores this reviewer's previous state, and says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundtui.store import Store
from groundtui.tui import make_app
from tests.helpers.pilot import press, settle, until
from tests.helpers.review_db import marks, reviews
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_undo_appends_rows_that_restore_the_previous_label(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        await press(pilot, "c")
        await press(pilot, "m")
        await press(pilot, "u")  # the mark
        await press(pilot, "u")  # contradicted -> stated again
        assert app.screen.current_claim.mine_verdict == "stated"
        await press(pilot, "u")  # stated -> no label: a retraction
        assert app.screen.current_claim.mine_verdict is None
        await press(pilot, "u")
        assert "Nothing to undo" in plain(app, "#status")
    rows = reviews(review_db, "dana")
    assert [(r["verdict"], r["reverts"]) for r in rows] == [
        ("stated", None),
        ("contradicted", None),
        ("stated", rows[1]["id"]),
        (None, rows[0]["id"]),
    ]
    # A-1 was imported incorrect: m makes it unknown, undo makes it incorrect again.
    assert [(m["correct"], m["reverts"]) for m in marks(review_db)] == [
        (None, None),
        (0, marks(review_db)[0]["id"]),
    ]
    with Store(review_db) as store:
        label = store.query("select * from claim_labels where claim_id = 'A-1#1'")[0]
    assert label["reviewer_verdict"] is None and label["label"] == "absent"  # the judge's


@pytest.mark.slow
async def test_undo_reaches_back_to_another_answer(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        await press(pilot, "n")
        await press(pilot, "u")
        assert app.screen.detail.id == "A-1"
        assert app.screen.current_claim.id == "A-1#1"
    assert [r["verdict"] for r in reviews(review_db, "dana")] == ["absent", None]


@pytest.mark.slow
async def test_undoing_a_note_says_it_was_removed(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "e", "h", "i", "ctrl+s")
        await press(pilot, "u")
        assert "Undone: note on A-1#1 removed" in plain(app, "#status")
    assert [(r["note"], r["reverts"] is not None) for r in reviews(review_db, "dana")] == [
        ("hi", False),
        ("", True),
    ]


@pytest.mark.slow
async def test_an_answer_without_claims_is_unreviewed_again_after_its_mark_is_undone(
    review_db: Path,
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(4):  # A-5 is sam's and kim's: not in dana's queue
            await press(pilot, "n")
        assert screen.detail.id == "A-6"
        at = [r.answer_id for r in screen.rows].index("A-6")
        await press(pilot, "m")
        assert screen.rows[at].state == "reviewed"
        assert "queue: 1 of 5 done" in plain(app, "#queue-progress")
        await press(pilot, "u")
        assert screen.rows[at].state == "unreviewed"
        assert "queue: 0 of 5 done" in plain(app, "#queue-progress")
    from groundtui.review.queue import QueueFilter, progress

    with Store(review_db) as store:
        assert progress(store, QueueFilter()) == (1, 6)


@pytest.mark.slow
async def test_a_reread_begun_before_a_label_is_saved_does_not_show_the_claim_unlabelled(
    review_db: Path,
):
    """Someone's change elsewhere starts a read of the open answer's claims; it reads them
    before the reviewer's label is saved, and comes back after: the claims as the save left
    them stay on screen, not the older ones it read."""
    import threading

    from textual.worker import get_current_worker

    from groundtui.tui.widgets.answer import AnswerView

    app = make_app(review_db, "dana", advance=False, poll=3600)  # no live look of its own
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session, read_done, go_on = app.session, threading.Event(), threading.Event()
        claims_of = session.claims_of

        def held_reread(store, answer_id):  # the refresh's read, held once it has read
            claims = claims_of(store, answer_id)
            if get_current_worker().group == "refresh":
                read_done.set()
                go_on.wait(30)
            return claims

        session.claims_of = held_reread
        app.screen.query_one(AnswerView).reread_claims(app.screen.detail.id)
        assert await until(pilot, read_done.is_set)  # it read the claims unlabelled
        await pilot.press("s")
        assert await until(pilot, lambda: "Saved" in plain(app, "#status"))
        assert app.screen.current_claim.mine_verdict == "stated"
        go_on.set()  # the old read comes back
        await settle(pilot)
        assert app.screen.current_claim.mine_verdict == "stated"
