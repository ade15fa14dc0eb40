"""Each format's example file (tests/data/) imported: every field where docs/formats.md says."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from groundtui.importing.files import import_files
from groundtui.importing.formats import open_input, rows
from groundtui.importing.formats.base import stable_id, text_id
from groundtui.store import Store
from tests.helpers.builders import make_answer, table_with_a_damaged_row_group

DATA = Path(__file__).parent / "data"
RETURNS = "Items may be returned within 30 days. After 30 days, returns are assessed individually."
SUPER_BOWL = (
    "The First AFL-NFL World Championship Game was an American football game played "
    "on January 15, 1967, at the Los Angeles Memorial Coliseum in Los Angeles."
)


def stored(db: Path) -> list[dict[str, Any]]:
    """Every answer with its sources (in order), claims and reviews, as rows."""
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        out = []
        for a in conn.execute("select * from answers order by id"):
            answer = dict(a)
            answer["meta"] = json.loads(answer["meta"] or "{}")
            answer["sources"] = [
                dict(s)
                for s in conn.execute(
                    "select s.source_id as id, s.title, s.origin, s.text, s.updated_at from "
                    "answer_sources x join sources s on s.key = x.source_key "
                    "where x.answer_id = ? order by x.position",
                    (a["id"],),
                )
            ]
            answer["claims"] = [
                dict(c)
                for c in conn.execute(
                    "select text, citation from claims where answer_id = ? order by ordinal",
                    (a["id"],),
                )
            ]
            answer["reviews"] = [
                dict(r)
                for r in conn.execute("select reviewer, verdict, at from reviews order by id")
            ]
            out.append(answer)
        return out
    finally:
        conn.close()


def imported(db: Path, name: str, fmt: str | None = None) -> tuple[list[dict[str, Any]], Any]:
    with Store(db) as store:
        result = import_files(store, [str(DATA / name)], fmt=fmt)
    assert not result.bad, [str(b) for b in result.bad]
    return stored(db), result


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("answers.jsonl", "jsonl"),
        ("answers.json", "json"),
        ("answers.csv", "csv"),
        ("answers.parquet", "parquet"),
    ],
)
def test_groundtuis_own_fields_land_the_same_from_each_container(db_path, name, fmt):
    for asked in (None, fmt):
        path = db_path.with_name(f"{asked}.db")
        [answer], result = imported(path, name, asked)
        assert result.read_as[0][1:] == (fmt, asked is None)
        assert (answer["id"], answer["question"], answer["correct"]) == (
            "A-0412",
            "Can I return a sofa after six weeks?",
            1,
        )
        assert answer["response"] == "Returns are assessed individually after 30 days [1]."
        assert answer["sources"] == [
            {
                "id": "returns-policy-v3",
                "title": "Returns policy",
                "origin": "pdf-archive",
                "text": RETURNS,
                "updated_at": "2025-01-10",
            }
        ]
        assert answer["meta"] == {"model": "m-1"}
        assert answer["claims"] == [
            {"text": "Returns are assessed individually after 30 days.", "citation": 1}
        ]
        assert [(r["reviewer"], r["verdict"]) for r in answer["reviews"]] == [("dana", "stated")]
        assert answer["reviews"][0]["at"].startswith("2026-11-30T10:12:00")


@pytest.mark.parametrize("name", ["ragas.jsonl", "ragas.csv", "ragas.parquet"])
def test_ragas_rows(db_path, name):
    [answer], result = imported(db_path, name)
    assert result.detected() == "read as ragas rows"
    response = "The first superbowl was held on Jan 15, 1967"
    assert answer["id"] == stable_id("When was the first super bowl?", response, [SUPER_BOWL])
    assert (answer["question"], answer["response"]) == ("When was the first super bowl?", response)
    assert answer["sources"] == [
        {
            "id": text_id(SUPER_BOWL),
            "title": None,
            "origin": "ragas",
            "text": SUPER_BOWL,
            "updated_at": None,
        }
    ]
    # `reference` is an answer text, not a yes/no: it is kept, `correct` is not set from it
    assert answer["correct"] is None
    assert answer["meta"] == {"reference": "The first superbowl was held on January 15, 1967"}


def test_the_same_ragas_rows_from_any_container_are_the_same_answers(tmp_path):
    ids = {
        imported(tmp_path / f"{n}.db", n)[0][0]["id"]
        for n in ("ragas.jsonl", "ragas.csv", "ragas.parquet")
    }
    assert len(ids) == 1


def test_deepeval_test_cases(db_path):
    [answer], result = imported(db_path, "deepeval.json")
    assert result.detected() == "read as deepeval test cases"
    assert answer["question"] == "What if these shoes don't fit?"
    assert answer["response"] == "We offer a 30-day full refund at no extra cost."
    texts = [
        "Only shoes can be refunded.",
        "All customers are eligible for a 30 day full refund at no extra cost.",
    ]
    assert answer["id"] == stable_id(answer["question"], answer["response"], texts)
    assert [(s["id"], s["text"], s["origin"]) for s in answer["sources"]] == [
        (text_id(t), t, "deepeval") for t in texts
    ]
    assert answer["correct"] is None
    assert answer["meta"] == {
        "expected_output": "You're eligible for a 30 day refund at no extra cost.",
        "context": ["All customers are eligible for a 30 day full refund at no extra cost."],
    }


def test_openinference_spans_grouped_by_trace(db_path):
    [answer], result = imported(db_path, "openinference.jsonl")
    assert result.detected() == "read as OpenInference spans"
    trace = "0x5b8aa5a2d2c872e8321cf37308d69df2"
    assert answer["id"] == trace
    assert answer["question"] == "What is the refund window?"  # the root span's
    assert answer["response"] == "You can return items within 30 days [1]."
    assert answer["sources"] == [
        {
            "id": "returns-policy-v3",
            "title": "Returns policy",
            "origin": "help-centre",
            "text": "Items may be returned within 30 days.",
            "updated_at": None,
        },
        {
            "id": text_id("Refunds are paid to the original card."),
            "title": None,
            "origin": "openinference",
            "text": "Refunds are paid to the original card.",
            "updated_at": None,
        },
    ]
    meta = answer["meta"]
    assert meta["trace_id"] == trace
    assert meta["span_ids"] == {
        "root": "0x9fd4e1a0c2b3d401",
        "llm": "0x2c1e0a3b4d5f6071",
        "retriever": ["0x051581bf3cb55c13"],
    }
    assert meta["root_attributes"] == {"openinference.span.kind": "CHAIN", "session.id": "s-7"}
    assert meta["llm_model_name"] == "gpt-4o-mini"
    assert meta["source_metadata"] == [{"title": "Returns policy", "origin": "help-centre"}, None]


def test_openinference_falls_back_to_the_llm_span_and_takes_spans_in_any_order(tmp_path):
    spans = [json.loads(line) for line in (DATA / "openinference.jsonl").read_text().splitlines()]
    root = spans[2]
    root["attributes"] = {"openinference.span.kind": "CHAIN"}  # no input.value, no output.value
    spans[1]["attributes"]["input.value"] = "Refund window?"
    second = json.loads(json.dumps(spans))
    for span in second:
        span["context"]["trace_id"] = "0xabc"
    path = tmp_path / "spans.jsonl"  # the second trace root first, as Phoenix lists spans
    path.write_text("".join(json.dumps(s) + "\n" for s in [*spans, *reversed(second)]))
    source = open_input(str(path))
    name, found = rows(source, None)
    out = list(found)
    assert name == "openinference"
    assert [(r.number, r.error, r.record and r.record["question"]) for r in out] == [
        (1, None, "Refund window?"),
        (4, None, "Refund window?"),
    ]
    assert out[0].record is not None and out[1].record is not None
    assert out[0].record["sources"] == out[1].record["sources"]


def test_langfuse_trace(db_path):
    [answer], result = imported(db_path, "langfuse.json")
    assert result.detected() == "read as Langfuse traces"
    assert answer["id"] == "trace-7f3a"
    assert answer["question"] == "What is the refund window?"
    assert answer["response"] == "You can return items within 30 days [1]."
    assert answer["sources"] == [
        {
            "id": "returns-policy-v3",
            "title": "Returns policy",
            "origin": "langfuse",
            "text": "Items may be returned within 30 days.",
            "updated_at": None,
        },
        {
            "id": text_id("Refunds are paid to the original card."),
            "title": None,
            "origin": "langfuse",
            "text": "Refunds are paid to the original card.",
            "updated_at": None,
        },
    ]
    assert answer["meta"] == {
        "name": "rag-query",
        "timestamp": "2024-05-01T10:00:00.000Z",
        "userId": "u-42",
        "sessionId": "s-7",
        "tags": ["prod"],
        "metadata": {"release": "2024.05"},
        "trace_id": "trace-7f3a",
        "retriever_observation_ids": ["obs-1"],
    }


def test_langfuse_jsonl_of_traces(db_path, tmp_path):
    trace = json.loads((DATA / "langfuse.json").read_text())
    other = {**trace, "id": "trace-2", "input": [{"role": "user", "content": "And shoes?"}]}
    path = tmp_path / "traces.jsonl"
    path.write_text(json.dumps(trace) + "\n" + json.dumps(other) + "\n")
    with Store(db_path) as store:
        result = import_files(store, [str(path)], fmt="langfuse")
    assert not result.bad and result.answers == 2 and result.detected() == ""
    assert [a["question"] for a in stored(db_path)] == ["And shoes?", "What is the refund window?"]


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("answers.jsonl", "jsonl"),
        ("answers.json", "json"),
        ("answers.csv", "csv"),
        ("answers.parquet", "parquet"),
        ("ragas.jsonl", "ragas"),
        ("ragas.csv", "ragas"),
        ("ragas.parquet", "ragas"),
        ("deepeval.json", "deepeval"),
        ("openinference.jsonl", "openinference"),
        ("phoenix_spans.parquet", "openinference"),
        ("langfuse.json", "langfuse"),
    ],
)
def test_each_format_is_detected_whatever_the_files_name(tmp_path, name, fmt):
    renamed = tmp_path / "input.dat"
    shutil.copy(DATA / name, renamed)
    assert rows(open_input(str(renamed)), None)[0] == fmt


def test_the_same_file_imported_again_changes_nothing(db_path):
    for name in ("ragas.csv", "openinference.jsonl", "langfuse.json", "deepeval.json"):
        imported(db_path, name)
    with Store(db_path) as store:
        again = import_files(
            store,
            [
                str(DATA / n)
                for n in ("ragas.csv", "openinference.jsonl", "langfuse.json", "deepeval.json")
            ],
        )
    assert (again.answers, again.unchanged, again.bad) == (0, 4, [])


def test_openinference_from_phoenixs_spans_dataframe_in_parquet(db_path):
    [answer], result = imported(db_path, "phoenix_spans.parquet")
    assert result.detected() == "read as OpenInference spans"
    trace = "5b8aa5a2d2c872e8321cf37308d69df2"
    assert (answer["id"], answer["question"], answer["response"]) == (
        trace,
        "What is the refund window?",
        "You can return items within 30 days [1].",
    )
    assert [(s["id"], s["title"], s["origin"]) for s in answer["sources"]] == [
        ("returns-policy-v3", "Returns policy", "help-centre"),
        (text_id("Refunds are paid to the original card."), None, "openinference"),
    ]
    assert answer["meta"]["span_ids"] == {
        "root": "9fd4e1a0c2b3d401",
        "llm": "2c1e0a3b4d5f6071",
        "retriever": ["051581bf3cb55c13"],
    }


def test_openinference_spans_pretty_printed_as_the_console_exporter_writes_them(db_path, tmp_path):
    path = tmp_path / "spans.txt"
    path.write_text(
        "".join(
            json.dumps(json.loads(line), indent=4) + "\n"
            for line in (DATA / "openinference.jsonl").read_text().splitlines()
        )
    )
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert not result.bad and result.answers == 1
    assert result.detected() == "read as OpenInference spans"
    assert stored(db_path)[0]["id"] == "0x5b8aa5a2d2c872e8321cf37308d69df2"


def test_a_first_line_longer_than_what_detection_reads_is_still_detected(db_path, tmp_path):
    row = json.loads((DATA / "ragas.jsonl").read_text())
    row["retrieved_contexts"] = ["A long context. " * 10_000]
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(row) + "\n")
    assert rows(open_input(str(path)), None)[0] == "ragas"


def test_csv_with_old_mac_line_endings_is_detected_and_imported(db_path, tmp_path):
    """Excel's "CSV (Macintosh)" ends lines with a bare CR: detection read it as one line."""
    path = tmp_path / "mac.csv"
    path.write_bytes(
        (DATA / "answers.csv").read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    )
    assert rows(open_input(str(path)), None)[0] == "csv"
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert not result.bad and result.answers > 0
    assert result.detected() == "read as CSV"


def test_a_csv_header_naming_a_column_twice_is_a_bad_line(db_path, tmp_path):
    """Two `id` columns (a spreadsheet's copied column): the later one silently won."""
    path = tmp_path / "twice.csv"
    path.write_text(
        'id,question,response,sources,id\nA-1,q,r,"[{""id"": ""s"", ""text"": ""t""}]",B-9\n'
    )
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert result.answers == 0
    assert [str(bad) for bad in result.bad] == [f"{path}:1: column 'id' twice in the header"]


def _oi_with_metadata(metadata: str) -> str:
    lines = (DATA / "openinference.jsonl").read_text().splitlines()
    span = json.loads(lines[0])
    span["attributes"]["retrieval.documents.0.document.metadata"] = metadata
    return "\n".join([json.dumps(span), *lines[1:]]) + "\n"


@pytest.mark.parametrize(
    "name, text, reason",
    [
        pytest.param(
            "meta.csv",
            "id,question,response,sources,meta\n"
            'A-1,q,r,"[{""id"": ""s"", ""text"": ""t""}]","{""v"": 1e400}"\n',
            "2: field 'meta.v': 1e400 is out of range",
            id="csv-json-cell-overflow",
        ),
        pytest.param(
            "sources.csv",
            'id,question,response,sources\nA-1,q,r,"[{""id"": ""s"", ""text"": ""t\\ud800""}]"\n',
            "2: field 'sources.0.text': holds a lone surrogate (U+D800), which is not text",
            id="csv-json-cell-surrogate",
        ),
        pytest.param(
            "ragas.csv",
            "user_input,response,retrieved_contexts\nq,r [1],\"['a\\ud800']\"\n",
            "2: field 'sources.0.text': holds a lone surrogate (U+D800), which is not text",
            id="ragas-python-list-surrogate",
        ),
        pytest.param(
            "spans.jsonl",
            _oi_with_metadata('{"title": "T", "n": 1e400}'),
            "1: field 'meta.source_metadata.0.n': 1e400 is out of range",
            id="openinference-metadata-overflow",
        ),
    ],
)
def test_values_read_from_text_inside_a_record_are_checked_as_a_lines_are(
    db_path, tmp_path, name, text, reason
):
    """JSON (or a Python list) inside a cell or an attribute is read after the record's own
    check: a lone surrogate or an overflowing number there was a traceback at the write."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
        assert [str(bad) for bad in result.bad] == [f"{path}:{reason}"]
        assert result.exit_code == 2 and store.scalar("select count(*) from answers") == 0


def test_parquet_columns_of_any_arrow_type_are_kept_in_meta(db_path, tmp_path):
    """A duration column (a span's latency from pandas) was a traceback at the write."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "typed.parquet"
    pq.write_table(
        pa.table(
            {
                "id": ["A-1"],
                "question": ["q"],
                "response": ["r"],
                "sources": ['[{"id": "s", "text": "t"}]'],
                "latency": pa.array([1500], pa.duration("ms")),
                "at": pa.array([0], pa.timestamp("s")),
            }
        ),
        path,
    )
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
        assert not result.bad and result.answers == 1
        [meta] = [json.loads(r[0]) for r in store.db.execute("select meta from answers")]
    assert meta == {"latency": 1.5, "at": "1970-01-01T00:00:00"}


@pytest.mark.parametrize(
    "ident, reason",
    [
        (["returns"], "field 'observations.{o}.output.0.metadata.id': list is not an id"),
        ({"a": 1}, "field 'observations.{o}.output.0.metadata.id': dict is not an id"),
        (True, "field 'observations.{o}.output.0.metadata.id': bool is not an id"),
    ],
)
def test_a_langfuse_document_id_that_is_not_text_or_a_number_is_a_bad_line(
    db_path, tmp_path, ident, reason
):
    """It was stored as its Python repr: a source with the id "['returns']"."""
    trace = json.loads((DATA / "langfuse.json").read_text())
    place = next(i for i, o in enumerate(trace["observations"]) if o.get("type") == "RETRIEVER")
    trace["observations"][place]["output"][0]["metadata"]["id"] = ident
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    with Store(db_path) as store:
        result = import_files(store, [str(path)], fmt="langfuse")
    assert [bad.reason for bad in result.bad] == [reason.format(o=place)]


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"page_content": 5}, "0.page_content"),
        ({"page_content": 5, "text": "Refunds take 5 days."}, "0.page_content"),
        ({"node": {"text": ["Refunds"]}}, "0.node.text"),
    ],
)
def test_a_langfuse_document_whose_text_is_not_text_is_a_bad_line(db_path, tmp_path, doc, field):
    """``{"page_content": 5}`` beside a text was dropped without a word."""
    trace = json.loads((DATA / "langfuse.json").read_text())
    place = next(i for i, o in enumerate(trace["observations"]) if o.get("type") == "RETRIEVER")
    trace["observations"][place]["output"][0] = doc
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    with Store(db_path) as store:
        result = import_files(store, [str(path)], fmt="langfuse")
    kind = type(next(iter(doc.values())) if "node" not in doc else doc["node"]["text"]).__name__
    assert [bad.reason for bad in result.bad] == [
        f"field 'observations.{place}.output.{field}': {kind} is not text"
    ]


def test_a_langfuse_document_id_given_as_a_number_is_its_digits(db_path, tmp_path):
    trace = json.loads((DATA / "langfuse.json").read_text())
    place = next(i for i, o in enumerate(trace["observations"]) if o.get("type") == "RETRIEVER")
    trace["observations"][place]["output"][0]["metadata"]["id"] = 42
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    with Store(db_path) as store:
        assert import_files(store, [str(path)], fmt="langfuse").exit_code == 0
        assert (
            store.scalar(
                "select source_id from answer_sources a join sources s"
                " on s.key = a.source_key where position = 1"
            )
            == "42"
        )


def test_an_openinference_document_id_that_is_a_list_is_a_bad_line(db_path, tmp_path):
    lines = (DATA / "openinference.jsonl").read_text().splitlines()
    span = json.loads(lines[0])
    span["attributes"]["retrieval.documents.0.document.id"] = ["x"]
    path = tmp_path / "spans.jsonl"
    path.write_text("\n".join([json.dumps(span), *lines[1:]]) + "\n")
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [bad.reason for bad in result.bad] == [
        "field 'retrieval.documents.0.document.id': list is not an id"
    ]


def test_langfuse_messages_whose_content_is_a_list_of_parts(db_path, tmp_path):
    """OpenAI's chat format, as Langfuse's OpenAI integration records it: a message's
    content may be a list of parts ({"type": "text", "text": …}); it was "no text in it"."""
    trace = json.loads((DATA / "langfuse.json").read_text())
    trace["input"] = [
        {"role": "system", "content": "Be brief."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "And shoes?"},
                {"type": "image_url", "image_url": {}},
            ],
        },
    ]
    trace["output"] = {
        "role": "assistant",
        "content": [{"type": "text", "text": "Shoes: 30 days [1]."}],
    }
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    with Store(db_path) as store:
        result = import_files(store, [str(path)], fmt="langfuse")
    assert not result.bad, [str(b) for b in result.bad]
    [answer] = stored(db_path)
    assert (answer["question"], answer["response"]) == ("And shoes?", "Shoes: 30 days [1].")


def _native_table(**column: Any) -> Any:
    """Two answers of groundtui's own columns, with ``column`` (one Arrow array) beside."""
    import pyarrow as pa

    rows = [make_answer(f"A-{i}") for i in range(2)]
    table = pa.Table.from_pylist([{**r, "sources": json.dumps(r["sources"])} for r in rows])
    ((name, values),) = column.items()
    return table.append_column(name, values)


NS = 1_700_000_000_123_456_789


@pytest.mark.parametrize(
    ("kind", "value", "kept"),
    [
        ("timestamp[ns]", NS, "2023-11-14T22:13:20.123456789"),
        ("timestamp[ns, tz=UTC]", NS, "2023-11-14T22:13:20.123456789+00:00"),
        ("time64[ns]", 1_000_000_123, "00:00:01.000000123"),
        ("duration[ns]", 1_000_000_123, 1.000000123),
    ],
)
def test_parquet_times_python_cannot_hold_are_kept(db_path, tmp_path, kind, value, kept):
    """Nanoseconds (pandas' and Phoenix's default) and years past 9999 were a traceback."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {
        "timestamp[ns]": pa.timestamp("ns"),
        "timestamp[ns, tz=UTC]": pa.timestamp("ns", tz="UTC"),
        "time64[ns]": pa.time64("ns"),
        "duration[ns]": pa.duration("ns"),
    }
    path = tmp_path / "answers.parquet"
    pq.write_table(_native_table(logged=pa.array([value, None], types[kind])), path)
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert (result.bad, result.answers) == ([], 2)
    assert [a["meta"].get("logged") for a in stored(db_path)] == [kept, None]


@pytest.mark.parametrize(
    ("kind", "value", "reason"),
    [
        ("timestamp[us]", 10**18, "column 'when': a time outside the years 1-9999"),
        ("timestamp[s]", -(10**13), "column 'when': a time outside the years 1-9999"),
        ("date32", 2**31 - 1, "column 'when': a value Python cannot hold"),
    ],
)
def test_a_parquet_time_out_of_range_is_a_bad_row_naming_its_column(
    db_path, tmp_path, kind, value, reason
):
    """An out-of-range timestamp was a traceback."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"timestamp[us]": pa.timestamp("us"), "timestamp[s]": pa.timestamp("s")}
    path = tmp_path / "answers.parquet"
    when = pa.array([None, value], types.get(kind, pa.date32()))
    pq.write_table(_native_table(when=when), path)
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [(b.line, b.reason.split(" (")[0]) for b in result.bad] == [(2, reason)]
    assert result.answers == 1


def test_a_damaged_second_row_group_is_one_bad_line_for_its_rows(db_path, tmp_path):
    """It was a traceback; the first row group's answers import with --skip-invalid."""
    rows = [make_answer(f"A-{i}") for i in range(4)]
    rows = [{**r, "sources": json.dumps(r["sources"])} for r in rows]
    path = table_with_a_damaged_row_group(tmp_path / "answers.parquet", rows)
    with Store(db_path) as store:
        refused = import_files(store, [str(path)])
        assert [(b.line, b.reason.split(" (")[0]) for b in refused.bad] == [(3, "row group 2")]
        assert refused.bad[0].reason.startswith("row group 2 (rows 3-4) cannot be read")
        assert refused.answers == 0
        skipped = import_files(store, [str(path)], skip_invalid=True)
    assert (skipped.answers, skipped.exit_code) == (2, 1)


def test_an_openinference_document_index_of_5000_digits_is_a_bad_line(db_path, tmp_path):
    """It was Python's own message about int() and 4,300 digits."""
    spans = [json.loads(line) for line in (DATA / "openinference.jsonl").read_text().splitlines()]
    retriever = next(
        s for s in spans if "retrieval.documents.0.document.content" in s["attributes"]
    )
    index = "9" * 5000
    retriever["attributes"][f"retrieval.documents.{index}.document.content"] = "More."
    path = tmp_path / "spans.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in spans))
    with Store(db_path) as store:
        result = import_files(store, [str(path)], fmt="openinference")
    assert [b.reason.split(": ", 1)[1] for b in result.bad] == [
        "a document index of 5,000 digits (at most 9)"
    ]
    assert result.bad[0].reason.startswith("field 'attributes.retrieval.documents.9999")
