"""Write Haystack fixtures: ``GeneratedAnswer.to_dict()`` of a real Haystack RAG pipeline.

The pipeline is Haystack's own: a retriever component (each answer's sources, in order, as
``Document(id, content, meta={"title"})``), ``ChatPromptBuilder``, ``OpenAIChatGenerator``
(pointed at ``local_openai.LocalOpenAI`` through ``api_base_url``) and ``AnswerBuilder``
(which copies the documents into the answer, adding ``source_index`` to their meta). Each
run's ``answer_builder.answers[0]`` is a ``GeneratedAnswer``; the files hold its
``to_dict()`` (``data``, ``query``, ``documents`` as ``Document.to_dict(flatten=False)``,
``meta`` with the generator's reply meta and ``all_messages``). Run (not needed by the test
suite)::

    python3.11 -m venv /tmp/hs && /tmp/hs/bin/pip install "haystack-ai==3.4.1"
    /tmp/hs/bin/python tests/data/producers/make_haystack.py

Writes ``haystack/`` (see ``haystack/EXPECTED.md``): ``answers.json`` (a JSON array of the
20 ``to_dict()``, indented), ``answers.jsonl`` (one a line) and ``VERSIONS``.
"""

from __future__ import annotations

import json
import os
from importlib.metadata import version
from pathlib import Path

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")

from haystack import Document, Pipeline, component
from haystack.components.builders import AnswerBuilder, ChatPromptBuilder
from haystack.components.generators.chat import OpenAIChatGenerator
from haystack.dataclasses import ChatMessage
from local_openai import LocalOpenAI
from support_bot import answers

OUT = Path(__file__).parent / "haystack"
BY_QUESTION = {a["question"]: a for a in answers()}
TEMPLATE = [
    ChatMessage.from_system("Answer from these sources only; cite them as [n]."),
    ChatMessage.from_user(
        "{% for doc in documents %}[{{ loop.index }}] {{ doc.content }}\n{% endfor %}"
        "\nQuestion: {{ query }}"
    ),
]


@component
class SupportRetriever:
    """The knowledge base: each answer's sources, in order."""

    @component.output_types(documents=list[Document])
    def run(self, query: str) -> dict:
        return {
            "documents": [
                Document(id=s["id"], content=s["text"], meta={"title": s["title"]})
                for s in BY_QUESTION[query]["sources"]
            ]
        }


def pipeline(llm_url: str) -> Pipeline:
    p = Pipeline()
    p.add_component("retriever", SupportRetriever())
    p.add_component("prompt_builder", ChatPromptBuilder(template=TEMPLATE, required_variables="*"))
    p.add_component("llm", OpenAIChatGenerator(model="gpt-4o-mini", api_base_url=llm_url))
    p.add_component("answer_builder", AnswerBuilder())
    p.connect("retriever.documents", "prompt_builder.documents")
    p.connect("prompt_builder.prompt", "llm.messages")
    p.connect("llm.replies", "answer_builder.replies")
    p.connect("retriever.documents", "answer_builder.documents")
    return p


def main() -> None:
    OUT.mkdir(exist_ok=True)
    os.environ["OPENAI_API_KEY"] = "local"  # read by OpenAIChatGenerator's Secret
    dumped = []
    with LocalOpenAI() as llm:
        rag = pipeline(llm.url)
        for a in answers():
            q = a["question"]
            result = rag.run(
                {
                    "retriever": {"query": q},
                    "prompt_builder": {"query": q},
                    "answer_builder": {"query": q},
                }
            )
            dumped.append(result["answer_builder"]["answers"][0].to_dict())
    (OUT / "answers.json").write_text(
        json.dumps(dumped, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    with (OUT / "answers.jsonl").open("w", encoding="utf-8") as f:
        for d in dumped:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
    (OUT / "VERSIONS").write_text("".join(f"{n} {version(n)}\n" for n in ("haystack-ai", "openai")))


if __name__ == "__main__":
    main()
