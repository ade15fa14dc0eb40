"""Several reviewers on one database, driven as reviewers drive it (docs/team-review.md).

Each app opens its own connections to the one file, as two terminals would; the clock and
the live refresh's poll are injected so nothing here sleeps for long.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from groundtui.report import compute
from groundtui.store import Store, now_iso
from groundtui.tui import make_app
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import press, settle, until
from tests.helpers.screen import SIZE, plain

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _reviewers_of(db: Path) -> dict[str, set[str]]:
    """Answer id -> reviewers who labelled one of its claims (imported labels left out)."""
    found: dict[str, set[str]] = {}
    with Store(db) as store:
        for row in store.query(
            "select c.answer_id, r.reviewer from reviews r join claims c on c.id = r.claim_id"
            " where r.origin = 'ui'"
        ):
            found.setdefault(row["answer_id"], set()).add(row["reviewer"])
    return found


@pytest.mark.slow
async def test_two_reviewers_starting_together_never_label_the_same_answer(review_db: Path):
    ann, bob = make_app(review_db, "ann"), make_app(review_db, "bob")
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        await asyncio.gather(settle(a), settle(b))
        assert ann.screen.detail.id != bob.screen.detail.id  # the second was skipped on
        for _ in range(4):  # each labels every claim of what is on screen, then moves on
            for pilot in (a, b):
                await press(pilot, "a", "j", "a", "n")
        await asyncio.gather(settle(a), settle(b))
    both = {answer for answer, people in _reviewers_of(review_db).items() if len(people) > 1}
    assert both == set()
    assert {"ann", "bob"} <= set().union(*_reviewers_of(review_db).values())


@pytest.mark.slow
async def test_a_label_on_an_answer_someone_else_holds_is_refused(review_db: Path):
    with Store(review_db) as store:
        assert store.team.take_lease("A-1", "ann", now=now_iso(), minutes=15, share=0).granted
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert bob.screen.detail.id == "A-3"  # A-1 is ann's
        assert "A-1" not in [r.answer_id for r in bob.screen.rows]
        from groundtui.review.queue import QueueFilter

        await press(pilot, "slash")
        bob.screen.dismiss(QueueFilter(everyone=True))
        await settle(pilot)
        assert bob.screen.detail.id == "A-1"  # shown, read-only
        await press(pilot, "s")
        assert "NOT SAVED: A-1 is ann's to review" in plain(bob, "#status")
    assert "A-1" not in _reviewers_of(review_db)


@pytest.mark.slow
async def test_a_dead_reviewers_lease_lapses_within_two_minutes(review_db: Path):
    """ann opened A-1, then her terminal died: no heartbeat renews her lease, so it lapses
    two minutes on, not after lease_minutes (15)."""
    with Store(review_db) as store:
        store.team.take_lease("A-1", "ann", now=now_iso(T0), minutes=15, share=0, session="ann-1")
    for minutes, first in ((1, "A-3"), (3, "A-1")):
        bob = make_app(review_db, "bob", clock=lambda m=minutes: T0 + timedelta(minutes=m))
        async with bob.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert bob.screen.detail.id == first
            await press(pilot, "q")


def test_a_living_idle_session_holds_an_answer_for_lease_minutes_and_no_more(review_db: Path):
    with Store(review_db) as store:
        store.team.take_lease("A-1", "ann", now=now_iso(T0), minutes=15, share=0, session="ann-1")
        for minute in range(1, 20):  # her process beats every half minute or so
            store.team.heartbeat("ann-1", now_iso(T0 + timedelta(minutes=minute)))
            held = [
                r["answer_id"]
                for r in store.team.live_leases(now_iso(T0 + timedelta(minutes=minute, seconds=30)))
            ]
            assert held == (["A-1"] if minute < 15 else []), minute


@pytest.mark.slow
async def test_in_the_overlap_the_second_reviewer_sees_the_first_only_after_labelling(
    review_db: Path,
):
    with Store(review_db) as store:
        store.settings.set("overlap", "1")  # every answer is reviewed twice
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics", "Says 14 days.")
        store.team.take_lease("A-1", "ann", now=now_iso(), minutes=15, share=1)
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = bob.screen
        assert screen.detail.id == "A-1"  # the second of its two slots
        claim = screen.current_claim
        assert claim.others_hidden and claim.shown_others == []
        pane = screen.query_one(ClaimsPane)
        assert "hidden until you label" in plain(bob, "#claim-detail")
        assert "Says 14 days" not in plain(bob, "#claim-detail")
        await press(pilot, "s")  # bob labels it: now he sees ann's label and note, and keeps them
        claim = screen.detail.claims[0]
        assert [(o.reviewer, o.verdict) for o in claim.shown_others] == [("ann", "absent")]
        await press(pilot, "k")
        assert "ann: absent / plausible specifics · Says 14 days." in plain(bob, "#claim-detail")
        assert pane is screen.query_one(ClaimsPane)
    with Store(review_db) as store:
        report = compute(store)
    # A-1#1 (ann absent, bob stated) and the imported A-5#1 (sam and kim, both stated).
    assert report["overlap"]["double_reviewed_claims"] == 2
    assert report["overlap"]["disagreements"] == 1
    assert report["overlap"]["share"] == 1.0


@pytest.mark.slow
async def test_another_reviewers_label_appears_without_a_key_press(review_db: Path):
    with Store(review_db) as store:
        store.settings.set("overlap", "1")
    bob = make_app(review_db, "bob", poll=0.05, spacing=0)
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = bob.screen
        await press(pilot, "s")  # bob's own label on A-1#1 reveals the others there
        with Store(review_db) as store:  # ann, in another terminal
            store.labels.add_review("A-1#1", "ann", "contradicted", "plausible_specifics")

        def shown() -> bool:
            others = screen.detail.claims[0].shown_others
            return [(o.reviewer, o.verdict) for o in others] == [("ann", "contradicted")]

        assert await until(pilot, shown)
        assert await until(
            pilot, lambda: "ann" in screen.query_one(ReportPane).team_numbers.get("reviewers", {})
        )
        assert await until(pilot, lambda: "ann" in plain(bob, "#report-body"))


@pytest.mark.slow
async def test_a_label_on_another_answer_leaves_the_open_one_undrawn(review_db: Path):
    """A teammate's label elsewhere is counted, and the open answer's panes, whose claims
    read back the same, are not handed them again (each redraw cost a full repaint)."""
    app = make_app(review_db, "bob", poll=0.05, spacing=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        before = screen.on_screen
        other = next(r.answer_id for r in screen.rows if r.answer_id != screen.detail.id)
        with Store(review_db) as store:  # ann, in another terminal
            claim = store.scalar("select id from claims where answer_id = ?", [other])
            store.labels.add_review(claim, "ann", "contradicted", None)
        assert await until(
            pilot, lambda: "ann" in screen.query_one(ReportPane).team_numbers.get("reviewers", {})
        )
        await pilot.pause(0.2)  # a few more looks, each reading the open answer's claims
        assert screen.on_screen is before


@pytest.mark.slow
async def test_a_lead_adjudicates_the_claims_reviewers_disagree_on(review_db: Path):
    with Store(review_db) as store:
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics")
        store.labels.add_review("A-1#1", "bob", "stated")
        store.labels.add_review("A-1#2", "ann", "stated")
        store.labels.add_review("A-1#2", "bob", "stated")
    lead = make_app(review_db, "lead", adjudicate=True)
    async with lead.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lead.screen
        assert [r.answer_id for r in screen.rows] == ["A-1"]  # only where two disagree
        assert [c.id for c in screen.detail.claims] == ["A-1#1"]  # only the disputed claim
        detail = plain(lead, "#claim-detail")
        assert "ann: absent / plausible specifics" in detail and "bob: stated" in detail
        assert "judge absent" in detail
        with Store(review_db) as store:
            before = compute(store)["agreement"]["judge_vs_reviewer"]
        await press(pilot, "a")  # absent, keeping the judge's kind
        with Store(review_db) as store:
            label = store.query("select * from claim_labels where claim_id = 'A-1#1'")[0]
            assert (label["adjudicator"], label["label"], label["label_kind"]) == (
                "lead",
                "absent",
                "plausible_specifics",
            )
            after = compute(store)["agreement"]["judge_vs_reviewer"]
        # A-1#1 pairs the judge (absent) with the lead's decision now, not with bob's stated;
        # A-1#2, A-5#1 and A-5#2 as before.
        assert (before["n"], before["raw"]) == (4, 0.5)
        assert (after["n"], after["raw"]) == (4, 0.75)
        await press(pilot, "c", "u", "u")
    with Store(review_db) as store:
        assert store.scalar("select label from claim_labels where claim_id = 'A-1#1'") == "stated"
        assert store.scalar("select count(*) from reviews where reviewer = 'lead'") == 0


@pytest.mark.slow
async def test_g_shows_the_guidelines_and_says_how_to_set_them(review_db: Path, tmp_path: Path):
    app = make_app(review_db, "ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "g")
        await settle(pilot)
        from textual.widgets import Markdown

        text = app.screen.query_one(Markdown).source
        assert "groundtui config guidelines" in text
        await press(pilot, "escape")
        assert app.screen.__class__.__name__ == "ReviewScreen"
    guide = tmp_path / "guide.md"
    guide.write_text("# House rules\n\nA figure the source lacks is *absent*.\n", "utf-8")
    assert "A figure the source lacks" in await _guidelines_shown(review_db, guide)


@pytest.mark.slow
async def test_guidelines_holding_control_characters_show_them_inert(
    review_db: Path,
    tmp_path: Path,
):
    """A guidelines file with an ANSI escape (pasted from a terminal) reached the terminal
    raw: `g` cleared the top of the screen. Its lines stay (CRLF too); the controls show."""
    guide = tmp_path / "guide.md"
    guide.write_bytes("# Rules\r\n\r\nAbsent \x1b[2J is \u202eabsent.\r\n".encode())
    shown = await _guidelines_shown(review_db, guide)
    assert shown == "# Rules\n\nAbsent \\x1b[2J is <U+202E>absent.\n"


async def _guidelines_shown(review_db: Path, guide: Path) -> str:
    """The Markdown `g` shows once ``guide`` is the database's guidelines file."""
    from textual.widgets import Markdown

    with Store(review_db) as store:
        store.settings.set("guidelines", str(guide))
    app = make_app(review_db, "ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "g")
        await settle(pilot)
        return app.screen.query_one(Markdown).source


@pytest.mark.slow
async def test_a_name_in_another_case_is_the_same_reviewer(review_db: Path):
    with Store(review_db) as store:
        store.reviewers.name("Dana")
    app = make_app(review_db, "dana")
    assert app.session.reviewer == "Dana"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        assert "team: 1 of 6 done\nyours: 0 done" in plain(app, "#queue-progress")
    with Store(review_db) as store:
        assert store.scalar("select reviewer from reviews where origin = 'ui'") == "Dana"


@pytest.mark.slow
@pytest.mark.parametrize("everyone_held", [True, False], ids=["all held", "empty database"])
async def test_an_empty_queue_says_why(review_db: Path, tmp_path: Path, everyone_held: bool):
    """Every answer already had its reviewers, and a new reviewer's queue said "The
    database holds no answers yet."."""
    db = review_db if everyone_held else tmp_path / "empty.db"
    with Store(db) as store:
        for (answer,) in store.db.execute("select id from answers").fetchall():
            store.team.take_lease(
                answer, "ann", now=now_iso(T0), minutes=15, share=0, session="a-1"
            )
    new = make_app(db, "new", clock=lambda: T0 + timedelta(minutes=1))
    async with new.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert new.screen.rows == []
        said = plain(new, "#status")
        # the queue's progress said "0 answers · counting…" for ever
        assert plain(new, "#queue-progress") == "queue: no answers to review"
        for key in ("s", "m", "n", "space"):  # every key says why there is nothing to do
            await press(pilot, key)
            assert plain(new, "#status") == said, key
        await press(pilot, "q")
    if everyone_held:
        assert "Nothing left for you: every answer has the reviewers it needs" in said
    else:
        assert "The database holds no answers yet." in said


async def test_the_longest_lease_allowed_still_opens_an_answer_and_quits(review_db: Path):
    """`config lease_minutes 5000000000` left a UI that never opened an answer and a `q`
    that did not quit; `config` now stops at the bound, and at the bound the UI works."""
    from groundtui.store import SETTINGS

    with Store(review_db) as store:
        store.settings.set("lease_minutes", str(SETTINGS["lease_minutes"].high))
    app = make_app(review_db, "ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.detail is not None and app.screen.detail.id == "A-1"
        await press(pilot, "q")
        assert await until(pilot, lambda: app.return_code is not None)  # q quit


@pytest.mark.slow
async def test_quitting_frees_every_answer_and_the_next_reviewer_finishes_one_begun(
    review_db: Path,
):
    """ann labels the first claim of A-1, opens A-3 and quits: both go back to the queue.
    bob's session opens A-1 on its second claim, the one left; ann's label stays hers."""
    ann = make_app(review_db, "ann")
    async with ann.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ann.screen.detail.id == "A-1"
        await press(pilot, "s", "n")  # A-1#1 stated (on to A-1#2), then A-3, untouched
        with Store(review_db) as store:
            held = [r["answer_id"] for r in store.team.live_leases(now_iso())]
        assert held == ["A-1", "A-3"]
        await press(pilot, "q")
    with Store(review_db) as store:
        assert store.team.live_leases(now_iso()) == []
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = bob.screen
        assert (screen.detail.id, screen.current_claim.id) == ("A-1", "A-1#2")
        first = screen.detail.claims[0]
        assert [(o.reviewer, o.verdict) for o in first.shown_others] == [("ann", "stated")]
        await press(pilot, "s")  # finishes A-1
    with Store(review_db) as store:
        labels = dict(
            store.db.execute(
                "select claim_id, reviewer from claim_labels where answer_id = 'A-1'"
            ).fetchall()
        )
    assert labels == {"A-1#1": "ann", "A-1#2": "bob"}


@pytest.mark.slow
async def test_moving_past_a_taken_last_answer_never_traps_the_reviewer(review_db: Path):
    """bob's queue was read with A-2 in it; ann, in her own session on the same file, takes
    A-2. bob labels A-1 to its end: moving on reaches A-2, passes it, and finds nothing
    else with a claim left for him. He is told so, on an answer he may label: no key is
    refused for a taken answer."""
    with Store(review_db) as store:
        for answer in ("A-3", "A-4"):  # ann's already: bob's queue is
            store.team.take_lease(answer, "ann", now=now_iso(), minutes=15, share=0, session="a-0")
    bob, ann = make_app(review_db, "bob"), make_app(review_db, "ann")
    # bob first: started together, ann may take A-1 before bob, who then opens A-2
    async with bob.run_test(size=SIZE) as b:
        await settle(b)
        assert [r.answer_id for r in bob.screen.rows] == ["A-1", "A-2", "A-6"]
        assert bob.screen.detail.id == "A-1"
        async with ann.run_test(size=SIZE) as a:
            await settle(a)
            ann.screen.open_answer_id("A-2")  # ann jumps to A-2 (or is on it): hers now
            # the answer is read by a worker the open starts: wait for it to be shown
            assert await until(
                a, lambda: ann.screen.detail.id == "A-2" and not ann.screen.awaiting_answer
            ), plain(ann, "#status")
            await press(b, "s", "s")  # A-1's two claims: on past A-2, to the end
            # the second label is saved by the write thread, then the move reads the queue again
            assert await until(
                b, lambda: "Nothing left for you to label" in plain(bob, "#status")
            ), (
                plain(bob, "#status"),
                bob.screen.detail and bob.screen.detail.id,
            )
            screen = bob.screen
            assert screen.detail is not None and screen.detail.id != "A-2"
            for key in ("s", "n", "a"):
                await press(b, key)
                assert "NOT SAVED" not in plain(bob, "#status"), key
    assert "A-2" not in _reviewers_of(review_db)


@pytest.mark.slow
async def test_the_palette_does_not_open_a_taken_answer(review_db: Path):
    """Open answer A-4 from the palette, ann's since bob's queue was read: it says whose it
    is and bob stays where he was."""
    from tests.tui.test_palette import _run

    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert bob.screen.detail.id == "A-1"
        with Store(review_db) as store:
            store.team.take_lease("A-4", "ann", now=now_iso(), minutes=15, share=0, session="a-1")
        await _run(pilot, "A-4")
        assert bob.screen.detail.id == "A-1"
        assert "A-4 is ann's to review: you stay on A-1." in plain(bob, "#status")
        await press(pilot, "s")
        assert "NOT SAVED" not in plain(bob, "#status")


@pytest.mark.slow
async def test_a_lead_frees_an_absent_reviewers_answers_from_the_palette(review_db: Path):
    """ann labelled A-1 in part and walked away, her session alive: A-1 is hers. A lead
    frees it from the palette; bob's session then opens it on the claim ann left."""
    from tests.tui.test_palette import _run

    with Store(review_db) as store:
        store.team.take_lease("A-1", "ann", now=now_iso(), minutes=15, share=0, session="ann-1")
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics")
        store.team.take_lease("A-4", "ann", now=now_iso(), minutes=15, share=0, session="ann-1")
    kim = make_app(review_db, "kim")
    async with kim.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert kim.screen.detail.id == "A-3"  # A-1 is ann's
        await _run(pilot, "free a reviewer")
        assert "Only a lead frees" in plain(kim, "#status")
    lead = make_app(review_db, "lead", adjudicate=True)
    async with lead.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _run(pilot, "free a reviewer")
        from groundtui.tui.screens.free import FreeScreen

        assert isinstance(lead.screen, FreeScreen)
        await press(pilot, "enter")  # ann · 2 answers
        said = plain(lead, "#status")
    assert said == "Freed 2 answers ann held: 1 labelled in part, 1 untouched."
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert (bob.screen.detail.id, bob.screen.current_claim.id) == ("A-1", "A-1#2")


@pytest.mark.slow
async def test_a_reopened_reviewer_lands_on_their_unfinished_answer(review_db: Path):
    """In the overlap (every answer), dana finished A-1 with ann and began A-4, which bob
    finished. Her queue starts with A-1 (reviewed, priority first); she reopens on A-4, on
    the claim she left, not on the answer she finished."""
    with Store(review_db) as store:
        store.settings.set("overlap", "1")
        for who, claims in (
            ("ann", ["A-1#1", "A-1#2", "A-3#1", "A-3#2"]),
            ("dana", ["A-1#1", "A-1#2", "A-4#1"]),
            ("bob", ["A-4#1", "A-4#2"]),
        ):
            for claim in claims:
                store.labels.add_review(claim, who, "stated")
    dana = make_app(review_db, "dana")
    async with dana.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = dana.screen
        assert screen.rows[0].answer_id == "A-1"
        assert (screen.detail.id, screen.current_claim.id) == ("A-4", "A-4#2")


async def test_the_only_lead_party_to_a_dispute_decides_it_and_the_screen_says_so(
    review_db: Path,
):
    with Store(review_db) as store:
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics")
        store.labels.add_review("A-1#1", "bob", "stated")
    lead = make_app(review_db, "ann", adjudicate=True)
    async with lead.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lead.screen.detail.id == "A-1"
        assert "you were party to this dispute" in plain(lead, "#claim-detail")
        await press(pilot, "s")
        assert "decided by a party to the dispute, the only lead" in plain(lead, "#claim-detail")
    with Store(review_db) as store:
        assert store.scalar("select party from adjudications") == 1


def _live_labels(db: Path) -> dict[str, list[str]]:
    """Claim id -> the reviewers whose live label it holds."""
    with Store(db) as store:
        found: dict[str, list[str]] = {}
        for row in store.query("select claim_id, reviewer from agg_reviewer_claims"):
            found.setdefault(row["claim_id"], []).append(row["reviewer"])
    return found


@pytest.mark.slow
async def test_moving_on_passes_an_answer_with_nothing_left_for_the_reviewer(review_db: Path):
    """In the overlap (every answer), after cy's queue was read, ann and bob labelled the
    first claim of the answer after A-1, dana and lee its second, each in part, and a lead
    freed their answers: no one holds it, and nothing of it is left for cy. cy labels A-1 to its end: moving on passes that answer and
    lands on a claim left for her, where `y` is saved; no claim has three reviewers."""
    with Store(review_db) as store:
        store.settings.set("overlap", "1")
    cy = make_app(review_db, "cy")
    async with cy.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = [r.answer_id for r in cy.screen.rows]
        assert cy.screen.detail.id == rows[0] == "A-1"
        done = rows[1]
        with Store(review_db) as store:
            for who, claim in (("ann", 1), ("bob", 1), ("dana", 2), ("lee", 2)):
                store.team.take_lease(done, who, now=now_iso(), minutes=15, share=1)
                store.labels.add_review(f"{done}#{claim}", who, "stated")
                assert store.team.release_leases(who) == (1, 0, 0)
        await press(pilot, "s", "s")  # A-1's two claims, then on
        assert await until(
            pilot,
            lambda: cy.screen.detail.id not in ("A-1", done) and not cy.screen.awaiting_answer,
        )
        landed = cy.screen.detail.id
        assert landed == rows[2]
        assert cy.screen.current_claim.left_to_label
        await press(pilot, "y")
        assert await until(pilot, lambda: "Saved" in plain(cy, "#status"))
    labels = _live_labels(review_db)
    assert (labels[f"{done}#1"], labels[f"{done}#2"]) == (["ann", "bob"], ["dana", "lee"])
    assert "cy" in labels[f"{landed}#1"]
    assert max(len(people) for people in labels.values()) <= 2


@pytest.mark.slow
async def test_a_freed_session_s_next_key_says_so_and_moves_on(review_db: Path):
    """bob labels A-1#1 and walks away, his session open on A-1#2. A lead frees his
    answers and cy takes A-1. bob's next key is not saved: it says A-1 was freed from him
    and is cy's, and he moves on to an answer of his queue where his keys are saved."""
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert bob.screen.detail.id == "A-1"
        await press(pilot, "s")  # A-1#1, on to A-1#2
        assert await until(pilot, lambda: "Saved" in plain(bob, "#status"))
        assert bob.screen.current_claim.id == "A-1#2"
        with Store(review_db) as store:
            assert store.team.release_leases("bob") == (1, 0, 0)
            assert store.team.take_lease("A-1", "cy", now=now_iso(), minutes=15, share=0).granted
        await press(pilot, "c")  # a key that stays on the claim, waiting for a kind
        said = "NOT SAVED: A-1 was freed from you by a lead; it is cy's now: moving on."
        assert await until(pilot, lambda: said in plain(bob, "#status"))
        assert await until(
            pilot, lambda: bob.screen.detail.id != "A-1" and not bob.screen.awaiting_answer
        )
        moved_to = bob.screen.detail.id
        await press(pilot, "s")
        assert await until(pilot, lambda: f"Saved {moved_to}" in plain(bob, "#status"))
    assert _live_labels(review_db)["A-1#1"] == ["bob"]
    assert "A-1#2" not in _live_labels(review_db)


async def test_a_freed_session_at_the_end_of_its_queue_says_both_why_and_that_nothing_is_left(
    review_db: Path,
):
    """As above, with every other answer ann's: bob's key after the lead freed him moves on
    past A-1 to the end of his queue, and the status line says why before it says nothing
    is left (the refusal was not overwritten)."""
    with Store(review_db) as store:
        for answer in ("A-2", "A-3", "A-4", "A-5", "A-6"):
            store.team.take_lease(answer, "ann", now=now_iso(), minutes=15, share=0, session="a-0")
    bob = make_app(review_db, "bob")
    async with bob.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert [r.answer_id for r in bob.screen.rows] == ["A-1"]
        await press(pilot, "s")  # A-1#1, on to A-1#2
        assert await until(pilot, lambda: "Saved" in plain(bob, "#status"))
        with Store(review_db) as store:
            store.team.release_leases("bob")
            assert store.team.take_lease("A-1", "cy", now=now_iso(), minutes=15, share=0).granted
        await press(pilot, "c")
        freed = "NOT SAVED: A-1 was freed from you by a lead; it is cy's now: moving on."
        assert await until(pilot, lambda: "Nothing left for you" in plain(bob, "#status"))
        assert plain(bob, "#status").startswith(freed), plain(bob, "#status")
    assert "A-1#2" not in _live_labels(review_db)


@pytest.mark.slow
async def test_two_reviewers_finishing_one_claim_at_once_give_it_the_two_it_needs(
    review_db: Path,
):
    """In the overlap (every answer), dana labelled A-1#1 and left. ann and bob both open
    A-1 (its two slots) on #1, dana's label hidden from each. ann labels it first; bob's
    key is refused without naming anyone, and his screen moves on to #2, where his label
    is saved. A-1#1 has two reviewers, not three."""
    with Store(review_db) as store:
        store.settings.set("overlap", "1")
        store.labels.add_review("A-1#1", "dana", "absent", "plausible_specifics")
    ann, bob = make_app(review_db, "ann"), make_app(review_db, "bob")
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        await asyncio.gather(settle(a), settle(b))
        for app in (ann, bob):
            assert (app.screen.detail.id, app.screen.current_claim.id) == ("A-1", "A-1#1")
        await press(a, "s")
        assert await until(a, lambda: "Saved A-1 #1" in plain(ann, "#status"))
        await press(b, "c")  # a key that stays on the claim, waiting for a kind
        said = "NOT SAVED: A-1 #1 has the two reviewers it needs."
        assert await until(b, lambda: said in plain(bob, "#status"))
        assert await until(b, lambda: bob.screen.current_claim.id == "A-1#2")
        await press(b, "s")
        assert await until(b, lambda: "Saved A-1 #2" in plain(bob, "#status"))
    assert _live_labels(review_db)["A-1#1"] == ["ann", "dana"]
