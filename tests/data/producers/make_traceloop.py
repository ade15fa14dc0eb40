"""Write OpenLLMetry (Traceloop) span fixtures: a RAG workflow traced by ``traceloop-sdk``.

``Traceloop.init(exporter=InMemorySpanExporter(), disable_batch=True)`` with its
instrumentations on; each answer is one trace of three spans: a ``@workflow`` root
(``support_bot.workflow``, ``support_bot(question) -> str``; the ticket id set with
``Traceloop.set_association_properties``), a ``@task`` retriever (``retrieve.task``,
returning each answer's sources, in order, as ``{"id", "title", "content"}`` dicts) and the
``openai.chat`` span that OpenLLMetry's OpenAI instrumentation records around a chat call
to ``local_openai.LocalOpenAI`` (the OTel GenAI conventions: ``gen_ai.*`` attributes; the
decorators' ``traceloop.entity.*`` and ``traceloop.span.kind``). Run (not needed by the test
suite)::

    python3.11 -m venv /tmp/tl && /tmp/tl/bin/pip install --no-deps "traceloop-sdk==0.62.4"
    /tmp/tl/bin/pip install openai httpx opentelemetry-instrumentation-openai \\
        "opentelemetry-semantic-conventions-ai>=0.5.1,<0.6" aiohttp colorama cuid deprecated \\
        jinja2 tenacity pydantic "opentelemetry-sdk==1.45.1" \\
        "opentelemetry-exporter-otlp-proto-http==1.45.1" \\
        "opentelemetry-exporter-otlp-proto-grpc==1.45.1" \\
        "opentelemetry-instrumentation==0.66b1" "opentelemetry-instrumentation-logging==0.66b1" \\
        "opentelemetry-instrumentation-threading==0.66b1"
    /tmp/tl/bin/python tests/data/producers/make_traceloop.py

(``pip install traceloop-sdk==0.62.4`` alone cannot resolve: it asks for the latest of
several ``opentelemetry-instrumentation-*`` packages, which pin different
``opentelemetry-instrumentation`` betas; so the SDK goes in without its dependencies and
the ones it imports at start are pinned to one beta. Its other instrumentations, for
libraries not used here, are left out: it loads each only if its library is installed.)

Writes ``traceloop/`` (see ``traceloop/EXPECTED.md``):

- ``console.jsonl``: ``span.to_json(indent=None)`` a line, as the SDK exports them (each
  trace's root last), what ``ConsoleSpanExporter`` prints, one a line.
- ``otlp.jsonl``: OTLP JSON as the Collector's file exporter writes it, one
  ``ExportTraceServiceRequest`` a line (five traces each): the SDK's own ``encode_spans``,
  printed with protobuf's ``MessageToDict``, ids turned from base64 to hex (as
  make_otel.py does).
- ``VERSIONS``.
"""

from __future__ import annotations

import base64
import json
import os
from importlib.metadata import version
from pathlib import Path

os.environ.setdefault("TRACELOOP_TELEMETRY", "false")

import openai
from google.protobuf.json_format import MessageToDict
from local_openai import LocalOpenAI
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from support_bot import answers
from traceloop.sdk import Traceloop
from traceloop.sdk.decorators import task, workflow

OUT = Path(__file__).parent / "traceloop"
BY_QUESTION = {a["question"]: a for a in answers()}


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


@task(name="retrieve")
def retrieve(question: str) -> list[dict]:
    return [
        {"id": s["id"], "title": s["title"], "content": s["text"]}
        for s in BY_QUESTION[question]["sources"]
    ]


def support_bot_with(client: openai.OpenAI):
    @workflow(name="support_bot")
    def support_bot(question: str) -> str:
        Traceloop.set_association_properties({"ticket_id": BY_QUESTION[question]["id"]})
        docs = retrieve(question)
        context = "\n\n".join(f"[{i}] {d['content']}" for i, d in enumerate(docs, 1))
        reply = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[
                {"role": "system", "content": f"Answer from these sources only.\n\n{context}"},
                {"role": "user", "content": question},
            ],
        )
        return reply.choices[0].message.content or ""

    return support_bot


def main() -> None:
    OUT.mkdir(exist_ok=True)
    exporter = InMemorySpanExporter()
    Traceloop.init(app_name="support-bot", exporter=exporter, disable_batch=True)
    with LocalOpenAI() as llm:
        support_bot = support_bot_with(openai.OpenAI(base_url=llm.url, api_key="local"))
        for a in answers():
            support_bot(a["question"])
    spans = list(exporter.get_finished_spans())
    with (OUT / "console.jsonl").open("w", encoding="utf-8") as f:
        for span in spans:
            f.write(span.to_json(indent=None) + "\n")
    with (OUT / "otlp.jsonl").open("w", encoding="utf-8") as f:
        for start in range(0, len(spans), 15):
            request = MessageToDict(encode_spans(spans[start : start + 15]))
            f.write(json.dumps(hex_ids(request), ensure_ascii=False) + "\n")
    (OUT / "VERSIONS").write_text(
        "".join(
            f"{name} {version(name)}\n"
            for name in (
                "traceloop-sdk",
                "opentelemetry-instrumentation-openai",
                "opentelemetry-semantic-conventions-ai",
                "opentelemetry-sdk",
                "opentelemetry-exporter-otlp-proto-common",
                "openai",
                "protobuf",
            )
        )
    )


if __name__ == "__main__":
    main()
