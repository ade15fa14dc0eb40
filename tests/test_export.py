"""The label export (SPEC §7): columns, rows, --reviewed-only, --judge, CSV quoting, -o."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui import export as exports
from groundtui.cli import cli
from groundtui.importer import import_files
from groundtui.store import Store

# SPEC §7, in its order.
SPEC_COLUMNS = [
    "answer_id",
    "claim_id",
    "claim",
    "kind",
    "citation",
    "source_id",
    "source_origin",
    "evidence",
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
]
AWKWARD = 'Refunds, "usually", take\n5 days.'
NOTE = 'has, "quotes"\nand lines'
REFUNDS = {
    "id": "refunds",
    "origin": "pdf-archive",
    "text": "Refunds are usually issued within 5 working days.",
}
FAQ = {"id": "faq", "origin": "help-centre", "text": "Ask us anything."}
ANSWERS = [
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


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in ANSWERS) + "\n", encoding="utf-8")
    with Store(tmp_path / "export.db") as s:
        assert import_files(s, [str(path)]).exit_code == 0
        s.add_review("E2#1", "lee", None, at="2026-12-01T00:00:00.000000Z")  # retracted
        s.add_judgement("E1#2", "second", "v1", verdict="stated", at="2030-01-01T00:00:00.000000Z")
        yield s


def jsonl(store: Store, **options: object) -> list[dict]:
    out = io.StringIO()
    exports.write(store, out, "jsonl", **options)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_one_row_per_claim_with_spec_columns_in_order(store: Store) -> None:
    rows = jsonl(store)
    assert exports.COLUMNS == SPEC_COLUMNS
    assert all(list(row) == SPEC_COLUMNS for row in rows)
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
    assert all(uncited[k] is None for k in SPEC_COLUMNS[4:])


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


def test_claim_ids_are_stable_across_runs(store: Store) -> None:
    assert jsonl(store) == jsonl(store)


def test_csv_has_the_same_columns_and_quotes_what_needs_quoting(store: Store) -> None:
    out = io.StringIO()
    assert exports.write(store, out, "csv") == 4
    text = out.getvalue()
    assert '"Refunds, ""usually"", take\n5 days."' in text
    table = list(csv.reader(io.StringIO(text, newline="")))
    assert table[0] == SPEC_COLUMNS
    assert len(table) == 5
    first = dict(zip(SPEC_COLUMNS, table[1], strict=True))
    assert (first["claim"], first["note"], first["citation"]) == (AWKWARD, NOTE, "1")
    uncited = dict(zip(SPEC_COLUMNS, table[4], strict=True))
    assert uncited["citation"] == uncited["label"] == ""  # null is an empty cell
    assert [dict(zip(SPEC_COLUMNS, r, strict=True))["claim_id"] for r in table[1:]] == [
        r["claim_id"] for r in jsonl(store)
    ]


def test_rows_stream_from_a_cursor(store: Store) -> None:
    rows = exports.rows(store)
    assert isinstance(rows, Iterator)
    assert next(rows)["claim_id"] == "E1#1"


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

    def failing(*args: object, **kwargs: object) -> Iterator[dict]:
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
    assert table[0] == SPEC_COLUMNS and len(table) == 2


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
