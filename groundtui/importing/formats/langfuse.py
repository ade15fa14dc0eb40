"""Langfuse traces, as its API and its UI give them (docs/formats.md).

A trace with its observations comes as the API's trace (GET /api/public/traces/{id}, a
record each), the UI's download (``{"trace", "observations"}``, or ``{"observations",
"scores"}``), or as observations alone (GET /api/public/v2/observations: ``{"data": […]}``,
input and output as raw strings), grouped by ``traceId``, the root observation standing for
the trace. A trace list (GET /api/public/traces) holds only the observations' ids: each of
its traces is a bad line saying so.

The trace's ``input`` is the question and its ``output`` the answer (text, an object's
``question``/``query``/``input``/… text, ``@observe()``'s ``{"args": […], "kwargs": {…}}``,
or the last user message of a list of messages); the ``RETRIEVER`` observations' ``output``
the sources, in order: a list (or an object's ``documents``) of strings or of objects with
``page_content``, ``content`` or ``text`` (LangChain's and LlamaIndex's callbacks). The trace
id is the answer's id; every other field of the trace is kept in ``meta``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

from groundtui.importing.formats.base import Row, ident_of, text_id, text_of
from groundtui.importing.formats.openinference import as_text
from groundtui.json_input import check_record, read_json

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


def _parsed(value: Any) -> Any:
    """A value the v2 observations API gives as a raw string: its JSON, when it is JSON."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        with contextlib.suppress(ValueError):
            return read_json(value)
    return value


def _observed(value: dict[str, Any]) -> Any:
    """``@observe()``'s record of a call, ``{"args": […], "kwargs": {…}}``: its first text
    argument, else its one text keyword argument (or a question, query, … one)."""
    args, kwargs = value.get("args"), value.get("kwargs")
    texts = [a for a in args if isinstance(a, str)] if isinstance(args, list) else []
    if texts:
        return texts[0]
    if isinstance(kwargs, dict):
        named = as_text(kwargs)
        strings = [v for v in kwargs.values() if isinstance(v, str)]
        return named if named is not None else (strings[0] if len(strings) == 1 else None)
    return None


def _text(trace: dict[str, Any], field: str) -> str:
    value = _parsed(trace.get(field))
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    observed = isinstance(value, dict) and {"args", "kwargs"} & set(value)
    text = (
        _observed(value) if observed else _message_text(value, "user" if field == "input" else None)
    )
    if text is None:
        if value is None:
            raise ValueError(f"missing field '{field}'")
        if observed:
            raise ValueError(f"field '{field}': @observe()'s args and kwargs hold no text argument")
        raise ValueError(
            f"field '{field}': no text in it (a string, an object's question, "
            "query, input, …, @observe()'s args, or a list of messages)"
        )
    return text


def _documents(output: Any, where: str) -> list[dict[str, Any]]:
    output = _parsed(output)
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
        if not text.strip():
            field = place if isinstance(doc, str) else f"{place}.{key}"
            raise ValueError(f"field '{field}': blank; a source without text supports no claim")
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
    if observations and all(isinstance(o, str) for o in observations):
        raise ValueError(
            "field 'observations': only the observations' ids, as a trace list "
            "(GET /api/public/traces) gives them; export each trace with its observations "
            "(GET /api/public/traces/{id}, the UI's download, or GET /api/public/v2/observations)"
        )
    sources, retrievers = [], []
    for i, observation in enumerate(observations):
        if isinstance(observation, dict) and observation.get("type") == "RETRIEVER":
            sources += _documents(observation.get("output"), f"observations.{i}")
            retrievers.append(observation.get("id"))
    if not sources:
        raise ValueError(
            f"field 'observations': no RETRIEVER observation with documents in its output "
            f"(of {len(observations)} observations); an answer needs its sources"
        )
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


def _from_observations(trace_id: str, observations: list[dict[str, Any]]) -> dict[str, Any]:
    """A trace made of its observations: the root one's input and output are the trace's."""
    root = next((o for o in observations if not o.get("parentObservationId")), None)
    if root is None:
        raise ValueError(f"trace {trace_id}: no root observation (one without parentObservationId)")
    return {
        "id": trace_id,
        "input": root.get("input"),
        "output": root.get("output"),
        "name": root.get("name"),
        "observations": observations,
    }


def _converted(number: int, trace: dict[str, Any], *, named: bool = False) -> Row:
    """The trace's row; ``named``: its reason says which trace, for a record of several."""
    try:
        return Row(number, check_record(convert(trace)))
    except ValueError as exc:
        which = f"trace {trace.get('id')}: " if named and isinstance(trace.get("id"), str) else ""
        return Row(number, error=which + str(exc))


def answers(rows: Iterable[Row]) -> Iterator[Row]:
    """Records in (traces, the UI's downloads, API pages), one row per trace out.

    Observations without their trace (the UI's v4 download, the v2 observations API) are
    grouped by ``traceId`` and built at the end of the input, numbered by the record of
    their first observation.
    """
    groups: dict[str, tuple[int, list[dict[str, Any]]]] = {}
    for row in rows:
        record = row.record
        if record is None:
            yield row
            continue
        if isinstance(record.get("trace"), dict):  # the UI's download (v3)
            yield _converted(
                row.number, {**record["trace"], "observations": record.get("observations")}
            )
            continue
        items = record.get("data") if "id" not in record else None
        loose = record.get("observations") if "id" not in record and items is None else None
        if isinstance(items, list) and not all(_is_observation(i) for i in items):
            for item in items:  # a page of traces (GET /api/public/traces)
                if isinstance(item, dict):
                    yield _converted(row.number, item, named=True)
                else:
                    yield Row(row.number, error="field 'data': not a list of traces")
            continue
        found = items if isinstance(items, list) else loose
        if isinstance(found, list):  # observations alone
            for observation in found:
                trace_id = observation.get("traceId") if isinstance(observation, dict) else None
                if not isinstance(trace_id, str) or not trace_id:
                    yield Row(row.number, error="an observation without 'traceId'")
                    continue
                groups.setdefault(trace_id, (row.number, []))[1].append(observation)
            continue
        yield _converted(row.number, record)
    for trace_id, (number, observations) in groups.items():
        try:
            trace = _from_observations(trace_id, observations)
        except ValueError as exc:
            yield Row(number, error=str(exc))
            continue
        yield _converted(number, trace, named=True)


def _is_observation(item: Any) -> bool:
    return isinstance(item, dict) and "traceId" in item and "type" in item
