"""Bad data named (issue 15): hints for a file in another format, empty sources, reviews
without ``at``; the rules of every import (all or nothing, ``file:line: reason``) in each."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.store import Store
from tests.helpers.builders import dump, make_answer, write_jsonl

DATA = Path(__file__).parent / "data"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def many_csv(path: Path, n: int) -> Path:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "question", "response", "sources"])
        for i in range(n):
            writer.writerow([f"A-{i}", "q", "r", json.dumps(make_answer()["sources"])])
    return path


@pytest.mark.parametrize(
    ("name", "asked", "likely"),
    [
        ("answers.csv", "jsonl", "CSV"),
        ("answers.json", "jsonl", "a JSON array"),
        ("ragas.jsonl", "jsonl", "ragas rows"),
        ("answers.jsonl", "ragas", "JSON Lines"),
        ("ragas.csv", "csv", "ragas rows"),
        ("deepeval.json", "json", "deepeval test cases"),
        ("langfuse.json", "openinference", "Langfuse traces"),
        ("openinference.jsonl", "langfuse", "OpenInference spans"),
    ],
)
def test_a_file_in_another_format_than_asked_is_one_line_naming_the_likely_one(
    db_path, name, asked, likely
):
    result = run("import", str(DATA / name), "--format", asked, "--db", str(db_path))
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert f"looks like {likely}, not " in result.output and "try --format" in result.output
    assert not db_path.exists()


def test_a_large_csv_is_read_as_csv_not_186_lines_of_not_json(db_path, tmp_path):
    path = many_csv(tmp_path / "answers.csv", 186)
    asked = run("import", str(path), "--format", "jsonl", "--db", str(db_path))
    assert asked.exit_code == 2 and asked.output.count("\n") == 1
    assert "looks like CSV, not JSON Lines; try --format csv" in asked.output
    detected = run("import", str(path), "--db", str(db_path))
    assert detected.exit_code == 0, detected.output
    assert "Imported 186 answers" in detected.output and "(read as CSV)" in detected.output


def test_a_format_is_detected_from_stdin(db_path):
    result = run("import", "-", "--db", str(db_path), input=(DATA / "ragas.csv").read_text())
    assert result.exit_code == 0, result.output
    assert "Imported 1 answer, " in result.output and "(read as ragas rows)" in result.output


def test_a_csv_bad_row_is_named_by_the_line_it_starts_on(db_path, tmp_path):
    path = many_csv(tmp_path / "in.csv", 3)
    text = path.read_text().splitlines()
    text.insert(2, 'A-x,"a question\non two lines",r,[]')
    text.insert(3, "A-y,q,r,not json")
    path.write_text("\n".join(text) + "\n")
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [str(b) for b in result.bad] == [
        f"{path}:5: field 'sources': not JSON (Expecting value, column 1)"
    ]


@pytest.mark.parametrize("text", ["  \n", "\u200b", "\ufeff \u200d\u2060\n\u202e"])
def test_an_empty_source_text_is_a_bad_line(db_path, tmp_path, text):
    """Whitespace and zero-width or format characters only is empty: U+200B was accepted."""
    empty = make_answer("A-2")
    empty["sources"][1]["text"] = text
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), empty, make_answer("A-3")])
    before = dump(db_path) if db_path.exists() else None
    with Store(db_path) as store:
        refused = import_files(store, [str(path)])
    assert [str(b) for b in refused.bad] == [
        f"{path}:2: field 'sources.1.text': empty; a source without text supports no claim"
    ]
    assert refused.exit_code == 2 and refused.answers == 0
    assert before is None or dump(db_path) == before
    with Store(db_path) as store:
        skipped = import_files(store, [str(path)], skip_invalid=True)
    assert (skipped.answers, len(skipped.bad), skipped.exit_code) == (2, 1, 1)


def test_an_empty_context_in_ragas_rows_is_named_by_its_row(db_path, tmp_path):
    row = json.loads((DATA / "ragas.jsonl").read_text())
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(row) + "\n" + json.dumps({**row, "retrieved_contexts": [""]}) + "\n")
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [str(b) for b in result.bad] == [
        f"{path}:2: field 'retrieved_contexts[0]': blank; a source without text supports no claim"
    ]
    assert result.answers == 1


def _with_review(at: str | None) -> dict:
    review = {"reviewer": "dana", "verdict": "stated"}
    if at is not None:
        review["at"] = at
    return make_answer(
        "A-1", claims=[{"text": "Sofas can be returned within 14 days.", "reviews": [review]}]
    )


def test_a_review_without_at_names_reviews_at(db_path, tmp_path):
    path = write_jsonl(tmp_path / "in.jsonl", [_with_review(None)])
    result = run("import", str(path), "--db", str(db_path))
    assert result.exit_code == 2
    assert (
        f"{path}:1: field 'claims.0.reviews.0.at': missing; pass --reviews-at TIME to give "
        "reviews without one that time"
    ) in result.output


def test_reviews_at_gives_the_time_as_given_and_again_changes_nothing(db_path, tmp_path):
    path = write_jsonl(
        tmp_path / "in.jsonl",
        [_with_review(None), {**_with_review("2026-01-02T03:04:05Z"), "id": "A-2"}],
    )
    args = ("import", str(path), "--reviews-at", "2026-11-30T10:00:00Z", "--db", str(db_path))
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert "1 answers" not in first.output and "2 reviews" in first.output
    with Store(db_path) as store:
        ats = sorted(r["at"] for r in store.db.query("select at from reviews"))
    assert [a[:19] for a in ats] == ["2026-01-02T03:04:05", "2026-11-30T10:00:00"]
    before = dump(db_path)
    again = run(*args)
    assert again.exit_code == 0 and "2 unchanged" in again.output
    assert dump(db_path) == before


@pytest.mark.parametrize("bad", ["yesterday", "2026-11-30T10:00:00"])
def test_reviews_at_must_be_a_time_with_a_zone(db_path, tmp_path, bad):
    path = write_jsonl(tmp_path / "in.jsonl", [_with_review(None)])
    result = run("import", str(path), "--reviews-at", bad, "--db", str(db_path))
    assert result.exit_code == 2 and "ISO 8601 with a zone" in result.output
    assert not db_path.exists()


def test_parquet_from_stdin_is_refused_in_one_line(db_path):
    result = CliRunner().invoke(
        cli, ["import", "-", "--db", str(db_path)], input=(DATA / "ragas.parquet").read_bytes()
    )
    assert result.exit_code == 2
    assert "Parquet cannot be read from stdin" in result.output


def test_a_json_arrays_records_are_named_by_their_number(db_path, tmp_path):
    good = json.dumps(make_answer("A-1"))
    path = tmp_path / "in.json"
    path.write_text(f"[{good},\n [1, 2],\n {json.dumps(make_answer('A-3', response=7))}]")
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [str(b) for b in result.bad] == [
        f"{path}:2: not a JSON object",
        f"{path}:3: field 'response': Input should be a valid string",
    ]
    assert result.answers == 1 and result.read_as == [(str(path), "json", True)]
    path.write_text(f"[{good}, {good[:-1]}")
    with Store(db_path) as store:
        broken = import_files(store, [str(path)], fmt="json")
    assert [(b.line, b.reason.split(" (")[0]) for b in broken.bad] == [(2, "not JSON")]


def test_a_question_or_meta_too_long_is_a_bad_line_in_every_format(db_path, tmp_path):
    """A 100 MB question took 1 GB to import and 44 s to open: the question has the
    response's limit, and meta one of its own, in a table as in JSON Lines."""
    with Store(db_path) as store:
        store.settings.set("max_answer_chars", "1000")
    rows = [
        make_answer("A-1", question="why? " * 300),
        make_answer("A-2", meta={"trace": "x" * 2**20}),
        make_answer("A-3"),
    ]
    jsonl = write_jsonl(tmp_path / "in.jsonl", rows)
    table = tmp_path / "in.csv"
    with table.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "question", "response", "sources", "trace"])
        for r in rows:
            cells = [r["id"], r["question"], r["response"], json.dumps(r["sources"])]
            writer.writerow([*cells, r.get("meta", {}).get("trace", "")])
    meta = f"{len(json.dumps(rows[1]['meta'])):,}"
    for path in (jsonl, table):
        with Store(db_path) as store:
            result = import_files(store, [str(path)], skip_invalid=True)
        assert [str(b) for b in result.bad] == [
            f"{path}:{2 if path == table else 1}: field 'question': 1,500 characters, over "
            "max_answer_chars (1,000; `groundtui config max_answer_chars N` changes it)",
            f"{path}:{3 if path == table else 2}: field 'meta': {meta} characters as JSON, "
            "over 1,048,576, the most it holds",
        ]


def test_a_csv_cell_over_the_line_limit_is_a_bad_row_and_the_rows_after_it_import(
    db_path, tmp_path
):
    """A cell is held to the 16 MiB a JSON Lines line holds, and read at the speed of the
    rest (codecs' line reader took 27 s over a 17 MB cell)."""
    path = tmp_path / "big.csv"
    sources = json.dumps(make_answer()["sources"])
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "question", "response", "sources"])
        writer.writerow(["A-1", "q" * (17 * 2**20), "r", sources])
        writer.writerow(["A-2", "q", "r", sources])
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [str(b) for b in result.bad] == [f"{path}:2: a cell longer than 16 MiB"]
    assert result.answers == 1
