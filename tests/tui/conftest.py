"""Fixtures of the review app's tests: the fixed review database, a long answer's database.

What the tests share besides fixtures is in ``tests.helpers`` (``review_db``, ``pilot``,
``screen``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.builders import imported_db
from tests.helpers.review_db import build_db
from tests.helpers.screen import long_answer


@pytest.fixture
def review_db(tmp_path: Path) -> Path:
    """A fresh copy of the fixed review database."""
    return build_db(tmp_path)


@pytest.fixture
def long_db(tmp_path: Path) -> Path:
    """One answer of seven claims citing a 150-line source."""
    return imported_db(tmp_path, "long", [long_answer()])
