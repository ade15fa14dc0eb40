"""ragas rows, as ``EvaluationDataset`` writes them (``to_jsonl``, ``to_csv``, ``to_pandas``).

``user_input`` is the question, ``response`` the answer, ``retrieved_contexts`` (a list of
strings) the sources, in order; every other column (``reference``, ``reference_contexts``,
…) is kept in ``meta``. pandas writes a list into CSV as Python's ``repr`` (``['a', 'b']``);
JSON text is read too.
"""

from __future__ import annotations

import ast
from typing import Any

from groundtui.importing.formats.base import stable_id, text_id, text_of
from groundtui.importing.formats.containers import json_cell

USED = ("user_input", "response", "retrieved_contexts")


def text_list(value: Any, name: str) -> list[str]:
    """A list of strings, from a list or from its JSON or Python text (a CSV cell)."""
    if isinstance(value, str):
        try:
            value = json_cell(value, name)
        except ValueError:
            try:
                value = ast.literal_eval(value)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                raise ValueError(f"field '{name}': not a list of strings") from None
    if not isinstance(value, list):
        raise ValueError(f"field '{name}': not a list of strings")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ValueError(f"field '{name}.{i}': {type(item).__name__} is not text")
    return value


def sources_of(texts: list[str], origin: str) -> list[dict[str, Any]]:
    """Sources given as text alone: each identified by a hash of its text."""
    return [{"id": text_id(t), "text": t, "origin": origin} for t in texts]


def convert(record: dict[str, Any]) -> dict[str, Any]:
    """One ragas row as a groundtui record."""
    question = text_of(record.get("user_input"), "user_input")
    response = text_of(record.get("response"), "response")
    contexts = text_list(record.get("retrieved_contexts", []), "retrieved_contexts")
    meta = {k: v for k, v in record.items() if k not in USED}
    if isinstance(meta.get("reference_contexts"), str):
        meta["reference_contexts"] = text_list(meta["reference_contexts"], "reference_contexts")
    return {
        "id": stable_id(question, response, contexts),
        "question": question,
        "response": response,
        "sources": sources_of(contexts, "ragas"),
        "meta": meta,
    }
