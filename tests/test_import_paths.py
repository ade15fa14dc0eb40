"""The ``--map FIELD=PATH`` grammar (groundtui.importing.paths) and ``--map`` in every
container: nested keys, lists, JSON and Python repr inside a string, a path that finds
nothing named at its first step, and the refusal that suggests the ``--map`` to give."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.importing.formats.base import text_id
from groundtui.importing.formats.fields import parse_map
from groundtui.importing.paths import PathMiss, Reader, parse
from groundtui.store import Store
from tests.test_import_formats import stored

EXAMPLE = {
    "id": "ex-1",
    "request": {"question": "Can I return a sofa?"},
    "reply": {
        "answer": "Within 30 days [1].",
        "documents": [
            {"id": "kb-1", "metadata": {"title": "Returns"}, "page_content": "30 days."},
            {"id": "kb-2", "metadata": {"title": "Refunds"}, "page_content": "5 days."},
        ],
    },
    "attributes": {"input.value": "dotted", "retrieval": {"k": 2}},
    "record_json": "{'calls': [{'rets': ['a', 'b'], 'ok': True, 'n': None}]}",
    "spans": '[{"attributes": {"out": "[1, 2]"}}]',
    "generations": [[{"text": "first"}, {"text": "second"}]],
}


def found(path: str, record: dict[str, Any] = EXAMPLE) -> Any:
    return Reader(record).value(parse(path))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("id", "ex-1"),  # a column's name is a one-step path
        ("request.question", "Can I return a sofa?"),
        ("reply.documents[].page_content", ["30 days.", "5 days."]),
        ("reply.documents[1].metadata.title", "Refunds"),
        ("reply.documents[].metadata.title", ["Returns", "Refunds"]),
        ("generations[0][1].text", "second"),
        ("generations[0][].text", ["first", "second"]),
        ("attributes.input.value", "dotted"),  # a key holding dots
        ("attributes.retrieval.k", 2),  # and the nested key beside it
        ("record_json.calls[0].rets", ["a", "b"]),  # Python's repr in a string
        ("record_json.calls[0].ok", True),
        ("spans[0].attributes.out[1]", 2),  # JSON in a string, twice over
    ],
)
def test_a_path_finds_what_it_names(path, value):
    assert found(path) == value


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("request.questoin", "no key 'questoin' in 'request' (its keys: 'question')"),
        ("reply.documents[5]", "'reply.documents' is a list of 2, so has no [5]"),
        ("request.question.text", "'request.question' is text, not an object"),
        ("request[]", "'request' is an object, not a list"),
        ("missing", "no key 'missing' in the record (its keys: 'id', 'request', 'reply', "),
        (
            "reply.documents[].score",
            "no key 'score' in 'reply.documents[0]' (its keys: 'id', 'metadata', 'page_content')",
        ),
    ],
)
def test_a_path_that_finds_nothing_names_its_first_step_that_did_not_match(path, reason):
    with pytest.raises(PathMiss) as caught:
        found(path)
    assert str(caught.value).startswith(reason)


def test_text_that_is_neither_json_nor_a_literal_is_said_so():
    with pytest.raises(PathMiss, match="'note' is text that is neither JSON nor a Python literal"):
        found("note.x", {"note": "{not: json"})


def test_a_literal_is_read_with_literal_eval_never_eval(tmp_path):
    marker = tmp_path / "ran"
    code = f"[__import__('pathlib').Path({str(marker)!r}).touch()]"
    with pytest.raises(PathMiss, match="neither JSON nor a Python literal"):
        found("cell[0]", {"cell": code})
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a..b", "an empty step"),
        ("a[x]", "'a[x]' is not a key with [] or [n] after it"),
        ("a.[0]", "'[0]' has no key before its ["),
        ("a[99999999]", "[99999999] is past any list"),
    ],
)
def test_a_path_that_is_not_one_is_said_so(text, reason):
    with pytest.raises(ValueError, match=reason.replace("[", r"\[").replace("]", r"\]")):
        parse(text)


def test_map_options_name_the_fields_groundtui_reads():
    given = parse_map(["question=request.question", "sources[].text=docs[].text"])
    assert {k: str(v) for k, v in given.items()} == {
        "question": "request.question",
        "sources[].text": "docs[].text",
    }
    with pytest.raises(ValueError, match="FIELD is one of id, question, response, sources, "):
        parse_map(["title=x"])
    with pytest.raises(ValueError, match="both say where the sources are"):
        parse_map(["sources=a", "sources[].text=b"])
    with pytest.raises(ValueError, match=re.escape("--map question=a..b: PATH 'a..b'")):
        parse_map(["question=a..b"])


def _imported(db: Path, path: Path, maps: dict[str, str] | None = None) -> Any:
    with Store(db) as store:
        return import_files(store, [str(path)], skip_invalid=True, columns=maps or {})


NESTED_MAPS = {
    "question": "request.question",
    "response": "reply.answer",
    "sources": "reply.documents",
}


def test_nested_fields_of_json_lines_with_map(db_path, tmp_path):
    path = tmp_path / "examples.jsonl"
    record = {k: EXAMPLE[k] for k in ("request", "reply")}
    path.write_text(json.dumps(record) + "\n")
    refused = _imported(db_path, path)
    assert [b.reason for b in refused.bad] == [
        "missing field 'question', 'response', 'sources'; the row's columns: 'request', "
        "'reply'; try --map question=request.question --map response=reply.answer "
        "--map sources=reply.documents"
    ]
    result = _imported(db_path, path, NESTED_MAPS)
    assert not result.bad
    [answer] = stored(db_path)
    assert (answer["question"], answer["response"]) == (
        "Can I return a sofa?",
        "Within 30 days [1].",
    )
    assert [(s["id"], s["title"], s["text"]) for s in answer["sources"]] == [
        ("kb-1", "Returns", "30 days."),
        ("kb-2", "Refunds", "5 days."),
    ]


def test_sources_from_their_parts(db_path, tmp_path):
    path = tmp_path / "parts.json"
    path.write_text(json.dumps([{k: EXAMPLE[k] for k in ("request", "reply")}]))
    maps = {
        "question": "request.question",
        "response": "reply.answer",
        "sources[].text": "reply.documents[].page_content",
        "sources[].id": "reply.documents[].metadata.title",
    }
    assert not _imported(db_path, path, maps).bad
    [answer] = stored(db_path)
    assert [(s["id"], s["text"]) for s in answer["sources"]] == [
        ("Returns", "30 days."),
        ("Refunds", "5 days."),
    ]


def test_a_map_whose_path_finds_nothing_is_a_bad_line_naming_the_step(db_path, tmp_path):
    path = tmp_path / "examples.jsonl"
    path.write_text(json.dumps({k: EXAMPLE[k] for k in ("request", "reply")}) + "\n")
    result = _imported(db_path, path, {**NESTED_MAPS, "question": "request.query"})
    assert [b.reason for b in result.bad] == [
        "field 'question': --map question=request.query found nothing: no key 'query' in "
        "'request' (its keys: 'question')"
    ]


def test_map_into_json_and_repr_text_held_in_csv_cells(db_path, tmp_path):
    path = tmp_path / "cells.csv"
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["request", "reply", "record_json"])
        writer.writerow(
            [
                json.dumps({"question": "Refund window?"}),
                "30 days [1].",
                repr({"calls": [{"rets": ["Items: 30 days.", "Refunds: 5 days."]}]}),
            ]
        )
    maps = {
        "question": "request.question",
        "response": "reply",
        "sources": "record_json.calls[0].rets",
    }
    assert not _imported(db_path, path, maps).bad
    [answer] = stored(db_path)
    assert answer["question"] == "Refund window?"
    assert [(s["id"], s["text"]) for s in answer["sources"]] == [
        (text_id("Items: 30 days."), "Items: 30 days."),
        (text_id("Refunds: 5 days."), "Refunds: 5 days."),
    ]


def test_map_into_nested_parquet_columns(db_path, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "nested.parquet"
    row = {**{k: EXAMPLE[k] for k in ("request", "reply")}, "at": 1_796_531_125_656}
    pq.write_table(pa.Table.from_pylist([row]), path)
    assert not _imported(db_path, path, {**NESTED_MAPS, "answered_at": "at"}).bad
    [answer] = stored(db_path)
    assert [s["text"] for s in answer["sources"]] == ["30 days.", "5 days."]
    assert answer["answered_at"] == "2026-12-06T04:25:25.656000Z"


def test_a_time_mapped_that_is_no_time_is_a_bad_line(db_path, tmp_path):
    path = tmp_path / "t.jsonl"
    record = {**{k: EXAMPLE[k] for k in ("request", "reply")}, "when": "yesterday"}
    path.write_text(json.dumps(record) + "\n")
    result = _imported(db_path, path, {**NESTED_MAPS, "answered_at": "when"})
    assert [b.reason for b in result.bad] == [
        "field 'answered_at': 'yesterday' is not ISO 8601 (2026-11-30T10:12:00Z)"
    ]


def test_map_on_the_command_line_reaches_nested_fields(db_path, tmp_path):
    path = tmp_path / "examples.jsonl"
    path.write_text(json.dumps({k: EXAMPLE[k] for k in ("request", "reply")}) + "\n")
    args = ["import", "--db", str(db_path), str(path)]
    for field, where in NESTED_MAPS.items():
        args += ["--map", f"{field}={where}"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "Imported 1 answer, 2 sources" in result.output


def test_map_is_refused_for_spans_whose_dialect_says_where_fields_are(db_path):
    spans = Path(__file__).parent / "data" / "producers" / "otel" / "console.jsonl"
    result = CliRunner().invoke(
        cli, ["import", "--db", str(db_path), str(spans), "--map", "question=x"]
    )
    assert result.exit_code == 2
    assert "--map names the fields of records that are answers" in result.output
