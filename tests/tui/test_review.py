"""The review UI through Pilot: press the keys a reviewer presses, then read the database."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Input, Static, TextArea

from groundtui.report import compute
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.tui.conftest import marks, press, reviews, settle

SIZE = (140, 44)


def plain(app, selector: str) -> str:
    """The text a Static of the review screen shows."""
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def test_opens_on_the_first_answer_of_the_queue_with_its_first_claim(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        # Flagged, or check and judge disagree, first; unreviewed before reviewed.
        assert [r.answer_id for r in screen.rows] == ["A-1", "A-3", "A-4", "A-5", "A-2", "A-6"]
        assert screen.detail.id == "A-1"
        assert screen.current_claim.text == "Sofas can be returned within 30 days."
        assert "1 of 6 reviewed" in plain(app, "#queue-progress")  # A-5, by sam and kim
        assert "Returns policy" in plain(app, "#source-header")


async def test_verdict_keys_append_one_row_each_with_the_reviewer(review_db: Path):
    app = make_app(review_db, "dana")
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


async def test_enter_and_y_confirm_the_judge_and_kinds_are_set_and_cleared(review_db: Path):
    app = make_app(review_db, "dana")
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
        assert screen.detail.id == "A-5"
        await press(pilot, "N")
        assert screen.detail.id == "A-4"
        await press(pilot, "p")  # labels the answer on screen, first claim
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "dana")] == [
        ("A-4#1", "partial")
    ]


async def test_undo_appends_rows_that_restore_the_previous_label(review_db: Path):
    app = make_app(review_db, "dana")
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


async def test_note_editor_takes_keys_as_text_and_saves_with_the_label(review_db: Path):
    app = make_app(review_db, "dana")
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


async def test_filter_by_text_origin_verdict_unreviewed_and_disagreements(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen

        async def apply(**fields: object) -> list[str]:
            from groundtui.tui.queue_data import QueueFilter

            await press(pilot, "slash")
            dialog = app.screen
            dialog.dismiss(QueueFilter(**fields))
            await settle(pilot)
            return [r.answer_id for r in screen.rows]

        assert await apply(text="refund") == ["A-1", "A-5"]
        assert await apply(origin="email-export") == ["A-4", "A-2"]
        assert await apply(verdict="contradicted") == ["A-3"]
        assert await apply(disagreements=True) == ["A-5"]
        assert await apply(unreviewed=True) == ["A-1", "A-3", "A-4", "A-2", "A-6"]
        assert screen.detail.id == "A-1"
        assert await apply(text="no such words") == []
        assert "No answer matches" in plain(app, "#status")
        assert len(await apply()) == 6


async def test_filter_modal_typed_text_and_enter(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash")
        assert isinstance(app.focused, Input)
        await press(pilot, *"leeds", "enter")
        assert [r.answer_id for r in app.screen.rows] == ["A-4"]
        assert "0 of 1 reviewed" in plain(app, "#queue-progress")
        await press(pilot, "slash")
        await press(pilot, "escape")  # cancel keeps the filter
        assert [r.answer_id for r in app.screen.rows] == ["A-4"]


async def test_blind_mode_hides_the_judge_until_the_reviewer_labels(review_db: Path):
    app = make_app(review_db, "bo", blind=True)
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


async def test_m_cycles_correctness_correct_incorrect_unknown(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("N")  # already first: stays
        await press(pilot, "n", "n", "n", "n")  # A-2, imported correct
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


async def test_report_pane_follows_every_change(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(ReportPane)
        before = plain(app, "#report-body")
        assert "Claim level" in before and "nothing yet" in before
        revision = pane.revision
        await press(pilot, "s")
        after = plain(app, "#report-body")
        assert pane.revision > revision
        assert "This session (dana): 1 label" in after
        with Store(review_db) as store:
            report = compute(store)
        assert app.screen.report == report
        stated = report["verdicts"]["stated"]
        assert f"{stated}/{report['claims']} stated" in after
        kappa = report["agreement"]["judge_vs_reviewer"]
        assert f"κ judge↔reviewer    {kappa['kappa']:+.2f}" in after
        assert f"n {kappa['n']}" in after
        await press(pilot, "m")  # incorrect -> unknown moves it between quadrants
        with Store(review_db) as store:
            assert app.screen.report == compute(store)
        assert app.screen.report["quadrants"] != report["quadrants"]
        assert "1 label · 1 mark" in plain(app, "#report-body")


async def test_stopping_without_quitting_loses_no_label(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # Keys as fast as Pilot can press them, then the terminal goes away: no q, no wait.
        await pilot.press("s", "j", "a", "2", "n", "c", "m", "e", *"gone", "ctrl+s")
    rows = reviews(review_db, "dana")
    assert [(r["claim_id"], r["verdict"], r["invention_kind"], r["note"]) for r in rows] == [
        ("A-1#1", "stated", None, ""),
        ("A-1#2", "absent", None, ""),
        ("A-1#2", "absent", "bridging_inference", ""),
        ("A-3#1", "contradicted", "plausible_specifics", ""),
        ("A-3#1", "contradicted", "plausible_specifics", "gone"),
    ]
    assert [(m["answer_id"], m["correct"]) for m in marks(review_db)] == [("A-3", 1)]


async def test_markup_and_control_characters_are_shown_inert(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        answer = plain(app, "#answer-body")
        assert "What does [i]premium[/i] cost?" in answer
        assert "Our [bold]premium[/] plan costs ␛[31m$49␛[0m a month [1]." in answer
        assert "[red]Shipping is always free[/red] <U+202E>evil<U+202C>" in answer
        assert "\x1b" not in answer and "\u202e" not in answer
        claims = app.screen.query_one("#claims-list").get_option_at_index(0).prompt.plain
        assert "␛[31m$49␛[0m" in claims and "\x1b" not in claims
        assert "Plans [b]and[/b] prices" in plain(app, "#source-header")
        # Each claim's highlight covers exactly its own (escaped) text: no more, no less.
        body = app.screen.query_one("#answer-body", Static).content
        first = "Our [bold]premium[/] plan costs ␛[31m$49␛[0m a month"
        second = "[red]Shipping is always free[/red]"
        expected = {
            (answer.index(first), answer.index(first) + len(first)),
            (answer.index(second), answer.index(second) + len(second)),
        }
        verdict_spans = {
            (s.start, s.end)
            for s in body.spans
            if s.start >= answer.index("Response\n") + len("Response\n") and s.end - s.start > 2
        }
        assert verdict_spans == expected


async def test_uncited_and_dangling_claims_say_so(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n", "n")
        assert app.screen.detail.id == "A-4"
        assert "uncited — checked against all sources" in plain(app, "#source-header")
        await pilot.press("j")
        assert "dangling citation: [3]" in plain(app, "#source-header")


async def test_help_lists_every_key_and_q_quits(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        from groundtui.tui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query("Static").first().content
        listed = {key for cell in table.columns[0]._cells for key in str(cell).split(" / ")}
        for key in (
            "down",
            "j",
            "up",
            "k",
            "n",
            "N",
            "enter",
            "y",
            "s",
            "c",
            "a",
            "p",
            "1",
            "2",
            "3",
            "4",
            "0",
            "m",
            "e",
            "u",
            "slash",
            "r",
            "question_mark",
            "q",
        ):
            assert app.get_key_display(Binding(key, "")) in listed, key
        await pilot.press("escape")
        await pilot.press("r")
        assert not app.screen.query_one(ReportPane).display
        await pilot.press("r")
        assert app.screen.query_one(ReportPane).display
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_queue_is_read_a_page_at_a_time(review_db: Path, monkeypatch):
    from groundtui.tui.screens.review import ReviewScreen

    monkeypatch.setattr(ReviewScreen, "page_size", 2)
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert len(screen.rows) <= 4  # the first page and, at most, the one fetched ahead
        for _ in range(5):
            await press(pilot, "n")
        assert screen.detail.id == "A-6"
        assert [r.answer_id for r in screen.rows] == ["A-1", "A-3", "A-4", "A-5", "A-2", "A-6"]
        await press(pilot, "n")
        assert "last answer" in plain(app, "#status")


def test_queue_pages_continue_across_tiers(review_db: Path):
    from groundtui.tui.queue_data import QueueFilter, queue_page

    seen, after = [], (0, 0)
    with Store(review_db) as store:
        while after is not None:
            page = queue_page(store, QueueFilter(), after, limit=2)
            seen += [(r.answer_id, r.tier) for r in page.rows]
            after = page.after
    assert seen == [("A-1", 0), ("A-3", 0), ("A-4", 0), ("A-5", 1), ("A-2", 2), ("A-6", 2)]


def test_control_characters_are_made_visible_and_offsets_kept():
    from groundtui.tui.safe import shown

    raw = "a\x1b[31mb\x9bc\u202ed\u2066e\rf\tg\nh"
    out = shown(raw)
    assert out.text == "a␛[31mb\\x9bc<U+202E>d<U+2066>e␍f\tg\nh"
    assert out.text[out.at(raw.index("b"))] == "b"
    assert out.text[out.at(raw.index("d"))] == "d"
    assert out.span(raw.index("c"), raw.index("d") + 1) == (
        out.text.index("c"),
        out.text.index("d") + 1,
    )
    assert shown("[bold]plain[/]").offsets is None  # markup is only text: nothing to change


def test_review_command_refuses_a_missing_database(tmp_path: Path):
    from click.testing import CliRunner

    from groundtui.cli import cli

    result = CliRunner().invoke(cli, ["review", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2
    assert "no database at" in result.output
    assert not (tmp_path / "none.db").exists()
