"""A write the database is too busy for is pending, retried until it lands, never dropped.

Another process really holds the write lock on the same file (``BEGIN IMMEDIATE``) until
the test lets it go; the app waits 0.05 s per try and pauses 0.01 s between tries, so the
label is pending within a fraction of a second and lands as soon as the lock is released.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from groundtui.review.intents import SetVerdict
from groundtui.review.session import ReviewSession
from groundtui.store import Store, StoreError, is_busy
from groundtui.tui.app import ReviewApp
from groundtui.tui.screens.review import ReviewScreen
from tests.helpers.pilot import settle
from tests.helpers.review_db import reviews
from tests.helpers.screen import SIZE, plain

LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


class Locker:
    """A second process holding the database's write lock until ``release``."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "locked"

    def release(self) -> None:
        self.proc.communicate("go\n", timeout=10)
        assert self.proc.returncode == 0


@pytest.fixture
def locker(review_db: Path):
    held = Locker(review_db)
    yield held
    if held.proc.returncode is None:
        held.release()


def current_claim_id(app: ReviewApp) -> str:
    """The id of the claim open on ``app``'s review screen."""
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    assert screen.current_claim is not None, "no claim is open"
    return screen.current_claim.id


def quick_app(path: Path) -> ReviewApp:
    session = ReviewSession(str(path), "dana", write_timeout=0.05, pause=lambda attempt: 0.01)
    return ReviewApp(str(path), session)


async def until(pilot, condition) -> None:
    """Let the app run until ``condition()`` holds (a bounded number of turns)."""
    for _ in range(500):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


@pytest.mark.slow
async def test_a_label_pressed_while_another_process_writes_lands_after(review_db, locker):
    app = quick_app(review_db)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        claim = current_claim_id(app)
        await pilot.press("s", "j", "a")  # two labels, both behind the lock
        await until(pilot, lambda: "2 labels pending" in plain(app, "#status"))
        assert reviews(review_db, "dana") == []  # not on disk yet, and not dropped
        locker.release()
        await until(pilot, lambda: not app.session.pending)
        await settle(pilot)
        other = current_claim_id(app)
        assert plain(app, "#status").startswith(f"Saved A-1 #{other[-1]}: absent")
    assert [(r["claim_id"], r["verdict"]) for r in reviews(review_db, "dana")] == [
        (claim, "stated"),
        (other, "absent"),
    ]


@pytest.mark.slow
async def test_q_waits_for_a_pending_label_then_quits(review_db, locker):
    app = quick_app(review_db)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await until(pilot, lambda: "pending" in plain(app, "#status"))
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        assert "1 label pending" in plain(app, "#status")
        assert "then quitting" in plain(app, "#status")
        locker.release()
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0
    assert [r["verdict"] for r in reviews(review_db, "dana")] == ["stated"]


def test_closing_keeps_what_the_lock_still_holds_and_says_so(review_db, locker):
    """A closing app retries for its patience, then hands back what did not land."""
    session = ReviewSession(str(review_db), "dana", write_timeout=0.05, pause=lambda a: 0.01)
    session.submit(SetVerdict("A-1", "A-1#1", "stated"))
    assert session.close(patience=0.2) == [SetVerdict("A-1", "A-1#1", "stated")]
    assert session.pending == []
    assert reviews(review_db, "dana") == []


def test_only_a_lock_is_retried(tmp_path: Path, review_db, locker):
    store = Store(review_db, timeout=0.01)
    with pytest.raises(StoreError) as locked, store.transaction():
        pass
    store.close()
    assert is_busy(locked.value)  # the store's one sentence, over SQLite's BUSY
    reader = sqlite3.connect(f"{review_db.resolve().as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as readonly:
        reader.execute("insert into answer_marks (answer_id) values ('A-1')")
    reader.close()
    assert not is_busy(readonly.value)  # pressing again would never help
    with pytest.raises(StoreError) as missing:
        Store(tmp_path / "no-folder" / "x.db")
    assert not is_busy(missing.value)
