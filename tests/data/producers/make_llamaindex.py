"""Write LlamaIndex fixtures: a query engine's ``Response``s, their faithfulness evaluations,
and the OpenInference spans of the queries.

The query engine is LlamaIndex's ``RetrieverQueryEngine.from_args`` over a ``BaseRetriever``
that returns each answer's sources, in order, as ``NodeWithScore(TextNode(id_, text,
metadata={"title"}), score)``, with ``llama_index.llms.openai.OpenAI`` pointed at
``local_openai.LocalOpenAI`` (``api_base``) for the synthesis (response mode ``compact``).
With no node (answer 7) LlamaIndex answers ``"Empty Response"`` without asking the model.
Run (not needed by the test suite)::

    python3.11 -m venv /tmp/llama && /tmp/llama/bin/pip install "llama-index-core==0.14.25" \
        llama-index-llms-openai openinference-instrumentation-llama-index opentelemetry-sdk
    /tmp/llama/bin/python tests/data/producers/make_llamaindex.py

Writes ``llamaindex/`` (see ``llamaindex/EXPECTED.md``):

- ``responses.json``: a JSON array (indented), one object an answer, as a user saves a
  ``Response`` (a dataclass that holds no query, and whose nodes are pydantic, so
  ``dataclasses.asdict`` cannot be dumped): ``{"query": ..., "response":
  response.response, "source_nodes": [n.to_dict() for n in response.source_nodes],
  "metadata": response.metadata}``. ``NodeWithScore.to_dict()`` is LlamaIndex's own
  serialiser: ``{"node": {"id_", "text", "metadata", ..., "class_name": "TextNode"},
  "score", "class_name": "NodeWithScore"}``.
- ``responses.jsonl``: the same objects, one a line.
- ``faithfulness.jsonl``: ``FaithfulnessEvaluator(llm=...).evaluate_response(query=...,
  response=...)`` for each answer, ``EvaluationResult.model_dump_json()`` a line
  (``query``, ``contexts``, ``response``, ``passing``, ``feedback``, ``score``, ...). The
  local server answers the judge ``YES``.
- ``openinference.jsonl``: the queries' spans recorded by
  ``openinference-instrumentation-llama-index`` (``LlamaIndexInstrumentor``) into the
  OpenTelemetry SDK's ``InMemorySpanExporter``, ``span.to_json(indent=None)`` a line, in
  the order the SDK exports them (each trace's root last).
- ``VERSIONS``.
"""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

from llama_index.core import QueryBundle
from llama_index.core.evaluation import FaithfulnessEvaluator
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import NodeWithScore, TextNode
from llama_index.llms.openai import OpenAI
from local_openai import LocalOpenAI
from openinference.instrumentation.llama_index import LlamaIndexInstrumentor
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from support_bot import answers

OUT = Path(__file__).parent / "llamaindex"
BY_QUESTION = {a["question"]: a for a in answers()}


class SupportRetriever(BaseRetriever):
    """The knowledge base: each answer's sources, in order, best first."""

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return [
            NodeWithScore(
                node=TextNode(id_=s["id"], text=s["text"], metadata={"title": s["title"]}),
                score=round(0.9 - 0.1 * i, 2),
            )
            for i, s in enumerate(BY_QUESTION[query_bundle.query_str]["sources"])
        ]


def write_jsonl(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def main() -> None:
    OUT.mkdir(exist_ok=True)
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    instrumentor = LlamaIndexInstrumentor()
    with LocalOpenAI() as server:
        llm = OpenAI(model="gpt-4o-mini", api_base=server.url, api_key="local")
        engine = RetrieverQueryEngine.from_args(SupportRetriever(), llm=llm)
        instrumentor.instrument(tracer_provider=provider)
        responses = [(a["question"], engine.query(a["question"])) for a in answers()]
        instrumentor.uninstrument()
        evaluator = FaithfulnessEvaluator(llm=llm)
        evaluations = [evaluator.evaluate_response(query=q, response=r) for q, r in responses]
    saved = [
        {
            "query": q,
            "response": r.response,
            "source_nodes": [n.to_dict() for n in r.source_nodes],
            "metadata": r.metadata,
        }
        for q, r in responses
    ]
    (OUT / "responses.json").write_text(
        json.dumps(saved, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    write_jsonl(OUT / "responses.jsonl", [json.dumps(s, ensure_ascii=False) for s in saved])
    write_jsonl(OUT / "faithfulness.jsonl", [e.model_dump_json() for e in evaluations])
    write_jsonl(
        OUT / "openinference.jsonl",
        [span.to_json(indent=None) for span in exporter.get_finished_spans()],
    )
    (OUT / "VERSIONS").write_text(
        "".join(
            f"{n} {version(n)}\n"
            for n in (
                "llama-index-core",
                "llama-index-llms-openai",
                "openinference-instrumentation-llama-index",
                "opentelemetry-sdk",
                "openai",
            )
        )
    )


if __name__ == "__main__":
    main()
