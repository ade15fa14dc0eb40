"""A file's shape and flavour from its first bytes (docs/formats.md)."""

from __future__ import annotations

import codecs
import csv
import io
import json
import re

from groundtui.importing.formats.base import HEAD, Input

COLUMN = re.compile(r"^[\w .\-]{1,100}$")
KEY = re.compile(rb'"([A-Za-z_][\w.]*)"\s*:')


def kind_of(keys: set[str]) -> str | None:
    """Which producer's fields these are: ``ragas``, …, ``groundtui``, or None."""
    if "groundtui" in keys:  # export --format answers marks its records so
        return "answers"
    if "user_input" in keys and ({"response", "retrieved_contexts"} & keys):
        return "ragas"
    if "actual_output" in keys:
        return "deepeval"
    if (
        "resourceSpans" in keys
        or "context.trace_id" in keys
        or ("parent_id" in keys and "context" in keys)
    ):
        return "openinference"
    if "observations" in keys or {"id", "input", "output", "timestamp"} <= keys:
        return "langfuse"
    if {"data", "meta"} <= keys or {"traceId", "parentObservationId"} <= keys:  # API pages
        return "langfuse"
    if "question" in keys or "response" in keys:
        return "groundtui"
    return None


def shape(source: Input) -> tuple[str, str | None]:
    """``(container, kind)``: container one of lines, whole, csv, parquet."""
    head = source.head.removeprefix(codecs.BOM_UTF8)
    if head.startswith(b"PAR1"):
        from groundtui.importing.formats.parquet import columns

        return "parquet", kind_of(set(columns(source)))
    stripped = head.lstrip()
    if not stripped:
        return "lines", None
    first, _, rest = stripped.partition(b"\n")
    pretty = first.strip() == b"{" and rest.lstrip()[:1] in (b'"', b"}")
    if stripped[:1] == b"[" or pretty:  # an array, or pretty-printed objects
        return "whole", _whole_kind(stripped)
    if stripped[:1] == b"{":
        try:
            value = json.loads(first)
        except (ValueError, RecursionError):  # nested too deep: the reader says so by line
            # a first line longer than the head: its keys as far as they were read
            cut = not rest and len(source.head) >= HEAD
            return "lines", kind_of({m.decode() for m in KEY.findall(first)}) if cut else None
        return "lines", kind_of(set(value)) if isinstance(value, dict) else None
    header = head.splitlines()[0].decode("utf-8", "replace").strip()  # CR, LF or CRLF
    names = [n.strip() for n in next(csv.reader(io.StringIO(header)), [])]
    if len(names) > 1 and all(COLUMN.match(n) for n in names):
        return "csv", kind_of(set(names))
    return "lines", None


def _whole_kind(text: bytes) -> str | None:
    """The kind of a JSON array or object whose start is ``text``."""
    body = text[1:] if text[:1] == b"[" else text
    try:
        first, _ = json.JSONDecoder().raw_decode(body.decode("utf-8", "replace").lstrip())
        if isinstance(first, dict):
            return kind_of(set(first))
    except (ValueError, RecursionError):  # nested too deep: the reader says so by record
        pass
    return kind_of({m.decode() for m in KEY.findall(text)})
