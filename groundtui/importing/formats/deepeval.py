"""deepeval test cases and goldens, as ``EvaluationDataset.save_as`` writes them (JSON, JSON
Lines, CSV).

``input`` is the question, ``actual_output`` the answer, ``retrieval_context`` the sources;
every other field (``expected_output``, ``context``, ``name``, …) is kept in ``meta``.
``retrieval_context`` is a list of strings (JSON), or, in JSON Lines and CSV, those strings
joined with ``|``, split back as deepeval's own loader splits them (so a ``|`` inside a
context splits it there too). A context deepeval wrote from ``RetrievedContextData`` reads
``deepeval_source=ID,deepeval_context=TEXT``: its source's id and text are taken apart,
whatever line breaks the text holds.
"""

from __future__ import annotations

import re
from typing import Any

from groundtui.importing.formats.base import checked_sources, stable_id, text_id, text_of
from groundtui.importing.formats.ragas import text_list

USED = ("input", "actual_output", "retrieval_context")
DELIMITER = "|"
"""What deepeval joins ``retrieval_context`` with in JSON Lines and CSV (``DELIMITER``)."""
MARKER = re.compile(r"deepeval_source=(?P<source>.*?),deepeval_context=(?P<context>.*)", re.DOTALL)
"""deepeval's ``_RETRIEVED_CONTEXT_MARKER``, read to the end of a context that holds line
breaks (deepeval's own pattern stops at the first one and keeps the marker in the text)."""


def _contexts(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return value.split(DELIMITER) if value else []
    return text_list(value, "retrieval_context")


def _source(text: str) -> dict[str, Any]:
    if (match := MARKER.fullmatch(text)) is not None:
        source_id, context = match["source"], match["context"]
        return {"id": source_id or text_id(context), "text": context, "origin": "deepeval"}
    return {"id": text_id(text), "text": text, "origin": "deepeval"}


def convert(record: dict[str, Any]) -> dict[str, Any]:
    """One test case as a groundtui record."""
    question = text_of(record.get("input"), "input")
    response = text_of(record.get("actual_output"), "actual_output")
    sources = [_source(t) for t in _contexts(record.get("retrieval_context"))]
    meta = {k: v for k, v in record.items() if k not in USED and v is not None}
    return {
        "id": stable_id(question, response, [s["text"] for s in sources]),
        "question": question,
        "response": response,
        "sources": checked_sources(sources, "retrieval_context"),
        "meta": meta,
    }
