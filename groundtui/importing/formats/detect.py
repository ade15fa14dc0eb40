"""A file's shape and flavour from its first bytes (docs/formats.md).

The shape is the container (JSON Lines, a JSON array or pretty-printed objects, CSV,
Parquet); the flavour, whose fields the first records (or the header) hold: a producer's
answers, or spans of a trace dialect (told apart by their attributes).
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from typing import Any

from groundtui.importing.formats.base import HEAD, Input

COLUMN = re.compile(r"^[\w .\-]{1,100}$")
KEY = re.compile(rb'"([A-Za-z_][\w.]*)"\s*:')
PROVIDER = re.compile(r"^\[[^\]\n]+\] ")
LOOKED_AT = 50
"""Records of a JSON Lines head looked at for a flavour, when the first ones have none."""


def _attributes(record: dict[str, Any]) -> dict[str, Any]:
    """A span record's attribute keys as dotted names (nested or flattened into columns)."""
    attributes = record.get("attributes")
    if isinstance(attributes, list):  # OTLP JSON
        return {str(a.get("key")): None for a in attributes if isinstance(a, dict)}
    if isinstance(attributes, dict):
        out: dict[str, Any] = {}
        for key, value in attributes.items():
            out[key] = value
            if isinstance(value, dict):  # Phoenix's nested attributes
                out.update({f"{key}.{k}": None for k in value})
        return out
    return {k.removeprefix("attributes."): None for k in record if k.startswith("attributes.")}


def span_dialect(record: dict[str, Any]) -> str | None:
    """Which dialect a span speaks, by its attributes; None when none."""
    keys = {**_attributes(record), **dict.fromkeys(record)}  # a cut line's keys are flat
    if "openinference.span.kind" in keys or "openinference.span" in keys or "input.value" in keys:
        return "openinference"
    if record.get("span_kind") is not None:  # a Phoenix span keeps its kind beside
        return "openinference"
    if "mlflow.spanType" in keys:
        return "mlflow"
    if any(k.startswith("ai.observability.") for k in keys):
        return "trulens"
    if any(k.startswith(("gen_ai.", "traceloop.")) for k in keys):
        return "genai"
    return None


def _spans_kind(record: dict[str, Any]) -> str | None:
    if "resourceSpans" in record:
        for resource in record.get("resourceSpans") or []:
            for scope in (
                (resource or {}).get("scopeSpans") or [] if isinstance(resource, dict) else []
            ):
                for span in (scope or {}).get("spans") or [] if isinstance(scope, dict) else []:
                    if isinstance(span, dict) and (found := span_dialect(span)):
                        return found
        return "traces"
    if (
        "context.trace_id" in record
        or isinstance(record.get("context"), dict)
        or ("traceId" in record and "spanId" in record)
        or ("parent_id" in record and "context" in record)
    ):
        return span_dialect(record) or "traces"
    return None


def kind_of(record: dict[str, Any]) -> str | None:
    """Which producer's record this is: ``ragas``, …, ``groundtui``, or None.

    A record read whole (a JSON line, an array's first element) is looked into; a CSV
    header's or a Parquet file's column names come as a record of Nones.
    """
    keys = set(record)
    if "groundtui" in keys:  # export --format answers marks its records so
        return "answers"
    if (spans := _spans_kind(record)) is not None:
        return spans
    if "run_type" in keys or "child_runs" in keys:
        return "langsmith"
    if {"inputs", "outputs"} <= keys:  # a LangSmith example
        return "langsmith-examples"
    if ({"info", "data"} <= keys and isinstance(record["info"], dict | None)) or (
        {"trace_id", "spans"} <= keys and {"request", "response"} & keys
    ):
        return "mlflow"
    if "record_attributes" in keys or {"record_json", "record_id"} <= keys:
        return "trulens"
    if (
        "evalId" in keys
        or {"testCase", "vars"} <= keys
        or ({"vars", "response"} <= keys and "promptIdx" in keys)
    ):
        return "promptfoo"
    if "Status" in keys and any(PROVIDER.match(k) for k in keys):
        return "promptfoo"
    if "source_nodes" in keys or {"query", "contexts", "passing"} <= keys:
        return "llamaindex"
    if {"query", "documents", "data"} <= keys and not isinstance(record.get("data"), list):
        return "haystack"
    if "user_input" in keys and ({"response", "retrieved_contexts"} & keys):
        return "ragas"
    if "actual_output" in keys:
        return "deepeval"
    if "observations" in keys or {"id", "input", "output", "timestamp"} <= keys:
        return "langfuse"
    if {"data", "meta"} <= keys or {"traceId", "parentObservationId"} <= keys:  # API pages
        return "langfuse"
    if {"traceId", "type"} <= keys and ("startTime" in keys or "input" in keys):  # an observation
        return "langfuse"
    if "question" in keys or "response" in keys:
        return "groundtui"
    return None


def shape(source: Input) -> tuple[str, str | None]:
    """``(container, kind)``: container one of lines, whole, csv, parquet."""
    head = source.head.removeprefix(codecs.BOM_UTF8)
    if head.startswith(b"PAR1"):
        from groundtui.importing.formats.parquet import columns

        return "parquet", kind_of(dict.fromkeys(columns(source)))
    stripped = head.lstrip()
    if not stripped:
        return "lines", None
    first, _, rest = stripped.partition(b"\n")
    pretty = first.strip() == b"{" and rest.lstrip()[:1] in (b'"', b"}")
    if stripped[:1] == b"[" or pretty:  # an array, or pretty-printed objects
        return "whole", _whole_kind(stripped)
    if stripped[:1] == b"{":
        return "lines", _lines_kind(stripped, len(source.head) >= HEAD)
    names = _header(head)
    if len(names) > 1 and (
        all(COLUMN.match(n) for n in names) or kind_of(dict.fromkeys(names)) == "promptfoo"
    ):
        return "csv", kind_of(dict.fromkeys(names))
    return "lines", None


def _header(head: bytes) -> list[str]:
    """A CSV's header row (a quoted name may hold line breaks, as promptfoo's do)."""
    text = head.decode("utf-8", "replace")
    try:
        row = next(csv.reader(io.StringIO(text, newline="")), [])
    except csv.Error:
        return []
    if len(row) <= 1:  # a bare CR ends lines (old Mac): the reader saw one line
        row = next(csv.reader(io.StringIO(text.splitlines()[0] if text else "")), [])
    return [n.strip() for n in row]


def _lines_kind(text: bytes, cut: bool) -> str | None:
    """The kind of JSON Lines: of the first record that has one (of the first few)."""
    lines = text.split(b"\n")
    complete = lines if not cut else lines[:-1]
    for line in complete[:LOOKED_AT]:
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except (ValueError, RecursionError):  # nested too deep: the reader says so by line
            return None
        kind = kind_of(value) if isinstance(value, dict) else None
        if kind != "traces":
            return kind
    if cut and len(lines) == 1:  # a first line longer than the head: its keys as far as read
        return _cut_kind(lines[0])
    return "traces" if complete else None


def _cut_kind(line: bytes) -> str | None:
    return kind_of(dict.fromkeys(m.decode() for m in KEY.findall(line)))


def _whole_kind(text: bytes) -> str | None:
    """The kind of a JSON array or object whose start is ``text``."""
    body = text[1:] if text[:1] == b"[" else text
    try:
        first, _ = json.JSONDecoder().raw_decode(body.decode("utf-8", "replace").lstrip())
        if isinstance(first, dict):
            return kind_of(first)
    except (ValueError, RecursionError):  # nested too deep: the reader says so by record
        pass
    return _cut_kind(text)
