"""An app traced as production traces it, and ``groundtui collect`` as a process of its own:
shared by the collector's tests and ``bench/collect.py``.

The app is the support bot of ``tests/data/producers/support_bot.py``, traced with the real
OpenTelemetry SDK in two conventions: OpenInference (a CHAIN root, a RETRIEVER span with
``retrieval.documents.*``, an LLM span; the attribute names from
``openinference-semantic-conventions``) and the OpenTelemetry GenAI conventions (an
``invoke_agent`` root, a ``retrieval`` span with ``gen_ai.retrieval.documents``, a ``chat``
span with ``gen_ai.input.messages`` and ``gen_ai.output.messages``; the names from
``opentelemetry-semantic-conventions``). Its spans go out through the SDK's own OTLP/HTTP
exporters: ``opentelemetry-exporter-otlp-proto-http`` (protobuf) and
``opentelemetry-exporter-otlp-json-http`` (OTLP/JSON).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openinference.semconv.trace import (
    DocumentAttributes,
    OpenInferenceSpanKindValues,
    SpanAttributes,
)
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Tracer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "data" / "producers"))

from support_bot import answers as support_answers  # noqa: E402

INVENTED = " Delivery is free on orders over €99 [1]."
"""A sentence whose figure no source holds: the check flags the answers given it."""
DOCS = SpanAttributes.RETRIEVAL_DOCUMENTS
KIND = SpanAttributes.OPENINFERENCE_SPAN_KIND


def bot_answers(count: int = 20, tag: str = "") -> list[dict[str, Any]]:
    """``count`` support-bot answers (repeating the 20, each question made its own with
    ``tag`` and its number past the first 20); every third with an invented figure. Two of
    every 20 have no source (refused, as ``import`` refuses them)."""
    base = support_answers()
    out = []
    for n in range(count):
        answer = dict(base[n % len(base)])
        if n >= len(base) or tag:
            answer["question"] = f"{answer['question']} ({tag}{n})"
        if n % 3 == 0:
            answer["response"] += INVENTED
        out.append(answer)
    return out


def openinference_trace(tracer: Tracer, answer: dict[str, Any]) -> None:
    """One answer traced as OpenInference instrumentations trace a RAG chain."""
    with tracer.start_as_current_span("support-bot") as root:
        root.set_attribute(KIND, OpenInferenceSpanKindValues.CHAIN.value)
        root.set_attribute(SpanAttributes.INPUT_VALUE, answer["question"])
        with tracer.start_as_current_span("retrieve") as retriever:
            retriever.set_attribute(KIND, OpenInferenceSpanKindValues.RETRIEVER.value)
            retriever.set_attribute(SpanAttributes.INPUT_VALUE, answer["question"])
            for i, source in enumerate(answer["sources"]):
                prefix = f"{DOCS}.{i}."
                retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_ID, source["id"])
                retriever.set_attribute(
                    prefix + DocumentAttributes.DOCUMENT_CONTENT, source["text"]
                )
        with tracer.start_as_current_span("llm") as llm:
            llm.set_attribute(KIND, OpenInferenceSpanKindValues.LLM.value)
            llm.set_attribute(SpanAttributes.LLM_MODEL_NAME, "gpt-4o-mini")
            llm.set_attribute(SpanAttributes.OUTPUT_VALUE, answer["response"])
        root.set_attribute(SpanAttributes.OUTPUT_VALUE, answer["response"])


def genai_trace(tracer: Tracer, answer: dict[str, Any]) -> None:
    """One answer traced in the OpenTelemetry GenAI conventions."""
    from opentelemetry.semconv._incubating.attributes import gen_ai_attributes as g

    with tracer.start_as_current_span("invoke_agent support-bot") as root:
        root.set_attribute(g.GEN_AI_OPERATION_NAME, "invoke_agent")
        with tracer.start_as_current_span("retrieval kb") as retriever:
            retriever.set_attribute(g.GEN_AI_OPERATION_NAME, "retrieval")
            retriever.set_attribute(g.GEN_AI_RETRIEVAL_QUERY_TEXT, answer["question"])
            retriever.set_attribute(
                g.GEN_AI_RETRIEVAL_DOCUMENTS,
                json.dumps([{"id": s["id"], "content": s["text"]} for s in answer["sources"]]),
            )
        with tracer.start_as_current_span("chat gpt-4o-mini") as chat:
            chat.set_attribute(g.GEN_AI_OPERATION_NAME, "chat")
            chat.set_attribute(g.GEN_AI_REQUEST_MODEL, "gpt-4o-mini")
            chat.set_attribute(
                g.GEN_AI_INPUT_MESSAGES,
                json.dumps(
                    [
                        {"role": "system", "parts": [{"type": "text", "content": "Cite."}]},
                        {
                            "role": "user",
                            "parts": [{"type": "text", "content": answer["question"]}],
                        },
                    ]
                ),
            )
            chat.set_attribute(
                g.GEN_AI_OUTPUT_MESSAGES,
                json.dumps(
                    [
                        {
                            "role": "assistant",
                            "parts": [{"type": "text", "content": answer["response"]}],
                            "finish_reason": "stop",
                        }
                    ]
                ),
            )


CONVENTIONS: dict[str, Callable[[Tracer, dict[str, Any]], None]] = {
    "openinference": openinference_trace,
    "genai": genai_trace,
}


def traced(answers: Sequence[dict[str, Any]], convention: str) -> list[list[ReadableSpan]]:
    """Each answer's finished spans, as the SDK hands them to an exporter (root last)."""
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("support-bot")
    out = []
    for answer in answers:
        memory.clear()
        CONVENTIONS[convention](tracer, answer)
        out.append(list(memory.get_finished_spans()))
    return out


def exporter(url: str, encoding: str = "protobuf", gzip: bool = False, **options: Any) -> Any:
    """The SDK's OTLP/HTTP span exporter for ``url`` (``.../v1/traces``), in protobuf or
    OTLP/JSON, gzipped or not."""
    if encoding == "json":
        from opentelemetry.exporter.otlp.common.http import Compression as JSONCompression
        from opentelemetry.exporter.otlp.json.http import OTLPSpanExporter as JSONExporter

        squeeze = JSONCompression.GZIP if gzip else JSONCompression.NONE
        return JSONExporter(endpoint=url, compression=squeeze, **options)
    from opentelemetry.exporter.otlp.proto.http import Compression
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    compression = Compression.Gzip if gzip else Compression.NoCompression
    return OTLPSpanExporter(endpoint=url, compression=compression, **options)


@dataclass
class Collecting:
    """``groundtui collect`` running as a process of its own."""

    db: Path
    process: subprocess.Popen
    port: int
    token: str | None = None
    log: Path = field(default_factory=Path)

    @property
    def url(self) -> str:
        """Where traces go."""
        return f"http://127.0.0.1:{self.port}/v1/traces"

    def health(self) -> dict[str, Any]:
        """``GET /healthz``."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/healthz")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(request, timeout=30) as reply:
            return json.loads(reply.read())

    def stop(self) -> str:
        """SIGTERM, as ``docker stop`` or Ctrl-C stops it; what it printed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=60)
        return self.process.stdout.read() if self.process.stdout else ""

    def kill(self) -> None:
        """``kill -9``."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


STARTED: list[subprocess.Popen] = []
"""Every collector started, for a test's teardown to end those a failure left running."""


def start(db: Path, *options: str, env: dict[str, str] | None = None) -> Collecting:
    """Start ``groundtui collect --db DB --port 0 OPTIONS`` and wait until it listens."""
    log = db.with_name(f"{db.name}.collect-{time.monotonic_ns()}.log")
    process = subprocess.Popen(
        [sys.executable, "-m", "groundtui", "collect", "--db", str(db), "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )
    STARTED.append(process)
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/v1/traces", first)
    if found is None:
        process.kill()
        raise AssertionError(f"collect did not start: {first!r} {log.read_text()!r}")
    token = (env or {}).get("GROUNDTUI_COLLECT_TOKEN")
    return Collecting(db, process, int(found[1]), token, log)


def wait_for(condition: Callable[[], Any], seconds: float = 120.0, what: str = "") -> Any:
    """Poll ``condition`` until it holds (its value), or fail after ``seconds``: a bound
    for a machine under load, not a measure."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds:g} s: {what or condition}")
        time.sleep(0.05)
