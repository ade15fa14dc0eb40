"""The import prepares its rows in a spool file before taking the write lock, and removes it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from groundtui.importing.files import InputError, import_files
from groundtui.report import cubes
from groundtui.scratch import make_file
from groundtui.store import Spool, Store
from tests.helpers.builders import dump, make_answer, write_jsonl

MANY = 1200  # more than two of the importer's batches of 500


@pytest.fixture
def spool_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[list[str]]]:
    """The system temp folder, for this test; and what it held as each spool was closed."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    held: list[list[str]] = []
    close = Spool.close

    def closing(self: Spool) -> None:
        held.append(sorted(p.name for p in folder.iterdir()))
        close(self)

    monkeypatch.setattr(Spool, "close", closing)
    return folder, held


def _one_spool_was_there(held: list[list[str]]) -> bool:
    return len(held) == 1 and len(held[0]) == 1 and held[0][0].startswith("import.groundtui-")


def test_one_bad_line_among_many_writes_nothing_and_removes_the_spool(
    db_path: Path, tmp_path: Path, spool_dir: tuple[Path, list[list[str]]]
) -> None:
    folder, held = spool_dir
    records: list = [make_answer(f"A-{i}") for i in range(MANY)]
    records[MANY // 2] = "{not json"
    path = write_jsonl(tmp_path / "in.jsonl", records)
    Store(db_path).close()
    before = dump(db_path)
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [(b.line, b.reason.split(" (")[0]) for b in result.bad] == [(MANY // 2 + 1, "not JSON")]
    assert (result.written, result.exit_code) == (False, 2)
    assert dump(db_path) == before
    assert _one_spool_was_there(held)
    assert list(folder.iterdir()) == []


def test_skip_invalid_among_many_writes_the_good_ones_in_input_order(
    db_path: Path, tmp_path: Path, spool_dir: tuple[Path, list[list[str]]]
) -> None:
    folder, held = spool_dir
    kept = make_answer("KEPT")
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "seed.jsonl", [kept, make_answer("A-0")]))])
    held.clear()
    claim = {
        "text": "Sofas can be returned within 14 days",
        "verdict": "stated",
        "reviews": [{"reviewer": "dana", "verdict": "absent", "at": "2026-11-30T10:12:00Z"}],
    }
    records: list = [make_answer(f"A-{i}", claims=[claim]) for i in range(1, MANY)]
    records[300] = "{oops"
    # A-0 again with other content, citing a source the database does not hold: neither
    # the answer nor that source is written.
    records[700] = make_answer("A-0", sources=[{"id": "only-in-conflict", "text": "t"}])
    records[900] = kept  # the same content: unchanged
    path = write_jsonl(tmp_path / "in.jsonl", records)
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
        ids = [r["id"] for r in store.query("select id from answers order by seq")]
        seqs = [r["seq"] for r in store.query("select seq from answers order by seq")]
        orphan = store.scalar("select count(*) from sources where source_id = 'only-in-conflict'")
        labels = store.query("select label, judge_verdict from claim_labels group by 1, 2")
        assert cubes.read_cubes(store.db.conn) == cubes.full_cubes(store.db.conn)
    good = [r["id"] for r in records if isinstance(r, dict) and r["id"] not in ("A-0", "KEPT")]
    assert [(b.line, b.reason.split(" (")[0]) for b in result.bad] == [
        (301, "not JSON"),
        (701, "id 'A-0' is already in the database with a different sources"),
    ]
    assert (result.answers, result.claims, result.reviews, result.unchanged) == (
        len(good),
        len(good),
        len(good),
        1,
    )
    assert result.exit_code == 1
    assert ids == ["KEPT", "A-0", *good]
    assert seqs == list(range(1, len(ids) + 1))
    assert orphan == 0
    assert labels == [{"label": "absent", "judge_verdict": "stated"}]
    assert _one_spool_was_there(held)
    assert list(folder.iterdir()) == []


def test_the_spool_is_removed_after_success(
    db_path: Path, tmp_path: Path, spool_dir: tuple[Path, list[list[str]]]
) -> None:
    folder, held = spool_dir
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer(f"A-{i}") for i in range(MANY)])
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
        assert store.scalar("select count(*) from answers") == MANY
    assert (result.answers, result.exit_code) == (MANY, 0)
    assert _one_spool_was_there(held)
    assert list(folder.iterdir()) == []


def test_the_spool_is_removed_when_a_file_cannot_be_read(
    db_path: Path, tmp_path: Path, spool_dir: tuple[Path, list[list[str]]]
) -> None:
    folder, held = spool_dir
    good = write_jsonl(tmp_path / "good.jsonl", [make_answer(f"A-{i}") for i in range(MANY)])
    with Store(db_path) as store, pytest.raises(InputError, match="no such file"):
        import_files(store, [str(good), str(tmp_path / "missing.jsonl")])
    assert _one_spool_was_there(held)
    assert list(folder.iterdir()) == []


# The import in its own process, stopped where its rows are prepared and it is about to
# take the write lock: it says so on stdout and waits for a line on stdin.
PAUSED_IMPORT = """
import sys
from groundtui.importing.files import import_files
from groundtui.store import Store

with Store(sys.argv[1]) as store:
    write = store.transaction

    def paused():
        store.transaction = write
        print("prepared", flush=True)
        sys.stdin.readline()
        return write()

    store.transaction = paused
    result = import_files(store, [sys.argv[2]])
print(result.answers, result.exit_code)
"""


def test_a_review_from_another_process_lands_while_an_import_is_prepared(
    tmp_path: Path,
) -> None:
    target = tmp_path / "shared.db"
    claim = {"text": "Sofas can be returned within 14 days"}
    with Store(target) as store:
        import_files(
            store, [str(write_jsonl(tmp_path / "seed.jsonl", [make_answer("R-0", claims=[claim])]))]
        )
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer(f"A-{i}") for i in range(600)])
    folder = tmp_path / "tmp"
    folder.mkdir()
    importer = subprocess.Popen(
        [sys.executable, "-c", PAUSED_IMPORT, str(target), str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(folder)},
    )
    assert importer.stdout is not None and importer.stderr is not None
    try:
        assert importer.stdout.readline() == "prepared\n", importer.stderr.read()
        (spool,) = folder.iterdir()
        with closing(sqlite3.connect(spool)) as conn:  # every row is prepared before the lock
            assert conn.execute("select count(*) from answers").fetchone() == (600,)
        with Store(target) as store:
            store.labels.add_review("R-0#1", "dana", "stated")
        with closing(sqlite3.connect(target)) as conn:  # on disk, seen by a third connection
            assert conn.execute("select reviewer from reviews").fetchall() == [("dana",)]
        out, err = importer.communicate("go\n", timeout=120)
    finally:
        if importer.poll() is None:
            importer.kill()
            importer.wait()
    assert (importer.returncode, out) == (0, "600 0\n"), err
    with Store(target) as store:
        assert store.scalar("select count(*) from answers") == 601
        assert store.scalar("select label from claim_labels where claim_id = 'R-0#1'") == "stated"
    assert list(folder.iterdir()) == []


def test_stdin_is_read_a_line_at_a_time(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    class Lines(io.BytesIO):
        """stdin that refuses to be read whole."""

        def read(self, size: int | None = -1) -> bytes:
            assert size is not None and size >= 0, "read whole"
            return super().read(size)

    data = b"".join(json.dumps(make_answer(f"A-{i}")).encode() + b"\n" for i in range(3))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(Lines(data)))
    with Store(db_path) as store:
        assert import_files(store, ["-"]).answers == 3


def _imported(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("select count(*) from answers").fetchone()[0]


@pytest.mark.slow
@pytest.mark.parametrize(("count", "flags"), [(3, []), (2000, ["--skip-invalid"])])
def test_a_pipe_is_read_once(tmp_path: Path, count: int, flags: list[str]) -> None:
    """``import <(cat f)``: the first 64 KB were read to detect the format, then the path
    opened again gave what was left (nothing, or the middle of a line): 0 of 3 imported,
    or 1,510-1,609 of 2,000 with one bogus bad line."""
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer(f"A-{i}") for i in range(count)])
    db = tmp_path / "piped.db"
    command = f'"$0" -m groundtui import {" ".join(flags)} <(cat "$1") --db "$2"'
    done = subprocess.run(
        ["bash", "-c", command, sys.executable, str(path), str(db)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert f"Imported {count:,} answers" in done.stdout
    assert _imported(db) == count


def test_a_named_fifo_is_read_once(db_path: Path, tmp_path: Path) -> None:
    """A FIFO opened a second time waited for a writer that never came."""
    records = [make_answer(f"A-{i}") for i in range(2000)]
    text = "".join(json.dumps(r) + "\n" for r in records).encode()
    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)

    def write() -> None:
        with fifo.open("wb") as out:
            out.write(text)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    results = []

    def read() -> None:
        with Store(db_path) as store:
            results.append(import_files(store, [str(fifo)]))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=60)
    hung = reader.is_alive()
    if hung:  # free it: a writer that opens and closes the FIFO ends the read
        with fifo.open("wb"):
            pass
        reader.join(timeout=10)
    assert not hung, "the import waited on the FIFO"
    assert (results[0].bad, results[0].answers) == ([], 2000)


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM])
def test_the_spool_a_killed_import_left_is_removed_when_the_next_import_starts(
    db_path: Path, tmp_path: Path, spool_dir: tuple[Path, list[list[str]]], stop: signal.Signals
) -> None:
    """An import killed while it reads cannot remove its spool; the next import does, and
    leaves a living import's spool and a file of the user's alone."""
    folder, _ = spool_dir
    importer = subprocess.Popen(
        [sys.executable, "-m", "groundtui", "import", "-", "--db", str(db_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={
            **os.environ,
            "TMPDIR": str(folder),
            "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
        },
    )
    assert importer.stdin is not None
    try:
        importer.stdin.write(json.dumps(make_answer("A-0")).encode() + b"\n")  # then it waits
        importer.stdin.flush()
        deadline = time.monotonic() + 60
        # The spool, not the file Python's tempfile writes and removes to test the folder
        # (killed between the two, that one stays: seen under load).
        while not list(folder.glob("import.*")) and time.monotonic() < deadline:
            time.sleep(0.02)
        (left,) = folder.glob("import.*")
        importer.send_signal(stop)
        importer.wait(timeout=30)
    finally:
        if importer.poll() is None:
            importer.kill()
        importer.communicate()
    assert left.exists()
    handle, living = make_file(folder, "import", ".db")  # this process's: alive
    os.close(handle)
    users = folder / "import.groundtui-mine.db"
    users.write_text("the user's\n", encoding="utf-8")
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1")])
    with Store(db_path) as store:
        assert import_files(store, [str(path)]).answers == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted([Path(living).name, users.name])
