"""Advance on decide: a key that completes a claim moves on, so a confirm run costs one key
a claim; ``--no-advance`` stays; ``space`` finds the next unlabelled claim in the queue."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.tui import make_app
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, plain


def _where(app) -> tuple[str, str]:
    screen = app.screen
    claim = screen.current_claim
    return screen.detail.id, claim.id if claim else ""


@pytest.mark.slow
async def test_a_confirm_run_costs_one_key_a_claim_across_answers(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = [_where(app)]
        for _ in range(4):
            await press(pilot, "y")
            seen.append(_where(app))
    rows = reviews(review_db, "dana")
    # Each y labelled the claim on screen, then showed the next one: four keys, four claims.
    assert [r["claim_id"] for r in rows] == [claim for _, claim in seen[:4]]
    assert len({claim for _, claim in seen}) == 5
    assert seen[0] == ("A-1", "A-1#1") and seen[1] == ("A-1", "A-1#2")
    assert seen[2][0] != "A-1"  # after the last claim of A-1, the next answer of the queue
    assert all(r["verdict"] is not None for r in rows)


@pytest.mark.slow
async def test_a_verdict_stays_on_its_claim_until_y_keeps_the_kind_or_a_digit_picks_one(
    review_db: Path,
):
    """HS-0081, ``a`` then ``2``: the 2 typed next must land on the claim the reviewer was
    looking at, not on the next one."""
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")  # the judge's kind preselected: stays, says so
        assert _where(app) == ("A-1", "A-1#1")
        status = plain(app, "#status")
        assert status.startswith("Saved A-1 #1: absent / plausible specifics")
        assert "y keeps the kind" in status
        await press(pilot, "2")  # picks another kind for this claim, then moves on
        assert _where(app) == ("A-1", "A-1#2")
        assert plain(app, "#status") == "Saved A-1 #1: absent / bridging inference"
        await press(pilot, "c")  # the judge said stated: no kind to keep, stays
        assert _where(app) == ("A-1", "A-1#2")
        await press(pilot, "e")  # a note never moves
        await pilot.press("escape")
        assert _where(app) == ("A-1", "A-1#2")
        await press(pilot, "y")  # keeps it as it is (no kind): moves on, writes nothing
        assert _where(app)[0] != "A-1"
    rows = reviews(review_db, "dana")
    assert [(r["claim_id"], r["verdict"], r["invention_kind"]) for r in rows] == [
        ("A-1#1", "absent", "plausible_specifics"),
        ("A-1#1", "absent", "bridging_inference"),
        ("A-1#2", "contradicted", None),
    ]


@pytest.mark.slow
async def test_y_after_a_verdict_keeps_it_and_never_confirms_the_judge_over_it(
    review_db: Path,
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "p", "y")  # A-1#2, judged stated: partial, kept
        assert _where(app) == ("A-1", "A-1#1")
        await press(pilot, "a", "0")  # no kind is a choice too: moves on
        assert _where(app)[0] != "A-1"
    rows = reviews(review_db, "dana")
    assert [(r["claim_id"], r["verdict"], r["invention_kind"]) for r in rows] == [
        ("A-1#2", "partial", None),
        ("A-1#1", "absent", "plausible_specifics"),
        ("A-1#1", "absent", None),
    ]


@pytest.mark.slow
async def test_a_claim_passed_over_is_come_back_to_before_the_next_answer(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "s")  # A-1#2 first: A-1#1 is still unlabelled
        assert _where(app) == ("A-1", "A-1#1")
        await press(pilot, "s")
        assert _where(app)[0] != "A-1"
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-1#2", "A-1#1"]


@pytest.mark.slow
async def test_no_advance_stays_on_the_claim(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "y")
        assert _where(app) == ("A-1", "A-1#1")
        await press(pilot, "s")
        assert _where(app) == ("A-1", "A-1#1")
    assert [r["verdict"] for r in reviews(review_db, "dana")] == ["absent", "stated"]


@pytest.mark.slow
async def test_space_goes_to_the_next_unlabelled_claim_of_the_queue(review_db: Path):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "s", "k")  # A-1#2 labelled, back on A-1#1
        await press(pilot, "space")  # A-1#2 is labelled: the next answer's first claim
        first_other = _where(app)
        assert first_other[0] != "A-1"
        await press(pilot, "s")
        assert _where(app) == first_other  # no advance in this session
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-1#2", first_other[1]]


def test_review_takes_no_advance_for_the_session(review_db: Path, monkeypatch, a_terminal: None):
    made: dict = {}

    class NoUI:
        unsaved: tuple = ()

        def run(self) -> None:
            pass

        def close_session(self) -> None:
            pass

    def fake(*args, **kwargs):
        made.update(kwargs)
        return NoUI()

    monkeypatch.setattr("groundtui.tui.app.make_app", fake)
    runner = CliRunner()
    result = runner.invoke(cli, ["review", "--db", str(review_db), "--no-advance"])
    assert result.exit_code == 0, result.output
    assert made["advance"] is False
    runner.invoke(cli, ["review", "--db", str(review_db), "--reviewer", "x"])
    assert made["advance"] is True


@pytest.mark.slow
async def test_advance_passes_over_answers_without_claims(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        order = [r.answer_id for r in screen.rows]
        assert order[-2:] == ["A-2", "A-6"]  # A-6 has no claim to label
        await press(pilot, *"nnn")
        assert _where(app) == ("A-2", "A-2#1")
        await press(pilot, "y")
        assert _where(app) == ("A-2", "A-2#1")  # not to A-6: nothing there to label
        assert "No answer with a claim after this one" in plain(app, "#status")
        await press(pilot, "n")  # n still shows it
        assert screen.detail.id == "A-6"
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-2#1"]
