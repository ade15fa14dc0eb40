"""The benchmark's answers written in each import format (for ``bench/import.py --format``).

Each writer takes the answers as ``bench/import.py`` makes them (groundtui records) and
writes them as the format's producer would: ragas rows, deepeval test cases, Langfuse
traces, and each trace dialect's spans as tests/data/producers/ holds them: OpenInference
and OpenLLMetry/Traceloop (``genai``) spans, three a trace, the root last, as the SDK
exports them; LangSmith runs, three a trace, children first (``list_runs``); MLflow's
``Trace.to_json()`` a line; TruLens events, three a record. Claims exist only in
groundtui's own formats; the others carry question, answer and sources.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FORMATS = (
    "jsonl",
    "json",
    "csv",
    "parquet",
    "ragas",
    "deepeval",
    "openinference",
    "genai",
    "langsmith",
    "mlflow",
    "trulens",
    "langfuse",
    "answers",
)
SPANS = {"openinference", "genai", "langsmith", "mlflow", "trulens"}
"""Formats written as several records an answer."""
START = "2026-12-01T10:00:00.000000Z"


def _texts(answer: dict) -> list[str]:
    return [s["text"] for s in answer["sources"]]


def _spans(answer: dict) -> list[dict[str, Any]]:
    trace, root = f"0x{answer['id'].encode().hex():0>32}", f"0x{1:016x}"
    docs = {}
    for i, s in enumerate(answer["sources"]):
        docs[f"retrieval.documents.{i}.document.id"] = s["id"]
        docs[f"retrieval.documents.{i}.document.content"] = s["text"]
        docs[f"retrieval.documents.{i}.document.metadata"] = json.dumps({"title": s["title"]})

    def span(span_id: int, parent: str | None, attributes: dict) -> dict:
        return {
            "name": "span",
            "context": {"trace_id": trace, "span_id": f"0x{span_id:016x}"},
            "parent_id": parent,
            "attributes": attributes,
        }

    return [
        span(2, root, {"openinference.span.kind": "RETRIEVER", **docs}),
        span(3, root, {"openinference.span.kind": "LLM", "output.value": answer["response"]}),
        span(
            1,
            None,
            {
                "openinference.span.kind": "CHAIN",
                "input.value": answer["question"],
                "output.value": answer["response"],
            },
        ),
    ]


def _genai(answer: dict) -> list[dict[str, Any]]:
    trace, root = f"0x{answer['id'].encode().hex():0>32}", f"0x{1:016x}"
    docs = [{"id": s["id"], "title": s["title"], "content": s["text"]} for s in answer["sources"]]

    def span(span_id: int, parent: str | None, name: str, attributes: dict) -> dict:
        return {
            "name": name,
            "context": {"trace_id": trace, "span_id": f"0x{span_id:016x}"},
            "parent_id": parent,
            "start_time": START,
            "attributes": {"traceloop.workflow.name": "support_bot", **attributes},
        }

    return [
        span(
            2,
            root,
            "retrieve.task",
            {
                "traceloop.span.kind": "task",
                "traceloop.entity.name": "retrieve",
                "traceloop.entity.output": json.dumps(docs),
            },
        ),
        span(
            3,
            root,
            "openai.chat",
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "gpt-4o-mini",
                "gen_ai.output.messages": json.dumps(
                    [
                        {
                            "role": "assistant",
                            "parts": [{"type": "text", "content": answer["response"]}],
                        }
                    ]
                ),
            },
        ),
        span(
            1,
            None,
            "support_bot.workflow",
            {
                "traceloop.span.kind": "workflow",
                "traceloop.entity.input": json.dumps({"args": [answer["question"]], "kwargs": {}}),
                "traceloop.entity.output": json.dumps(answer["response"]),
            },
        ),
    ]


def _langsmith(answer: dict) -> list[dict[str, Any]]:
    trace = f"{answer['id']}-root"

    def run(run_id: str, parent: str | None, run_type: str, inputs: dict, outputs: dict) -> dict:
        return {
            "id": run_id,
            "name": run_type,
            "run_type": run_type,
            "start_time": START,
            "trace_id": trace,
            "parent_run_id": parent,
            "dotted_order": f"{START}{run_id}",
            "extra": {"metadata": {"ticket_id": answer["id"]}},
            "inputs": inputs,
            "outputs": outputs,
        }

    documents = [
        {
            "id": s["id"],
            "metadata": {"title": s["title"]},
            "page_content": s["text"],
            "type": "Document",
        }
        for s in answer["sources"]
    ]
    return [
        run(
            f"{answer['id']}-ret",
            trace,
            "retriever",
            {"query": answer["question"]},
            {"documents": documents},
        ),
        run(
            f"{answer['id']}-llm",
            trace,
            "llm",
            {},
            {"generations": [[{"text": answer["response"]}]]},
        ),
        run(trace, None, "chain", {"question": answer["question"]}, {"output": answer["response"]}),
    ]


def _mlflow(answer: dict) -> list[dict[str, Any]]:
    def span(span_id: str, parent: str | None, kind: str, inputs: Any, outputs: Any) -> dict:
        return {
            "trace_id": "dHJhY2U=",
            "span_id": span_id,
            "parent_span_id": parent,
            "name": kind.lower(),
            "start_time_unix_nano": 1_796_000_000_000_000_000,
            "attributes": {
                "mlflow.spanType": json.dumps(kind),
                "mlflow.spanInputs": json.dumps(inputs),
                "mlflow.spanOutputs": json.dumps(outputs),
            },
        }

    documents = [
        {"page_content": s["text"], "metadata": {"title": s["title"]}, "id": s["id"]}
        for s in answer["sources"]
    ]
    return [
        {
            "info": {
                "trace_id": f"tr-{answer['id']}",
                "client_request_id": answer["id"],
                "request_time": START,
            },
            "data": {
                "spans": [
                    span(
                        "cm9vdA==",
                        None,
                        "CHAIN",
                        {"question": answer["question"]},
                        answer["response"],
                    ),
                    span("cmV0", "cm9vdA==", "RETRIEVER", {"query": answer["question"]}, documents),
                    span("bGxt", "cm9vdA==", "CHAT_MODEL", {}, {"choices": []}),
                ]
            },
        }
    ]


def _trulens(answer: dict) -> list[dict[str, Any]]:
    record = answer["id"]

    def event(span_id: str, parent: str, kind: str, attributes: dict) -> dict:
        return {
            "record": {"name": kind, "kind": 1, "parent_span_id": parent},
            "event_id": span_id,
            "record_attributes": {
                "ai.observability.span_type": kind,
                "ai.observability.record_id": record,
                "ai.observability.app_name": "support-bot",
                **attributes,
            },
            "start_timestamp": 1_796_000_000_000,
            "trace": {"trace_id": "1", "parent_id": parent, "span_id": span_id},
        }

    return [
        event(
            "2",
            "1",
            "retrieval",
            {"ai.observability.retrieval.retrieved_contexts": _texts(answer)},
        ),
        event("3", "1", "generation", {"ai.observability.call.return": answer["response"]}),
        event(
            "1",
            "",
            "record_root",
            {
                "ai.observability.record_root.input": answer["question"],
                "ai.observability.record_root.output": answer["response"],
            },
        ),
    ]


def _records(fmt: str, answer: dict) -> list[dict[str, Any]]:
    """The records one answer is written as in ``fmt``."""
    writer = {
        "openinference": _spans,
        "genai": _genai,
        "langsmith": _langsmith,
        "mlflow": _mlflow,
        "trulens": _trulens,
    }.get(fmt)
    return writer(answer) if writer is not None else [_row(fmt, answer)]


def _row(fmt: str, answer: dict) -> dict[str, Any]:
    if fmt == "answers":  # as export --format answers writes it: every verdict a judgement
        return {
            **answer,
            "groundtui": "answers/1",
            "claims": [
                {
                    "text": c["text"],
                    "kind": c["kind"],
                    "citation": [c["citation"]],
                    "judgements": [
                        {
                            "judge": c["judge"],
                            "prompt_version": "import",
                            "verdict": c["verdict"],
                            "at": "2026-12-01T10:00:00.000000Z",
                        }
                    ],
                }
                for c in answer["claims"]
            ],
        }
    if fmt == "ragas":
        return {
            "user_input": answer["question"],
            "retrieved_contexts": _texts(answer),
            "response": answer["response"],
            "reference": "a reference answer",
        }
    if fmt == "deepeval":
        return {
            "input": answer["question"],
            "actual_output": answer["response"],
            "retrieval_context": _texts(answer),
            "expected_output": "an expected output",
        }
    if fmt == "langfuse":
        return {
            "id": answer["id"],
            "timestamp": "2024-05-01T10:00:00Z",
            "input": {"question": answer["question"]},
            "output": answer["response"],
            "observations": [
                {
                    "id": "o-1",
                    "type": "RETRIEVER",
                    "output": [
                        {"page_content": s["text"], "metadata": {"id": s["id"]}}
                        for s in answer["sources"]
                    ],
                }
            ],
        }
    return answer


def write(fmt: str, path: Path, answers: Iterable[dict]) -> None:
    """``answers`` into ``path`` in ``fmt``, a record at a time (Parquet: 1,000 at a time)."""
    if fmt == "parquet":
        _parquet(path, answers)
        return
    with path.open("w", newline="", encoding="utf-8") as out:
        if fmt == "csv":
            writer = csv.writer(out)
            writer.writerow(["id", "question", "response", "sources", "claims"])
            for a in answers:
                writer.writerow(
                    [
                        a["id"],
                        a["question"],
                        a["response"],
                        json.dumps(a["sources"]),
                        json.dumps(a["claims"]),
                    ]
                )
            return
        array = fmt in ("json", "deepeval")
        out.write("[\n" if array else "")
        for n, a in enumerate(answers):
            for record in _records(fmt, a):
                out.write(("," if array and n else "") + json.dumps(record) + "\n")
        out.write("]\n" if array else "")


def _parquet(path: Path, answers: Iterable[dict]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer, chunk = None, []
    for a in answers:
        chunk.append(a)
        if len(chunk) == 1000:
            table = pa.Table.from_pylist(chunk, schema=writer.schema if writer else None)
            writer = writer or pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
            chunk = []
    if chunk:
        table = pa.Table.from_pylist(chunk, schema=writer.schema if writer else None)
        writer = writer or pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
    if writer:
        writer.close()
