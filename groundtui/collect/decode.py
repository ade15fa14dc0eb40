"""An OTLP/HTTP request's body as the spans it carries, each in OTLP JSON's shape.

The body is an ``ExportTraceServiceRequest`` (the OpenTelemetry project's own messages,
``opentelemetry-proto``) in protobuf (``application/x-protobuf``, what the SDKs' exporters
send) or in OTLP/JSON (``application/json``: ids in hex, as the specification writes
them), compressed with gzip or deflate (``Content-Encoding``) or not. Each span comes out
as OTLP JSON writes it (``traceId``, ``spanId``, ``parentSpanId``, ``attributes`` as
``{"key", "value"}`` pairs), the shape the trace reader takes (``groundtui.importing
.traces``). What the spans mean is the reader's business, not this module's.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from google.protobuf.json_format import MessageToDict
from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from groundtui.importing.traces.spans import otlp_spans

PROTOBUF = "application/x-protobuf"
JSON = "application/json"
MAX_BODY = 20 * 2**20
"""The most bytes a request's body may hold, before and after decompression: the
OpenTelemetry Collector's own default for its OTLP/HTTP receiver."""

TRACE_ID = re.compile(r"[0-9a-f]{32}")
SPAN_ID = re.compile(r"[0-9a-f]{16}")
IDS = ("traceId", "spanId", "parentSpanId")


class BadBody(Exception):
    """A body that cannot be read, with the HTTP status that says why (400, 413, 415)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Decoded:
    """The spans of one request, and those refused in it (OTLP's partial success)."""

    spans: list[dict[str, Any]] = field(default_factory=list)
    rejected: int = 0
    """Spans without a trace id or span id OTLP allows: refused, the others kept."""
    reason: str = ""
    """Why the first of them was refused."""


def media_type(content_type: str) -> str | None:
    """``PROTOBUF`` or ``JSON`` for a ``Content-Type`` naming one (its parameters aside)."""
    kind = content_type.split(";")[0].strip().lower()
    return kind if kind in (PROTOBUF, JSON) else None


def inflate(body: bytes, encoding: str, limit: int = MAX_BODY) -> bytes:
    """``body`` decompressed as its ``Content-Encoding`` says, never past ``limit`` bytes.

    Raises:
        BadBody: an encoding other than gzip, deflate or none (415), more than ``limit``
            bytes once decompressed (413), or data that is not what the encoding says (400).
    """
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding not in ("gzip", "deflate"):
        raise BadBody(415, f"Content-Encoding {encoding!r}: send gzip, deflate or none")
    # gzip's header (wbits 31), or zlib's (15) for deflate as HTTP names it.
    inflater = zlib.decompressobj(31 if encoding == "gzip" else 15)
    try:
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise BadBody(400, f"the body is not {encoding} data ({exc})") from None
    if len(out) > limit:
        raise BadBody(413, f"the body is over {limit:,} bytes once decompressed")
    if not inflater.eof:
        raise BadBody(400, f"the body's {encoding} data is cut short")
    return out


def decode(body: bytes, kind: str) -> Decoded:
    """The spans of a request's (decompressed) body of media type ``kind``.

    Raises:
        BadBody: the body is not an ``ExportTraceServiceRequest`` in that encoding (400).
    """
    request = _json_request(body) if kind == JSON else _protobuf_request(body)
    try:
        spans = list(otlp_spans(request))
    except ValueError as exc:
        raise BadBody(400, str(exc)) from None
    found = Decoded()
    for span in spans:
        for key in IDS:
            if isinstance(id_ := span.get(key), str):
                # protobuf's JSON writes bytes in base64; OTLP/JSON writes ids in hex, and
                # hex is hex in either case: one answer id for one trace
                span[key] = base64.b64decode(id_).hex() if kind == PROTOBUF else id_.lower()
        problem = _bad_ids(span)
        if problem is None:
            found.spans.append(span)
            continue
        found.rejected += 1
        found.reason = found.reason or problem
    return found


def _protobuf_request(body: bytes) -> dict[str, Any]:
    try:
        return MessageToDict(ExportTraceServiceRequest.FromString(body))
    except DecodeError:
        raise BadBody(
            400, "the body is not an OTLP ExportTraceServiceRequest in protobuf"
        ) from None


def _json_request(body: bytes) -> dict[str, Any]:
    try:
        request = json.loads(body)
    except (ValueError, RecursionError) as exc:
        where = (
            f" (line {exc.lineno}, column {exc.colno})"
            if isinstance(exc, json.JSONDecodeError)
            else ""
        )
        raise BadBody(400, f"the body is not JSON{where}") from None
    if not isinstance(request, dict) or "resourceSpans" not in request:
        raise BadBody(400, "the body is not an OTLP ExportTraceServiceRequest: no 'resourceSpans'")
    return request


def _bad_ids(span: dict[str, Any]) -> str | None:
    """Why ``span``'s ids are not OTLP's, or None: a trace id of 32 hex digits and a span id
    of 16, not all zeros; a parent's id of 16, or none."""
    trace, own, parent = (span.get(key) for key in IDS)
    if not isinstance(trace, str) or not TRACE_ID.fullmatch(trace) or not trace.strip("0"):
        return "a span's traceId is not 32 hex digits (not all zeros)"
    if not isinstance(own, str) or not SPAN_ID.fullmatch(own) or not own.strip("0"):
        return "a span's spanId is not 16 hex digits (not all zeros)"
    if parent not in (None, "") and not (isinstance(parent, str) and SPAN_ID.fullmatch(parent)):
        return "a span's parentSpanId is not 16 hex digits"
    return None
