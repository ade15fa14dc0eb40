"""Write LangSmith fixtures: a LangChain RAG chain traced by LangSmith, read back by the SDK.

There is no LangSmith server here, so a small one stands in on 127.0.0.1 (``LocalLangSmith``
below): it stores the runs the SDK posts (``POST /runs``, ``PATCH /runs/{id}``: the SDK's
own wire JSON, ``auto_batch_tracing=False``) and the examples it creates (``POST
/examples``), and answers ``POST /runs/query``, ``GET /runs/{id}`` and ``GET /examples``
with them plus the fields the LangSmith API adds (``status``, ``session_id``,
``parent_run_ids``, ``app_path``, token counts, ``dataset_id``, ``created_at``,
``modified_at``), newest run first as the API lists them. The ``Run`` and ``Example``
objects in the files are the SDK's own (``Client.list_runs``, ``Client.read_run``,
``Client.list_examples``), dumped with pydantic's ``model_dump_json`` / ``model_dump``.

The chain is LangChain's: a ``@chain`` root (``RunnableLambda``, named ``support_bot``,
invoked with ``{"question": ...}``) that calls a ``BaseRetriever`` (returning each answer's
sources as ``Document(id, page_content, metadata={"title"})``, in order) and ``ChatOpenAI``
(langchain-openai, pointed at ``local_openai.LocalOpenAI``), traced by ``LangChainTracer``.
So each trace has 3 runs: the root chain, a retriever child and an llm child. Run (not
needed by the test suite)::

    python3.11 -m venv /tmp/ls && /tmp/ls/bin/pip install "langsmith==0.15.1" \
        langchain-core langchain-openai
    /tmp/ls/bin/python tests/data/producers/make_langsmith.py

Writes ``langsmith/`` (see ``langsmith/EXPECTED.md`` for where each field is):

- ``list_runs.jsonl``: ``for run in client.list_runs(project_name=...)``:
  ``run.model_dump_json()`` a line; 60 runs, newest first (so each trace's root comes
  before its children, the children of later traces first).
- ``run_tree.json``: ``client.read_run(root_id, load_child_runs=True)`` for each of the 20
  roots: the ``Run`` with its ``child_runs`` nested, ``model_dump(mode="json")``, a JSON
  array (indented). (The tracer's own ``RunTree`` excludes ``child_runs`` from its dump,
  so this is how a tree with its children reaches a file.)
- ``examples.jsonl`` and ``examples.json``: the dataset's examples
  (``client.create_example(inputs=root.inputs, outputs={"answer", "documents"},
  metadata=..., source_run_id=root.id)``, read back with ``client.list_examples``), each
  ``{id, inputs, outputs, metadata}`` (``model_dump(mode="json", include=...)``), a line
  each and as a JSON array.
- ``VERSIONS``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import version
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import chain
from langchain_core.tracers import LangChainTracer
from langchain_openai import ChatOpenAI
from langsmith import Client
from local_openai import LocalOpenAI
from support_bot import answers

OUT = Path(__file__).parent / "langsmith"
PROJECT = "support-bot"
TENANT = uuid.UUID("7a1b2c3d-0000-4000-8000-000000000001")
SESSION = uuid.UUID("7a1b2c3d-0000-4000-8000-000000000002")
DATASET = uuid.UUID("7a1b2c3d-0000-4000-8000-000000000003")
BY_QUESTION = {a["question"]: a for a in answers()}

# The fields the API returns for a run: list_runs' default select (GET /runs/{id} alike).
SELECTED = {
    *("app_path", "completion_cost", "completion_tokens", "dotted_order", "end_time"),
    *("error", "events", "extra", "feedback_stats", "first_token_time", "id", "inputs"),
    *("name", "outputs", "parent_run_id", "parent_run_ids", "prompt_cost", "prompt_tokens"),
    *("reference_example_id", "run_type", "session_id", "start_time", "status", "tags"),
    *("total_cost", "total_tokens", "trace_id"),
}


class _Store:
    def __init__(self) -> None:
        self.runs: dict[str, dict] = {}
        self.examples: list[dict] = []
        self.lock = threading.Lock()

    def as_listed(self, run: dict) -> dict:
        """A run as the API returns it: what was posted, plus the fields the server adds."""
        ancestors = [seg.split("Z", 1)[1] for seg in run["dotted_order"].split(".")][:-1]
        out = {
            **run,
            "status": "error" if run.get("error") else "success",
            "session_id": str(SESSION),
            "parent_run_ids": ancestors,
            "app_path": f"/o/{TENANT}/projects/p/{SESSION}/r/{run['id']}"
            f"?trace_id={run['trace_id']}&start_time={run['start_time']}",
            "feedback_stats": None,
            "reference_example_id": None,
            "first_token_time": None,
            "total_cost": None,
            "prompt_cost": None,
            "completion_cost": None,
        }
        usage = self.usage(run)
        out.update(prompt_tokens=usage[0], completion_tokens=usage[1], total_tokens=sum(usage))
        return out

    def usage(self, run: dict) -> tuple[int, int]:
        """Tokens of an llm run, or of every llm run under a chain (the API sums them)."""
        if run["run_type"] == "llm":
            u = (run.get("outputs") or {}).get("llm_output", {}).get("token_usage", {})
            return u.get("prompt_tokens", 0), u.get("completion_tokens", 0)
        below = [r for r in self.runs.values() if r.get("parent_run_id") == run["id"]]
        sums = [self.usage(r) for r in below]
        return sum(s[0] for s in sums), sum(s[1] for s in sums)


class _Handler(BaseHTTPRequestHandler):
    store: _Store

    def log_message(self, *args: object) -> None:
        pass

    def _body(self) -> dict:
        return json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")

    def _send(self, value: object) -> None:
        data = json.dumps(value).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        path = urlparse(self.path).path
        body = self._body()
        s = self.store
        with s.lock:
            if path == "/runs":
                s.runs[body["id"]] = body
                self._send({})
            elif path == "/runs/query":
                runs = [s.as_listed(r) for r in s.runs.values()]
                if "trace" in body:
                    runs = [r for r in runs if r["trace_id"] == body["trace"]]
                if body.get("is_root") is False:
                    runs = [r for r in runs if r.get("parent_run_id")]
                runs.sort(key=lambda r: r["dotted_order"].split(".")[-1], reverse=True)
                select = set(body.get("select") or []) | {"id", "trace_id"}
                runs = [{k: v for k, v in r.items() if k in select} for r in runs]
                self._send({"runs": runs, "cursors": {"next": None}})
            elif path == "/examples":
                now = dt.datetime.now(dt.UTC).isoformat()
                example = {**body, "created_at": now, "modified_at": now}
                s.examples.append(example)
                self._send(example)
            else:
                self.send_error(404)

    def do_PATCH(self) -> None:
        run_id = urlparse(self.path).path.rsplit("/", 1)[1]
        body = self._body()
        with self.store.lock:
            self.store.runs[run_id].update(body)
        self._send({})

    def do_GET(self) -> None:
        url = urlparse(self.path)
        s = self.store
        with s.lock:
            if m := re.fullmatch(r"/runs/([0-9a-f-]+)", url.path):
                run = s.as_listed(s.runs[m.group(1)])
                self._send({k: v for k, v in run.items() if k in SELECTED})
            elif url.path == "/examples":
                offset = int(parse_qs(url.query).get("offset", ["0"])[0])
                self._send(s.examples[offset:] if offset == 0 else [])
            else:
                self.send_error(404)


class LocalLangSmith:
    """The stand-in LangSmith API on 127.0.0.1; ``url`` for ``Client(api_url=...)``."""

    def __init__(self) -> None:
        handler = type("Handler", (_Handler,), {"store": _Store()})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LocalLangSmith:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class SupportRetriever(BaseRetriever):
    """The knowledge base: each answer's sources, in order."""

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        return [
            Document(id=s["id"], page_content=s["text"], metadata={"title": s["title"]})
            for s in BY_QUESTION[query]["sources"]
        ]


def trace_the_chain(client: Client, llm_url: str) -> None:
    retriever = SupportRetriever()
    llm = ChatOpenAI(model="gpt-4o-mini", base_url=llm_url, api_key="local", temperature=0)

    @chain
    def support_bot(inputs: dict) -> str:
        docs = retriever.invoke(inputs["question"])
        context = "\n\n".join(f"[{i}] {d.page_content}" for i, d in enumerate(docs, 1))
        reply = llm.invoke(
            [
                ("system", f"Answer from these sources only; cite them as [n].\n\n{context}"),
                ("human", inputs["question"]),
            ]
        )
        return str(reply.content)

    tracer = LangChainTracer(project_name=PROJECT, client=client)
    for a in answers():
        support_bot.invoke(
            {"question": a["question"]},
            config={"callbacks": [tracer], "metadata": {"ticket_id": a["id"]}},
        )
    tracer.wait_for_futures()
    client.flush()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with LocalOpenAI() as llm, LocalLangSmith() as smith:
        client = Client(
            api_url=smith.url,
            api_key="local",
            auto_batch_tracing=False,
            info={"version": "0.15", "instance_flags": {}},
        )
        trace_the_chain(client, llm.url)
        runs = list(client.list_runs(project_id=SESSION))
        with (OUT / "list_runs.jsonl").open("w", encoding="utf-8") as f:
            for run in runs:
                f.write(run.model_dump_json() + "\n")

        roots = sorted((r for r in runs if r.parent_run_id is None), key=lambda r: r.start_time)
        trees = [client.read_run(r.id, load_child_runs=True).model_dump(mode="json") for r in roots]
        (OUT / "run_tree.json").write_text(
            json.dumps(trees, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )

        for root in roots:
            [retrieved] = [
                r for r in runs if r.parent_run_id == root.id and r.run_type == "retriever"
            ]
            client.create_example(
                dataset_id=DATASET,
                inputs=root.inputs,
                outputs={
                    "answer": root.outputs["output"],
                    "documents": retrieved.outputs["documents"],
                },
                metadata=root.metadata,
                source_run_id=root.id,
            )
        examples = [
            e.model_dump(mode="json", include={"id", "inputs", "outputs", "metadata"})
            for e in client.list_examples(dataset_id=DATASET)
        ]
    with (OUT / "examples.jsonl").open("w", encoding="utf-8") as f:
        for e in examples:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    (OUT / "examples.json").write_text(
        json.dumps(examples, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    (OUT / "VERSIONS").write_text(
        "".join(
            f"{n} {version(n)}\n"
            for n in ("langsmith", "langchain-core", "langchain-openai", "openai", "pydantic")
        )
    )


if __name__ == "__main__":
    main()
