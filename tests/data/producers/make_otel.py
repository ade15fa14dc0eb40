"""Write OpenInference span fixtures with the OpenTelemetry SDK and its OTLP encoder.

Run with a Python that has opentelemetry-sdk, opentelemetry-exporter-otlp-proto-common and
openinference-semantic-conventions installed (not needed by the test suite):
``python tests/data/producers/make_otel.py``. Each answer is a trace: a CHAIN root span
(question and answer), a RETRIEVER span (its documents) and an LLM span. Writes ``otel/``:

- ``console.jsonl``: ``span.to_json()`` a line, in the order the SDK exports them (root last).
- ``root_first.jsonl``: the same spans, each trace's root first (as Phoenix lists them).
- ``otlp.jsonl``: OTLP JSON as the Collector's file exporter writes it, one
  ``ExportTraceServiceRequest`` a line (five traces each): the SDK's own ``encode_spans``,
  printed with protobuf's ``MessageToDict``; the ids turned from base64 to hex, as the
  OTLP/JSON encoding asks.
- ``remote_parent.jsonl``: the same as ``otlp.jsonl``, each answer's root span started in a
  caller's context (a request that came in with a ``traceparent`` header): its parent is
  the caller's span, never exported here, and OTLP's flags say it is remote.
"""

from __future__ import annotations

import base64
import json
from importlib.metadata import version
from pathlib import Path

from google.protobuf.json_format import MessageToDict
from openinference.semconv.trace import (
    DocumentAttributes,
    OpenInferenceSpanKindValues,
    SpanAttributes,
)
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import (
    NonRecordingSpan,
    SpanContext,
    TraceFlags,
    set_span_in_context,
)
from support_bot import answers

OUT = Path(__file__).parent / "otel"
KIND = SpanAttributes.OPENINFERENCE_SPAN_KIND
DOCS = SpanAttributes.RETRIEVAL_DOCUMENTS


def hex_ids(value: object) -> object:
    if isinstance(value, dict):
        return {
            k: base64.b64decode(v).hex()
            if k in ("traceId", "spanId", "parentSpanId") and isinstance(v, str)
            else hex_ids(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [hex_ids(v) for v in value]
    return value


def caller(n: int) -> object:
    """The context of a request that came in with a ``traceparent`` header: its span is the
    caller's, in another process."""
    remote = SpanContext(
        0x1234567890ABCDEF1234567890AB0000 + n,
        0x1122334455660000 + n,
        is_remote=True,
        trace_flags=TraceFlags(TraceFlags.SAMPLED),
    )
    return set_span_in_context(NonRecordingSpan(remote))


def finished_spans(remote_parent: bool = False) -> list:
    """The 20 answers' spans, as the SDK exports them (each trace's root last); with
    ``remote_parent``, each root's parent a caller's span."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = provider.get_tracer("support-bot")
    for n, a in enumerate(answers(), 1):
        context = caller(n) if remote_parent else None
        with tracer.start_as_current_span("support-bot", context=context) as root:
            root.set_attribute(KIND, OpenInferenceSpanKindValues.CHAIN.value)
            root.set_attribute(SpanAttributes.INPUT_VALUE, a["question"])
            root.set_attribute("ticket.id", a["id"])
            with tracer.start_as_current_span("retrieve") as retriever:
                retriever.set_attribute(KIND, OpenInferenceSpanKindValues.RETRIEVER.value)
                retriever.set_attribute(SpanAttributes.INPUT_VALUE, a["question"])
                for i, s in enumerate(a["sources"]):
                    prefix = f"{DOCS}.{i}."
                    retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_ID, s["id"])
                    retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_CONTENT, s["text"])
                    retriever.set_attribute(
                        prefix + DocumentAttributes.DOCUMENT_METADATA,
                        json.dumps({"title": s["title"]}),
                    )
            with tracer.start_as_current_span("llm") as llm:
                llm.set_attribute(KIND, OpenInferenceSpanKindValues.LLM.value)
                llm.set_attribute(SpanAttributes.LLM_MODEL_NAME, "gpt-4o-mini")
                llm.set_attribute(SpanAttributes.OUTPUT_VALUE, a["response"])
            root.set_attribute(SpanAttributes.OUTPUT_VALUE, a["response"])
    return list(exporter.get_finished_spans())


def main() -> None:
    OUT.mkdir(exist_ok=True)
    spans = finished_spans()
    with (OUT / "console.jsonl").open("w", encoding="utf-8") as f:
        for span in spans:
            f.write(span.to_json(indent=None) + "\n")
    with (OUT / "root_first.jsonl").open("w", encoding="utf-8") as f:
        for start in range(0, len(spans), 3):
            trace = spans[start : start + 3]
            for span in (trace[-1], *trace[:-1]):
                f.write(span.to_json(indent=None) + "\n")
    for name, some in (("otlp.jsonl", spans), ("remote_parent.jsonl", finished_spans(True))):
        with (OUT / name).open("w", encoding="utf-8") as f:
            for start in range(0, len(some), 15):
                request = MessageToDict(encode_spans(some[start : start + 15]))
                f.write(json.dumps(hex_ids(request), ensure_ascii=False) + "\n")
    (OUT / "VERSIONS").write_text(
        "".join(
            f"{name} {version(name)}\n"
            for name in (
                "opentelemetry-sdk",
                "opentelemetry-exporter-otlp-proto-common",
                "openinference-semantic-conventions",
                "protobuf",
            )
        )
    )


if __name__ == "__main__":
    main()
