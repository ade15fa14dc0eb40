"""A damaged database: one line naming it and how to recover, never a traceback or a write.

The damage is real: a database built as a user builds one (import, scan, the heuristic
judge), closed, then its 4 KiB pages from 40% to 60% of the file overwritten with random
bytes, as a failing disk or a stray program would leave it.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.cli.database import db_option
from groundtui.cli.errors import user_errors
from groundtui.store import Store, StoreError
from tests.helpers.builders import make_answer, write_jsonl

RECOVER = 'sqlite3 {db} ".recover" | sqlite3 recovered.db'


def _answers(first: int, count: int) -> list[dict]:
    return [
        make_answer(
            f"A-{i:04d}",
            response=(
                f"Sofas can be returned within {i % 30} days [1]. Refunds take 5 days [2]. "
                f"Order {i} shipped on 3 March."
            ),
        )
        for i in range(first, first + count)
    ]


@pytest.fixture(scope="module")
def healthy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 answers imported, scanned and judged by the heuristic judge, through the CLI."""
    folder = tmp_path_factory.mktemp("healthy")
    db = folder / "team.db"
    jsonl = write_jsonl(folder / "answers.jsonl", _answers(0, 300))
    for args in (["import", str(jsonl)], ["scan"], ["judge", "--heuristic"]):
        result = CliRunner().invoke(cli, [*args, "--db", str(db)])
        assert result.exit_code == 0, result.output
    assert not Path(f"{db}-wal").exists()  # closed: everything is in the file itself
    return db


def damage(path: Path) -> None:
    """Overwrite the middle fifth of the file's data pages with random bytes.

    Only pages of the answers' own tables and indexes: the schema (``sqlite_master``, whose
    pages a bulk load's reinstalled triggers may put anywhere in the file) stays readable, so
    the damage is found by the check or by a read, as on a disk that lost a stretch of rows.
    """
    with sqlite3.connect(path) as conn:
        pages = [
            number
            for (number,) in conn.execute(
                "select pageno from dbstat where name not in ('sqlite_master', '_migrations')"
                " order by pageno"
            )
        ]
        size = conn.execute("pragma page_size").fetchone()[0]
    conn.close()
    rng = random.Random(17)
    with path.open("r+b") as f:
        for number in pages[int(len(pages) * 0.4) : int(len(pages) * 0.6)]:
            f.seek((number - 1) * size)  # dbstat counts pages from 1
            f.write(rng.randbytes(size))


@pytest.fixture
def damaged(healthy: Path, tmp_path: Path) -> Path:
    """A copy of the healthy database, damaged in the middle."""
    db = tmp_path / "team.db"
    shutil.copyfile(healthy, db)
    damage(db)
    return db


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_one_damage_line(stderr: str, db: Path) -> None:
    """Exactly one line on stderr: the file, what SQLite said, and the recovery command."""
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"groundtui: {db} is damaged (SQLite"), lines[0]
    assert lines[0].endswith(RECOVER.format(db=db)), lines[0]


COMMANDS = {
    "import": ["import", "{new}"],
    "import --skip-invalid": ["import", "--skip-invalid", "{new}"],
    "scan": ["scan"],
    "scan --all --rescan": ["scan", "--all", "--rescan"],
    "judge": ["judge", "--heuristic"],
    "judge --all --rejudge": ["judge", "--heuristic", "--all", "--rejudge"],
    "report": ["report"],
    "report --json": ["report", "--json"],
    "export": ["export"],
    "export -o": ["export", "--format", "csv", "-o", "{out}"],
    "review": ["review", "--reviewer", "dana"],
    "demo --db": ["demo", "--no-ui"],
    "config": ["config"],
    "config KEY VALUE": ["config", "max_answer_chars", "5000"],
}


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_every_command_refuses_a_damaged_database_in_one_line(
    command: list[str], damaged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_ui(*args: object) -> None:
        raise AssertionError("the review UI opened on a damaged database")

    monkeypatch.setattr("groundtui.tui.make_app", no_ui)  # refused before the UI, or fail
    new = write_jsonl(tmp_path / "new.jsonl", _answers(300, 10))
    out = tmp_path / "labels.csv"
    args = [a.format(new=new, out=out) for a in command]
    before = digest(damaged)
    result = CliRunner().invoke(cli, [*args, "--db", str(damaged)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stdout
    assert_one_damage_line(result.stderr, damaged)
    # Nothing written: not the file, not a journal beside it, not an export.
    assert digest(damaged) == before
    assert not Path(f"{damaged}-wal").exists() or not Path(f"{damaged}-wal").stat().st_size
    assert not out.exists()
    if command[0] != "demo":  # the demo says where it builds before it opens the file
        assert result.stdout == ""


@pytest.mark.slow
def test_a_real_process_writing_into_a_damaged_database_exits_2_with_one_line(
    damaged: Path, tmp_path: Path
) -> None:
    new = write_jsonl(tmp_path / "new.jsonl", _answers(300, 10))
    before = digest(damaged)
    done = subprocess.run(
        [sys.executable, "-m", "groundtui", "import", str(new), "--db", str(damaged)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert_one_damage_line(done.stderr, damaged)
    assert digest(damaged) == before


def test_the_check_names_the_first_problem_sqlite_found(damaged: Path) -> None:
    with pytest.raises(StoreError) as caught:
        Store(damaged, check=True)
    # quick_check's own words (a page number), not only "malformed".
    assert "SQLite's quick_check says: " in str(caught.value)
    assert "*** in database main ***" not in str(caught.value)


def test_damage_found_while_reading_names_the_file(damaged: Path) -> None:
    # Opened without the check (as the review UI's workers open it), a read that lands on
    # a damaged page leaves the store as the sentence, whatever API the read used.
    with pytest.raises(StoreError) as caught, Store(damaged) as store:
        for _ in store.db.execute("select * from judgements"):
            pass
    message = str(caught.value)
    assert message.startswith(f"{damaged} is damaged (SQLite says: ")
    assert message.endswith(RECOVER.format(db=damaged))


def test_a_sqlite_error_that_reaches_a_command_is_one_line_naming_its_db(
    damaged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    @click.command()
    @db_option
    @user_errors
    def stream(db_path: str | None) -> None:
        # A read outside the store, as a streaming export makes: the raw sqlite3 error.
        conn = sqlite3.connect(db_path or str(damaged))
        for _ in conn.execute("select * from judgements"):
            pass

    result = CliRunner().invoke(stream, ["--db", str(damaged)])
    assert result.exit_code == 2
    assert_one_damage_line(result.stderr, damaged)
    monkeypatch.setenv("GROUNDTUI_DB", str(damaged))  # no --db: the default names it
    result = CliRunner().invoke(stream, [])
    assert result.exit_code == 2
    assert_one_damage_line(result.stderr, damaged)


def test_a_file_of_another_format_is_not_called_damaged(tmp_path: Path) -> None:
    jsonl = write_jsonl(tmp_path / "answers.jsonl", _answers(0, 3))
    result = CliRunner().invoke(cli, ["report", "--db", str(jsonl)])
    assert result.exit_code == 2
    assert "is not a groundtui database (SQLite says: file is not a database)" in result.stderr
    assert ".recover" not in result.stderr  # nothing to recover: a wrong --db


@pytest.mark.slow
async def test_the_review_ui_says_the_sentence_when_a_worker_meets_damage(damaged: Path) -> None:
    from groundtui.tui import make_app
    from tests.helpers.pilot import settle
    from tests.helpers.screen import SIZE, plain

    app = make_app(damaged, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = plain(app, "#status")
        assert app.is_running  # shown, not a crash
    assert "Traceback" not in status
    assert f"{damaged} is damaged (SQLite says: database disk image is malformed)" in status
    assert ".recover" in status


@pytest.mark.slow
async def test_a_key_pressed_after_the_file_is_damaged_says_the_sentence_and_writes_nothing(
    healthy: Path, tmp_path: Path
) -> None:
    from groundtui.tui import make_app
    from tests.helpers.pilot import press, settle
    from tests.helpers.screen import SIZE, plain

    db = tmp_path / "team.db"
    shutil.copyfile(healthy, db)
    app = make_app(db, "dana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        damage(db)  # under a running review: the disk fails, or another program writes
        before = digest(db)
        await press(pilot, "s")  # label the claim on screen "stated"
        status = plain(app, "#status")
        assert app.is_running
    assert status.startswith("NOT SAVED")
    assert f"{db} is damaged (SQLite says: database disk image is malformed)" in status
    assert RECOVER.format(db=db) in status
    assert digest(db) == before


@pytest.mark.parametrize("dry_run", [["--dry-run"], []], ids=["dry run", "delete"])
def test_delete_refuses_damage_even_where_its_plan_reads_nothing(
    healthy: Path, tmp_path: Path, dry_run: list[str]
) -> None:
    """Damage in a table a delete never reads (the settings' page): `delete --dry-run`
    printed its plan and exit 0, where every other command refuses the file."""
    db = tmp_path / "team.db"
    shutil.copyfile(healthy, db)
    conn = sqlite3.connect(db)
    (root,) = conn.execute("select rootpage from sqlite_master where name = 'settings'").fetchone()
    conn.close()
    data = db.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    with db.open("r+b") as f:
        f.seek((root - 1) * page)
        f.write(random.Random(17).randbytes(page))
    before = digest(db)
    result = CliRunner().invoke(cli, ["delete", "--answer", "A-0001", *dry_run, "--db", str(db)])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert_one_damage_line(result.stderr, db)
    assert digest(db) == before
