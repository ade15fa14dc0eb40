"""A full temporary folder (TMPDIR) is named as such: SQLite says "database or disk is
full", and the message named the database, whose disk had room."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from groundtui.store import Store

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def full_folder(tmp_path: Path) -> Iterator[Path]:
    """An empty 64 KiB filesystem of its own (root only: a tmpfs mount)."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode:
        pytest.skip("needs to mount a small tmpfs (root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


@pytest.mark.parametrize("room_kib", [0, 24])
def test_an_import_into_a_full_temporary_folder_names_that_folder(
    tmp_path: Path, full_folder: Path, room_kib: int
) -> None:
    (full_folder / "fill").write_bytes(b"\0" * (64 - room_kib) * 1024)
    db = tmp_path / "answers.db"
    run = subprocess.run(
        [sys.executable, "-m", "groundtui", "import", "sample_data/answers.jsonl", "--db", str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(full_folder)},
    )
    assert (run.returncode, run.stdout) == (2, ""), run.stderr
    assert run.stderr == (
        f"groundtui: the temporary folder {full_folder} is full (SQLite and imports write"
        " their scratch files there): free space in it, or set TMPDIR to a folder with room\n"
    )
    assert sorted(p.name for p in full_folder.iterdir()) == ["fill"]  # no spool left
    if db.exists():  # nothing half-written
        with Store(db) as store:
            assert store.scalar("select count(*) from answers") == 0
