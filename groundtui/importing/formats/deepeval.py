"""deepeval test cases (``LLMTestCase`` fields, as its JSON file of test cases holds them).

``input`` is the question, ``actual_output`` the answer, ``retrieval_context`` (a list of
strings) the sources; every other field (``expected_output``, ``context``, ``name``, …) is
kept in ``meta``.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.formats.base import stable_id, text_of
from groundtui.importing.formats.ragas import sources_of, text_list

USED = ("input", "actual_output", "retrieval_context")


def convert(record: dict[str, Any]) -> dict[str, Any]:
    """One test case as a groundtui record."""
    question = text_of(record.get("input"), "input")
    response = text_of(record.get("actual_output"), "actual_output")
    contexts = text_list(record.get("retrieval_context") or [], "retrieval_context")
    meta = {k: v for k, v in record.items() if k not in USED}
    return {
        "id": stable_id(question, response, contexts),
        "question": question,
        "response": response,
        "sources": sources_of(contexts, "deepeval"),
        "meta": meta,
    }
