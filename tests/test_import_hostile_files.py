"""Files that are not what they seem (docs/formats.md): JSON nested past the recursion limit
is a bad line naming file and line; gzip is read as the file it holds, other compressions
are refused saying which; a Parquet table with a column name twice is refused naming it.
Each is one line on stderr, never a traceback."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from tests.helpers.builders import dump, make_answer, refund_rows, write_jsonl

DEEP = 100_000  # far past Python's recursion limit, where json.loads raises RecursionError


def _import(db: Path, *args: str, stdin: bytes | None = None) -> tuple[int, str]:
    run = CliRunner().invoke(cli, ["import", *args, "--db", str(db)], input=stdin)
    assert run.exception is None or isinstance(run.exception, SystemExit), run.output
    return run.exit_code, run.stderr


def _answers(db: Path) -> int:
    return sum(line.startswith('INSERT INTO "answers"') for line in dump(db)) if db.exists() else 0


def _content(db: Path) -> list[tuple]:
    """Every answer's id, question, response and source texts, in order."""
    conn = sqlite3.connect(db)
    try:
        return conn.execute(
            "select a.id, a.question, a.response, s.source_id, s.text from answers a "
            "join answer_sources x on x.answer_id = a.id join sources s on s.key = x.source_key "
            "order by a.id, x.position"
        ).fetchall()
    finally:
        conn.close()


def test_json_nested_past_the_recursion_limit_is_a_bad_line_naming_it(tmp_path: Path) -> None:
    good = json.dumps(make_answer("A-1"))
    deep = "[" * DEEP + "]" * DEEP
    array = tmp_path / "deep.json"
    array.write_text(deep)
    lines = tmp_path / "deep.jsonl"
    lines.write_text('{"id": "A-0", "sources": ' + deep + "}\n" + good + "\n")
    second = tmp_path / "second.json"
    second.write_text(f"[{good}, {deep}]")
    db = tmp_path / "a.db"
    assert _import(db, str(array)) == (
        2,
        f"groundtui: {array}:1: nested deeper than 64 levels\n"
        "groundtui: nothing imported: 1 bad line(s); fix them or pass --skip-invalid\n",
    )
    code, said = _import(db, str(lines))
    assert code == 2 and said.startswith(f"groundtui: {lines}:1: nested deeper than 64 levels\n")
    code, said = _import(db, str(second))
    assert code == 2 and f"groundtui: {second}:2: nested deeper than 64 levels\n" in said
    assert _answers(db) == 0
    code, _ = _import(db, "--skip-invalid", str(lines))
    assert code == 1 and _answers(db) == 1  # the good line, with the deep one listed


def _gzip_cli(path: Path) -> Path:
    """``path`` compressed by the gzip program, as a user's pipeline writes it."""
    subprocess.run(["gzip", "-k", str(path)], check=True)
    return path.with_name(path.name + ".gz")


@pytest.mark.skipif(shutil.which("gzip") is None, reason="needs the gzip program")
def test_a_gzip_file_is_read_as_the_file_it_holds(tmp_path: Path) -> None:
    records = [make_answer(f"A-{i}") for i in range(3)]
    plain = write_jsonl(tmp_path / "answers.jsonl", records)
    zipped = _gzip_cli(plain)
    array = tmp_path / "answers.json"
    array.write_text(json.dumps(records))
    zipped_array = array.with_name("answers.json.gz")
    zipped_array.write_bytes(gzip.compress(array.read_bytes()))  # Python's own gzip too
    assert _import(tmp_path / "plain.db", str(plain))[0] == 0
    for i, path in enumerate((zipped, zipped_array)):
        db = tmp_path / f"z{i}.db"
        assert _import(db, str(path)) == (0, "")
        assert _content(db) == _content(tmp_path / "plain.db")
    db = tmp_path / "stdin.db"
    assert _import(db, "-", stdin=zipped.read_bytes())[0] == 0
    assert _content(db) == _content(tmp_path / "plain.db")
    assert len(_content(db)) == 6  # three answers of two sources


def test_a_bad_line_in_a_gzip_file_is_named_by_its_line_there(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl.gz"
    path.write_bytes(gzip.compress(f'{json.dumps(make_answer("A-1"))}\n{{"id": 3}}\n'.encode()))
    code, said = _import(tmp_path / "a.db", str(path))
    assert code == 2 and said.startswith(f"groundtui: {path}:2: ")


def test_a_gzip_file_cut_short_is_one_line_and_nothing_imported(tmp_path: Path) -> None:
    records = [make_answer(f"A-{i}", question="x" * 3000 + str(i)) for i in range(200)]
    data = gzip.compress("\n".join(json.dumps(r) for r in records).encode())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    db = tmp_path / "a.db"
    assert _import(db, str(cut)) == (
        2,
        f"groundtui: {cut}: its gzip data cannot be read (Compressed file ended before the "
        "end-of-stream marker was reached)\n",
    )
    assert _answers(db) == 0


@pytest.mark.parametrize(
    ("program", "suffix", "said"),
    [
        (["bzip2", "-k"], ".bz2", "is bzip2-compressed; groundtui reads gzip (.gz) itself, not "
         "bzip2: decompress it first"),
        (["xz", "-k"], ".xz", "is xz-compressed; groundtui reads gzip (.gz) itself, not xz: "
         "decompress it first"),
        (["zstd", "-q"], ".zst", "is zstd-compressed; groundtui reads gzip (.gz) itself, not "
         "zstd: decompress it first"),
        (["zip", "-q", "-j", "{out}"], ".zip", "is a zip archive; groundtui reads gzip (.gz) "
         "itself, not zip: extract it first"),
    ],
    ids=["bzip2", "xz", "zstd", "zip"],
)  # fmt: skip
def test_other_compressions_are_refused_saying_which(
    tmp_path: Path, program: list[str], suffix: str, said: str
) -> None:
    if shutil.which(program[0]) is None:
        pytest.skip(f"needs the {program[0]} program")
    plain = write_jsonl(tmp_path / "answers.jsonl", [make_answer("A-1")])
    out = plain.with_name(plain.name + suffix)
    args = [a.replace("{out}", str(out)) for a in program]
    subprocess.run([*args, str(plain)], check=True, cwd=tmp_path)
    assert out.exists()
    db = tmp_path / "a.db"
    assert _import(db, str(out)) == (2, f"groundtui: {out}: {said}\n")
    assert _answers(db) == 0


def test_gzipped_parquet_is_refused_saying_so(tmp_path: Path) -> None:
    table = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist([make_answer("A-1")]), table)
    zipped = tmp_path / "answers.parquet.gz"
    zipped.write_bytes(gzip.compress(table.read_bytes()))
    assert _import(tmp_path / "a.db", str(zipped)) == (
        2,
        f"groundtui: {zipped}: Parquet cannot be read gzipped; decompress it first\n",
    )


def test_a_parquet_column_named_twice_is_refused_naming_it(tmp_path: Path) -> None:
    """pyarrow writes two columns of one name; a row read by name kept the last in silence."""
    answer = make_answer("A-1")
    table = pa.Table.from_arrays(
        [
            pa.array([answer["id"]]),
            pa.array([answer["question"]]),
            pa.array([answer["response"]]),
            pa.array([answer["sources"]]),
            pa.array(["Sofas can be returned within 30 days [1]."]),
        ],
        names=["id", "question", "response", "sources", "response"],
    )
    path = tmp_path / "twice.parquet"
    pq.write_table(table, path)
    db = tmp_path / "a.db"
    assert _import(db, str(path)) == (
        2,
        f"groundtui: {path}: column 'response' is columns 3 and 5; give each column its own name\n",
    )
    assert _answers(db) == 0


def test_scan_table_refuses_a_column_it_reads_named_twice(tmp_path: Path) -> None:
    rows = refund_rows(2)
    table = pa.Table.from_arrays(
        [
            pa.array([r["answer_id"] for r in rows]),
            pa.array([r["answer"] for r in rows]),
            pa.array([r["docs"] for r in rows]),
            pa.array([["Refunds take 9 days."]] * 2),
            pa.array(["x", "y"]),
            pa.array(["x", "y"]),
        ],
        names=["answer_id", "answer", "docs", "docs", "extra", "extra"],
    )
    path = tmp_path / "twice.parquet"
    pq.write_table(table, path)
    args = ["--id", "answer_id", "--response", "answer", "--sources", "docs"]
    run = CliRunner().invoke(cli, ["scan-table", str(path), "-o", str(tmp_path / "out"), *args])
    assert run.exit_code == 2
    assert run.stderr == (
        f"groundtui: {path}: column 'docs' is columns 3 and 4; give each column its own name\n"
    )
    assert not (tmp_path / "out").exists()
