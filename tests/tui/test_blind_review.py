"""Blind review: the judge's labels stay hidden until the reviewer labels, in every pane and order."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, plain


@pytest.mark.slow
async def test_blind_mode_hides_the_judge_until_the_reviewer_labels(review_db: Path):
    app = make_app(review_db, "bo", blind=True, advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "hidden until you label" in plain(app, "#claim-detail")
        assert "absent" not in plain(app, "#claim-detail")
        assert "evidence hidden" in plain(app, "#source-header")
        await pilot.press("y")  # nothing to confirm that the reviewer may see
        await press(pilot, "1")
        assert reviews(review_db, "bo") == []
        await press(pilot, "c")
        assert "absent / plausible specifics" in plain(app, "#claim-detail")  # revealed
        await press(pilot, "2")  # the kind of a blind verdict: still a blind label
        await press(pilot, "y")  # the judge's, now seen: not blind
    rows = reviews(review_db, "bo")
    assert [(r["verdict"], r["invention_kind"], r["blind"]) for r in rows] == [
        ("contradicted", None, 1),
        ("contradicted", "bridging_inference", 1),
        ("absent", "plausible_specifics", 0),
    ]


@pytest.mark.slow
async def test_blind_undo_keeps_the_judge_revealed_and_the_next_label_is_not_blind(
    review_db: Path,
):
    app = make_app(review_db, "bo", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        assert "absent / plausible specifics" in plain(app, "#claim-detail")
        await press(pilot, "u")
        assert app.screen.current_claim.mine_verdict is None
        detail = plain(app, "#claim-detail")
        assert "hidden until you label" not in detail  # the reviewer has seen it
        assert "absent / plausible specifics" in detail
        await press(pilot, "s")
    rows = reviews(review_db, "bo")
    assert [(r["verdict"], r["blind"]) for r in rows] == [
        ("partial", 1),
        (None, 0),
        ("stated", 0),
    ]


def _no_control_sample(path: Path) -> None:
    """A-3's id puts it in the default control sample, which the queue mixes in first."""
    with Store(path) as store:
        store.settings.set("control_share", "0")


async def test_a_blind_queue_is_ordered_by_the_flag_only(review_db: Path):
    _no_control_sample(review_db)
    app = make_app(review_db, "bo", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # Only A-1 is flagged; the others keep import order: the judge's verdicts must not
        # move up. (A-5, reviewed by sam and kim, is theirs: not in bo's queue.)
        assert [r.answer_id for r in app.screen.rows] == ["A-1", "A-2", "A-3", "A-4", "A-6"]


@pytest.mark.slow
async def test_a_blind_verdict_filter_reads_the_reviewers_own_labels(review_db: Path):
    from groundtui.review.queue import QueueFilter

    _no_control_sample(review_db)
    app = make_app(review_db, "bo", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n", "n")
        assert app.screen.detail.id == "A-3"
        await press(pilot, "a")
        await press(pilot, "slash")
        app.screen.dismiss(QueueFilter(verdict="contradicted"))  # the judge's verdict on A-3
        await settle(pilot)
        assert [r.answer_id for r in app.screen.rows] == []
        await press(pilot, "slash")
        app.screen.dismiss(QueueFilter(verdict="absent"))
        await settle(pilot)
        assert [r.answer_id for r in app.screen.rows] == ["A-3"]
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "bo")] == [
        ("A-3#1", "absent")
    ]


@pytest.mark.slow
async def test_a_blind_report_pane_shows_no_judge_numbers(review_db: Path):
    app = make_app(review_db, "bo", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        text = plain(app, "#report-body")
        assert "Claim level" not in text and "κ" not in text and "By source" not in text
        assert "hidden in blind review" in text
        assert "This session (bo): 1 label" in text
        assert app.screen.query_one(ReportPane).revision > 0
    assert len(reviews(review_db, "bo")) == 1


async def test_a_blind_queue_mixes_the_control_sample_in_with_the_flagged(review_db: Path):
    app = make_app(review_db, "bo", blind=True)  # the default control_share, 0.05: A-3's in
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert [r.answer_id for r in app.screen.rows] == ["A-1", "A-3", "A-2", "A-4", "A-6"]
        assert not any(r.flagged for r in app.screen.rows[1:])  # nothing says which it is
