"""What a new reviewer reads on the first screen: nothing untrue while the first answer is
read, counts that each say what they count, answers named by their question when their id
was made at import, and the demo's note on the status line."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from groundtui.importing.files import import_files
from groundtui.review import answer
from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.widgets.queue import QueueList
from tests.helpers.pilot import settle, until
from tests.helpers.screen import SIZE, plain

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def held_loads(monkeypatch) -> threading.Event:
    """Answer reads (real ones, on the real database) wait until the event is set."""
    go = threading.Event()
    real = answer.load_answer

    def held(*args, **kwargs):
        assert go.wait(10), "the test never let the answer load"
        return real(*args, **kwargs)

    monkeypatch.setattr(answer, "load_answer", held)
    return go


@pytest.mark.slow
async def test_while_the_first_answer_is_read_no_pane_says_it_has_no_claims(
    review_db: Path, held_loads: threading.Event
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert await until(pilot, lambda: screen.rows)  # the queue is read, A-1 is not
        assert screen.detail is None and screen.awaiting_answer
        assert plain(app, "#answer-body") == "Reading the answer…"
        assert plain(app, "#claim-detail") == ""
        held_loads.set()
        await settle(pilot)
        # app.screen, not screen: mypy holds screen.detail None since the assert above
        assert app.screen.detail.id == "A-1"
        assert plain(app, "#claim-detail").startswith("Sofas can be returned within 30 days.")


async def test_each_count_on_the_first_screen_says_what_it_counts(review_db: Path):
    """The queue's answers, the team's, this reviewer's, the answers the report counts
    reviewed, and the claims: each with its own words (they counted answers of different
    sets, and claims, all as "reviewed")."""
    app = make_app(review_db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert await until(pilot, lambda: "yours" in plain(app, "#queue-progress"))
        assert await until(pilot, lambda: "Claim level" in plain(app, "#report-body"))
        assert plain(app, "#queue-progress").splitlines() == [
            "queue: 0 of 5 done",  # dana's queue: A-5 has the reviewers it needs
            "team: 1 of 6 done",
            "yours: 0 done",
        ]
        assert "· new ◐ part ✓ done" in plain(app, "#queue-legend")  # what done is
        report = " ".join(plain(app, "#report-body").split())
        assert "; 1 reviewed in full" in report and "claims labelled" in report


@pytest.mark.slow
async def test_an_answer_whose_id_was_made_at_import_is_named_by_its_question(tmp_path: Path):
    """ragas rows and deepeval test cases carry no id: the import makes one from the content
    (``h-…``), which says nothing to a reviewer. The queue and the answer's title show the
    question instead."""
    db = tmp_path / "made.db"
    with Store(db) as store:
        result = import_files(store, [str(DATA / "ragas.jsonl"), str(DATA / "deepeval.json")])
        assert result.exit_code == 0
        ids = [r["id"] for r in store.query("select id from answers")]
    assert ids and all(i.startswith("h-") for i in ids)
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        listed = screen.queue.query_one(QueueList)
        lines = [listed._line(r).plain for r in screen.rows]
        questions = {r.answer_id: r.question for r in screen.rows}
        for row, line in zip(screen.rows, lines, strict=True):
            assert "h-" not in line and line.split(None, 2)[2].startswith(row.question[:10])
        title = screen.query_one("#answer").border_title
        assert str(title) == f"Answer {questions[screen.detail.id]}"


@pytest.mark.slow
async def test_the_demo_names_its_database_on_the_status_line_not_over_the_claim(
    review_db: Path,
):
    """A toast over the bottom right covered the selected claim's rationale."""
    app = make_app(review_db, "dana")
    app.notice = f"Demo database: {review_db}"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert plain(app, "#status") == f"Demo database: {review_db}"
        assert not app._notifications  # no toast
        assert "Checked against source 1." in plain(app, "#claim-detail")  # the rationale
