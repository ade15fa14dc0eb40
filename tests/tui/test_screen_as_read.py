"""The review screen as a person reads it: blind means blind in the overlap, claim numbers
in reading order, 80×24 as a working size, fresh numbers, the lead's disputes left, and the
footer from the first frame."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Button, Checkbox

from groundtui.exporting.answers import answer_records
from groundtui.exporting.claim_rows import rows as export_rows
from groundtui.store import Store, now_iso
from groundtui.tui import make_app
from groundtui.tui.legible import component_style
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import press, settle, until
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, drawn_runs, plain


def _overlap_with_ann_on_a1(db: Path) -> None:
    """Every answer reviewed twice; ann labelled A-1#1 contradicted and holds A-1."""
    with Store(db) as store:
        store.settings.set("overlap", "1")
        store.labels.add_review("A-1#1", "ann", "contradicted", "plausible_specifics")
        store.team.take_lease("A-1", "ann", now=now_iso(), minutes=15, share=1)


@pytest.mark.slow
async def test_in_the_overlap_nothing_on_screen_tells_another_reviewers_verdict(
    review_db: Path,
):
    _overlap_with_ann_on_a1(review_db)
    app = make_app(review_db, "bob")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.detail.id == "A-1"
        claim = screen.current_claim
        assert claim.others_hidden and claim.label == "contradicted"  # ann's, on disk
        # The answer pane colours A-1#1 by the judge's verdict (absent), not ann's
        assert claim.shown_label(blind=False) == "absent"
        answer = screen.query_one(AnswerView)
        body = answer.query_one("#answer-body").content
        start = body.plain.index("Sofas can be returned")
        colours = {
            span.style.bgcolor
            for span in body.spans
            if span.start <= start < span.end and span.style.bgcolor is not None
        }
        absent = component_style(answer, "verdict--absent").bgcolor
        contradicted = component_style(answer, "verdict--contradicted").bgcolor
        assert absent in colours and contradicted not in colours
        # The queue counts A-1's claims not stated by the judge's verdict: 1, as unlabelled
        row = next(r for r in screen.rows if r.answer_id == "A-1")
        assert row.not_stated == 1
        # The report pane's figures, which count ann's label, are withheld on this answer
        report = plain(app, "#report-body")
        assert (
            "The report's numbers are hidden while this answer hides another reviewer's "
            "labels, which they count: label its claims to see both." in " ".join(report.split())
        )
        assert "Claim level" not in report
        await press(pilot, "s")  # bob's own label: ann's shows now, and the report
        assert "Claim level" in plain(app, "#report-body")
    (row,) = reviews(review_db, "bob")
    assert (row["claim_id"], row["verdict"], row["independent"], row["blind"]) == (
        "A-1#1",
        "stated",
        1,
        0,
    )


@pytest.mark.slow
async def test_the_mark_that_others_were_hidden_is_kept_in_the_exports(review_db: Path):
    _overlap_with_ann_on_a1(review_db)
    app = make_app(review_db, "bob")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "s")  # independent: ann's label was hidden
        await press(pilot, "k", "c")  # a new verdict, made having seen ann's: not independent
    with Store(review_db) as store:
        exported = {r["claim_id"]: r["reviewers"] for r in export_rows(store)}
        records = {
            f"{a['id']}#{c['n']}": c["reviews"] for a in answer_records(store) for c in a["claims"]
        }
    bob = [r for r in exported["A-1#1"] if r["reviewer"] == "bob"]
    assert bob == [{**bob[0], "verdict": "contradicted", "independent": False, "blind": False}]
    rows = [(r["verdict"], r["independent"]) for r in records["A-1#1"] if r["reviewer"] == "bob"]
    assert rows == [("stated", True), ("contradicted", False)]
    json.dumps(records)  # the answers format stays JSON


@pytest.mark.slow
async def test_claim_numbers_stay_unique_and_in_reading_order_after_a_split(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "S", "enter")  # A-1#1 split in two, each to be judged again
        claims = app.screen.detail.claims
        assert [c.number for c in claims] == [1, 2, 3]
        spans = [c.span[0] for c in claims]
        assert spans == sorted(spans)
        listed = [o.prompt.plain.split()[0] for o in app.screen.query_one("#claims-list").options]
        assert listed == ["1", "2", "3"]


@pytest.mark.slow
async def test_at_80x24_every_modal_fits_and_its_buttons_can_be_reached(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "slash")
        screen = app.screen
        for widget in [*screen.query(Checkbox), *screen.query(Button)]:
            region = widget.region
            assert region.height >= 1 and region.bottom <= 24 and region.right <= 80, widget
        await press(pilot, "escape", "K")
        await settle(pilot)
        dialog = app.screen.query_one("#calibration-dialog")
        assert dialog.region.right <= 80 and dialog.region.bottom <= 24
        drawn = "".join(text for text, _, _ in drawn_runs(app))
        assert "95% interval" in drawn
        await press(pilot, "escape")


async def test_z_gives_the_focused_pane_the_whole_screen(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        app.screen.query_one(QueuePane).focus()
        await press(pilot, "z")
        assert app.screen.query_one(QueuePane).region.width == 120


@pytest.mark.slow
async def test_below_80x24_the_screen_says_how_large_a_window_it_needs(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(62, 16)) as pilot:
        await settle(pilot)
        said = plain(app, "#too-small")
        assert "needs a window of at least 80×24: this one is 62×16" in said
        assert (
            not app.screen.query_one("#panes").display
            or app.screen.query_one("#panes").region.height == 0
        )
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen.query_one("#panes").region.height > 0


@pytest.mark.slow
async def test_another_reviewers_label_moves_the_progress_and_the_report(review_db: Path):
    """No key pressed, no 30 looks to wait: the next look after ann's label recounts."""
    app = make_app(review_db, "dana", poll=0.05, spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        queue = app.screen.query_one(QueuePane)
        assert await until(pilot, lambda: queue.team_line.startswith("team: 1 of 6 done"))
        with Store(review_db) as store:  # ann, in another terminal: A-2 done
            store.labels.add_review("A-2#1", "ann", "stated")
        assert await until(pilot, lambda: queue.team_line.startswith("team: 2 of 6 done"))
        assert await until(
            pilot, lambda: "ann" in app.screen.query_one(ReportPane).team_numbers["reviewers"]
        )
        assert "ann" in plain(app, "#report-body")


@pytest.mark.slow
async def test_the_leads_queue_says_how_many_disputes_are_left(review_db: Path):
    with Store(review_db) as store:
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics")
        store.labels.add_review("A-1#1", "bob", "stated")
        store.labels.add_review("A-1#2", "ann", "stated")
        store.labels.add_review("A-1#2", "bob", "partial")
    lead = make_app(review_db, "lead", adjudicate=True, poll=0.05, spacing=0)
    async with lead.run_test(size=SIZE) as pilot:
        await settle(pilot)
        progress = lambda: plain(lead, "#queue-progress")  # noqa: E731
        assert await until(pilot, lambda: "2 of 2 disputed claims left" in progress())
        await press(pilot, "s")
        assert await until(pilot, lambda: "1 of 2 disputed claims left" in progress())


@pytest.mark.slow
async def test_the_footer_lists_the_keys_before_the_app_has_the_focus(review_db: Path):
    """A browser page starts without the focus: the keys must show from the first frame."""
    app = make_app(review_db, "dana")
    app.set_reactive(type(app).app_focus, False)  # as textual-serve starts it
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.app_focus
        keys = {k.key for k in app.screen.query_one("Footer").query("FooterKey")}
        assert {"question_mark", "q", "enter", "s"} <= keys
