"""``groundtui collect`` (docs/collect.md), driven as production drives it: an app traced
with the real OpenTelemetry SDK sends through the SDK's own OTLP/HTTP exporters (protobuf,
and the OpenTelemetry project's OTLP/JSON exporter) to a collector running as a process of
its own; answers are read back from the database file."""

from __future__ import annotations

import contextlib
import gzip
import http.client
import json
import sqlite3
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from google.rpc.status_pb2 import Status
from openinference.semconv.trace import SpanAttributes
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.trace.v1.trace_pb2 import ResourceSpans
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags, set_span_in_context

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.scan import scan_answers
from groundtui.store import Store
from tests.collecting import (
    CONVENTIONS,
    STARTED,
    bot_answers,
    exporter,
    openinference_trace,
    start,
    traced,
    wait_for,
)
from tests.helpers.builders import write_jsonl


@pytest.fixture(autouse=True)
def _no_collector_left():
    """A collector a failed test left running is ended with it."""
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


def stored(db: Path) -> list[dict[str, Any]]:
    """Every answer stored, with its flag's details (None: not flagged) and scan time."""
    with Store(db) as store:
        return store.query(
            "select a.id, a.question, a.scanned_at, f.details from answers a"
            " left join flags f on f.answer_id = a.id order by a.seq"
        )


def scanned_as_import(tmp_path: Path, answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The same answers imported from a file and scanned: question -> flag details."""
    records = [
        {"id": f"a{n}", **{k: a[k] for k in ("question", "response", "sources")}}
        for n, a in enumerate(answers)
        if a["sources"] and a["sources"][0]["text"].strip()
    ]
    db = tmp_path / "imported.db"
    with Store(db) as store:
        import_files(store, [str(write_jsonl(tmp_path / "same.jsonl", records))])
        scan_answers(store)
    return {r["question"]: r["details"] for r in stored(db)}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("convention", "encoding", "squeezed"),
    [
        ("openinference", "protobuf", False),
        ("openinference", "json", True),
        ("genai", "protobuf", True),
        ("genai", "json", False),
    ],
)
def test_every_answer_arrives_once_flagged_as_scan_flags_it(
    tmp_path: Path, convention: str, encoding: str, squeezed: bool
):
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "0.2")
    answers = bot_answers(20)
    provider = TracerProvider()
    provider.add_span_processor(
        BatchSpanProcessor(exporter(collector.url, encoding, gzip=squeezed, timeout=60))
    )
    tracer = provider.get_tracer("support-bot")
    for answer in answers:
        CONVENTIONS[convention](tracer, answer)
    provider.shutdown()  # exports what is left, as an app does at exit
    health = wait_for(lambda: (h := collector.health())["stored"] + h["unbuilt"] >= 20 and h)
    assert health["stored"] == 18 and health["unbuilt"] == 2 and health["refused"] == 0
    rows = stored(db)
    assert sorted(r["question"] for r in rows) == sorted(
        a["question"] for n, a in enumerate(answers, 1) if n not in (7, 14)
    )
    assert all(r["scanned_at"] for r in rows)
    flags = {r["question"]: r["details"] for r in rows}
    assert flags == scanned_as_import(tmp_path, answers)
    assert sum(1 for d in flags.values() if d) == 6  # every third answer's invented €99
    with sqlite3.connect(f"{db}-collect") as spool:
        kept = spool.execute("select reason from unbuilt order by reason").fetchall()
    assert [r[0] for r in kept] == sorted(
        [
            "field 'retrieval.documents.0.document.content': blank; a source without text "
            "supports no claim",
            "no document in 'retrieval.documents' of any RETRIEVER span (1 of its 3 spans "
            "are RETRIEVER spans); an answer needs its sources",
        ]
        if convention == "openinference"
        else [
            "field 'gen_ai.retrieval.documents': no source in it (1 of its 3 spans are "
            "retriever spans); an answer needs its sources",
            "field 'gen_ai.retrieval.documents[0].content': blank; a source without text "
            "supports no claim",
        ]
    )
    assert "stopped; 18 answers stored (6 flagged)" in collector.stop()


@pytest.mark.slow
def test_a_trace_is_gathered_across_requests_until_its_root_arrives(tmp_path: Path):
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "0.2")
    [spans] = traced(bot_answers(1), "openinference")
    children, root = spans[:-1], spans[-1:]
    send = exporter(collector.url)
    assert send.export(children) == SpanExportResult.SUCCESS
    wait_for(lambda: collector.health()["pending"]["spans"] == 2)
    assert stored(db) == []  # its root has not come
    assert send.export(root) == SpanExportResult.SUCCESS
    # the writer counts an answer once its write has committed: a reader may see the row first
    wait_for(lambda: collector.health()["stored"] == 1, what="the answer counted")
    assert len(stored(db)) == 1
    collector.stop()


@pytest.mark.slow
def test_a_span_whose_parent_is_in_another_process_is_its_traces_root(tmp_path: Path):
    """A request that came in with a ``traceparent`` header: its root span's parent is the
    caller's, never sent here; OTLP flags it remote, and the trace is built at once."""
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "0.2")  # --orphan-after stays 600 s
    caller = SpanContext(
        0x1234567890ABCDEF1234567890ABCDEF,
        0x1122334455667788,
        is_remote=True,
        trace_flags=TraceFlags(TraceFlags.SAMPLED),
    )
    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(exporter(collector.url, timeout=60)))
    tracer = provider.get_tracer("support-bot")
    from opentelemetry import context

    token = context.attach(set_span_in_context(NonRecordingSpan(caller)))
    try:
        openinference_trace(tracer, bot_answers(1)[0])
    finally:
        context.detach(token)
    provider.shutdown()
    [row] = wait_for(lambda: stored(db), what="the answer")
    assert row["id"] == "1234567890abcdef1234567890abcdef"
    assert row["question"] == bot_answers(1)[0]["question"]
    collector.stop()


@pytest.mark.slow
def test_a_trace_whose_root_never_comes_is_built_from_what_came_or_kept_saying_why(
    tmp_path: Path,
):
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "0.2", "--orphan-after", "1")
    answers = bot_answers(3)
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("support-bot")
    with tracer.start_as_current_span("agent"):  # the root, never sent
        with tracer.start_as_current_span("llm") as call:  # its LLM span says it all
            call.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, "LLM")
            call.set_attribute(SpanAttributes.INPUT_VALUE, answers[0]["question"])
            call.set_attribute(SpanAttributes.OUTPUT_VALUE, answers[0]["response"])
        with tracer.start_as_current_span("retrieve") as retriever:
            retriever.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, "RETRIEVER")
            for n, source in enumerate(answers[0]["sources"]):
                retriever.set_attribute(f"retrieval.documents.{n}.document.id", source["id"])
                retriever.set_attribute(f"retrieval.documents.{n}.document.content", source["text"])
        built = list(memory.get_finished_spans())
    whole, partial = traced(answers[:2], "openinference")
    send = exporter(collector.url)
    assert send.export(built) == SpanExportResult.SUCCESS  # built from what came
    assert send.export(whole[:-1]) == SpanExportResult.SUCCESS  # no question without its root
    assert send.export(partial[:1]) == SpanExportResult.SUCCESS  # a retriever alone
    # the writer's counts move one after another (pending last, once its round is done):
    # wait for them all
    wait_for(
        lambda: (
            (h := collector.health())["unbuilt"] == 2
            and (h["stored"], h["orphans"], h["pending"]) == (1, 3, {"traces": 0, "spans": 0})
        ),
        what="two traces kept, one stored, three orphans, none pending",
    )
    [row] = stored(db)
    assert row["question"] == answers[0]["question"] and row["details"]  # €99, flagged
    with sqlite3.connect(f"{db}-collect") as spool:
        kept = spool.execute("select root, reason, spans from unbuilt order by rowid").fetchall()
    assert [(root, len(json.loads(spans))) for root, _, spans in kept] == [(0, 2), (0, 1)]
    assert {reason for _, reason, _ in kept} == {
        "its root span did not arrive in 1 s; no span with 'input.value' text (the root "
        "span's, else the LLM span's)"
    }
    collector.stop()


@pytest.mark.slow
def test_kill_9_mid_stream_then_a_restart_loses_no_acknowledged_trace(tmp_path: Path):
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "2")  # traces wait: a kill finds some begun
    answers = bot_answers(400, tag="k")
    acked: list[str] = []
    target = {"url": collector.url}
    stop_sending = threading.Event()

    def send_until_stopped() -> None:
        for answer, spans in zip(answers, traced(answers, "openinference"), strict=True):
            if stop_sending.is_set():
                return
            if not answer["sources"] or not answer["sources"][0]["text"].strip():
                continue
            result = exporter(target["url"], timeout=2).export(spans)
            if result == SpanExportResult.SUCCESS:
                acked.append(answer["question"])

    sender = threading.Thread(target=send_until_stopped)
    sender.start()
    wait_for(lambda: len(acked) >= 40, what="40 traces acknowledged")
    collector.kill()
    at_kill = len(acked)
    with sqlite3.connect(f"{db}-collect") as spool:
        begun = spool.execute("select count(*) from traces").fetchone()[0]
    assert begun > 0  # acknowledged, not yet written when it died
    restarted = start(db, "--grace", "0.2")
    target["url"] = restarted.url
    wait_for(lambda: len(acked) >= at_kill + 20, what="20 more after the restart")
    stop_sending.set()
    sender.join(timeout=120)
    questions = wait_for(
        lambda: (q := [r["question"] for r in stored(db)]) and set(acked) <= set(q) and q,
        what="every acknowledged trace stored",
    )
    assert len(questions) == len(set(questions))  # each once
    restarted.stop()


@pytest.mark.slow
def test_while_the_database_refuses_writes_the_traces_wait_and_are_written_after(
    tmp_path: Path,
):
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "0.2")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("begin immediate")  # another program holds the write lock
    try:
        [spans] = traced(bot_answers(1), "openinference")
        assert exporter(collector.url).export(spans) == SpanExportResult.SUCCESS
        health = wait_for(lambda: (h := collector.health())["status"] == "behind" and h)
        assert health["error"].startswith("cannot write to the database (")
        assert health["pending"]["traces"] == 1 and stored(db) == []
    finally:
        holder.execute("rollback")
        holder.close()
    wait_for(lambda: stored(db), what="the answer, once the lock is let go")
    # the writer clears its error after the round that wrote the answer
    wait_for(lambda: collector.health()["status"] == "ok", what="the writer's error cleared")
    assert "trying again in 2 s" in collector.log.read_text()
    collector.stop()


@pytest.mark.slow
def test_a_burst_beyond_the_spool_is_told_to_wait_and_the_exporters_retries_land_all(
    tmp_path: Path,
):
    """Six batches of nine traces (27 spans each) in a row; the spool takes 20 spans and
    holds each batch a second (its grace): the batch sent right after one was taken is
    answered 429, Retry-After 1, and the exporter sends it again until it is taken."""
    db = tmp_path / "prod.db"
    collector = start(db, "--grace", "1", "--max-pending", "20")
    answers = [
        a for a in bot_answers(70, tag="b") if a["sources"] and a["sources"][0]["text"].strip()
    ][:54]
    batches = [traced(answers[i : i + 9], "genai") for i in range(0, 54, 9)]
    send = exporter(collector.url, "json", timeout=120)
    results = [send.export([span for trace in batch for span in trace]) for batch in batches]
    assert results == [SpanExportResult.SUCCESS] * 6
    health = wait_for(lambda: (h := collector.health())["stored"] == 54 and h)
    assert health["busy"] > 0  # answered 429, sent again by the exporter
    assert sorted(r["question"] for r in stored(db)) == sorted(a["question"] for a in answers)
    collector.stop()


def _post(port: int, body: bytes, headers: dict[str, str]) -> tuple[int, bytes, Any]:
    """One POST to /v1/traces; its status, body and headers (the body may be cut off by a
    refusal that does not read it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.putrequest("POST", "/v1/traces")
        for name, value in {"Content-Length": str(len(body)), **headers}.items():
            connection.putheader(name, value)
        connection.endheaders()
        # Refused before it was read, the body may meet a closed socket: the reply is there.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            connection.send(body)
        reply = connection.getresponse()
        return reply.status, reply.read(), reply.headers
    finally:
        connection.close()


@pytest.mark.slow
def test_bad_bodies_get_400_413_or_415_saying_why_and_the_collector_keeps_serving(
    tmp_path: Path,
):
    db = tmp_path / "prod.db"
    collector = start(db)
    protobuf = {"Content-Type": "application/x-protobuf"}
    json_type = {"Content-Type": "application/json"}
    status, body, _ = _post(collector.port, b"\x0a\xff\xff not protobuf", protobuf)
    assert status == 400
    assert Status.FromString(body).message == (
        "the body is not an OTLP ExportTraceServiceRequest in protobuf"
    )
    status, body, _ = _post(collector.port, b"{not json", json_type)
    assert (status, json.loads(body)) == (
        400,
        {"code": 3, "message": "the body is not JSON (line 1, column 2)"},
    )
    status, body, _ = _post(collector.port, b'{"resourceSpans": {}}', json_type)
    assert (status, json.loads(body)["message"]) == (400, "field 'resourceSpans': not a list")
    # lists left out are empty (protobuf's JSON mapping leaves out an empty repeated field)
    empty = ExportTraceServiceRequest(resource_spans=[ResourceSpans()])
    assert _post(collector.port, empty.SerializeToString(), protobuf)[0] == 200
    assert _post(collector.port, b"", protobuf)[0] == 200  # no resourceSpans at all
    assert _post(collector.port, b'{"resourceSpans": [{"resource": {}}]}', json_type)[0] == 200
    bomb = gzip.compress(b"\0" * (21 * 2**20))
    status, body, _ = _post(collector.port, bomb, {**protobuf, "Content-Encoding": "gzip"})
    assert status == 413
    assert Status.FromString(body).message.startswith("the body is over 20,971,520 bytes")
    status, _, _ = _post(collector.port, b"\0" * (21 * 2**20), protobuf)
    assert status == 413
    status, body, _ = _post(
        collector.port, b"\x1f\x8b junk", {**json_type, "Content-Encoding": "gzip"}
    )
    assert status == 400 and json.loads(body)["message"].startswith("the body is not gzip data")
    status, _, _ = _post(collector.port, b"{}", {"Content-Type": "text/plain"})
    assert status == 415
    # Still serving: a good request is taken and its answer stored.
    [spans] = traced(bot_answers(1), "openinference")
    assert exporter(collector.url).export(spans) == SpanExportResult.SUCCESS
    wait_for(lambda: stored(db), what="the answer")
    assert collector.health()["refused"] == 7
    collector.stop()


@pytest.mark.slow
def test_with_a_token_a_request_without_it_gets_401(tmp_path: Path):
    db = tmp_path / "prod.db"
    collector = start(db, env={"GROUNDTUI_COLLECT_TOKEN": "s3cret-token"})
    [spans] = traced(bot_answers(1), "openinference")
    assert exporter(collector.url).export(spans) == SpanExportResult.FAILURE
    wrong = {"Authorization": "Bearer not-it", "Content-Type": "application/json"}
    status, _, headers = _post(collector.port, b"{}", wrong)
    assert status == 401 and headers["WWW-Authenticate"] == "Bearer"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.1:{collector.port}/healthz", timeout=30)
    assert refused.value.code == 401
    assert stored(db) == []
    right = exporter(collector.url, headers={"Authorization": "Bearer s3cret-token"})
    assert right.export(spans) == SpanExportResult.SUCCESS
    wait_for(lambda: stored(db), what="the answer")
    assert collector.health()["refused"] == 3
    collector.stop()


def test_a_non_loopback_address_without_a_token_is_refused_at_start(tmp_path: Path):
    result = CliRunner().invoke(
        cli, ["collect", "--host", "0.0.0.0", "--db", str(tmp_path / "x.db")], env={}
    )
    assert result.exit_code == 2
    assert result.output == (
        "groundtui: --host 0.0.0.0 takes traces from other machines: give --token (or "
        "GROUNDTUI_COLLECT_TOKEN) so that only your senders may write answers\n"
    )
    assert not (tmp_path / "x.db").exists()


@pytest.mark.slow
def test_a_second_collector_on_the_same_database_is_refused(tmp_path: Path):
    db = tmp_path / "prod.db"
    collector = start(db)
    result = CliRunner().invoke(cli, ["collect", "--db", str(db), "--port", "0"])
    assert result.exit_code == 2
    assert "another groundtui collect is writing to this database" in result.output
    collector.stop()
