"""The label export (docs/export.md): columns, rows, --reviewed-only, --judge, CSV quoting, -o."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.exporting import claim_rows as exports
from groundtui.importing.files import import_files
from groundtui.scratch import make_file
from groundtui.store import Store
from tests.helpers.terminal import on_a_terminal

# docs/export.md, in its order.
README_COLUMNS = [
    "answer_id",
    "claim_id",
    "claim",
    "kind",
    "citation",
    "source_id",
    "source_origin",
    "evidence",
    "evidence_source_id",
    "judge",
    "judge_verdict",
    "judge_invention_kind",
    "reviewer",
    "reviewer_verdict",
    "reviewer_invention_kind",
    "note",
    "reviewed_at",
    "label",
    "invention_kind",
    "label_source",
    "supported",
]
# docs/export.md: the team's columns, appended after those above in this order.
TEAM_COLUMNS = ["reviewers", "adjudicator", "adjudicated_verdict", "adjudicated_invention_kind"]
DATA_COLUMNS = ["citations", "source_ids", "meta", "question", "response", "source", "split"]
ALL_COLUMNS = README_COLUMNS + TEAM_COLUMNS + DATA_COLUMNS
AWKWARD = 'Refunds, "usually", take\n5 days.'
NOTE = 'has, "quotes"\nand lines'
REFUNDS = {
    "id": "refunds",
    "origin": "pdf-archive",
    "text": "Refunds are usually issued within 5 working days.",
}
FAQ = {"id": "faq", "origin": "help-centre", "text": "Ask us anything."}
ANSWERS: list[dict[str, Any]] = [
    {
        "id": "E1",
        "question": "Refunds?",
        "sources": [REFUNDS, FAQ],
        "response": 'Refunds, "usually", take\n5 days [1]. We ship worldwide [2].',
        "claims": [
            {
                "text": AWKWARD,
                "kind": "figure",
                "citation": 1,
                "verdict": "stated",
                "evidence": [0, 26],
                "judge": "prod",
                "reviews": [
                    {
                        "reviewer": "dana",
                        "verdict": "absent",
                        "note": NOTE,
                        "invention_kind": "plausible_specifics",
                        "at": "2026-11-30T10:00:00Z",
                    }
                ],
            },
            {
                "text": "We ship worldwide.",
                "kind": "policy",
                "citation": 2,
                "verdict": "absent",
                "invention_kind": "confident_generalisation",
                "judge": "prod",
            },
        ],
    },
    {
        "id": "E2",
        "question": "Who runs it?",
        "sources": [REFUNDS],
        "response": "Our CEO is Jane Roe [4]. Prices are low.",
        "claims": [
            {
                "text": "Our CEO is Jane Roe.",
                "kind": "name",
                "citation": 4,
                "verdict": "absent",
                "invention_kind": "fabricated_provenance",
                "judge": "prod",
                "reviews": [{"reviewer": "lee", "verdict": "absent", "at": "2026-11-30T10:00:00Z"}],
            },
            {"text": "Prices are low.", "kind": "relation"},
        ],
    },
    {"id": "E3", "question": "Hi", "response": "Hello.", "sources": []},
]


def write_answers(path: Path, answers: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(a) for a in answers) + "\n", encoding="utf-8")
    return path


def many_answers(n: int) -> list[dict]:
    """``n`` answers of three claims each, about 430 bytes of JSON Lines per claim."""
    source = {"id": "s", "origin": "wiki", "text": "Delivery is free over $50."}
    return [
        {
            "id": f"M{i:05}",
            "question": "Delivery?",
            "response": "Delivery is free over $50 [1].",
            "sources": [source],
            "claims": [
                {
                    "text": f"Claim {k} of answer {i}: delivery is free over $50.",
                    "kind": "figure",
                    "citation": 1,
                    "verdict": "stated",
                    "judge": "j",
                }
                for k in range(3)
            ],
        }
        for i in range(n)
    ]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    path = write_answers(tmp_path / "answers.jsonl", ANSWERS)
    with Store(tmp_path / "export.db") as s:
        assert import_files(s, [str(path)]).exit_code == 0
        s.labels.add_review("E2#1", "lee", None, at="2026-12-01T00:00:00.000000Z")  # retracted
        s.labels.add_judgement(
            "E1#2", "second", "v1", verdict="stated", at="2030-01-01T00:00:00.000000Z"
        )
        yield s


def jsonl(store: Store, **options: Any) -> list[dict]:
    out = io.StringIO()
    exports.write(store, out, "jsonl", **options)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_one_row_per_claim_with_spec_columns_in_order(store: Store) -> None:
    rows = jsonl(store)
    assert exports.COLUMNS == ALL_COLUMNS
    assert all(list(row) == ALL_COLUMNS for row in rows)
    assert [r["claim_id"] for r in rows] == ["E1#1", "E1#2", "E2#1", "E2#2"]


def test_a_reviewed_claim(store: Store) -> None:
    assert jsonl(store)[0] == {
        "answer_id": "E1",
        "claim_id": "E1#1",
        "claim": AWKWARD,
        "kind": "figure",
        "citation": 1,
        "source_id": "refunds",
        "source_origin": "pdf-archive",
        "evidence": "Refunds are usually issued",
        "evidence_source_id": "refunds",
        "judge": "prod",
        "judge_verdict": "stated",
        "judge_invention_kind": None,
        "reviewer": "dana",
        "reviewer_verdict": "absent",
        "reviewer_invention_kind": "plausible_specifics",
        "note": NOTE,
        "reviewed_at": "2026-11-30T10:00:00.000000Z",
        "label": "absent",
        "invention_kind": "plausible_specifics",
        "label_source": "reviewer",
        "supported": 0,
        "reviewers": [
            {
                "reviewer": "dana",
                "verdict": "absent",
                "invention_kind": "plausible_specifics",
                "note": NOTE,
                "at": "2026-11-30T10:00:00.000000Z",
                "blind": False,
                "independent": False,
            }
        ],
        "adjudicator": None,
        "adjudicated_verdict": None,
        "adjudicated_invention_kind": None,
        "citations": [1],
        "source_ids": ["refunds"],
        "meta": {},
        "question": "Refunds?",
        "response": ANSWERS[0]["response"],
        "source": REFUNDS["text"],
        "split": exports.split_of("E1"),
    }


def test_dangling_uncited_retracted_and_unjudged_claims(store: Store) -> None:
    rows = {r["claim_id"]: r for r in jsonl(store)}
    dangling, uncited = rows["E2#1"], rows["E2#2"]
    assert (dangling["citation"], dangling["source_id"], dangling["source_origin"]) == (
        4,
        None,
        None,
    )
    # lee retracted the only review: the judge's label stands, no reviewer columns.
    assert (dangling["reviewer"], dangling["note"], dangling["reviewed_at"]) == (None, None, None)
    assert (dangling["label"], dangling["invention_kind"]) == ("absent", "fabricated_provenance")
    assert uncited["citation"] is None
    assert all(uncited[k] is None for k in README_COLUMNS[4:] + TEAM_COLUMNS[1:])
    assert uncited["reviewers"] == dangling["reviewers"] == []  # lee's label is withdrawn
    assert (uncited["citations"], uncited["source_ids"]) == (None, None)
    assert (dangling["citations"], dangling["source_ids"]) == ([4], None)


def test_claims_citing_several_sources_list_them_with_the_answers_meta(tmp_path: Path) -> None:
    record = {
        "id": "M1",
        "question": "q",
        "response": "Refunds take 5 days [1][2].",
        "sources": [REFUNDS, FAQ],
        "meta": {"trace_id": "abc", "n": 3},
        "claims": [{"text": "Refunds take 5 days."}],
    }
    with Store(tmp_path / "m.db") as s:
        assert import_files(s, [str(write_answers(tmp_path / "m.jsonl", [record]))]).exit_code == 0
        [row] = jsonl(s)
        assert (row["citation"], row["source_id"]) == (1, "refunds")  # the first, as before
        assert (row["citations"], row["source_ids"]) == ([1, 2], ["refunds", "faq"])
        assert row["meta"] == {"trace_id": "abc", "n": 3}
        out = io.StringIO()
        exports.write(s, out, "csv")
        cells = dict(
            zip(ALL_COLUMNS, list(csv.reader(io.StringIO(out.getvalue())))[1], strict=True)
        )
        assert json.loads(cells["source_ids"]) == ["refunds", "faq"]
        assert json.loads(cells["meta"]) == {"trace_id": "abc", "n": 3}


def test_the_split_is_a_stable_80_10_10_hash_of_the_answer_id() -> None:
    splits = [exports.split_of(f"answer-{i}") for i in range(10_000)]
    assert splits == [exports.split_of(f"answer-{i}") for i in range(10_000)]
    assert 0.78 < splits.count("train") / len(splits) < 0.82
    assert 0.08 < splits.count("validation") / len(splits) < 0.12
    assert 0.08 < splits.count("test") / len(splits) < 0.12
    other = exports.parse_splits("train=0.5, test=0.5")
    assert other == {"train": 0.5, "validation": 0.0, "test": 0.5}
    halves = [exports.split_of(f"answer-{i}", other) for i in range(10_000)]
    assert 0.47 < halves.count("test") / len(halves) < 0.53
    assert "validation" not in halves
    # test is laid out first: an answer in test at 10% stays in test at 50%
    assert all(h == "test" for s, h in zip(splits, halves, strict=True) if s == "test")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("train=0.8,dev=0.2", "'dev=0.2' is not SPLIT=SHARE"),
        ("train", "'train' is not SPLIT=SHARE"),
        ("train=0.5,train=0.5", "train is named twice"),
        ("train=x,test=1", "the share of train, 'x', is not a number from 0 to 1"),
        ("train=nan,test=1", "the share of train, 'nan', is not a number"),
        ("train=0.8,test=0.1", "the shares add up to 0.9, not 1"),
    ],
)
def test_bad_splits_are_refused_in_one_sentence(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        exports.parse_splits(text)
    result = CliRunner().invoke(cli, ["export", "--splits", text, "--db", ":memory:"])
    assert result.exit_code != 0
    assert says in result.output and "Traceback" not in result.output


def test_latest_judge_by_default_and_judge_name_on_request(store: Store) -> None:
    latest = jsonl(store)[1]
    assert (latest["judge"], latest["judge_verdict"], latest["label"]) == (
        "second",
        "stated",
        "stated",
    )
    assert latest["evidence"] is None
    prod = jsonl(store, judge="prod")[1]
    assert (prod["judge"], prod["judge_verdict"], prod["judge_invention_kind"]) == (
        "prod",
        "absent",
        "confident_generalisation",
    )
    assert (prod["label"], prod["invention_kind"]) == ("absent", "confident_generalisation")
    # A reviewer's label still wins over the chosen judge's.
    assert jsonl(store, judge="second")[0]["label"] == "absent"


def test_reviewed_only_keeps_claims_with_a_live_reviewer_label(store: Store) -> None:
    assert [r["claim_id"] for r in jsonl(store, reviewed_only=True)] == ["E1#1"]


def test_claim_ids_are_stable_across_runs(tmp_path: Path) -> None:
    """The same file imported into two fresh databases exports the same claim ids."""
    path = write_answers(tmp_path / "answers.jsonl", ANSWERS)
    exported = []
    for name in ("first.db", "second.db"):
        with Store(tmp_path / name) as s:
            assert import_files(s, [str(path)]).exit_code == 0
            exported.append(jsonl(s))
    first, second = ([r["claim_id"] for r in rows] for rows in exported)
    assert first == second == ["E1#1", "E1#2", "E2#1", "E2#2"]
    assert exported[0] == exported[1]  # and every other column with them


def test_csv_has_the_same_columns_and_quotes_what_needs_quoting(store: Store) -> None:
    out = io.StringIO()
    assert exports.write(store, out, "csv") == 4
    text = out.getvalue()
    assert '"Refunds, ""usually"", take\n5 days."' in text
    table = list(csv.reader(io.StringIO(text, newline="")))
    assert table[0] == ALL_COLUMNS
    assert len(table) == 5
    first = dict(zip(ALL_COLUMNS, table[1], strict=True))
    assert (first["claim"], first["note"], first["citation"]) == (AWKWARD, NOTE, "1")
    assert json.loads(first["reviewers"])[0]["note"] == NOTE  # a list is its JSON text
    uncited = dict(zip(ALL_COLUMNS, table[4], strict=True))
    assert uncited["citation"] == uncited["label"] == ""  # null is an empty cell
    assert [dict(zip(ALL_COLUMNS, r, strict=True))["claim_id"] for r in table[1:]] == [
        r["claim_id"] for r in jsonl(store)
    ]


@pytest.mark.slow
def test_rows_stream_from_a_cursor(tmp_path: Path) -> None:
    """The first row comes after a fraction of the query's work: no sort, no fetchall."""
    path = write_answers(tmp_path / "many.jsonl", many_answers(2_000))
    with Store(tmp_path / "many.db") as s:
        assert import_files(s, [str(path)]).exit_code == 0
        steps = 0

        def count() -> int:
            nonlocal steps
            steps += 1
            return 0  # carry on

        s.db.conn.set_progress_handler(count, 100)  # every 100 SQLite VM instructions
        rows = exports.rows(s)
        assert next(rows)["claim_id"] == "M00000#1"
        first = steps
        assert sum(1 for _ in rows) == 5_999
        s.db.conn.set_progress_handler(None, 0)
    # A cursor read in batches has done at most a batch of 6,000 rows' work so far.
    assert 0 < first < steps / 3, (first, steps)


def test_output_file_is_written_whole(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "out" / "labels.csv"
    target.parent.mkdir()
    assert exports.export(store, target, "csv") == 4
    assert target.read_text(encoding="utf-8").startswith("answer_id,claim_id,")
    assert [p.name for p in target.parent.iterdir()] == ["labels.csv"]


def test_failed_export_leaves_no_partial_file(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "labels.jsonl"
    target.write_text("the previous export\n", encoding="utf-8")
    real_rows = exports.rows

    def failing(*args: Any, **kwargs: Any) -> Iterator[dict]:
        yield next(real_rows(*args, **kwargs))
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(exports, "rows", failing)
    with pytest.raises(RuntimeError):
        exports.export(store, target, "jsonl")
    assert target.read_text(encoding="utf-8") == "the previous export\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".labels")] == []
    with pytest.raises(RuntimeError):
        exports.export(store, tmp_path / "new.jsonl", "jsonl")
    assert not (tmp_path / "new.jsonl").exists()


@pytest.mark.parametrize(
    ("fmt", "name"),
    [("jsonl", "p.jsonl"), ("csv", "p.csv"), ("parquet", "p.parquet"), ("answers", "w.jsonl")],
)
def test_an_export_over_a_file_keeps_its_mode_and_a_new_one_has_the_umasks(
    store: Store, tmp_path: Path, fmt: str, name: str
) -> None:
    """A private file stays private when exported over, as a plain write keeps it."""
    target = tmp_path / name
    target.write_text("the previous export\n", encoding="utf-8")
    target.chmod(0o600)
    result = CliRunner().invoke(
        cli, ["export", "--format", fmt, "-o", str(target), "--db", store.path]
    )
    assert result.exit_code == 0, result.output
    assert target.stat().st_mode & 0o7777 == 0o600
    assert target.read_text(encoding="utf-8", errors="replace") != "the previous export\n"
    old = os.umask(0o027)
    try:
        fresh = tmp_path / f"new-{name}"
        result = CliRunner().invoke(
            cli, ["export", "--format", fmt, "-o", str(fresh), "--db", store.path]
        )
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert fresh.stat().st_mode & 0o7777 == 0o640


@pytest.mark.parametrize(
    ("fmt", "name"),
    [
        ("jsonl", "l" * 245),
        ("csv", "c" * 251 + ".csv"),  # 255 bytes, the longest name
        ("answers", "\u00e9" * 124 + ".jsonl"),  # 254 bytes in 130 characters
        ("parquet", "p" * 247 + ".parquet"),
        ("hf", "h" * 255),
    ],
)
def test_an_export_to_the_longest_name_the_folder_takes(
    store: Store, tmp_path: Path, fmt: str, name: str
) -> None:
    """The temporary name beside the target was 14 bytes longer: "File name too long"."""
    assert len(os.fsencode(name)) <= 255
    target = tmp_path / name
    result = CliRunner().invoke(
        cli, ["export", "--format", fmt, "-o", str(target), "--db", store.path]
    )
    assert result.exit_code == 0, result.output
    assert target.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


# An export in its own process, stopped once its first row is written to the temporary
# file: it says so on stdout and waits for a line on stdin.
PAUSED_EXPORT = """
import sys
from groundtui.cli import cli
from groundtui.exporting import claim_rows

rows = claim_rows.rows


def paused(*args, **kwargs):
    source = rows(*args, **kwargs)
    yield next(source)
    print("writing", flush=True)
    sys.stdin.readline()
    yield from source


claim_rows.rows = paused
cli.main(sys.argv[1:], prog_name="groundtui")
"""


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM])
def test_what_a_killed_export_left_is_removed_by_the_next_one(
    store: Store, tmp_path: Path, stop: signal.Signals
) -> None:
    """An export killed mid-way cannot remove its temporary file; the next export into the
    folder does, and only that: not a living export's, nor a file of the user's."""
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "labels.jsonl"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    command = ["export", "-o", str(target), "--db", store.path]
    exporter = subprocess.Popen(
        [sys.executable, "-c", PAUSED_EXPORT, *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert exporter.stdout is not None and exporter.stderr is not None
    try:
        assert exporter.stdout.readline() == "writing\n", exporter.stderr.read()
        (left,) = folder.iterdir()
        exporter.send_signal(stop)
        exporter.wait(timeout=30)
    finally:
        if exporter.poll() is None:
            exporter.kill()
        exporter.communicate()
    assert left.exists() and left.name.startswith(".labels.jsonl.") and not target.exists()
    handle, living = make_file(folder, ".labels.jsonl", ".tmp")  # this process's: alive
    os.close(handle)
    users = folder / ".labels.jsonl.groundtui-mine.tmp"
    users.write_text("the user's\n", encoding="utf-8")
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [target.name, Path(living).name, users.name]
    )
    assert len(target.read_text(encoding="utf-8").splitlines()) == 4


# -- the command ---------------------------------------------------------------------


def test_cli_export_jsonl_to_stdout(store: Store) -> None:
    result = CliRunner().invoke(cli, ["export", "--db", store.path])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows == jsonl(store)


def test_cli_export_csv_to_a_file(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "labels.csv"
    result = CliRunner().invoke(
        cli, ["export", "--format", "csv", "-o", str(target), "--reviewed-only", "--db", store.path]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "Wrote 1 claim to" in result.stderr
    table = list(csv.reader(target.open(encoding="utf-8", newline="")))
    assert table[0] == ALL_COLUMNS and len(table) == 2


@pytest.mark.slow
def test_cli_export_into_a_closed_pipe_is_quiet(tmp_path: Path) -> None:
    """`groundtui export | head -1`: no traceback, no "Exception ignored", exit code 0."""
    path = write_answers(tmp_path / "many.jsonl", many_answers(400))  # ~500 kB: > a pipe
    with Store(tmp_path / "many.db") as s:
        assert import_files(s, [str(path)]).exit_code == 0
    for fmt in ("jsonl", "csv"):
        process = subprocess.Popen(
            [sys.executable, "-m", "groundtui", "export", "--format", fmt],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "GROUNDTUI_DB": str(tmp_path / "many.db")},
        )
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(
            b'{"answer_id"' if fmt == "jsonl" else b"answer_id,"
        )
        process.stdout.close()
        stderr = process.stderr.read().decode()
        process.stderr.close()
        assert process.wait(timeout=60) == 0, stderr
        assert "Exception" not in stderr and "Traceback" not in stderr, stderr


def test_cli_export_to_an_empty_name_is_one_line(store: Store, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["export", "-o", "", "--db", store.path])
    assert result.exit_code == 2
    assert result.stderr == "groundtui: -o needs a file name (or - for stdout)\n"
    with pytest.raises(ValueError, match="no output file name"):
        exports.export(store, "")
    result = CliRunner().invoke(cli, ["export", "-o", str(tmp_path), "--db", store.path])
    assert result.exit_code == 2
    assert result.stderr == f"groundtui: cannot write {tmp_path}: is a folder, not a file name\n"


def test_cli_export_judge_and_errors(store: Store, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["export", "--judge", "prod", "--db", store.path])
    assert json.loads(result.stdout.splitlines()[1])["judge"] == "prod"
    result = CliRunner().invoke(cli, ["export", "--judge", "nobody", "--db", store.path])
    assert result.exit_code == 2
    assert "no judgements by 'nobody'" in result.stderr
    missing = tmp_path / "no-such-folder" / "labels.jsonl"
    result = CliRunner().invoke(cli, ["export", "-o", str(missing), "--db", store.path])
    assert result.exit_code == 2
    assert f"cannot write {missing}" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("fmt", ["jsonl", "answers"])
def test_json_exports_write_control_and_bidi_characters_escaped_and_read_back_the_same(
    tmp_path: Path, fmt: str
) -> None:
    """JSON escapes C0 controls only; a bidi override or a C1 CSI from the data would reach
    a terminal (or an editor) raw. As ``\\uXXXX`` the export reads back the same."""
    hostile = "x\u202eevil\u200b\x9b31m\x1b]0;pwned\x07"
    record = {
        "id": f"A-1{hostile}",
        "question": "q",
        "response": "Refunds take 5 days [1].",
        "sources": [{"id": f"s{hostile}", "origin": hostile, "text": "Refunds take 5 days."}],
        "meta": {"user": hostile},
        "claims": [
            {
                "text": "Refunds take 5 days.",
                "citation": 1,
                "verdict": "stated",
                "reviews": [
                    {
                        "reviewer": "dana",
                        "verdict": "stated",
                        "note": hostile,
                        "at": "2026-11-30T10:00:00Z",
                    }
                ],
            }
        ],
    }
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    db = tmp_path / "g.db"
    with Store(db) as store:
        assert import_files(store, [str(path)]).exit_code == 0
    result = CliRunner().invoke(cli, ["export", "--db", str(db), "--format", fmt])
    assert result.exit_code == 0, result.output
    for raw in ("\u202e", "\u200b", "\x9b", "\x1b", "\x07"):
        assert raw not in result.stdout
    [row] = [json.loads(line) for line in result.stdout.splitlines()]
    if fmt == "jsonl":
        assert (row["answer_id"], row["source_origin"], row["note"]) == (
            f"A-1{hostile}",
            hostile,
            hostile,
        )
    else:
        assert row["id"] == f"A-1{hostile}" and row["meta"] == {"user": hostile}


def test_output_to_a_fifo_or_through_a_symlink_writes_into_it_and_keeps_it(
    store: Store, tmp_path: Path
) -> None:
    """The temporary file was renamed over whatever -o named: a FIFO, or /dev/null or
    /dev/stdout for root, was replaced by a regular file, and a symlink by a file."""
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert exports.export(store, fifo, "jsonl") == 4
    reader.join(timeout=30)
    assert fifo.is_fifo() and len(got[0].decode().splitlines()) == 4

    real = tmp_path / "real.csv"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert exports.export(store, link, "csv") == 4
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("answer_id,")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def _a_hostile_note(tmp_path: Path) -> Path:
    """A database whose one claim has a note holding a terminal's title escape and a bidi
    override."""
    record = {
        "id": "A-1",
        "question": "q",
        "response": "Refunds take 5 days [1].",
        "sources": [{"id": "s", "text": "Refunds take 5 days."}],
        "claims": [
            {
                "text": "Refunds take 5 days.",
                "citation": 1,
                "verdict": "stated",
                "reviews": [
                    {
                        "reviewer": "dana",
                        "verdict": "stated",
                        "note": "x\x1b]0;pwned\x07\u202ey",
                        "at": "2026-11-30T10:00:00Z",
                    }
                ],
            }
        ],
    }
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    db = tmp_path / "g.db"
    with Store(db) as store:
        assert import_files(store, [str(path)]).exit_code == 0
    return db


def _inert(shown: bytes) -> bool:
    return b"note" in shown and b"\x1b" not in shown and "\u202e".encode() not in shown


@pytest.mark.slow
def test_csv_printed_to_a_terminal_shows_control_characters_inert(tmp_path: Path) -> None:
    """CSV has no escape: to a file or a pipe each character is kept as the data has it,
    but printed to a terminal an escape sequence in a claim or a note would act on it."""
    db = _a_hostile_note(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    command = [sys.executable, "-m", "groundtui", "export", "--format", "csv", "--db", str(db)]
    piped = subprocess.run(command, capture_output=True, env=env, timeout=60)
    assert b"\x1b]0;pwned\x07" in piped.stdout  # a pipe: the data as it is
    done, shown = on_a_terminal(lambda tty: command, env)
    assert done.returncode == 0, done.stderr
    assert _inert(shown)


@pytest.mark.slow
@pytest.mark.parametrize("device", ["/dev/stdout", "the terminal's name"])
def test_csv_written_with_o_to_a_terminal_shows_control_characters_inert(
    tmp_path: Path, device: str
) -> None:
    """`-o /dev/tty` (here the terminal's own name, as a test has no controlling terminal)
    and `-o /dev/stdout` on a terminal are the terminal: written inert as stdout is. A
    Parquet file, binary, is not written to a terminal at all."""
    db = _a_hostile_note(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}

    def command(fmt: str) -> Callable[[str], list[str]]:
        return lambda tty: [
            *(sys.executable, "-m", "groundtui", "export", "--format", fmt, "--db", str(db)),
            *("-o", device if device.startswith("/") else tty),
        ]

    done, shown = on_a_terminal(command("csv"), env)
    assert done.returncode == 0, done.stderr
    assert _inert(shown)
    done, shown = on_a_terminal(command("parquet"), env)
    assert done.returncode == 2 and shown == b""
    [line] = done.stderr.decode().splitlines()
    assert line.startswith("groundtui: cannot write ") and line.endswith(
        "is a terminal; this format is binary"
    )


def test_with_judge_labels_is_for_hf_only(store: Store) -> None:
    result = CliRunner().invoke(cli, ["export", "--with-judge-labels", "--db", store.path])
    assert result.exit_code == 2
    assert result.stderr == (
        "groundtui: --with-judge-labels is for --format hf; --format jsonl has the judge's "
        "labels already (label_source judge; --reviewed-only leaves them out)\n"
    )
