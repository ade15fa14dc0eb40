"""The store: a real SQLite file, migrations, refusal of newer schemas, labels."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from groundtui.importing.files import import_files
from groundtui.report.cubes import full_cubes, read_cubes
from groundtui.store import MIGRATIONS, Store, StoreError, source_key
from tests.helpers.builders import make_answer, write_jsonl


def test_create_and_reopen_keeps_data(db_path: Path, tmp_path: Path) -> None:
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [make_answer()]))])
    assert db_path.exists()
    with Store(db_path) as store:
        assert store.scalar("select count(*) from answers") == 1
        names = [r["name"] for r in store.query("select name from _migrations")]
        assert names == [name for name, _ in MIGRATIONS]
        assert store.scalar("pragma journal_mode") == "wal"
        assert store.scalar("pragma foreign_keys") == 1


def test_newer_schema_is_refused(db_path: Path) -> None:
    Store(db_path).close()
    conn = sqlite3.connect(db_path)
    conn.execute("insert into _migrations values ('m999_from_the_future', '2027-01-01')")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"newer groundtui .*m999_from_the_future"):
        Store(db_path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.db"
    bogus.write_text("hello, I am a text file" * 100)
    with pytest.raises(StoreError, match="not a groundtui database"):
        Store(bogus)


def test_open_without_create_needs_the_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no database at"):
        Store(tmp_path / "missing.db", create=False)


def test_a_locked_database_is_one_clear_error(db_path: Path, tmp_path: Path) -> None:
    Store(db_path).close()
    blocker = sqlite3.connect(db_path)
    blocker.execute("begin exclusive")
    try:
        with Store(db_path, timeout=0.05) as store, pytest.raises(StoreError, match="locked"):
            import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [make_answer()]))])
    finally:
        blocker.rollback()
        blocker.close()
    with Store(db_path) as store:
        assert store.scalar("select count(*) from answers") == 0


def test_source_versions_are_kept_side_by_side(db_path: Path, tmp_path: Path) -> None:
    old = make_answer(
        "A-1", sources=[{"id": "prices", "text": "Sofa: $499", "origin": "price-list"}]
    )
    new = make_answer(
        "A-2", sources=[{"id": "prices", "text": "Sofa: $549", "origin": "price-list"}]
    )
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [old, new]))])
        rows = store.query("select key, text from sources where source_id = 'prices' order by text")
        assert [r["text"] for r in rows] == ["Sofa: $499", "Sofa: $549"]
        assert rows[0]["key"] == source_key("prices", "Sofa: $499")
        cited = store.query("select answer_id, source_key from answer_sources order by answer_id")
        assert cited[0]["source_key"] != cited[1]["source_key"]


def _claim_db(db_path: Path, tmp_path: Path) -> Store:
    record = make_answer(
        claims=[
            {
                "text": "Sofas can be returned within 14 days",
                "citation": 1,
                "verdict": "absent",
                "judge": "prod-judge",
            }
        ]
    )
    store = Store(db_path)
    import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [record]))])
    return store


def test_labels_follow_the_latest_review_and_retractions(db_path: Path, tmp_path: Path) -> None:
    store = _claim_db(db_path, tmp_path)
    label = lambda: store.query("select * from claim_labels where claim_id = 'A-1#1'")[0]  # noqa: E731
    assert (label()["judge"], label()["judge_verdict"], label()["label"]) == (
        "prod-judge",
        "absent",
        "absent",
    )
    store.labels.add_review("A-1#1", "dana", "stated", at="2026-11-30T10:00:00.000000Z")
    store.labels.add_review(
        "A-1#1", "lee", "partial", "bridging_inference", at="2026-11-30T11:00:00.000000Z"
    )
    assert (label()["reviewer"], label()["label"], label()["label_kind"]) == (
        "lee",
        "partial",
        "bridging_inference",
    )
    # lee retracts: dana's label is the latest live one again
    store.labels.add_review("A-1#1", "lee", None, at="2026-11-30T12:00:00.000000Z")
    assert (label()["reviewer"], label()["label"]) == ("dana", "stated")
    # a label made earlier but recorded later does not win
    store.labels.add_review("A-1#1", "kim", "contradicted", at="2026-11-29T09:00:00.000000Z")
    assert label()["reviewer"] == "dana"
    assert store.scalar("select count(*) from reviews") == 4  # append-only
    store.close()


def test_latest_judgement_wins_and_failures_do_not_count(db_path: Path, tmp_path: Path) -> None:
    store = _claim_db(db_path, tmp_path)
    store.labels.add_judgement("A-1#1", "heuristic", "h-1", verdict="stated")
    store.labels.add_judgement("A-1#1", "llm", "v1", verdict=None, error="timeout")
    row = store.query("select judge, judge_verdict, label from claim_labels")[0]
    assert row == {"judge": "heuristic", "judge_verdict": "stated", "label": "stated"}
    store.close()


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("create table users (id integer)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    with pytest.raises(StoreError, match=r"not a groundtui database .*other tables"):
        Store(other)
    assert other.read_bytes() == before
    conn = sqlite3.connect(other)
    assert conn.execute("pragma journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_two_processes_opening_a_new_database_migrate_it_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    target = tmp_path / "race.db"
    code = f"from groundtui.store import Store; Store({str(target)!r}).close()"
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    errors = [p.communicate(timeout=60)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], errors
    with Store(target) as store:
        assert store.scalar("select count(*) from _migrations") == len(MIGRATIONS)


def test_a_readonly_store_reads_without_writing(db_path: Path, tmp_path: Path) -> None:
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [make_answer()]))])
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = db_path.read_bytes()
    with Store(db_path, readonly=True) as store:
        assert store.scalar("select count(*) from answers") == 1
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.db.execute("delete from answers")
    assert db_path.read_bytes() == before


def test_a_readonly_store_refuses_a_database_needing_migration(db_path: Path) -> None:
    Store(db_path).close()
    conn = sqlite3.connect(db_path)
    conn.execute("delete from _migrations where name = ?", (MIGRATIONS[-1][0],))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="needs upgrading"):
        Store(db_path, readonly=True)


# A writer process: opens the store, says it is ready, waits for "go", then makes its writes
# (reviews and judgements alternately, over every claim) and prints how many failed.
_WRITER = """
import sqlite3
import sys
from groundtui.store import Store, StoreError
path, name, writes = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = Store(path, timeout=30)
claims = [r["id"] for r in store.query("select id from claims order by id")]
print("ready", flush=True)
sys.stdin.readline()
failed = []
for i in range(writes):
    claim = claims[i % len(claims)]
    try:
        if i % 2:
            store.labels.add_judgement(claim, name, "v1", verdict="stated")
        else:
            store.labels.add_review(claim, name, "partial", "bridging_inference")
    except (StoreError, sqlite3.OperationalError) as exc:
        failed.append(str(exc))
store.close()
print(len(failed), failed[:1], flush=True)
"""


@pytest.mark.slow
def test_two_processes_writing_at_once_wait_for_the_lock(db_path: Path, tmp_path: Path) -> None:
    """Issue 17: a deferred BEGIN read, then failed to upgrade to a write lock at once."""
    import subprocess
    import sys

    claims = [
        {"text": f"Sofas can be returned within {n} days", "citation": 1} for n in range(1, 9)
    ]
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [make_answer(claims=claims)]))])
    writes = 300
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(db_path), name, str(writes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("dana", "lee")
    ]
    for p in procs:  # both open and ready, then both start at once
        assert p.stdin is not None and p.stdout is not None and p.stderr is not None
        assert p.stdout.readline().strip() == "ready", p.stderr.read()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outputs]
    assert [out.split(" ", 1)[0] for out, _ in outputs] == ["0", "0"], outputs
    with Store(db_path) as store:
        for name in ("dana", "lee"):
            assert store.scalar("select count(*) from reviews where reviewer = ?", [name]) == (
                writes // 2
            )
            assert store.scalar("select count(*) from judgements where judge = ?", [name]) == (
                writes // 2
            )
        assert store.scalar("select count(*) from claim_labels where label is null") == 0
        assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


@pytest.mark.parametrize(
    ("change", "missing"),
    [
        ("drop table reviews", "table reviews"),
        ("alter table leases drop column session", "column session of table leases"),
    ],
)
def test_a_database_missing_a_table_is_refused_in_one_line(
    db_path: Path, tmp_path: Path, change: str, missing: str
) -> None:
    """`drop table reviews`, then `groundtui import`: a traceback from deep in the import."""
    from click.testing import CliRunner

    from groundtui.cli import cli

    Store(db_path).close()
    conn = sqlite3.connect(db_path)
    conn.execute(change)
    conn.commit()
    conn.close()
    jsonl = write_jsonl(tmp_path / "a.jsonl", [make_answer()])
    for args in (["import", str(jsonl)], ["report"], ["config"]):
        result = CliRunner().invoke(cli, [*args, "--db", str(db_path)])
        assert result.exit_code == 2, result.output
        assert result.stderr == (
            f"groundtui: {db_path} is not a groundtui database it can use: it has no "
            f"{missing} (another program changed it; restore it from a backup)\n"
        )
