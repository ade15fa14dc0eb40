"""Shared fixtures: a temporary database file."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A path for a fresh SQLite database file."""
    return tmp_path / "groundtui.db"


@pytest.fixture
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """`review` and `demo` run under CliRunner as from a terminal (its stdin is none), for
    tests of what they do once the UI may open (docs/review.md: no terminal, no UI)."""
    monkeypatch.setattr("groundtui.cli.review.has_terminal", lambda: True)
