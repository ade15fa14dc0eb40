"""`groundtui scan-table`: the check over Parquet, the same as `unsourced_specifics` row by
row; bad rows named by row group and row; the flagged answers back into review."""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.checks import unsourced_specifics
from groundtui.cli import cli
from groundtui.models import CHECK_NAME
from groundtui.scan_table import Columns, scan_table
from groundtui.scan_table.batch import BatchChecker, IndexCache
from groundtui.store import Store
from tests.helpers.builders import (
    refund_rows,
    table_with_a_damaged_row_group,
    table_with_bad_rows,
)

SAMPLE = Path(__file__).resolve().parents[1] / "groundtui" / "sample_data" / "answers.jsonl"
ARGS = ["--id", "answer_id", "--response", "answer", "--sources", "docs"]


def _demo() -> list[dict]:
    return [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]


def _expected(response: str, texts: list[str]) -> list[dict]:
    return [s.to_dict() for s in unsourced_specifics(response, texts)]


def _table(answers: list[dict], structs: bool = True) -> pa.Table:
    """The demo answers as a production table names them: answer_id, answer, docs."""
    return pa.Table.from_pylist(
        [
            {
                "answer_id": a["id"],
                "question": a["question"],
                "answer": a["response"],
                "docs": [
                    {"id": s["id"], "text": s["text"]} if structs else s["text"]
                    for s in a["sources"]
                ],
            }
            for a in answers
        ]
    )


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_a_batch_gives_what_unsourced_specifics_gives_on_the_demo_corpus() -> None:
    answers = _demo()
    batch = pa.RecordBatch.from_pylist(
        [
            {
                "id": a["id"],
                "response": a["response"],
                "sources": [s["text"] for s in a["sources"]],
                "source_ids": [s["id"] for s in a["sources"]],
            }
            for a in answers
        ]
    )
    out = BatchChecker(cache_size=8)(batch).to_pylist()
    assert [r["id"] for r in out] == [a["id"] for a in answers]
    for row, answer in zip(out, answers, strict=True):
        expected = _expected(answer["response"], [s["text"] for s in answer["sources"]])
        assert row["specifics"] == expected, answer["id"]
        assert row["flagged"] is bool(expected)
    assert any(r["flagged"] for r in out) and not all(r["flagged"] for r in out)


def test_a_seeded_fuzz_gives_the_same_row_by_row_with_sources_shared_and_evicted() -> None:
    pieces = [
        "12",
        "2024",
        "49.99",
        "3–5",
        "18:00",
        " pm",
        "%",
        "$",
        " million",
        "thirty",
        "March ",
        "Harbor",
        " Home",
        " Goods",
        "The ",
        "[1]",
        "[2]",
        "[1, 3]",
        "[9]",
        ". ",
        ", ",
        "\n",
        " ",
        "Dr. ",
        "05/03/2024",
        "January 30",
        "1st",
        "Sept. ",
    ]
    rng = random.Random(18)

    def text(n: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(n))

    documents = {f"doc-{i}": text(rng.randint(0, 30)) for i in range(12)}
    checker = BatchChecker(cache_size=3)  # far fewer than the documents: indexes are dropped
    for _ in range(20):
        rows: list[dict[str, Any]] = []
        for _ in range(25):
            cited = rng.sample(sorted(documents), rng.randint(0, 3))
            rows.append(
                {
                    "id": rng.randint(0, 10**9),
                    "response": text(rng.randint(1, 30)),
                    "sources": [documents[d] for d in cited],
                    "source_ids": cited,
                }
            )
        with_ids = checker(pa.RecordBatch.from_pylist(rows)).to_pylist()
        by_text = checker(
            pa.RecordBatch.from_pylist(
                [{k: v for k, v in r.items() if k != "source_ids"} for r in rows]
            )
        ).to_pylist()
        for row, a, b in zip(rows, with_ids, by_text, strict=True):
            expected = _expected(row["response"], row["sources"])
            assert a["specifics"] == b["specifics"] == expected
            assert a["id"] == row["id"]
    assert len(checker.cache) <= 3


def test_the_cache_is_bounded_and_reuses_an_index_by_id_or_by_text() -> None:
    cache = IndexCache(size=2)
    first = cache.get("Refunds take 5 days.", "refunds")
    assert cache.get("Refunds take 5 days.", "refunds") is first
    assert cache.get("Refunds take 5 days.", "refunds-v2") is not first  # another id
    assert cache.get("A text alone.") is cache.get("A text alone.")
    assert len(cache) == 2
    # an id whose text changed (a new version) is indexed again, not served stale
    assert cache.get("Refunds take 7 days.", "refunds").text == "Refunds take 7 days."


def test_a_row_that_cannot_be_checked_comes_out_null_with_its_reason() -> None:
    rows: list[dict[str, Any]] = [
        {"id": "ok", "response": "Open 9 to 5 [1].", "sources": ["Open 9 to 5."]},
        {"id": "no-response", "response": None, "sources": ["x"]},
        {"id": "no-sources", "response": "Open 9 to 5.", "sources": None},
        {"id": "null-source", "response": "Open 9 to 5.", "sources": ["a", None]},
    ]
    flags, bad = BatchChecker().check([r["response"] for r in rows], [r["sources"] for r in rows])
    assert flags[0].to_pylist() == [False, None, None, None]
    assert bad == [
        (1, "the response is null"),
        (2, "the source list is null"),
        (3, "source 2 has no text"),
    ]


@pytest.mark.parametrize("shape", ["file", "folder", "glob"])
def test_scan_table_end_to_end_over_a_file_a_folder_or_a_glob(tmp_path: Path, shape: str) -> None:
    answers = _demo()
    table = _table(answers)
    folder = tmp_path / "lake"
    (folder / "day=1").mkdir(parents=True)
    pq.write_table(table.slice(0, 60), folder / "day=1" / "a.parquet", row_group_size=25)
    pq.write_table(table.slice(60), folder / "b.parquet", row_group_size=25)
    source = {
        "file": str(folder / "b.parquet"),
        "folder": str(folder),
        "glob": str(folder / "**" / "*.parquet"),
    }[shape]
    code, out, err = _run(
        "scan-table",
        source,
        "-o",
        str(tmp_path / "out"),
        *ARGS,
        "--question",
        "question",
        "--workers",
        "2",
    )
    assert code == 0, err
    written = pq.read_table(tmp_path / "out")
    assert written.column_names == [
        "answer_id",
        "question",
        "answer",
        "docs",
        "flagged",
        "specifics",
    ]
    expected = answers[60:] if shape == "file" else answers
    by_id = {a["id"]: a for a in expected}
    rows = written.to_pylist()
    assert sorted(r["answer_id"] for r in rows) == sorted(by_id)
    for row in rows:
        answer = by_id[row["answer_id"]]
        assert row["specifics"] == _expected(
            answer["response"], [s["text"] for s in answer["sources"]]
        )
        assert row["answer"] == answer["response"] and row["question"] == answer["question"]
    flagged = sum(r["flagged"] for r in rows)
    assert f"Checked {len(expected)} answers" in out and f"{flagged} flagged" in out


def test_flagged_only_writes_the_flagged_rows_alike_with_one_worker_or_two(
    tmp_path: Path,
) -> None:
    path = tmp_path / "answers.parquet"
    pq.write_table(_table(_demo(), structs=False), path, row_group_size=10)
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"out-{workers}"
        code, _, err = _run(
            "scan-table", str(path), "-o", str(out), *ARGS, "--flagged-only", "--workers", workers
        )
        assert code == 0, err
        outputs.append(pq.read_table(out).to_pylist())
    assert outputs[0] == outputs[1]
    assert outputs[0] and all(r["flagged"] for r in outputs[0])
    assert "question" not in outputs[0][0]


def test_bad_rows_are_counted_by_row_group_and_row_and_the_rest_is_written(
    tmp_path: Path,
) -> None:
    path = table_with_bad_rows(tmp_path / "answers.parquet")
    code, out, err = _run("scan-table", str(path), "-o", str(tmp_path / "out"), *ARGS)
    assert code == 1
    assert err.splitlines() == [
        f"groundtui: {path}: row group 0, row 2 (row 2 of the file): the response is null",
        f"groundtui: {path}: row group 1, row 2 (row 5 of the file): the source list is null",
        f"groundtui: {path}: row group 1, row 3 (row 6 of the file): source 2 has no text",
    ]
    assert "3 bad rows" in out and "Checked 3 answers" in out
    assert sorted(pq.read_table(tmp_path / "out").column("answer_id").to_pylist()) == [
        "A0",
        "A2",
        "A3",
    ]


@pytest.mark.parametrize(
    ("column", "values", "message"),
    [
        (
            "docs",
            ["one text"],
            "column 'docs' is string, not a list of strings or of structs "
            "with a string field 'text'",
        ),
        ("answer", [7], "column 'answer' is int64, not text"),
        ("docs", [[{"title": "no text"}]], "column 'docs' is list<element: struct<title: string>>"),
    ],
)
def test_a_schema_mismatch_is_one_line_naming_the_column_and_the_type(
    tmp_path: Path,
    column: str,
    values: list,
    message: str,
) -> None:
    row = {"answer_id": "A1", "answer": "Refunds take 5 days.", "docs": ["Refunds take 5 days."]}
    path = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist([{**row, column: values[0]}]), path)
    code, out, err = _run("scan-table", str(path), "-o", str(tmp_path / "out"), *ARGS)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"groundtui: {path}: {message}")
    assert not (tmp_path / "out").exists()


def test_a_missing_column_or_input_or_a_used_output_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist([{"answer_id": "A1", "answer": "x", "docs": ["x"]}]), path)
    code, _, err = _run(
        "scan-table",
        str(path),
        "-o",
        str(tmp_path / "o"),
        "--id",
        "id",
        "--response",
        "answer",
        "--sources",
        "docs",
    )
    assert code == 2 and err == (
        f"groundtui: {path}: no column 'id' (the columns are: answer_id, answer, docs)\n"
    )
    code, _, err = _run("scan-table", str(tmp_path / "none*.parquet"), "-o", "o", *ARGS)
    assert code == 2 and "no file matches" in err
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "x").write_text("")
    code, _, err = _run("scan-table", str(path), "-o", str(tmp_path / "used"), *ARGS)
    assert code == 2 and "not an empty folder" in err


def test_the_flagged_answers_come_back_into_review_with_their_stored_flags(
    tmp_path: Path,
    db_path: Path,
) -> None:
    answers = _demo()
    path = tmp_path / "answers.parquet"
    pq.write_table(_table(answers), path, row_group_size=30)
    out = tmp_path / "out"
    assert _run("scan-table", str(path), "-o", str(out), *ARGS)[0] == 0  # no --question
    code, stdout, err = _run(
        "import",
        "--db",
        str(db_path),
        "--format",
        "parquet",
        "--flagged-only",
        str(out),
        "--id",
        "answer_id",
        "--response",
        "answer",
        "--sources",
        "docs",
    )
    assert code == 0, err
    flagged = {
        a["id"]: _expected(a["response"], [s["text"] for s in a["sources"]]) for a in answers
    }
    flagged = {k: v for k, v in flagged.items() if v}
    assert f"Took {len(flagged)} stored flags" in stdout
    assert f"passed over {len(answers) - len(flagged)} answers" in stdout
    with Store(db_path) as store:
        stored = {
            r["answer_id"]: json.loads(r["details"])["specifics"]
            for r in store.query(
                "select answer_id, details from flags where check_name = ?", [CHECK_NAME]
            )
        }
        rows = store.query("select id, question, scanned_at from answers")
    assert stored == flagged
    assert {r["id"] for r in rows} == set(flagged)
    assert all(r["question"] == "" and r["scanned_at"] for r in rows)
    # stored, not rescanned: a scan finds nothing left to check
    code, stdout, _ = _run("scan", "--db", str(db_path))
    assert code == 0 and stdout.startswith("Scanned 0 answers")


def test_flagged_only_refuses_a_file_scan_table_did_not_write(
    tmp_path: Path,
    db_path: Path,
) -> None:
    path = tmp_path / "plain.parquet"
    pq.write_table(
        pa.Table.from_pylist(
            [{"id": "A1", "question": "q", "response": "r", "sources": [{"id": "s", "text": "t"}]}]
        ),
        path,
    )
    code, _, err = _run("import", "--db", str(db_path), "--flagged-only", str(path))
    assert code == 2
    assert "no column 'flagged': --flagged-only reads the output of groundtui scan-table" in err
    code, _, err = _run("import", "--db", str(db_path), "--id", "answer_id", str(path))
    assert code == 2 and "use them with --flagged-only" in err


def test_a_null_id_scan_table_wrote_back_is_named_as_null_on_import(
    tmp_path: Path,
    db_path: Path,
) -> None:
    """scan-table writes an id back as read, null too; the import said the column was
    missing ("no column 'rid'"), sending the user to check a column that is there."""
    path = tmp_path / "answers.parquet"
    pq.write_table(
        pa.Table.from_pylist(
            [
                {"rid": "A1", "resp": "Sold 7 [1].", "src": ["Sold 5."]},
                {"rid": None, "resp": "Sold 9 [1].", "src": ["Sold 5."]},
            ]
        ),
        path,
    )
    out = tmp_path / "out"
    args = ["--id", "rid", "--response", "resp", "--sources", "src"]
    assert _run("scan-table", str(path), "-o", str(out), *args)[0] == 0
    code, _, err = _run("import", "--db", str(db_path), "--flagged-only", str(out), *args)
    assert code == 2
    assert (
        ":2: no value in column 'rid' (null, or no such column: pass --id COL as given "
        "to scan-table)" in err
    )


def test_the_columns_named_are_read_alone(tmp_path: Path) -> None:
    table = _table(_demo()[:5]).append_column("blob", pa.array([b"x" * 10] * 5))
    path = tmp_path / "answers.parquet"
    pq.write_table(table, path)
    result = scan_table(
        str(path), str(tmp_path / "out"), Columns("answer_id", "answer", "docs"), workers=1
    )
    assert result.rows == 5
    assert "blob" not in pq.read_table(tmp_path / "out").column_names


def test_a_row_group_that_cannot_be_read_is_one_line_and_the_others_are_written(
    tmp_path: Path,
) -> None:
    path = table_with_a_damaged_row_group(tmp_path / "answers.parquet")
    code, out, err = _run("scan-table", str(path), "-o", str(tmp_path / "out"), *ARGS)
    assert code == 1
    assert err.startswith(f"groundtui: {path}: row group 1: cannot be read after row 0 (")
    assert err.rstrip().endswith("its 2 other rows not checked") and len(err.splitlines()) == 1
    assert "2 bad rows" in out
    assert pq.read_table(tmp_path / "out").column("answer_id").to_pylist() == ["A0", "A1"]


def test_past_twenty_bad_rows_the_rest_are_counted(tmp_path: Path) -> None:
    rows = [
        {
            "answer_id": f"A{i}",
            "answer": None if i < 25 else "Open 9 to 5.",
            "docs": ["Open 9 to 5."],
        }
        for i in range(30)
    ]
    path = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=10)
    code, out, err = _run(
        "scan-table", str(path), "-o", str(tmp_path / "out"), *ARGS, "--workers", "2"
    )
    lines = err.splitlines()
    assert code == 1 and len(lines) == 21
    assert lines[-1] == "groundtui: (the first 20 bad rows shown; 25 in all)"
    # the first in the file, whichever worker finished first
    assert [line.split("(row ")[1].split(" ")[0] for line in lines[:-1]] == [
        str(n) for n in range(1, 21)
    ]
    assert "Checked 5 answers" in out and "25 bad rows" in out
    assert pq.read_table(tmp_path / "out").num_rows == 5


def test_ray_row_hashes_name_the_row_group_and_row_or_else_the_id() -> None:
    from groundtui.scan_table.ray_actors import RowPlaces

    # row_hash as Ray 2.60's read_parquet gave it for rows 0 and 3 of this path
    places = RowPlaces({"other.parquet": [5], "d/day=1/a.parquet": [3, 3, 3, 1]})
    assert places.line("d/day=1/a.parquet", 17977171725412964360, "A0", "r") == (
        (1, 0),
        "d/day=1/a.parquet: row group 0, row 1 (row 1 of the file): r",
    )
    assert places.line("d/day=1/a.parquet", 1222525338035744934, "A3", "r") == (
        (1, 3),
        "d/day=1/a.parquet: row group 1, row 1 (row 4 of the file): r",
    )
    # a hash that is no row of its file (a Ray that hashes otherwise): the id, placed after
    # the file's rows and before the next file's
    place, line = places.line("other.parquet", 1222525338035744934, "A3", "r")
    assert line == "other.parquet: the row with id 'A3': r" and (0, 4) < place < (1, 0)


def test_the_summary_says_one_bad_row_in_the_singular(tmp_path: Path) -> None:
    rows = [
        {"answer_id": "A0", "answer": None, "docs": ["x"]},
        {"answer_id": "A1", "answer": "Refunds take 5 days [1].", "docs": ["Refunds."]},
    ]
    path = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    code, out, _err = _run("scan-table", str(path), "-o", str(tmp_path / "out"), *ARGS)
    assert code == 1
    assert out.rstrip().endswith("; 1 bad row.")


def test_flagged_only_refuses_a_file_scan_table_did_not_write_in_one_line(
    tmp_path: Path,
    db_path: Path,
) -> None:
    """It was one bad line per row: a million lines for a million-row table."""
    path = tmp_path / "plain.parquet"
    pq.write_table(
        pa.Table.from_pylist(
            [
                {
                    "id": f"A{i}",
                    "question": "q",
                    "response": "r",
                    "sources": [{"id": "s", "text": "t"}],
                }
                for i in range(50)
            ]
        ),
        path,
    )
    jsonl = tmp_path / "answers.jsonl"
    jsonl.write_text("\n".join(json.dumps(a) for a in _demo()[:5]) + "\n")
    for given in (path, jsonl):
        code, out, err = _run("import", "--db", str(db_path), "--flagged-only", str(given))
        assert code == 2 and out == ""
        assert err == (
            f"groundtui: {given}: no column 'flagged': --flagged-only reads the "
            "output of groundtui scan-table\n"
        )
    if db_path.exists():  # nothing written
        with Store(db_path) as store:
            assert store.scalar("select count(*) from answers") == 0


@pytest.mark.slow
@pytest.mark.parametrize(("out_exists", "workers"), [(False, "1"), (True, "2")])
def test_a_full_disk_leaves_the_output_as_it_was_and_a_run_again_writes_it(
    tmp_path: Path, out_exists: bool, workers: str
) -> None:
    """A write that fails (here past a file size limit: EFBIG, as ENOSPC on a full disk)
    was reported as a row group that cannot be read, left empty parts, and a run again was
    refused. It is one line naming OUT, exit code 2, and OUT as it was."""
    source = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(refund_rows(9000)), source, row_group_size=3000)
    out = tmp_path / "flags"
    if out_exists:
        out.mkdir()
    command = [sys.executable, "-m", "groundtui", "scan-table", str(source), "-o", str(out)]
    full = subprocess.run(
        [*command, *ARGS, "--workers", workers],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000)),
    )
    assert (full.returncode, full.stdout) == (2, ""), full.stderr
    assert full.stderr == f"groundtui: cannot write {out}: File too large\n"
    assert (list(out.iterdir()) if out_exists else out.exists()) in ([], False)
    code, _, err = _run("scan-table", str(source), "-o", str(out), *ARGS)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == [
        f"part-00000-0000{g}.parquet" for g in range(3)
    ]
    assert pq.read_table(out).num_rows == 9000


# A scan-table in its own process, stopped once its first row group is written: it says
# so on stdout and waits for a line on stdin.
PAUSED_SCAN = """
import sys
from groundtui.cli import cli
from groundtui.scan_table import run

check_unit = run.check_unit


def paused(*args, **kwargs):
    result = check_unit(*args, **kwargs)
    print("written", flush=True)
    sys.stdin.readline()
    return result


run.check_unit = paused
cli.main(sys.argv[1:], prog_name="groundtui")
"""


def test_a_run_again_over_what_a_killed_run_left_writes_the_output(tmp_path: Path) -> None:
    """A run killed mid-way left parts that made OUT "not an empty folder" for ever."""
    source = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(refund_rows(6)), source, row_group_size=2)
    out = tmp_path / "flags"
    command = ["scan-table", str(source), "-o", str(out), *ARGS, "--workers", "1"]
    scanner = subprocess.Popen(
        [sys.executable, "-c", PAUSED_SCAN, *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    assert scanner.stdout is not None and scanner.stderr is not None
    try:
        assert scanner.stdout.readline() == "written\n", scanner.stderr.read()
        scanner.kill()
        scanner.wait(timeout=30)
    finally:
        if scanner.poll() is None:
            scanner.kill()
        scanner.communicate()
    assert any(out.iterdir())  # what the killed run left
    code, _, err = _run(*command)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == [
        f"part-00000-0000{g}.parquet" for g in range(3)
    ]
    assert pq.read_table(out).num_rows == 6
