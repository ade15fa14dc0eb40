"""No command writes over a database (groundtui/targets.py): an export or scan-table target
that is the open database, a file SQLite keeps beside it, or any other SQLite database is
refused in one line, exit 2, every file as it was."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.store import Store
from tests.helpers.builders import dump, imported_db, make_answer, refund_rows

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ["jsonl", "csv", "parquet", "hf", "answers"]


def _team_db(folder: Path) -> Path:
    """A database of two answers with a reviewer's label, as a team's would hold."""
    db = imported_db(folder, "team", [make_answer("A-1"), make_answer("A-2")])
    run = CliRunner().invoke(cli, ["judge", "--heuristic", "--all", "--db", str(db)])
    assert run.exit_code == 0, run.output
    with Store(db) as store:
        claim = store.scalar("select id from claims order by id limit 1")
        store.labels.add_review(claim, "dana", "stated")
    return db


def _files(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` (not below it) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _refused(args: list[str], folder: Path, said: str) -> None:
    """Run ``groundtui args`` and assert one line naming ``said``, exit 2, no file changed,
    added or removed in ``folder``."""
    before, names = _files(folder), sorted(p.name for p in folder.iterdir())
    run = CliRunner().invoke(cli, args)
    assert run.exit_code == 2, run.output
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1, run.stderr
    assert run.stderr.startswith("groundtui: cannot write "), run.stderr
    assert said in run.stderr, run.stderr
    assert "never writes over a database" in run.stderr
    assert _files(folder) == before
    assert sorted(p.name for p in folder.iterdir()) == names  # no hf or scan-table folder


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_over_its_own_database_is_refused_in_every_format(
    tmp_path: Path, fmt: str
) -> None:
    db = _team_db(tmp_path)
    args = ["export", "--format", fmt, "-o", str(db), "--db", str(db)]
    _refused(args, tmp_path, "is the database this command reads")
    with Store(db) as store:
        assert store.scalar("select count(*) from reviews") == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("suffix", "said"),
    [
        ("-wal", "is the write-ahead log of"),
        ("-shm", "is the shared-memory index of"),
        ("-journal", "is the rollback journal of"),
    ],
)
@pytest.mark.parametrize("fmt", ["csv", "parquet", "hf"])
def test_an_export_over_a_file_sqlite_keeps_beside_the_database_is_refused(
    tmp_path: Path, suffix: str, said: str, fmt: str
) -> None:
    """Whether or not the file exists: a folder or a file at ``team.db-wal`` would block the
    database or lose what its log holds."""
    db = _team_db(tmp_path)
    _refused(["export", "--format", fmt, "-o", f"{db}{suffix}", "--db", str(db)], tmp_path, said)


def test_the_database_is_known_by_what_it_is_not_by_how_its_path_is_spelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path, ``..``, a symbolic link and a hard link all name the database; so
    does a symbolic link to the folder in front of ``-wal``; so does the default ``--db``."""
    db = _team_db(tmp_path)
    (tmp_path / "link.db").symlink_to(db)
    os.link(db, tmp_path / "hard.db")
    (tmp_path / "here").symlink_to(tmp_path, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    said = "is the database this command reads"
    for target in ["team.db", "./team.db", f"../{tmp_path.name}/team.db", "link.db", "hard.db"]:
        _refused(["export", "-o", target, "--db", str(db)], tmp_path, said)
    _refused(["export", "-o", "here/team.db-wal", "--db", "team.db"], tmp_path, "write-ahead log")
    monkeypatch.setenv("GROUNDTUI_DB", str(db))
    _refused(["export", "--format", "csv", "-o", "team.db"], tmp_path, said)


def test_an_export_over_another_database_or_its_log_is_refused(tmp_path: Path) -> None:
    db = _team_db(tmp_path)
    other = imported_db(tmp_path, "other", [make_answer("B-1")])
    for fmt in FORMATS:
        _refused(
            ["export", "--format", fmt, "-o", str(other), "--db", str(db)],
            tmp_path,
            "is a SQLite database",
        )
    _refused(
        ["export", "-o", f"{other}-wal", "--db", str(db)],
        tmp_path,
        f"is where SQLite keeps the write-ahead log of the database {other}",
    )


def test_a_database_is_told_by_its_first_bytes_not_its_name(tmp_path: Path) -> None:
    """A text file named like a database is a file like any other: written over."""
    db = _team_db(tmp_path)
    notes = tmp_path / "notes.db"
    notes.write_text("not a database\n")
    (tmp_path / "plain").write_text("a text file\n")
    for target in (notes, tmp_path / "plain-wal", tmp_path / "notes.db-wal"):
        run = CliRunner().invoke(
            cli, ["export", "--format", "csv", "-o", str(target), "--db", str(db)]
        )
        assert run.exit_code == 0, run.output
        assert target.read_text().startswith("answer_id,claim_id,")


def test_scan_table_never_writes_its_folder_over_a_database(tmp_path: Path) -> None:
    db = _team_db(tmp_path)
    table = tmp_path / "in"
    table.mkdir()
    pq.write_table(pa.Table.from_pylist(refund_rows(3)), table / "rows.parquet")
    args = ["--id", "answer_id", "--response", "answer", "--sources", "docs"]
    for target, said in [
        (f"{db}-wal", "is where SQLite keeps the write-ahead log of the database"),
        (f"{db}-shm", "is where SQLite keeps the shared-memory index of the database"),
        (str(db), "is a SQLite database"),
    ]:
        _refused(["scan-table", str(table), "-o", target, *args], tmp_path, said)


@pytest.mark.slow
def test_a_real_export_beside_a_live_database_with_its_log_changes_nothing(tmp_path: Path) -> None:
    """As a user runs it: another process has the database open in WAL mode, with rows in
    its -wal and -shm not yet copied into the database; each export at one of its files is
    refused and every label is still there."""
    db = _team_db(tmp_path)
    holder = sqlite3.connect(db)  # another reviewer's process: the log stays while it is open
    try:
        holder.execute("select count(*) from answers").fetchone()  # the log is shared now
        with Store(db) as store:  # a label written now lands in the log
            claim = store.scalar("select id from claims order by id desc limit 1")
            store.labels.add_review(claim, "eli", "partial")
        assert Path(f"{db}-wal").stat().st_size > 0 and Path(f"{db}-shm").exists()
        wal_before = Path(f"{db}-wal").read_bytes()
        db_before = db.read_bytes()
        for target in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            for fmt in ("csv", "parquet"):
                args = ["export", "--format", fmt, "-o", str(target), "--db", str(db)]
                run = subprocess.run(
                    [sys.executable, "-m", "groundtui", *args],
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                    timeout=120,
                )
                assert (run.returncode, run.stdout) == (2, ""), run.stderr
                assert run.stderr.startswith(f"groundtui: cannot write {target}: is the ")
                assert run.stderr.count("\n") == 1
        assert Path(f"{db}-wal").read_bytes() == wal_before
        assert db.read_bytes() == db_before
        reviews = holder.execute("select reviewer from reviews order by reviewer").fetchall()
        assert reviews == [("dana",), ("eli",)]
    finally:
        holder.close()


def test_stdout_redirected_onto_the_database_is_refused(tmp_path: Path) -> None:
    """``groundtui export --db team.db >> team.db`` would append CSV to the database."""
    db = _team_db(tmp_path)
    before = db.read_bytes()
    with open(db, "ab") as out:
        run = subprocess.run(
            [sys.executable, "-m", "groundtui", "export", "--format", "csv", "--db", str(db)],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
    assert run.returncode == 2
    assert run.stderr == (
        "groundtui: cannot write stdout: is redirected to the database this command reads; "
        "groundtui never writes over a database: choose another name\n"
    )
    assert db.read_bytes() == before


def test_demo_never_adds_its_sample_to_a_teams_database(tmp_path: Path) -> None:
    """``demo --db team.db`` would add a hundred sample answers to the team's report."""
    db = _team_db(tmp_path)
    before = [line for line in dump(db) if line.startswith('INSERT INTO "answers"')]
    run = CliRunner().invoke(cli, ["demo", "--no-ui", "--db", str(db)])
    assert run.exit_code == 2
    assert run.stderr == (
        f"groundtui: {db} already holds answers of its own (such as 'A-1'); the demo never "
        "adds its sample to them: give the demo a new --db\n"
    )
    assert [line for line in dump(db) if line.startswith('INSERT INTO "answers"')] == before
    demo = tmp_path / "demo.db"
    for _ in range(2):  # a demo database of its own is built, then reopened
        run = CliRunner().invoke(cli, ["demo", "--no-ui", "--db", str(demo)])
        assert run.exit_code == 0, run.output
