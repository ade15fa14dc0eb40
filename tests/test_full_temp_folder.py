"""A full disk is named as such: a full temporary folder (TMPDIR), where SQLite says
"database or disk is full" of a database whose disk has room; and a full disk holding the
database, where SQLite says "disk I/O error" (its -shm index cannot grow)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.store import Store

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "groundtui" / "sample_data" / "answers.jsonl"


def _small_disk(folder: Path, kib: int) -> Iterator[Path]:
    """``folder`` as an empty filesystem of ``kib`` KiB of its own (root only: tmpfs)."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={kib}k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode:
        pytest.skip("needs to mount a small tmpfs (root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


@pytest.fixture
def full_folder(tmp_path: Path) -> Iterator[Path]:
    """An empty 64 KiB filesystem of its own (root only: a tmpfs mount)."""
    yield from _small_disk(tmp_path / "small", 64)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample answers imported and judged, built once and copied by each test."""
    db = tmp_path_factory.mktemp("sample") / "team.db"
    with Store(db) as store:
        assert import_files(store, [str(SAMPLE)]).exit_code == 0
    return db


@pytest.fixture
def full_disk(tmp_path: Path, sample_db: Path) -> Iterator[Path]:
    """``team.db`` (the sample answers) on a disk of its own with not a byte left."""
    size = sample_db.stat().st_size // 1024 + 64
    for folder in _small_disk(tmp_path / "disk", size):
        db = folder / "team.db"
        db.write_bytes(sample_db.read_bytes())
        with open(folder / "fill", "wb", buffering=0) as fill:
            try:
                while fill.write(b"\0" * 4096):
                    pass
            except OSError:  # ENOSPC: the disk is full
                pass
        yield db


@pytest.mark.slow
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


@pytest.mark.parametrize(
    "args",
    [
        ["report"],
        ["export", "-o", "{tmp}/labels.jsonl"],
        ["scan", "--all", "--rescan"],
        ["judge", "--heuristic", "--all", "--rejudge"],
        ["import", str(SAMPLE)],
        ["config", "max_answer_chars", "1000"],
        ["reviewers", "add", "bob"],
        ["leases"],
        ["leases", "--release", "alice"],
        ["delete", "--answer", "HS-0001"],
        ["judges"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_a_command_on_a_full_disk_says_the_disk_is_full(
    tmp_path: Path, full_disk: Path, args: list[str]
) -> None:
    """SQLite says "disk I/O error" (SQLITE_IOERR_SHMSIZE): the message names the full disk."""
    before = full_disk.read_bytes()
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    run = CliRunner().invoke(cli, [*args, "--db", str(full_disk)])
    assert run.exit_code == 2, run.output
    assert run.stderr == (
        f"groundtui: the disk holding database {full_disk} is full: free space there and run "
        "the command again\n"
    )
    assert full_disk.read_bytes() == before
