"""The unit tier (``make test-unit``): tests that need neither Textual, a subprocess nor a
database file. Held here: a test in this folder that opens a database or starts a process
fails saying so, and tests/test_layers.py holds that none imports Textual."""

from __future__ import annotations

import sqlite3
import subprocess
from typing import Any

import pytest


def _refused(what: str) -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a unit test {what}: it belongs in tests/, not tests/unit/")

    return refuse


@pytest.fixture(autouse=True)
def _no_database_nor_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite3, "connect", _refused("opened a database"))
    monkeypatch.setattr(subprocess.Popen, "__init__", _refused("started a process"))
