"""OpenInference spans, grouped by trace into answers (docs/formats.md).

A span is read as the OpenTelemetry SDK's ``span.to_json()`` writes it (``context.trace_id``,
``context.span_id``, ``parent_id``, ``attributes`` with OpenInference's flattened keys), or as
a row of Phoenix's ``get_spans_dataframe()`` (``context.trace_id``, ``attributes.input.value``,
…). The root span's ``input.value`` (else the LLM span's) is the question, its
``output.value`` (else the LLM span's) the answer; the RETRIEVER spans'
``retrieval.documents.{i}.document.{id,content,metadata}`` are the sources, in order.

Spans also come as OTLP JSON (what the OpenTelemetry Collector's file exporter writes: a
``resourceSpans`` → ``scopeSpans`` → ``spans`` request a line, attributes as typed values),
and as Phoenix's ``span_to_json`` (attributes nested: ``{"input": {"value": …}}``). Spans
come in any order (the SDK exports the root last, Phoenix lists it first): they are grouped
by trace and each trace is built at the end of the file. A trace without a RETRIEVER span
holding documents is a bad line: its answer would have nothing to be checked against.
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
DOC = re.compile(r"retrieval\.documents\.(\d+)\.document\.(\w+)(?:\.(.+))?$")
"""A document's field; ``document.metadata.title`` when Phoenix flattened its metadata."""
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


def _flat(value: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested attributes (Phoenix's ``span_to_json``) as OpenInference's dotted keys."""
    out: dict[str, Any] = {}
    for key, item in value.items():
        if isinstance(item, dict) and item:
            out.update(_flat(item, f"{prefix}{key}."))
        else:
            out[prefix + key] = item
    return out


def _attributes(span: dict[str, Any]) -> dict[str, Any]:
    attributes = span.get("attributes")
    if isinstance(attributes, dict):
        return _flat(attributes)
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
            fields = found.setdefault(int(match[1]), {})
            if match[3] is None:
                fields[match[2]] = value
            elif match[2] == "metadata":  # Phoenix's get_spans flattens the metadata object
                fields.setdefault("metadata", {})[match[3]] = value
    listed = attributes.get("retrieval.documents")
    if isinstance(listed, list):  # Phoenix: a list of {"document.content": …} (or nested)
        for i, doc in enumerate(listed):
            if isinstance(doc, dict):
                fields = found.setdefault(i, {})
                for key, value in _flat(doc).items():
                    name = key.removeprefix("document.")
                    if name.startswith("metadata."):  # a metadata object flattened on the way
                        fields.setdefault("metadata", {})[name.removeprefix("metadata.")] = value
                    else:
                        fields[name] = value
    return [found[i] for i in sorted(found)]


def _source(doc: dict[str, Any], where: str) -> tuple[dict[str, Any], Any]:
    content = doc.get("content")
    if not isinstance(content, str):
        raise ValueError(f"field '{where}.document.content': missing or not text")
    if not content.strip():
        raise ValueError(
            f"field '{where}.document.content': blank; a source without text supports no claim"
        )
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


def _otlp_value(value: Any) -> Any:
    """An OTLP JSON ``AnyValue`` (``{"stringValue": …}``, ``{"intValue": "5"}``, …) as itself."""
    if not isinstance(value, dict) or len(value) != 1:
        return value
    [(kind, inner)] = value.items()
    if kind == "intValue" and isinstance(inner, str) and inner.lstrip("-").isdigit():
        return int(inner)
    if kind == "arrayValue" and isinstance(inner, dict):
        return [_otlp_value(v) for v in inner.get("values", [])]
    if kind == "kvlistValue" and isinstance(inner, dict):
        return _otlp_attributes(inner.get("values"))
    return inner


def _otlp_attributes(pairs: Any) -> dict[str, Any]:
    if not isinstance(pairs, list):
        return {}
    return {
        p["key"]: _otlp_value(p.get("value"))
        for p in pairs
        if isinstance(p, dict) and isinstance(p.get("key"), str)
    }


def otlp_spans(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The spans of an OTLP JSON request, as ``span.to_json()`` writes a span.

    Raises:
        ValueError: ``resourceSpans`` or what it holds is not a list of objects.
    """
    resources = request.get("resourceSpans")
    if not isinstance(resources, list):
        raise ValueError("field 'resourceSpans': not a list")
    for r, resource in enumerate(resources):
        scopes = resource.get("scopeSpans") if isinstance(resource, dict) else None
        if not isinstance(scopes, list):
            raise ValueError(f"field 'resourceSpans[{r}].scopeSpans': not a list")
        for s, scope in enumerate(scopes):
            spans = scope.get("spans") if isinstance(scope, dict) else None
            if not isinstance(spans, list):
                raise ValueError(f"field 'resourceSpans[{r}].scopeSpans[{s}].spans': not a list")
            for span in spans:
                if not isinstance(span, dict):
                    continue
                yield {
                    "name": span.get("name"),
                    "context": {"trace_id": span.get("traceId"), "span_id": span.get("spanId")},
                    "parent_id": span.get("parentSpanId") or None,
                    "attributes": _otlp_attributes(span.get("attributes")),
                }


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
    if not sources:
        raise ValueError(
            f"trace {trace_id}: no document in 'retrieval.documents' of any RETRIEVER span "
            f"({len(retrievers)} of its {len(spans)} spans are RETRIEVER spans); "
            "an answer needs its sources"
        )
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


def answers(rows: Iterable[Row]) -> Iterator[Row]:
    """Spans in, in any order, one row per trace out (numbered by its first span's line or
    row); every trace is held until the end of the input."""
    traces: dict[str, tuple[int, list[dict[str, Any]]]] = {}
    for row in rows:
        if row.record is None:
            yield row
            continue
        try:
            spans = list(otlp_spans(row.record)) if "resourceSpans" in row.record else [row.record]
        except ValueError as exc:
            yield Row(row.number, error=str(exc))
            continue
        for span in spans:
            trace_id = _context(span, "trace_id")
            if not isinstance(trace_id, str) or not trace_id:
                yield Row(row.number, error="missing field 'context.trace_id'")
                continue
            traces.setdefault(trace_id, (row.number, []))[1].append(span)
    for trace_id, (number, spans) in traces.items():
        yield _finish(trace_id, number, spans)


def _finish(trace_id: str, number: int, spans: list[dict[str, Any]]) -> Row:
    try:
        return Row(number, check_record(trace_answer(trace_id, spans)))
    except ValueError as exc:
        return Row(number, error=str(exc))
