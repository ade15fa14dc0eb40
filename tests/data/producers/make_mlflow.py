"""Write MLflow trace fixtures: a traced RAG function, read back with ``mlflow.search_traces``.

Each answer is one trace in MLflow's local tracking store (SQLite, in a temporary folder):
a CHAIN root (``@mlflow.trace``, ``support_bot(question) -> str``), a RETRIEVER span
(``@mlflow.trace(span_type=SpanType.RETRIEVER)`` returning each answer's sources, in
order, as ``mlflow.entities.Document(id, page_content, metadata={"doc_uri", "title"})``)
and a CHAT_MODEL span recorded by ``mlflow.openai.autolog()`` around an ``openai`` chat
call to ``local_openai.LocalOpenAI``. The ticket id is the trace's ``client_request_id``
(``mlflow.update_current_trace``). Run (not needed by the test suite)::

    python3.11 -m venv /tmp/mlflow && /tmp/mlflow/bin/pip install "mlflow==3.17.2" openai
    /tmp/mlflow/bin/python tests/data/producers/make_mlflow.py

Writes ``mlflow/`` (see ``mlflow/EXPECTED.md``):

- ``search_traces.jsonl``: ``mlflow.search_traces()`` (a pandas DataFrame, newest trace
  first) ``.to_json(orient="records", lines=True)``.
- ``search_traces.parquet``: the same frame ``.to_parquet()`` (pyarrow).
- ``traces.jsonl``: ``mlflow.search_traces(return_type="list")``: ``trace.to_json()`` a
  line.
- ``traces_pretty.json``: each ``trace.to_json(pretty=True)`` (indented), the 20 as the
  items of one JSON array.
- ``VERSIONS``.
"""

from __future__ import annotations

import tempfile
from importlib.metadata import version
from pathlib import Path

import mlflow
import openai
from local_openai import LocalOpenAI
from mlflow.entities import Document, SpanType
from support_bot import answers

OUT = Path(__file__).parent / "mlflow"
BY_QUESTION = {a["question"]: a for a in answers()}


@mlflow.trace(span_type=SpanType.RETRIEVER)
def retrieve(query: str) -> list[Document]:
    return [
        Document(
            id=s["id"],
            page_content=s["text"],
            metadata={"doc_uri": f"kb://{s['id']}", "title": s["title"]},
        )
        for s in BY_QUESTION[query]["sources"]
    ]


def support_bot_with(client: openai.OpenAI):
    @mlflow.trace(name="support_bot", span_type=SpanType.CHAIN)
    def support_bot(question: str) -> str:
        mlflow.update_current_trace(client_request_id=BY_QUESTION[question]["id"])
        docs = retrieve(question)
        context = "\n\n".join(f"[{i}] {d.page_content}" for i, d in enumerate(docs, 1))
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
    with tempfile.TemporaryDirectory() as tmp, LocalOpenAI() as llm:
        mlflow.set_tracking_uri(f"sqlite:///{tmp}/mlflow.db")
        mlflow.set_experiment(
            experiment_id=mlflow.create_experiment("support-bot", f"file://{tmp}/artifacts")
        )
        mlflow.openai.autolog()
        support_bot = support_bot_with(openai.OpenAI(base_url=llm.url, api_key="local"))
        for a in answers():
            support_bot(a["question"])
        frame = mlflow.search_traces(flush=True)
        traces = mlflow.search_traces(return_type="list")
    frame.to_json(OUT / "search_traces.jsonl", orient="records", lines=True)
    frame.to_parquet(OUT / "search_traces.parquet")
    with (OUT / "traces.jsonl").open("w", encoding="utf-8") as f:
        for t in traces:
            f.write(t.to_json() + "\n")
    (OUT / "traces_pretty.json").write_text(
        "[\n" + ",\n".join(t.to_json(pretty=True) for t in traces) + "\n]\n", encoding="utf-8"
    )
    (OUT / "VERSIONS").write_text(
        "".join(f"{n} {version(n)}\n" for n in ("mlflow", "openai", "pandas", "pyarrow"))
    )


if __name__ == "__main__":
    main()
