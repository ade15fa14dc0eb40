"""Correcting the claims (`x` dismiss, `E` edit, `S` split, `A` add), each undone with `u`:
what the keys write, what the screen selects, and the report's counts kept exact."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from groundtui.report.cubes import full_cubes, read_cubes
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import press, settle, until
from tests.helpers.review_db import answers
from tests.helpers.screen import SIZE, plain

R1 = answers()[0]["response"]


def edits(path: Path) -> list[dict]:
    with Store(path) as store:
        return store.query("select * from claim_edits order by id")


def claim(path: Path, claim_id: str) -> dict:
    with Store(path) as store:
        return store.query(
            "select c.*, l.judge_verdict, l.answer_id as labelled_under from claims c"
            " join claim_labels l on l.claim_id = c.id where c.id = ?",
            [claim_id],
        )[0]


def counts_exact(path: Path) -> None:
    with Store(path) as store:
        assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


@pytest.mark.slow
async def test_x_dismisses_the_claim_and_u_brings_it_back(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        claims_before = app.screen.query_one(ReportPane).report["claims"]
        assert app.screen.current_claim.id == "A-1#1"
        await press(pilot, "x")
        assert [c.id for c in app.screen.detail.claims] == ["A-1#2"]
        assert app.screen.current_claim.id == "A-1#2"
        assert "Dismissed A-1#1" in plain(app, "#status")
        assert app.screen.query_one(ReportPane).report["claims"] == claims_before - 1
        assert app.screen.query_one(ReportPane).report["dismissed"] == 1
        row = claim(review_db, "A-1#1")
        assert row["retired"] == "dismissed" and row["labelled_under"] is None
        counts_exact(review_db)
        await press(pilot, "u")
        assert [c.id for c in app.screen.detail.claims] == ["A-1#1", "A-1#2"]
        assert app.screen.current_claim.id == "A-1#1"
        assert app.screen.query_one(ReportPane).report["claims"] == claims_before
        assert app.screen.query_one(ReportPane).report["dismissed"] == 0
    assert [(e["action"], e["claim_id"], e["reviewer"]) for e in edits(review_db)] == [
        ("dismiss", "A-1#1", "dana"),
        ("undo", "A-1#1", "dana"),
    ]
    assert edits(review_db)[1]["reverts"] == edits(review_db)[0]["id"]
    assert claim(review_db, "A-1#1")["retired"] is None
    counts_exact(review_db)


@pytest.mark.slow
async def test_E_edits_the_text_into_a_new_claim_to_judge(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "E")
        field = app.screen.query_one(Input)
        assert field.value == "Sofas can be returned within 30 days."
        field.value = "Sofas can be returned within 30 days of delivery."
        await press(pilot, "enter")
        new = app.screen.current_claim
        assert new.id != "A-1#1" and new.text == field.value
        assert new.judge_verdict is None  # judged again by the next groundtui judge
        assert [c.id for c in app.screen.detail.claims] == [new.id, "A-1#2"]
        counts_exact(review_db)
        await press(pilot, "u")
        assert app.screen.current_claim.id == "A-1#1"
        assert [c.id for c in app.screen.detail.claims] == ["A-1#1", "A-1#2"]
    edit = edits(review_db)[0]
    assert (edit["action"], edit["claim_id"], edit["text"]) == (
        "edit",
        "A-1#1",
        "Sofas can be returned within 30 days of delivery.",
    )
    assert claim(review_db, new.id)["retired"] == "undone"
    assert claim(review_db, new.id)["extracted_by"] == "dana"
    counts_exact(review_db)


@pytest.mark.slow
async def test_escape_leaves_the_claim_as_it_was(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "E", "escape")
        await press(pilot, "S", "escape")
        await press(pilot, "A", "escape")
        assert [c.id for c in app.screen.detail.claims] == ["A-1#1", "A-1#2"]
    assert edits(review_db) == []


@pytest.mark.slow
async def test_S_splits_the_claim_where_the_reviewer_moves_the_cut(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j")  # A-1#2: "Refunds take 5 working days."
        await press(pilot, "S")
        start = app.screen.cut
        await press(pilot, "right")  # a word on
        assert app.screen.cut > start
        cut = app.screen.cut
        await press(pilot, "enter")
        shown = [c.text for c in app.screen.detail.claims]
        text = "Refunds take 5 working days."
        assert shown[1:] == [text[:cut].strip(), text[cut:].strip()]
        assert app.screen.current_claim.text == text[:cut].strip()
        assert all(c.judge_verdict is None for c in app.screen.detail.claims[1:])
        counts_exact(review_db)
        await press(pilot, "u")
        assert [c.id for c in app.screen.detail.claims] == ["A-1#1", "A-1#2"]
        assert app.screen.current_claim.id == "A-1#2"
    split, undo = edits(review_db)
    assert (split["action"], split["claim_id"], split["span_start"]) == ("split", "A-1#2", cut)
    assert undo["reverts"] == split["id"]
    counts_exact(review_db)


@pytest.mark.slow
async def test_S_on_a_reworded_claim_over_a_marker_keeps_both_parts_in_the_answer(
    tmp_path: Path,
):
    """The claim rewords "… guarantee [2], which covers …" without its markers; the cut is
    moved to "covers". Both parts are drawn in the response, in reading order: none is
    "not found in the response" nor listed after the claims that follow it."""
    from tests.helpers.builders import imported_db, make_answer

    response = (
        "The sofa has a 5-year guarantee [2], which covers sagging deeper than 3 cm [1]. "
        "Refunds take 5 days [2]."
    )
    text = "The sofa's 5-year guarantee covers sagging deeper than 3 cm."
    claims = [
        {"text": text, "kind": "policy", "citation": 2, "span": [0, response.index(" [1]")]},
        {"text": "Refunds take 5 days.", "kind": "figure", "citation": 2},
    ]
    db = imported_db(tmp_path, "split", [make_answer("P-1", response=response, claims=claims)])
    app = make_app(db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "S")
        while text[app.screen.cut :].strip() != text[text.index("covers") :]:
            await press(pilot, "right")
        await press(pilot, "enter")
        shown = [c.text for c in app.screen.detail.claims]
        assert shown == [
            "The sofa's 5-year guarantee",
            "covers sagging deeper than 3 cm.",
            "Refunds take 5 days.",
        ]
        assert all(c.span is not None for c in app.screen.detail.claims)
        assert "not found in the response" not in plain(app, "#answer-body")


@pytest.mark.slow
async def test_A_adds_the_span_selected_from_the_keyboard(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        claims_before = app.screen.query_one(ReportPane).report["claims"]
        await press(pilot, "A")
        assert (app.screen.start, app.screen.end) == (0, R1.index(" Refunds"))
        await press(pilot, "down")  # the next sentence, whole
        await press(pilot, "shift+left")  # its end a word back: without "[1]."
        await press(pilot, "enter")
        added = app.screen.current_claim
        assert added.text == "Refunds take 5 working days"
        assert added.judge_verdict is None and added.citation == 1
        assert app.screen.query_one(ReportPane).report["claims"] == claims_before + 1
        counts_exact(review_db)
        await press(pilot, "u")
        assert added.id not in [c.id for c in app.screen.detail.claims]
        assert app.screen.query_one(ReportPane).report["claims"] == claims_before
    add = edits(review_db)[0]
    assert (add["action"], add["claim_id"], add["text"]) == (
        "add",
        None,
        "Refunds take 5 working days",
    )
    assert claim(review_db, added.id)["retired"] == "undone"
    counts_exact(review_db)


@pytest.mark.slow
async def test_another_reviewers_dismissal_shows_without_a_key_press(review_db: Path):
    bob = make_app(review_db, "bob", poll=0.05)
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = bob.screen
        assert screen.current_claim.id == "A-1#1"
        with Store(review_db) as store:  # ann, in another terminal
            store.corrections.dismiss("A-1#1", "ann")
        assert await until(pilot, lambda: [c.id for c in screen.detail.claims] == ["A-1#2"])
        assert screen.current_claim.id == "A-1#2"
        assert await until(pilot, lambda: screen.query_one(ReportPane).report["dismissed"] == 1)


@pytest.mark.slow
async def test_read_only_refuses_the_correction_keys(review_db: Path):
    app = make_app(review_db, "dana", readonly=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("x", "E", "S", "A"):
            await press(pilot, key)
            assert "read-only" in plain(app, "#status")
        assert len(app.screen_stack) == 1  # no dialog opened
    assert edits(review_db) == []
