"""Files as the producers' own libraries write them (tests/data/producers/, each made by its
``make_*.py`` with the version in its ``VERSIONS``): 18 of the 20 answers import exactly,
the two with an empty and a blank context are bad lines naming the producer's field."""

from __future__ import annotations

import csv
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.importing.formats.base import text_id
from groundtui.store import Store
from tests.test_import_formats import stored

PRODUCERS = Path(__file__).parent / "data" / "producers"
sys.path.insert(0, str(PRODUCERS))
from support_bot import answers  # noqa: E402

EXPECTED = answers()
REFUSED = {7, 14}  # the answers with an empty and a blank context


def import_skipping(db: Path, path: Path, fmt: str | None = None) -> Any:
    with Store(db) as store:
        return import_files(store, [str(path)], skip_invalid=True, fmt=fmt)


def assert_exact(db: Path, *, ids: bool, titles: bool = False) -> None:
    """Every answer but the refused two, every text byte for byte, sources in order."""
    got = {(a["question"], a["response"]): a["sources"] for a in stored(db)}
    kept = [a for n, a in enumerate(EXPECTED, 1) if n not in REFUSED]
    assert len(got) == len(kept)
    for answer in kept:
        sources = got[answer["question"], answer["response"]]
        assert [s["text"] for s in sources] == [s["text"] for s in answer["sources"]]
        if ids:
            assert [s["id"] for s in sources] == [s["id"] for s in answer["sources"]]
        if titles:
            assert [s["title"] for s in sources] == [s["title"] for s in answer["sources"]]


def assert_refused(result: Any, field: str) -> None:
    reasons = [b.reason for b in result.bad]
    assert len(reasons) == 2, reasons
    assert reasons[0] == f"field '{field}': no source in it; an answer needs its sources"
    assert reasons[1] == f"field '{field}[0]': blank; a source without text supports no claim"


@pytest.mark.parametrize(
    ("name", "ids"),
    [
        ("plain.json", False),
        ("plain.jsonl", False),  # retrieval_context joined with "|"
        ("plain.csv", False),
        ("sourced.json", True),  # RetrievedContextData: deepeval_source=…,deepeval_context=…
        ("sourced.jsonl", True),
    ],
)
def test_deepeval_save_as(db_path, name, ids):
    result = import_skipping(db_path, PRODUCERS / "deepeval" / name)
    assert result.detected() == "read as deepeval test cases"
    assert_refused(result, "retrieval_context")
    assert_exact(db_path, ids=ids)


def test_deepeval_splits_a_joined_context_at_every_bar_as_deepeval_does(db_path, tmp_path):
    line = PRODUCERS.joinpath("deepeval", "plain.jsonl").read_text().splitlines()[0]
    path = tmp_path / "bar.jsonl"
    path.write_text(line.replace("3-5 working days;", "3-5 working days |"))
    import_skipping(db_path, path)
    [answer] = stored(db_path)
    assert [s["text"] for s in answer["sources"]][:2] == [
        "Standard shipping takes 3-5 working days ",
        " express 1 day. (case 1)",
    ]


@pytest.mark.parametrize("name", ["dataset.jsonl", "dataset.csv"])
def test_ragas_evaluation_dataset_with_context_ids(db_path, name):
    result = import_skipping(db_path, PRODUCERS / "ragas" / name)
    assert result.detected() == "read as ragas rows"
    assert_refused(result, "retrieved_contexts")
    assert_exact(db_path, ids=True)
    assert all("retrieved_context_ids" not in a["meta"] for a in stored(db_path))


def test_ragas_jsonl_and_csv_of_one_dataset_are_the_same_answers(db_path):
    import_skipping(db_path, PRODUCERS / "ragas" / "dataset.jsonl")
    again = import_skipping(db_path, PRODUCERS / "ragas" / "dataset.csv")
    assert (again.answers, again.unchanged) == (0, 18)


@pytest.mark.parametrize(
    "name",
    [
        "otel/console.jsonl",  # span.to_json(), the root span last, as the SDK exports
        "otel/root_first.jsonl",  # the same spans, each trace's root first
        "otel/otlp.jsonl",  # OTLP JSON: resourceSpans → scopeSpans → spans, typed values
        # each root's parent a caller's span (a traceparent header), flagged remote by OTLP
        "otel/remote_parent.jsonl",
        "phoenix/span_to_json.jsonl",  # attributes nested
        "phoenix/get_spans.jsonl",  # root first, document.metadata.title flattened
    ],
)
def test_opentelemetry_and_phoenix_spans(db_path, name):
    result = import_skipping(db_path, PRODUCERS / name)
    assert result.detected() == "read as OpenInference spans"
    reasons = [b.reason for b in result.bad]
    assert len(reasons) == 2
    assert reasons[0].endswith(
        ": no document in 'retrieval.documents' of any RETRIEVER span "
        "(1 of its 3 spans are RETRIEVER spans); an answer needs its sources"
    )
    assert reasons[1] == (
        "field 'retrieval.documents.0.document.content': blank; "
        "a source without text supports no claim"
    )
    assert_exact(db_path, ids=True, titles=True)


@pytest.mark.parametrize(
    "name",
    [
        "traces_observe.jsonl",  # GET /api/public/traces/{id} of @observe() traces
        "observations_v2.json",  # GET /api/public/v2/observations, grouped by traceId
    ],
)
def test_langfuse_traces_with_their_observations(db_path, name):
    result = import_skipping(db_path, PRODUCERS / "langfuse" / name)
    assert result.detected() == "read as Langfuse traces"
    reasons = [
        b.reason.removeprefix("trace trace-007: ").removeprefix("trace trace-014: ")
        for b in result.bad
    ]
    assert reasons == [
        "field 'observations': no RETRIEVER observation with documents in its output "
        "(of 3 observations); an answer needs its sources",
        "field 'observations.1.output.0.page_content': blank; "
        "a source without text supports no claim",
    ]
    assert_exact(db_path, ids=True, titles=True)
    assert sorted(a["id"] for a in stored(db_path)) == [
        f"trace-{n:03d}" for n in range(1, 21) if n not in REFUSED
    ]


@pytest.mark.parametrize("name", ["ui_v3.json", "ui_v4.json"])
def test_langfuses_ui_downloads_of_a_trace(db_path, name):
    result = import_skipping(db_path, PRODUCERS / "langfuse" / name)
    assert not result.bad, [str(b) for b in result.bad]
    [answer] = stored(db_path)
    first = EXPECTED[0]
    assert (answer["id"], answer["question"], answer["response"]) == (
        "trace-001",
        first["question"],
        first["response"],
    )
    assert [(s["id"], s["text"]) for s in answer["sources"]] == [
        (s["id"], s["text"]) for s in first["sources"]
    ]


def test_a_langfuse_trace_list_is_refused_saying_to_export_the_observations(db_path):
    result = import_skipping(db_path, PRODUCERS / "langfuse" / "trace_list.json")
    assert (result.answers, len(result.bad)) == (0, 20)
    assert str(result.bad[0]).endswith(
        ":1: trace trace-001: field 'observations': only the observations' ids, as a trace "
        "list (GET /api/public/traces) gives them; export each trace with its observations "
        "(GET /api/public/traces/{id}, the UI's download, or GET /api/public/v2/observations)"
    )


@pytest.mark.parametrize(
    "name",
    [
        "pandas.csv",  # question, answer, contexts (Python repr), ground_truth; no id
        "polars.jsonl",
        "datasets.jsonl",
    ],
)
def test_tables_with_the_column_names_users_have(db_path, name):
    result = import_skipping(db_path, PRODUCERS / "tables" / name)
    assert_refused(result, "contexts")
    assert_exact(db_path, ids=False)
    answers_ = stored(db_path)
    assert all(a["id"].startswith("h-") for a in answers_)
    assert {a["meta"]["ground_truth"] for a in answers_} == {a["response"] for a in answers_}


def test_a_table_imported_twice_gets_the_same_ids_from_its_content(db_path):
    import_skipping(db_path, PRODUCERS / "tables" / "pandas.csv")
    again = import_skipping(db_path, PRODUCERS / "tables" / "datasets.jsonl")
    assert (again.answers, again.unchanged) == (0, 18)


def test_pandas_repr_of_groundtuis_own_sources_in_csv(db_path):
    result = import_skipping(db_path, PRODUCERS / "tables" / "pandas_sources.csv")
    assert [b.reason for b in result.bad] == [
        "field 'sources.0.text': empty; a source without text supports no claim"
    ]
    got = {a["id"]: a for a in stored(db_path)}
    for answer in EXPECTED:
        if answer["id"] != "ticket-014":
            assert [(s["id"], s["title"], s["text"]) for s in got[answer["id"]]["sources"]] == [
                (s["id"], s["title"], s["text"]) for s in answer["sources"]
            ]


def test_datasets_csv_numpy_text_is_refused_not_joined(db_path):
    result = import_skipping(db_path, PRODUCERS / "tables" / "datasets.csv")
    two_contexts = [b for b in result.bad if "NumPy" in b.reason]
    assert len(two_contexts) == 18
    assert two_contexts[0].reason.startswith("field 'contexts': a NumPy array's text")
    assert all(len(a["sources"]) < 2 for a in stored(db_path))


def test_columns_named_with_map(db_path):
    path = PRODUCERS / "tables" / "prompt.csv"
    refused = import_skipping(db_path, path)
    assert refused.answers == 0
    assert refused.bad[0].reason == (
        "missing field 'question', 'response', 'sources'; the row's columns: 'prompt', "
        "'completion', 'chunks'; name the column with --map question=COLUMN"
    )
    with Store(db_path) as store:
        result = import_files(
            store,
            [str(path)],
            skip_invalid=True,
            columns={"question": "prompt", "response": "completion", "sources": "chunks"},
        )
    assert_refused(result, "chunks")
    assert_exact(db_path, ids=False)


def test_map_on_the_command_line(db_path):
    path = str(PRODUCERS / "tables" / "prompt.csv")
    common = ["import", "--db", str(db_path), "--skip-invalid", path]
    result = CliRunner().invoke(
        cli,
        [
            *common,
            "--map",
            "question=prompt",
            "--map",
            "response=completion",
            "--map",
            "sources=chunks",
        ],
    )
    assert result.exit_code == 1, result.output
    assert "Imported 18 answers" in result.output
    wrong = CliRunner().invoke(cli, [*common, "--map", "title=prompt"])
    assert wrong.exit_code == 2
    assert "--map title=prompt: FIELD is one of id, question, response, sources" in wrong.output


def test_the_same_answer_from_another_producer_merges_its_meta(db_path):
    import_skipping(db_path, PRODUCERS / "tables" / "pandas.csv")  # meta: ground_truth
    result = import_skipping(db_path, PRODUCERS / "deepeval" / "plain.jsonl")  # meta: name
    assert (result.answers, result.merged, result.kept, len(result.bad)) == (0, 18, 0, 2)
    for answer in stored(db_path):
        assert set(answer["meta"]) == {"ground_truth", "name"}


def test_a_merge_keeps_the_first_value_of_a_key_and_the_summary_says_so(db_path, tmp_path):
    import_skipping(db_path, PRODUCERS / "deepeval" / "plain.jsonl")
    lines = PRODUCERS.joinpath("deepeval", "plain.jsonl").read_text().splitlines()
    path = tmp_path / "renamed.jsonl"
    path.write_text(lines[0].replace('"name": "ticket-001"', '"name": "other"') + "\n")
    result = CliRunner().invoke(cli, ["import", "--db", str(db_path), str(path)])
    assert result.exit_code == 0, result.output
    assert (
        "Merged 1 answer already imported with other meta (keys combined; 1 clashing key "
        "kept as first imported)." in result.output
    )
    assert {a["meta"]["name"] for a in stored(db_path)} >= {"ticket-001"}
    assert "other" not in {a["meta"]["name"] for a in stored(db_path)}


def test_a_real_difference_names_the_field(db_path):
    import_skipping(db_path, PRODUCERS / "deepeval" / "plain.jsonl")  # sources ids from text
    result = import_skipping(db_path, PRODUCERS / "ragas" / "dataset.jsonl")  # kb-… ids
    first = result.bad[0].reason
    assert first.startswith("id 'h-") and first.endswith(
        "is already in the database with a different sources[0] id ('kb-shipping-001'; "
        f"stored: '{text_id(EXPECTED[0]['sources'][0]['text'])}')"
    )


def test_an_observe_input_given_by_keyword(db_path, tmp_path):
    line = json.loads(
        PRODUCERS.joinpath("langfuse", "traces_observe.jsonl").read_text().split("\n")[0]
    )
    question = line["input"]["args"][0]
    line["input"] = {"args": [], "kwargs": {"user_question": question, "top_k": 3}}
    path = tmp_path / "kwargs.jsonl"
    path.write_text(json.dumps(line) + "\n")
    assert not import_skipping(db_path, path).bad
    assert [a["question"] for a in stored(db_path)] == [question]
    line["input"] = {"args": [3], "kwargs": {}}
    path.write_text(json.dumps({**line, "id": "trace-x"}) + "\n")
    assert [b.reason for b in import_skipping(db_path, path).bad] == [
        "field 'input': @observe()'s args and kwargs hold no text argument"
    ]


def test_ragas_context_ids_must_match_the_contexts(db_path, tmp_path):
    row = json.loads(PRODUCERS.joinpath("ragas", "dataset.jsonl").read_text().split("\n")[0])
    row["retrieved_context_ids"] = row["retrieved_context_ids"][:1]
    path = tmp_path / "short.jsonl"
    path.write_text(json.dumps(row) + "\n")
    assert [b.reason for b in import_skipping(db_path, path).bad] == [
        "field 'retrieved_context_ids': 1 ids for 2 retrieved_contexts"
    ]


@pytest.mark.parametrize("name", ["multiline.json", "multiline.jsonl"])
def test_deepeval_contexts_holding_line_breaks_are_taken_apart(db_path, name):
    """The deepeval_source=…,deepeval_context= prefix stayed in the source text of such a
    context, and a context of whitespace and a line break was kept as a source."""
    result = import_skipping(db_path, PRODUCERS / "deepeval" / name)
    assert [b.reason for b in result.bad] == [
        "field 'retrieval_context[0]': blank; a source without text supports no claim"
    ]
    [answer] = stored(db_path)
    assert [(s["id"], s["text"]) for s in answer["sources"]] == [
        ("kb-refunds-01", "Refunds\n\nRefunds take 5 working days.\nThey are paid back."),
        ("kb-cards-01", "Payment\nRefunds go to the original card."),
    ]


def test_langfuse_v2_observations_one_a_line(db_path, tmp_path):
    """Each item of GET /api/public/v2/observations written as a line: it was refused as a
    trace "(of 0 observations)"."""
    page = json.loads(PRODUCERS.joinpath("langfuse", "observations_v2.json").read_text())
    path = tmp_path / "observations.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in page["data"]))
    result = import_skipping(db_path, path)
    assert result.detected() == "read as Langfuse traces"
    assert [b.reason for b in result.bad] == [
        "trace trace-007: field 'observations': no RETRIEVER observation with documents in "
        "its output (of 3 observations); an answer needs its sources",
        "field 'observations.1.output.0.page_content': blank; a source without text "
        "supports no claim",
    ]
    assert_exact(db_path, ids=True, titles=True)


def test_a_langfuse_retriever_observation_without_output_is_refused_saying_so(db_path, tmp_path):
    """It said "not a list of documents" of an output that was not there."""
    download = json.loads(PRODUCERS.joinpath("langfuse", "ui_v3.json").read_text())
    place = next(i for i, o in enumerate(download["observations"]) if o["type"] == "RETRIEVER")
    del download["observations"][place]["output"]
    path = tmp_path / "download.json"
    path.write_text(json.dumps(download))
    result = import_skipping(db_path, path)
    assert [b.reason for b in result.bad] == [
        f"field 'observations.{place}.output': missing (nothing was recorded there)"
    ]


def _utc(text: str) -> str:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@pytest.mark.parametrize(
    "name",
    [
        "otel/console.jsonl",
        "otel/root_first.jsonl",
        "phoenix/span_to_json.jsonl",
        "phoenix/get_spans.jsonl",
        "llamaindex/openinference.jsonl",
    ],
)
def test_spans_give_their_root_spans_start_as_the_answers_time(db_path, name):
    import_skipping(db_path, PRODUCERS / name)
    spans = [json.loads(line) for line in PRODUCERS.joinpath(name).read_text().splitlines()]
    roots = {s["context"]["trace_id"]: _utc(s["start_time"]) for s in spans if not s["parent_id"]}
    got = {a["id"]: a["answered_at"] for a in stored(db_path)}
    assert len(got) == 18 and got == {k: v for k, v in roots.items() if k in got}


@pytest.mark.parametrize("name", ["traces_observe.jsonl", "ui_v3.json"])
def test_a_langfuse_traces_time_is_its_timestamp(db_path, name):
    import_skipping(db_path, PRODUCERS / "langfuse" / name)
    text = PRODUCERS.joinpath("langfuse", name).read_text()
    records = (
        [json.loads(x) for x in text.splitlines()] if name.endswith("l") else [json.loads(text)]
    )
    traces = {r.get("trace", r)["id"]: _utc(r.get("trace", r)["timestamp"]) for r in records}
    got = {a["id"]: a["answered_at"] for a in stored(db_path)}
    assert got and got == {k: v for k, v in traces.items() if k in got}


@pytest.mark.parametrize(("name", "answers"), [("observations_v2.json", 18), ("ui_v4.json", 1)])
def test_langfuse_observations_alone_give_the_root_observations_start(db_path, name, answers):
    """The API's page of observations, and the UI's v4 download of one trace, which
    carries no trace timestamp: the root observation's start."""
    import_skipping(db_path, PRODUCERS / "langfuse" / name)
    page = json.loads(PRODUCERS.joinpath("langfuse", name).read_text())
    roots = {
        o["traceId"]: _utc(o["startTime"])
        for o in page.get("data", page.get("observations"))
        if not o.get("parentObservationId")
    }
    got = {a["id"]: a["answered_at"] for a in stored(db_path)}
    assert len(got) == answers and got == {k: v for k, v in roots.items() if k in got}


@pytest.mark.parametrize(
    ("suffix", "column", "value"),
    [
        (".csv", "timestamp", "2026-11-30 10:12:00"),  # pandas' to_csv of a datetime
        (".csv", "created_at", "2026-11-30T11:12:00+01:00"),
        (".parquet", "timestamp", datetime(2026, 11, 30, 10, 12, tzinfo=UTC)),  # timestamp[us]
        (".parquet", "created_at", datetime(2026, 11, 30, 10, 12)),  # no zone: taken as UTC
        (".jsonl", "answered_at", 1_796_033_520),  # seconds since 1970
    ],
)
def test_a_tables_time_column_is_the_answers_time(db_path, tmp_path, suffix, column, value):
    """A table of groundtui's own columns gives its time column, under the names tables
    give it, as ``answered_at``; Parquet's timestamp type is read as the instant it is."""
    row = {
        "id": "T-1",
        "question": "How long do refunds take?",
        "response": "Refunds take 5 days [1].",
        "sources": json.dumps([{"id": "refunds", "text": "Refunds take 5 days."}]),
        column: value,
    }
    path = tmp_path / f"table{suffix}"
    if suffix == ".csv":
        with path.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(row))
            writer.writeheader()
            writer.writerow(row)
    elif suffix == ".parquet":
        pq.write_table(pa.Table.from_pylist([row]), path)
    else:
        path.write_text(json.dumps(row) + "\n")
    assert not import_skipping(db_path, path).bad
    [answer] = stored(db_path)
    assert answer["answered_at"] == "2026-11-30T10:12:00.000000Z"


@pytest.mark.parametrize(
    "name",
    ["ragas/dataset.jsonl", "deepeval/plain.json", "tables/pandas.csv", "tables/polars.jsonl"],
)
def test_producers_that_write_no_time_give_none(db_path, name):
    import_skipping(db_path, PRODUCERS / name)
    assert {a["answered_at"] for a in stored(db_path)} == {None}
