"""A database this process may not write opens read-only: browsing works, label keys say so.

Tests run as root here, and root writes a 0444 file in a 0555 folder all the same: the
mode-based detection is tested with an immutable file (``chattr +i``, which binds root
too) where the filesystem allows it, and by file modes when not run as root.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.review.writes import writable
from groundtui.tui import make_app
from groundtui.tui.app import ReviewApp
from tests.helpers.pilot import press, settle
from tests.helpers.review_db import build_db, marks, reviews
from tests.helpers.screen import SIZE, plain


@pytest.fixture
def locked_down(tmp_path: Path):
    """The review database as a 0444 file in a 0555 folder (modes restored afterwards)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    path = build_db(folder)
    path.chmod(0o444)
    folder.chmod(0o555)
    yield path
    folder.chmod(0o755)
    path.chmod(0o644)


@pytest.fixture
def immutable(review_db: Path):
    """The review database made immutable: no process, root included, may open it to write."""
    if (
        not shutil.which("chattr")
        or subprocess.run(["chattr", "+i", str(review_db)], capture_output=True).returncode
    ):
        pytest.skip("chattr +i is not available here")
    yield review_db
    subprocess.run(["chattr", "-i", str(review_db)], check=True)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.slow
async def test_a_read_only_database_browses_with_the_label_keys_off(locked_down: Path):
    before = digest(locked_down)
    app = make_app(locked_down, "dana", readonly=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "read-only: labels are off" in app.sub_title
        first = app.screen.detail.id
        for key in ("s", "y", "1", "m", "u", "e"):
            await press(pilot, key)
            assert plain(app, "#status") == "The database is read-only: labels are off."
        assert type(app.screen).__name__ == "ReviewScreen"  # e opened no note editor
        await press(pilot, "n", "j")  # navigation still works
        assert app.screen.detail.id != first and app.screen.claim == 1
        await press(pilot, "r")
        assert not app.screen.query_one("#report").display
        await press(pilot, "slash")
        assert type(app.screen).__name__ == "FilterScreen"
    assert digest(locked_down) == before
    assert reviews(locked_down, "dana") == [] and marks(locked_down) == []


def test_review_read_only_opens_the_ui_read_only(locked_down: Path, monkeypatch, a_terminal: None):
    opened: list[ReviewApp] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: opened.append(self))
    result = CliRunner().invoke(cli, ["review", "--read-only", "--db", str(locked_down)])
    assert result.exit_code == 0, result.output
    assert opened[0].session.readonly


def test_an_immutable_file_is_detected_and_opens_read_only(
    immutable: Path, monkeypatch, a_terminal: None
):
    assert not writable(str(immutable))
    assert make_app(immutable, "dana").session.readonly
    opened: list[ReviewApp] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: opened.append(self))
    result = CliRunner().invoke(cli, ["review", "--db", str(immutable)])
    assert result.exit_code == 0, result.output
    assert opened[0].session.readonly


@pytest.mark.slow
async def test_an_immutable_file_labels_nothing(immutable: Path):
    app = make_app(immutable, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        assert "read-only" in plain(app, "#status")
    assert [r for r in reviews(immutable) if r["reviewer"] == "dana"] == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a 0444 file in a 0555 folder")
def test_file_modes_are_detected(locked_down: Path):
    assert not writable(str(locked_down))
    assert make_app(locked_down, "dana").session.readonly


def test_a_writable_database_opens_for_labels(review_db: Path):
    assert writable(str(review_db))
    assert not make_app(review_db, "dana").session.readonly
