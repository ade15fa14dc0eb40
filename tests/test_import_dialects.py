"""Files the seven producers after the first eight write, each with its own library
(tests/data/producers/, ``make_*.py``, ``VERSIONS``, ``EXPECTED.md``): 18 of the 20 answers
import exactly, with the time the producer wrote, and the two with an empty and a blank
context are bad lines naming the producer's field; a file that cannot carry the sources
is refused whole; spans of no dialect are refused naming what they carry."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.importing.formats import InputError
from groundtui.importing.traces import build
from groundtui.importing.traces.spans import otlp_spans
from groundtui.store import Store
from tests.helpers.builders import make_answer
from tests.test_import_formats import stored
from tests.test_import_producers import EXPECTED, PRODUCERS, REFUSED, assert_exact

TICKETS = [a["id"] for n, a in enumerate(EXPECTED, 1) if n not in REFUSED]
BLANK = "blank; a source without text supports no claim"
NONE = "no source in it"


def utc(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def iso(text: str) -> str:
    return utc(datetime.fromisoformat(text.replace("Z", "+00:00")))


def ms(number: int) -> str:
    return utc(
        datetime.fromtimestamp(number // 1000, UTC).replace(microsecond=number % 1000 * 1000)
    )


def imported(db: Path, name: str, fmt: str | None = None) -> Any:
    with Store(db) as store:
        return import_files(store, [str(PRODUCERS / name)], skip_invalid=True, fmt=fmt)


def reasons(result: Any) -> list[str]:
    return sorted(
        b.reason.split(": ", 1)[1] if b.reason.startswith("trace ") else b.reason
        for b in result.bad
    )


def lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (PRODUCERS / name).read_text().splitlines() if line]


def times(db: Path) -> dict[str, str | None]:
    return {a["id"]: a["answered_at"] for a in stored(db)}


# LangSmith ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["langsmith/list_runs.jsonl", "langsmith/run_tree.json"])
def test_langsmith_runs(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as LangSmith runs and examples"
    where = "child_runs[0]." if "tree" in name else ""
    assert reasons(result) == [
        f"field '{where}outputs.documents' {NONE}; an answer needs its sources".replace(
            "' no", "': no"
        ),
        f"field '{where}outputs.documents[0].page_content': {BLANK}",
    ]
    assert_exact(db_path, ids=True, titles=True)
    runs = lines(name) if name.endswith(".jsonl") else json.loads((PRODUCERS / name).read_text())
    roots = {r["id"]: r for r in runs if r["parent_run_id"] is None}
    answers = stored(db_path)
    assert {a["id"] for a in answers} <= set(roots)
    for answer in answers:
        root = roots[answer["id"]]
        assert answer["meta"]["metadata"]["ticket_id"] == root["extra"]["metadata"]["ticket_id"]
        assert answer["answered_at"] == iso(root["start_time"])


@pytest.mark.parametrize("name", ["langsmith/examples.jsonl", "langsmith/examples.json"])
def test_langsmith_dataset_examples(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as LangSmith runs and examples"
    assert reasons(result) == [
        f"field 'outputs.documents': {NONE}; an answer needs its sources",
        f"field 'outputs.documents[0].page_content': {BLANK}",
    ]
    assert_exact(db_path, ids=True, titles=True)
    answers = stored(db_path)
    assert sorted(a["meta"]["metadata"]["ticket_id"] for a in answers) == TICKETS
    assert all(a["answered_at"] is None for a in answers)  # the four keys carry no time


# MLflow --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "at"),
    [
        ("mlflow/traces.jsonl", "data."),  # Trace.to_json() a line
        ("mlflow/traces_pretty.json", "data."),  # to_json(pretty=True) in an array
        ("mlflow/search_traces.jsonl", ""),  # the search_traces() frame
        ("mlflow/search_traces.parquet", ""),  # the same frame: structs, base64 span ids
    ],
)
def test_mlflow_traces(db_path, name, at):
    result = imported(db_path, name)
    assert result.detected() == "read as MLflow traces"
    field = f"{at}spans[1].attributes.mlflow.spanOutputs"
    assert reasons(result) == [
        f"field '{field}': {NONE} (1 of its 3 spans are RETRIEVER spans); an answer needs its sources",
        f"field '{field}[0].page_content': {BLANK}",
    ]
    assert_exact(db_path, ids=True, titles=True)
    assert sorted(times(db_path)) == TICKETS  # client_request_id
    requested = {
        t["info"]["client_request_id"]: t["info"]["request_time"]
        for t in lines("mlflow/traces.jsonl")
    }
    assert times(db_path) == {k: iso(v) for k, v in requested.items() if k in TICKETS}


# TruLens -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["trulens/events.jsonl", "trulens/events.parquet"])
def test_trulens_events(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as TruLens events and records"
    field = "record_attributes.ai.observability.retrieval.retrieved_contexts"
    assert reasons(result) == [
        f"field '{field}': {NONE} (1 of its 3 spans are retrieval spans); an answer needs its sources",
        f"field '{field}[0]': {BLANK}",
    ]
    assert_exact(db_path, ids=False)
    roots = {
        e["record_attributes"]["ai.observability.record_id"]: e["start_timestamp"]
        for e in lines("trulens/events.jsonl")
        if e["record_attributes"]["ai.observability.span_type"] == "record_root"
    }
    found = times(db_path)  # the Parquet file keeps microseconds, the JSON Lines ms
    assert {k: v[:23] for k, v in found.items() if v} == {
        k: ms(v)[:23] for k, v in roots.items() if k in found
    }
    assert len(found) == 18


@pytest.mark.parametrize(
    "name",
    [
        "trulens/legacy_records.jsonl",  # record_json an object
        "trulens/legacy_records.csv",  # record_json pandas' repr of the dict
        "trulens/legacy_records.parquet",  # record_json JSON text
    ],
)
def test_trulens_legacy_records(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as TruLens events and records"
    assert reasons(result) == [
        f"field 'record_json.calls[0].rets': {NONE} (1 of its 3 calls retrieve); "
        "an answer needs its sources",
        f"field 'record_json.calls[0].rets[0]': {BLANK}",
    ]
    assert_exact(db_path, ids=False)
    records = {r["record_id"]: r["ts"] for r in lines("trulens/legacy_records.jsonl")}
    found = times(db_path)
    # ts has no zone: TruLens writes the local time, here UTC, taken as UTC
    assert found == {k: iso(v) for k, v in records.items() if k in found} and len(found) == 18


def test_trulens_otel_mode_records_are_refused_whole_saying_why(db_path):
    with pytest.raises(InputError) as refused:
        imported(db_path, "trulens/otel_records.jsonl")
    assert str(refused.value).endswith(
        "otel_records.jsonl: TruLens records of OpenTelemetry mode carry no retrieved contexts "
        "(their record_json holds no calls); export the spans with TruSession().get_events() "
        "and import those"
    )
    assert not (db_path.exists() and stored(db_path))


# promptfoo -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("promptfoo/results.json", "vars.context"),  # -o results.json: the eval's results
        ("promptfoo/results.jsonl", "vars.context"),  # -o results.jsonl: a result a line
        ("promptfoo/results.csv", "context"),  # -o results.csv, read as CSV
    ],
)
def test_promptfoo_results(db_path, name, field):
    result = imported(db_path, name)
    assert result.detected() == "read as promptfoo results"
    assert reasons(result) == [
        f"field '{field}': {BLANK}",
        f"field '{field}': {NONE}; an answer needs its sources",
    ]
    answers = stored(db_path)
    kept = [a for n, a in enumerate(EXPECTED, 1) if n not in REFUSED]
    got = {(a["question"], a["response"]): a for a in answers}
    for answer in kept:  # one source, the whole context as promptfoo holds it
        [source] = got[answer["question"], answer["response"]]["sources"]
        assert source["text"] == "\n\n".join(s["text"] for s in answer["sources"])
    description = "Description" if name.endswith(".csv") else "testCase"
    assert all(description in a["meta"] for a in answers)
    stamp = json.loads((PRODUCERS / "promptfoo/results.json").read_text())["results"]["timestamp"]
    assert set(times(db_path).values()) == ({iso(stamp)} if name.endswith(".json") else {None})


def test_promptfoos_three_files_are_the_same_answers(db_path):
    imported(db_path, "promptfoo/results.json")
    for name in ("promptfoo/results.jsonl", "promptfoo/results.csv"):
        again = imported(db_path, name)
        assert (again.answers, again.unchanged + again.merged) == (0, 18)


def test_promptfoo_csv_is_csv_and_csv_format_is_not_refused(db_path):
    result = imported(db_path, "promptfoo/results.csv", fmt="promptfoo")
    assert (result.answers, len(result.bad)) == (18, 2)
    with pytest.raises(
        InputError, match="looks like promptfoo results, not CSV; try --format promptfoo"
    ):
        imported(db_path, "promptfoo/results.csv", fmt="csv")


# Haystack, LlamaIndex ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["haystack/answers.json", "haystack/answers.jsonl"])
def test_haystack_generated_answers(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as Haystack answers"
    assert reasons(result) == [
        f"field 'documents': {NONE}; an answer needs its sources",
        f"field 'documents[0].content': {BLANK}",
    ]
    assert_exact(db_path, ids=True, titles=True)
    assert all(a["meta"]["meta"]["model"] == "gpt-4o-mini" for a in stored(db_path))


@pytest.mark.parametrize(
    ("name", "field", "ids"),
    [
        ("llamaindex/responses.json", "source_nodes", True),
        ("llamaindex/responses.jsonl", "source_nodes", True),
        ("llamaindex/faithfulness.jsonl", "contexts", False),
    ],
)
def test_llamaindex_responses_and_evaluation_results(db_path, name, field, ids):
    result = imported(db_path, name)
    assert result.detected() == "read as LlamaIndex responses and evaluations"
    text = f"{field}[0].node.text" if field == "source_nodes" else f"{field}[0]"
    assert reasons(result) == [
        f"field '{field}': {NONE}; an answer needs its sources",
        f"field '{text}': {BLANK}",
    ]
    assert_exact(db_path, ids=ids, titles=ids)


def test_llamaindex_spans_are_openinference(db_path):
    result = imported(db_path, "llamaindex/openinference.jsonl")
    assert result.detected() == "read as OpenInference spans"
    assert reasons(result) == [
        "field 'retrieval.documents.0.document.content': " + BLANK,
        "no document in 'retrieval.documents' of any RETRIEVER span (2 of its 5 spans are "
        "RETRIEVER spans); an answer needs its sources",
    ]
    assert_exact(db_path, ids=True, titles=True)


# OpenLLMetry / Traceloop ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["traceloop/console.jsonl", "traceloop/otlp.jsonl"])
def test_traceloop_spans(db_path, name):
    result = imported(db_path, name)
    assert result.detected() == "read as OpenTelemetry GenAI spans (OpenLLMetry/Traceloop)"
    assert reasons(result) == [
        f"field 'traceloop.entity.output': {NONE} (1 of its 3 spans are retriever spans); "
        "an answer needs its sources",
        f"field 'traceloop.entity.output[0].content': {BLANK}",
    ]
    assert_exact(db_path, ids=True, titles=True)
    answers = stored(db_path)
    ticket = "traceloop.association.properties.ticket_id"
    assert sorted(a["meta"]["root_attributes"][ticket] for a in answers) == TICKETS
    if name.endswith("otlp.jsonl"):  # ns since 1970, as text
        roots = {
            s["traceId"]: utc(datetime.fromtimestamp(int(s["startTimeUnixNano"]) // 10**9, UTC))[
                :20
            ]
            + f"{int(s['startTimeUnixNano']) % 10**9 // 1000:06d}Z"
            for request in lines(name)
            for s in otlp_spans(request)
            if not s.get("parentSpanId")
        }
    else:
        roots = {
            s["context"]["trace_id"]: iso(s["start_time"])
            for s in lines(name)
            if s["parent_id"] is None
        }
    assert {a["id"]: a["answered_at"] for a in answers} == {
        k: v for k, v in roots.items() if k in {a["id"] for a in answers}
    }


def test_traceloop_spans_asked_as_openinference_are_refused_naming_their_dialect(db_path):
    with pytest.raises(InputError) as refused:
        imported(db_path, "traceloop/console.jsonl", fmt="openinference")
    assert str(refused.value).endswith(
        "looks like OpenTelemetry GenAI spans (OpenLLMetry/Traceloop), not OpenInference "
        "spans; try --format genai (or leave --format out to detect it)"
    )


def test_the_collectors_entry_takes_decoded_spans_and_says_what_it_could_not_build():
    spans = [s for request in lines("traceloop/otlp.jsonl") for s in otlp_spans(request)]
    built = build(spans)
    answers = [b.answer for b in built if b.answer is not None]
    refused = [(b.trace, b.error) for b in built if b.error is not None]
    assert len(answers) == 18 and len(refused) == 2
    assert all(error.startswith(f"trace {trace}: ") for trace, error in refused[:1])
    assert sorted(a["question"] for a in answers) == sorted(
        a["question"] for n, a in enumerate(EXPECTED, 1) if n not in REFUSED
    )


# No dialect ----------------------------------------------------------------------------


def test_spans_of_no_dialect_are_refused_naming_the_dialects_and_what_they_carry(db_path, tmp_path):
    path = tmp_path / "http.jsonl"
    spans = [
        {
            "name": "GET /search",
            "context": {"trace_id": f"0x{t:032x}", "span_id": f"0x{s:016x}"},
            "parent_id": None if s == 1 else "0x0000000000000001",
            "attributes": {"http.method": "GET", "http.route": "/search", "db.system": "sqlite"},
        }
        for t in range(2)
        for s in (1, 2)
    ]
    path.write_text("".join(json.dumps(s) + "\n" for s in spans))
    result = CliRunner().invoke(cli, ["import", "--db", str(db_path), str(path)])
    assert result.exit_code == 2
    assert result.output == (
        f"groundtui: {path}: its spans match no dialect groundtui reads (tried OpenInference "
        "spans, MLflow traces, TruLens events, TruLens records, Langfuse traces, LangSmith "
        "runs, OpenTelemetry GenAI spans (OpenLLMetry/Traceloop)); they carry 'http.method', "
        "'http.route', 'db.system'\n"
    )
    assert not db_path.exists()


# answered_at ---------------------------------------------------------------------------


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("2026-11-30T11:12:00+01:00", "2026-11-30T10:12:00.000000Z"),  # a zone: as UTC
        ("2026-11-30T10:12:00", "2026-11-30T10:12:00.000000Z"),  # none: taken as UTC
        (1_796_000_000, "2026-11-30T00:53:20.000000Z"),  # seconds since 1970
        (1_796_000_000_123, "2026-11-30T00:53:20.123000Z"),  # ms
        (None, None),  # absent stays absent, never the import's time
    ],
)
def test_answered_at_in_groundtuis_own_records(db_path, tmp_path, given, kept):
    record = {**make_answer("A-1"), "answered_at": given}
    with Store(db_path) as store:
        assert not import_files(store, [str(_write(tmp_path / "a.jsonl", [record]))]).bad
    assert times(db_path) == {"A-1": kept}


def test_a_time_that_is_no_time_is_a_bad_line_naming_the_field(db_path, tmp_path):
    record = {**make_answer("A-1"), "answered_at": "last week"}
    with Store(db_path) as store:
        result = import_files(store, [str(_write(tmp_path / "a.jsonl", [record]))])
    assert [b.reason for b in result.bad] == [
        "field 'answered_at': 'last week' is not ISO 8601 (2026-11-30T10:12:00Z)"
    ]


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_export_answers_keeps_answered_at_and_importing_it_reproduces_it(tmp_path, suffix):
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    imported(first, "mlflow/traces.jsonl")
    plain = {**make_answer("A-untimed")}
    with Store(first) as store:
        import_files(store, [str(_write(tmp_path / "plain.jsonl", [plain]))])
    out = tmp_path / f"work{suffix}"
    result = CliRunner().invoke(
        cli, ["export", "--format", "answers", "-o", str(out), "--db", str(first)]
    )
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["import", str(out), "--db", str(second)])
    assert result.exit_code == 0, result.output
    assert times(second) == times(first)
    assert times(second)["A-untimed"] is None and times(second)["ticket-001"] is not None


def test_a_time_given_later_fills_an_answer_stored_without_one(db_path, tmp_path):
    record = make_answer("A-1")
    with Store(db_path) as store:
        import_files(store, [str(_write(tmp_path / "a.jsonl", [record]))])
        timed = {**record, "answered_at": "2026-11-30T10:12:00Z"}
        again = import_files(store, [str(_write(tmp_path / "b.jsonl", [timed]))])
        assert not again.bad
        other = {**record, "answered_at": "2026-12-01T10:12:00Z"}
        clash = import_files(store, [str(_write(tmp_path / "c.jsonl", [other]))])
    assert times(db_path) == {"A-1": "2026-11-30T10:12:00.000000Z"}
    assert [b.reason for b in clash.bad] == [
        "id 'A-1' is already in the database with a different answered_at"
    ]


# Progress ------------------------------------------------------------------------------


def test_an_import_tells_its_progress_as_records_are_read_and_answers_checked(db_path):
    told: list[tuple[str, int, int, int]] = []
    with Store(db_path) as store:
        import_files(
            store,
            [str(PRODUCERS / "otel/console.jsonl")],
            skip_invalid=True,
            progress=lambda r, phase: told.append((phase, r.read, r.prepared, len(r.bad))),
        )
    assert told[0] == ("reading", 0, 0, 0)
    assert told[-1] == ("writing", 60, 18, 2)  # 60 spans read, 18 answers, 2 refused


def test_progress_is_drawn_on_a_terminal_and_not_elsewhere():
    from io import StringIO

    from rich.console import Console

    from groundtui.cli.progress import Counting
    from groundtui.importing.files import ImportResult

    result = ImportResult(read=60, prepared=18)
    for terminal in (True, False):
        out = StringIO()
        with Counting("importing", Console(file=out, force_terminal=terminal)) as bar:
            bar.imported(result, "reading")
            bar.progress.refresh()
        assert ("60 records read · 18 answers · 0 bad lines" in out.getvalue()) is terminal


def test_an_import_ends_naming_the_answers_it_refused(db_path):
    path = PRODUCERS / "langfuse/traces_observe.jsonl"
    result = CliRunner().invoke(cli, ["import", "--db", str(db_path), "--skip-invalid", str(path)])
    assert result.exit_code == 1
    assert "; 2 lines skipped: trace-007, trace-014. (read as Langfuse traces)" in result.output
