"""Pilot tests for what a reviewer found driving the review UI in a real terminal.

Each drives the app the way the reviewer did and asserts on the screen's state and on the
database: fast keys, small terminals, a long source, blind undo, markup in titles.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import OptionList, Static

from groundtui.importer import import_files
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.claims import ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane
from groundtui.tui.widgets.source import SourcePane
from tests.builders import imported_db
from tests.tui.conftest import answers, press, reviews, settle

SIZE = (140, 44)
FILLER = "\n".join(f"Line {i}: the small print goes on." for i in range(150))
EVIDENCE = "The warranty lasts seven years."
LONG_SOURCE = FILLER + "\n" + EVIDENCE + "\nThe end."
FACTS = [f"Fact {i} holds for every order" for i in range(1, 7)]
ODD_ID = "EV-3 [b]id[/b] [@click=app.quit]x[/]"


def plain(app, selector: str) -> str:
    """The text a Static of the review screen shows."""
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def long_answer() -> dict:
    """Seven claims on one long source; the first one's evidence is its last lines."""
    response = "The warranty lasts seven years [1]. " + " ".join(f"{f} [1]." for f in FACTS)
    claims = []
    for ordinal, text in enumerate(["The warranty lasts seven years", *FACTS], start=1):
        start = response.index(text)
        claim = {
            "text": text,
            "kind": "figure",
            "span": [start, start + len(text)],
            "citation": 1,
            "verdict": "absent" if ordinal > 1 else "stated",
            "invention_kind": "plausible_specifics" if ordinal > 1 else None,
            "judge": "j",
            "rationale": "A long rationale. " * 30,
        }
        if ordinal == 1:
            at = LONG_SOURCE.index(EVIDENCE)
            claim["evidence"] = [at, at + len(EVIDENCE)]
        claims.append(claim)
    return {
        "id": "L-1",
        "question": "How long is the warranty?",
        "response": response,
        "sources": [{"id": "terms", "title": "Terms", "origin": "legal", "text": LONG_SOURCE}],
        "claims": claims,
    }


@pytest.fixture
def long_db(tmp_path: Path) -> Path:
    """One answer of seven claims citing a 150-line source."""
    return imported_db(tmp_path, "long", [long_answer()])


async def test_two_quick_claim_moves_settle_and_label_the_right_claim(long_db: Path):
    app = make_app(long_db, "dana")
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


@pytest.mark.parametrize("size", [(80, 24), (110, 30)])
async def test_every_pane_that_decides_a_claim_is_visible_in_a_small_terminal(
    review_db: Path, size: tuple[int, int]
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        for pane in (AnswerView, ClaimsPane, SourcePane):
            region = screen.query_one(pane).region
            assert region.width >= 30 and region.height >= 5, (pane.__name__, region)
        options = screen.query_one(OptionList).region
        assert options.height >= 2
        footer = screen.query_one("Footer")
        assert footer.region.height == 1
        keys = {k.key: k.region for k in footer.query("FooterKey")}
        assert keys["q"].right <= size[0] and keys["question_mark"].right <= size[0]
        if size == (110, 30):
            assert screen.query_one(AnswerView).region.width >= 40
        await press(pilot, "s")
    assert [r["claim_id"] for r in reviews(review_db, "dana")] == ["A-1#1"]


async def test_the_report_pane_is_capped_and_the_queue_stays_at_full_size(review_db: Path):
    app = make_app(review_db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(QueuePane).display
        assert screen.query_one(SourcePane).region.height >= 10


async def test_the_source_opens_scrolled_to_far_evidence(long_db: Path):
    app = make_app(long_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):  # the report filling in shrinks the pane: a scroll follows
            await pilot.pause()
        scroll = app.screen.query_one("#source-scroll")
        body = plain(app, "#source-body")
        line = body[: body.index(EVIDENCE)].count("\n")
        assert scroll.scroll_y > 0
        top = scroll.scroll_y
        assert top <= line < top + scroll.scrollable_content_region.height
        await press(pilot, "j", "k")  # back to the same claim: scrolled there again
        assert scroll.scroll_y <= line < scroll.scroll_y + scroll.scrollable_content_region.height


async def test_the_claim_detail_shows_your_label_and_note_under_the_claim(long_db: Path):
    app = make_app(long_db, "dana")
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


async def test_a_blind_queue_is_ordered_by_the_flag_only(review_db: Path):
    app = make_app(review_db, "bo", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # Only A-1 is flagged; the others keep import order (reviewed last): the judge's
        # verdicts must not move up.
        assert [r.answer_id for r in app.screen.rows] == ["A-1", "A-2", "A-3", "A-4", "A-6", "A-5"]


async def test_a_blind_verdict_filter_reads_the_reviewers_own_labels(review_db: Path):
    from groundtui.tui.queue_data import QueueFilter

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


async def test_markup_in_an_answer_id_and_a_filter_is_shown_literally_in_titles(
    tmp_path: Path,
):
    data = answers()[1]
    data["id"] = ODD_ID
    path = imported_db(tmp_path, "odd", [data])
    app = make_app(path, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(AnswerView)._border_title.plain == f"Answer {ODD_ID}"
        from groundtui.tui.queue_data import QueueFilter

        await press(pilot, "slash")
        app.screen.dismiss(QueueFilter(text="[b]id[/b] [@click=app.quit]x[/]"))
        await settle(pilot)
        assert [r.answer_id for r in screen.rows] == [ODD_ID]
        title = screen.query_one(QueuePane)._border_title.plain
        assert title == 'Queue · "[b]id[/b] [@click=app.quit]x[/]"'
        await press(pilot, "s")
    with Store(path) as store:
        assert [r["claim_id"] for r in store.query("select * from reviews")] == [f"{ODD_ID}#1"]


async def test_a_verdict_key_keeps_a_kind_the_reviewer_cleared(review_db: Path):
    app = make_app(review_db, "dana")
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


async def test_an_answer_without_claims_is_unreviewed_again_after_its_mark_is_undone(
    review_db: Path,
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(5):
            await press(pilot, "n")
        assert screen.detail.id == "A-6"
        at = [r.answer_id for r in screen.rows].index("A-6")
        await press(pilot, "m")
        assert screen.rows[at].state == "reviewed"
        assert "2 of 6 reviewed" in plain(app, "#queue-progress")
        await press(pilot, "u")
        assert screen.rows[at].state == "unreviewed"
        assert "1 of 6 reviewed" in plain(app, "#queue-progress")
    from groundtui.tui.queue_data import QueueFilter, progress

    with Store(review_db) as store:
        assert progress(store, QueueFilter()) == (1, 6)


def test_the_report_pane_ranks_origins_by_ungrounded_rate():
    report = {
        "a": {"claims": 90, "claim_level": 0.9, "answers": 30, "ungrounded_answer_rate": 0.1},
        "b": {"claims": 10, "claim_level": 0.5, "answers": 5, "ungrounded_answer_rate": 0.6},
        "c": {"claims": 0, "claim_level": None, "answers": 0, "ungrounded_answer_rate": None},
    }
    text = Text()
    ReportPane._by_source(text, report, None, None)
    order = [line.split()[0] for line in text.plain.splitlines()[1:]]
    assert order == ["b", "a", "c"]


async def test_report_pane_counts_unlabelled_claims_as_not_stated(tmp_path: Path):
    """README "The report": claim level is over every claim; one never judged is simply not stated."""
    record = {
        "id": "P-1", "question": "q", "response": "Sofas ship free [1]. Lamps ship free [1].",
        "sources": [{"id": "s", "text": "Sofas ship free."}],
        "claims": [{"text": "Sofas ship free", "citation": 1, "verdict": "stated"},
                   {"text": "Lamps ship free", "citation": 1}],
    }
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(record) + "\n")
    db = tmp_path / "p.db"
    with Store(db) as store:
        import_files(store, [str(path)])
    app = make_app(db, "dana")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        body = app.screen.query_one("#report-body", Static)
        text = str(body.render())
    assert "1/2 stated" in text


async def test_the_selected_claim_stays_in_view_when_the_terminal_narrows(tmp_path: Path):
    last = "The warranty lasts seven years"
    response = " ".join(f"Sentence {i} of the small print." for i in range(80)) + f" {last} [1]."
    at = response.index(last)
    answer = {
        "id": "W-1",
        "question": "How long is the warranty?",
        "response": response,
        "sources": [{"id": "terms", "title": "Terms", "text": f"{last}."}],
        "claims": [
            {"text": last, "span": [at, at + len(last)], "citation": 1, "verdict": "stated"}
        ],
    }
    app = make_app(imported_db(tmp_path, "wide", [answer]), "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = app.screen.query_one(AnswerView)
        for size in [(80, 24), (100, 30), (80, 24)]:
            await pilot.resize_terminal(*size)
            for _ in range(3):  # the resize, then the scroll after the reflow
                await settle(pilot)
            width = view.scrollable_content_region.width
            lines = Text(plain(app, "#answer-body")).wrap(app.console, width)
            line = next(i for i, t in enumerate(lines) if "seven years" in t.plain)
            top, height = view.scroll_y, view.scrollable_content_region.height
            assert top <= line < top + height, (size, top, line, height)


def test_a_claim_whose_first_word_wraps_is_looked_for_on_the_next_line():
    from textual.content import Content

    from groundtui.tui.widgets.rendering import _height, through_word

    text = "aaaa bbbbb cc dd"
    lines = [str(line) for line in Content(text).wrap(10)]
    assert lines == ["aaaa bbbbb", "cc dd"]  # how Textual lays it out
    before = through_word(text, text.index("cc"))
    assert before == "aaaa bbbbb cc"
    assert _height(before, 10) - 1 == 1  # the claim starting at "cc" is on line 1


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
