"""Langfuse traces, as a trace's JSON download (or the API's trace with its observations).

The trace's ``input`` is the question and its ``output`` the answer (text, an object's
``question``/``query``/``input``/… text, or the last user message of a list of messages);
the ``RETRIEVER`` observations' ``output`` the sources, in order: a list (or an object's
``documents``) of strings or of objects with ``page_content``, ``content`` or ``text``
(LangChain's and LlamaIndex's callbacks). The trace id is the answer's id; every other
field of the trace is kept in ``meta``.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.formats.base import ident_of, text_id, text_of
from groundtui.importing.formats.openinference import as_text

USED = ("id", "input", "output", "observations")
DOC_TEXT = ("page_content", "content", "text")


def _content(content: Any) -> str | None:
    """A message's content: text, or OpenAI's list of parts ({"type": "text", "text": …})
    with its text parts joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            p["text"]
            for p in content
            if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str)
        ]
        return "\n".join(texts) if texts else None
    return None


def _message_text(value: Any, role: str | None) -> str | None:
    if isinstance(value, dict) and "role" in value and "content" in value:  # one message
        return _content(value["content"])
    if not isinstance(value, list):
        return as_text(value)
    for message in reversed(value):
        if isinstance(message, dict) and (role is None or message.get("role") == role):
            content = _content(message.get("content"))
            if content is not None:
                return content
    return None


def _text(trace: dict[str, Any], field: str) -> str:
    value = trace.get(field)
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    text = _message_text(value, "user" if field == "input" else None)
    if text is None:
        if value is None:
            raise ValueError(f"missing field '{field}'")
        raise ValueError(
            f"field '{field}': no text in it (a string, an object's question, "
            "query, input, … or a list of messages)"
        )
    return text


def _documents(output: Any, where: str) -> list[dict[str, Any]]:
    if isinstance(output, dict):
        output = output.get("documents", output.get("nodes"))
    if not isinstance(output, list):
        raise ValueError(f"field '{where}.output': not a list of documents")
    sources = []
    for i, doc in enumerate(output):
        place = f"{where}.output.{i}"
        if isinstance(doc, dict) and isinstance(doc.get("node"), dict):  # LlamaIndex scored node
            doc, place = doc["node"], f"{place}.node"
        key = next((k for k in DOC_TEXT if isinstance(doc, dict) and doc.get(k) is not None), None)
        if isinstance(doc, str):
            text = doc
        elif key is not None:  # the document's text field, which must then be text
            text = text_of(doc[key], f"{place}.{key}")
        else:
            raise ValueError(
                f"field '{place}': neither text nor an object with page_content, content or text"
            )
        source: dict[str, Any] = {"text": text, "origin": "langfuse"}
        metadata = doc.get("metadata") if isinstance(doc, dict) else None
        metadata = metadata if isinstance(metadata, dict) else {}
        given = (
            {}
            if not isinstance(doc, dict)
            else {
                f"{place}.id": doc.get("id"),
                f"{place}.id_": doc.get("id_"),
                f"{place}.metadata.id": metadata.get("id"),
            }
        )
        ident = next((ident_of(v, k) for k, v in given.items() if v not in (None, "")), None)
        source["id"] = ident or text_id(text)
        if isinstance(metadata.get("title"), str):
            source["title"] = metadata["title"]
        if isinstance(metadata.get("origin"), str):
            source["origin"] = metadata["origin"]
        sources.append(source)
    return sources


def convert(trace: dict[str, Any]) -> dict[str, Any]:
    """One trace as a groundtui record."""
    trace_id = text_of(trace.get("id"), "id")
    observations = trace.get("observations") or []
    if not isinstance(observations, list):
        raise ValueError("field 'observations': not a list")
    sources, retrievers = [], []
    for i, observation in enumerate(observations):
        if isinstance(observation, dict) and observation.get("type") == "RETRIEVER":
            sources += _documents(observation.get("output"), f"observations.{i}")
            retrievers.append(observation.get("id"))
    meta = {k: v for k, v in trace.items() if k not in USED}
    meta["trace_id"] = trace_id
    meta["retriever_observation_ids"] = retrievers
    return {
        "id": trace_id,
        "question": _text(trace, "input"),
        "response": _text(trace, "output"),
        "sources": sources,
        "meta": meta,
    }
