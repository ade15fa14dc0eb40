"""Answer objects and evaluation results as their producers write them: where each keeps
an answer's fields (``fields.Fields``), and promptfoo's files.

| producer | record | question | response | sources |
| --- | --- | --- | --- | --- |
| Haystack | `GeneratedAnswer.to_dict()` | `query` | `data` | `documents` (`content`, `meta.title`, `id`) |
| LlamaIndex | a `Response` (`query`, `response`, `source_nodes`); an `EvaluationResult` | `query` | `response` | `source_nodes` (`node.text`, `node.metadata.title`, `node.id_`), else `contexts` |
| promptfoo | a result of `promptfoo eval -o` (JSON, JSON Lines) | `vars.question` (`query`, `input`, …) | `response.output` | `vars.context` (`contexts`, `documents`, …): one text, or a list |
| LangSmith | a dataset example (`id`, `inputs`, `outputs`, `metadata`) | `inputs.question` (`query`, `input`, …) | `outputs.answer` (`output`, …) | `outputs.documents` (`source_documents`, `context`, …) |
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from groundtui.importing.documents import LISTS
from groundtui.importing.formats.base import Row
from groundtui.importing.formats.fields import Fields, paths
from groundtui.importing.texts import TEXT_KEYS

VARS_QUESTION = ("question", "query", "input", "user_input")
VARS_SOURCES = (
    "context",
    "contexts",
    "documents",
    "retrieved_contexts",
    "retrieval_context",
    "sources",
)

HAYSTACK = Fields(
    question=paths("query"),
    response=paths("data"),
    sources=paths("documents"),
    origin="haystack",
)
LLAMAINDEX = Fields(
    question=paths("query"),
    response=paths("response"),
    sources=paths("source_nodes", "contexts"),
    origin="llamaindex",
)
PROMPTFOO = Fields(
    question=paths(*(f"vars.{k}" for k in VARS_QUESTION)),
    response=paths("response.output"),
    sources=paths(*(f"vars.{k}" for k in VARS_SOURCES)),
    answered_at=paths("timestamp"),
    origin="promptfoo",
)
"""A result of ``promptfoo eval -o results.json`` (``results.results[]``) or ``.jsonl``."""
LANGSMITH_EXAMPLES = Fields(
    question=paths(*(f"inputs.{k}" for k in TEXT_KEYS)),
    response=paths(*(f"outputs.{k}" for k in ("answer", "output", "response", "result", "text"))),
    sources=paths(
        *(f"outputs.{k}" for k in LISTS),
        *(f"inputs.{k}" for k in ("documents", "contexts", "context")),
    ),
    id=paths("id"),
    answered_at=paths("created_at"),
    origin="langsmith",
)
"""A LangSmith dataset example (``{id, inputs, outputs, metadata}``): its inputs' and
outputs' keys are the traced chain's own, so the well-known ones are looked for."""
TABLES = {"haystack": HAYSTACK, "llamaindex": LLAMAINDEX, "promptfoo": PROMPTFOO}


def promptfoo_results(rows: Iterable[Row]) -> Iterator[Row]:
    """promptfoo's results, one a row: an eval file's ``results.results[]`` (each given
    the eval's ``timestamp`` and ``evalId``, numbered by its place), a result a line as
    they are."""
    for row in rows:
        record = row.record
        results = record.get("results") if record is not None else None
        if record is None or not isinstance(results, dict):
            yield row
            continue
        items = results.get("results")
        if not isinstance(items, list):
            yield Row(row.number, error="field 'results.results': not a list of results")
            continue
        shared = {"evalId": record.get("evalId"), "timestamp": results.get("timestamp")}
        for i, item in enumerate(items, start=1):
            if isinstance(item, dict):
                yield Row(i, {**item, **{k: v for k, v in shared.items() if v is not None}})
            else:
                yield Row(i, error=f"field 'results.results[{i - 1}]': not a result")


PROVIDER = re.compile(r"^\[([^\]\n]+)\] ")
"""promptfoo's CSV heads a response column ``[provider id] prompt``."""
PROMPTFOO_CSV = Fields(
    question=paths(*VARS_QUESTION),
    response=paths("output"),
    sources=paths(*VARS_SOURCES),
    origin="promptfoo",
)
"""A row of ``promptfoo eval -o results.csv`` with one response column taken as ``output``."""


def promptfoo_csv(rows: Iterable[Row]) -> Iterator[Row]:
    """promptfoo's CSV: an answer for each response column (``[provider] prompt``) of a
    row, its provider and prompt kept beside the row's other cells; a var cell left empty
    (no context) is kept, to be refused naming its column."""
    for row in rows:
        record = row.record
        if record is None:
            yield row
            continue
        outputs = {k: v for k, v in record.items() if PROVIDER.match(k)}
        if not outputs:
            yield Row(row.number, error="no response column ('[provider] prompt') in the header")
            continue
        cells = {
            k: v for k, v in record.items() if k not in outputs and (v != "" or k in VARS_SOURCES)
        }
        for header, output in outputs.items():
            match = PROVIDER.match(header)
            assert match is not None
            yield Row(
                row.number,
                {
                    **cells,
                    "output": output,
                    "provider": match[1],
                    "prompt": header[match.end() :],
                },
            )
