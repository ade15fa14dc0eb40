"""OpenInference spans, grouped by trace into answers (docs/formats.md).

A span is read as the OpenTelemetry SDK's ``span.to_json()`` writes it (``context.trace_id``,
``context.span_id``, ``parent_id``, ``attributes`` with OpenInference's flattened keys), or as
a row of Phoenix's ``get_spans_dataframe()`` (``context.trace_id``, ``attributes.input.value``,
…). The root span's ``input.value`` (else the LLM span's) is the question, its
``output.value`` (else the LLM span's) the answer; the RETRIEVER spans'
``retrieval.documents.{i}.document.{id,content,metadata}`` are the sources, in order.

From JSON Lines a trace is complete when its root span arrives (the SDK exports a span when
it ends, the root last), so only unfinished traces are held; a span after its root is a bad
line. From Parquet every trace is held until the end.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

from groundtui.importing.formats.base import Row, ident_of, text_id
from groundtui.json_input import check_record, read_json
from groundtui.text.inert import quoted
from groundtui.text.markers import LONGEST

KIND = "openinference.span.kind"
DOC = re.compile(r"retrieval\.documents\.(\d+)\.document\.(\w+)$")
TEXT_KEYS = (
    "question",
    "query",
    "input",
    "user_input",
    "answer",
    "output",
    "response",
    "result",
    "content",
    "text",
)


def _attributes(span: dict[str, Any]) -> dict[str, Any]:
    attributes = span.get("attributes")
    if isinstance(attributes, dict):
        return attributes
    # a Phoenix dataframe row: "attributes.input.value" columns
    return {
        k.removeprefix("attributes."): v for k, v in span.items() if k.startswith("attributes.")
    }


def _context(span: dict[str, Any], key: str) -> Any:
    context = span.get("context")
    return context.get(key) if isinstance(context, dict) else span.get(f"context.{key}")


def _kind(span: dict[str, Any]) -> str:
    return str(_attributes(span).get(KIND) or span.get("span_kind") or "").upper()


def as_text(value: Any) -> str | None:
    """A value's text: a string, or the first text field of an object (JSON text included)."""
    if isinstance(value, str):
        stripped = value.strip()
        if stripped.startswith("{"):
            try:
                value = read_json(stripped)
            except ValueError:
                return value
        else:
            return value
    if isinstance(value, dict):
        for key in TEXT_KEYS:
            if isinstance(value.get(key), str):
                return str(value[key])
    return None


def _documents(attributes: dict[str, Any]) -> list[dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if (match := DOC.match(key)) is not None:
            if len(match[1]) > LONGEST:  # int() of 4,300 digits or more raises its own words
                raise ValueError(
                    f"field {quoted('attributes.' + key)}: a document index of "
                    f"{len(match[1]):,} digits (at most {LONGEST})"
                )
            found.setdefault(int(match[1]), {})[match[2]] = value
    listed = attributes.get("retrieval.documents")
    if isinstance(listed, list):  # a Phoenix dataframe: a list of {"document.content": …}
        for i, doc in enumerate(listed):
            if isinstance(doc, dict):
                found.setdefault(i, {}).update(
                    {k.removeprefix("document."): v for k, v in doc.items()}
                )
    return [found[i] for i in sorted(found)]


def _source(doc: dict[str, Any], where: str) -> tuple[dict[str, Any], Any]:
    content = doc.get("content")
    if not isinstance(content, str):
        raise ValueError(f"field '{where}.document.content': missing or not text")
    metadata = doc.get("metadata")
    if isinstance(metadata, str):
        with contextlib.suppress(ValueError):
            metadata = read_json(metadata)
    ident = ident_of(doc.get("id"), f"{where}.document.id")
    source: dict[str, Any] = {
        "id": ident or text_id(content),
        "text": content,
        "origin": "openinference",
    }
    if isinstance(metadata, dict):
        if isinstance(metadata.get("title"), str):
            source["title"] = metadata["title"]
        if isinstance(metadata.get("origin"), str):
            source["origin"] = metadata["origin"]
    return source, metadata


def trace_answer(trace_id: str, spans: list[dict[str, Any]]) -> dict[str, Any]:
    """The answer one trace's spans make."""
    root = next((s for s in spans if not s.get("parent_id")), None)
    llm = next((s for s in spans if _kind(s) == "LLM"), None)
    texts = {}
    for field in ("input", "output"):
        text = None
        for span in (root, llm):
            if span is not None and text is None:
                text = as_text(_attributes(span).get(f"{field}.value"))
        if text is None:
            raise ValueError(
                f"trace {trace_id}: no span with '{field}.value' text "
                "(the root span's, else the LLM span's)"
            )
        texts[field] = text
    sources: list[dict[str, Any]] = []
    metadata: list[Any] = []
    retrievers: list[Any] = []
    for span in spans:
        if _kind(span) != "RETRIEVER":
            continue
        retrievers.append(_context(span, "span_id"))
        for i, doc in enumerate(_documents(_attributes(span))):
            source, doc_meta = _source(doc, f"retrieval.documents.{i}")
            sources.append(source)
            metadata.append(doc_meta)
    meta: dict[str, Any] = {
        "trace_id": trace_id,
        "span_ids": {
            "root": root and _context(root, "span_id"),
            "llm": llm and _context(llm, "span_id"),
            "retriever": retrievers,
        },
    }
    if root is not None:
        used = {"input.value", "output.value", "input.mime_type", "output.mime_type"}
        meta["root_attributes"] = {k: v for k, v in _attributes(root).items() if k not in used}
    if llm is not None and "llm.model_name" in _attributes(llm):
        meta["llm_model_name"] = _attributes(llm)["llm.model_name"]
    if any(m is not None for m in metadata):
        meta["source_metadata"] = metadata
    return {
        "id": trace_id,
        "question": texts["input"],
        "response": texts["output"],
        "sources": sources,
        "meta": meta,
    }


def answers(rows: Iterable[Row], *, hold_all: bool = False) -> Iterator[Row]:
    """Spans in, one row per trace out (numbered by its first span's line or row)."""
    open_traces: dict[str, tuple[int, list[dict[str, Any]]]] = {}
    done: set[str] = set()
    for row in rows:
        if row.record is None:
            yield row
            continue
        trace_id = _context(row.record, "trace_id")
        if not isinstance(trace_id, str) or not trace_id:
            yield Row(row.number, error="missing field 'context.trace_id'")
            continue
        if trace_id in done:
            yield Row(row.number, error=f"a span of trace {trace_id} after its root span")
            continue
        open_traces.setdefault(trace_id, (row.number, []))[1].append(row.record)
        if not hold_all and not row.record.get("parent_id"):
            done.add(trace_id)
            yield _finish(trace_id, *open_traces.pop(trace_id))
    for trace_id, (number, spans) in open_traces.items():
        yield _finish(trace_id, number, spans)


def _finish(trace_id: str, number: int, spans: list[dict[str, Any]]) -> Row:
    try:
        return Row(number, check_record(trace_answer(trace_id, spans)))
    except ValueError as exc:
        return Row(number, error=str(exc))
