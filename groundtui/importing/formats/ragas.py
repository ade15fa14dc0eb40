"""ragas rows, as ``EvaluationDataset`` writes them (``to_jsonl``, ``to_csv``, ``to_pandas``).

``user_input`` is the question, ``response`` the answer, ``retrieved_contexts`` (a list of
strings) the sources, in order, identified by ``retrieved_context_ids`` when given (else by a
hash of their text); every other column (``reference``, ``reference_contexts``,
…) is kept in ``meta``. pandas writes a list into CSV as Python's ``repr`` (``['a', 'b']``);
JSON text is read too.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.formats.base import checked_sources, ident_of, stable_id, text_id, text_of
from groundtui.importing.formats.containers import list_cell

USED = ("user_input", "response", "retrieved_contexts", "retrieved_context_ids")


def text_list(value: Any, name: str) -> list[str]:
    """A list of strings, from a list or from its JSON or Python text (a CSV cell)."""
    if isinstance(value, str):
        value = list_cell(value, name)
    if not isinstance(value, list):
        raise ValueError(f"field '{name}': not a list of strings")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ValueError(f"field '{name}[{i}]': {type(item).__name__} is not text")
    return value


def sources_of(
    texts: list[str], origin: str, ids: list[str | None] | None = None
) -> list[dict[str, Any]]:
    """Sources given as text, identified by ``ids`` where given, else by a hash of the text."""
    given = ids or [None] * len(texts)
    return [
        {"id": i or text_id(t), "text": t, "origin": origin}
        for t, i in zip(texts, given, strict=True)
    ]


def id_list(value: Any, name: str, count: int) -> list[str | None]:
    """ragas' ``retrieved_context_ids``: one id (text or a whole number) a context."""
    if isinstance(value, str):
        value = list_cell(value, name)
    if not isinstance(value, list):
        raise ValueError(f"field '{name}': not a list of ids")
    if len(value) != count:
        raise ValueError(f"field '{name}': {len(value)} ids for {count} retrieved_contexts")
    return [ident_of(v, f"{name}[{i}]") for i, v in enumerate(value)]


def convert(record: dict[str, Any]) -> dict[str, Any]:
    """One ragas row as a groundtui record."""
    question = text_of(record.get("user_input"), "user_input")
    response = text_of(record.get("response"), "response")
    contexts = text_list(record.get("retrieved_contexts", []), "retrieved_contexts")
    ids = record.get("retrieved_context_ids")
    given = None if ids is None else id_list(ids, "retrieved_context_ids", len(contexts))
    meta = {k: v for k, v in record.items() if k not in USED}
    if isinstance(meta.get("reference_contexts"), str):
        meta["reference_contexts"] = text_list(meta["reference_contexts"], "reference_contexts")
    return {
        "id": stable_id(question, response, contexts),
        "question": question,
        "response": response,
        "sources": checked_sources(sources_of(contexts, "ragas", given), "retrieved_contexts"),
        "meta": meta,
    }
