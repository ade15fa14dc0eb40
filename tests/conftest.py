"""Shared fixtures: a temporary database file."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A path for a fresh SQLite database file."""
    return tmp_path / "groundtui.db"
