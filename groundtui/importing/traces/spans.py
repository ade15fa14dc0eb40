"""Spans as the trace reader takes them, from the shapes OpenTelemetry's tools write.

An OpenTelemetry span comes as the SDK's ``span.to_json()`` writes it (``context.trace_id``,
``context.span_id``, ``parent_id``, ``attributes`` with dotted keys, ``start_time``), as
OTLP JSON writes it (``traceId``, ``spanId``, ``parentSpanId``, ``attributes`` a list of
``{"key", "value": {"stringValue": …}}``, ``startTimeUnixNano``; a request's
``resourceSpans`` → ``scopeSpans`` → ``spans``), as Phoenix's ``span_to_json`` writes it
(attributes nested: ``{"input": {"value": …}}``) or as a row of Phoenix's
``get_spans_dataframe()`` (``context.trace_id``, ``attributes.input.value`` columns).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Span:
    """One span (or run, call, observation) of a trace, as every dialect reads it."""

    trace: str
    """The trace it belongs to: what its answer is grouped by."""
    id: Any
    parent: Any
    """Its parent's id; None (or empty) for a root."""
    attributes: dict[str, Any]
    """Where its producer keeps what it recorded: OpenTelemetry attributes with their
    dotted keys, or a run's or an observation's own fields."""
    name: Any = None
    start: Any = None
    """When it started: ISO 8601 text, or a number of seconds, ms, µs or ns since 1970."""
    kind: Any = None
    """A kind its record gives beside the attributes (Phoenix's ``span_kind``)."""
    where: str = ""
    """How a message names its fields: ``observations.1.`` before ``output``."""
    info: dict[str, Any] | None = field(default=None, repr=False)
    """What its record says of the whole trace (MLflow's ``info``, a Langfuse trace)."""
    order: int = 0
    whole: bool = False
    """Whether its record holds its whole trace and no other (a trace with its spans)."""


def flat(value: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested attributes (Phoenix's ``span_to_json``) as dotted keys."""
    out: dict[str, Any] = {}
    for key, item in value.items():
        if isinstance(item, dict) and item:
            out.update(flat(item, f"{prefix}{key}."))
        else:
            out[prefix + key] = item
    return out


def _otlp_value(value: Any) -> Any:
    """An OTLP JSON ``AnyValue`` (``{"stringValue": …}``, ``{"intValue": "5"}``, …) as itself."""
    if not isinstance(value, dict) or len(value) != 1:
        return value
    [(kind, inner)] = value.items()
    if kind == "intValue" and isinstance(inner, str) and inner.lstrip("-").isdigit():
        return int(inner)
    if kind == "arrayValue" and isinstance(inner, dict):
        return [_otlp_value(v) for v in inner.get("values") or []]
    if kind == "kvlistValue" and isinstance(inner, dict):
        return otlp_attributes(inner.get("values"))
    return inner


def otlp_attributes(pairs: Any) -> dict[str, Any]:
    """OTLP JSON's list of ``{"key", "value"}`` as a dict of plain values."""
    if not isinstance(pairs, list):
        return {}
    return {
        p["key"]: _otlp_value(p.get("value"))
        for p in pairs
        if isinstance(p, dict) and isinstance(p.get("key"), str)
    }


def is_span(record: dict[str, Any]) -> bool:
    """Whether ``record`` is an OpenTelemetry span in one of the shapes above."""
    return (
        ("traceId" in record and "spanId" in record)
        or "context.trace_id" in record
        or isinstance(record.get("context"), dict)
    )


REMOTE_PARENT = 0x300
"""OTLP span flags: whether the parent is known to be remote (0x100) and that it is (0x200)."""


def otlp_parent(record: dict[str, Any]) -> str | None:
    """An OTLP JSON span's parent's id; None for a root, and for a span whose parent is in
    another process (OTLP's flags say so: a request that came in with a ``traceparent``
    header), which is its trace's root as far as its exporter's spans go."""
    flags = record.get("flags")
    if isinstance(flags, str) and flags.isdecimal():  # protobuf's JSON reads either
        flags = int(flags)
    if isinstance(flags, int) and flags & REMOTE_PARENT == REMOTE_PARENT:
        return None
    return record.get("parentSpanId") or None


def span_of(record: dict[str, Any], order: int = 0) -> Span | None:
    """An OpenTelemetry span record as a ``Span``; None without a trace id."""
    if "traceId" in record:  # OTLP JSON
        trace = record.get("traceId")
        return (
            Span(
                trace,
                record.get("spanId"),
                otlp_parent(record),
                otlp_attributes(record.get("attributes")),
                record.get("name"),
                record.get("startTimeUnixNano"),
                order=order,
            )
            if isinstance(trace, str) and trace
            else None
        )
    context = record.get("context")
    if isinstance(context, dict):
        trace, span_id = context.get("trace_id"), context.get("span_id")
    else:
        trace, span_id = record.get("context.trace_id"), record.get("context.span_id")
    if not isinstance(trace, str) or not trace:
        return None
    attributes = record.get("attributes")
    if isinstance(attributes, dict):
        dotted = flat(attributes)
    else:  # a Phoenix dataframe row: "attributes.input.value" columns
        dotted = {
            k.removeprefix("attributes."): v
            for k, v in record.items()
            if k.startswith("attributes.")
        }
    return Span(
        trace,
        span_id,
        record.get("parent_id") or None,
        dotted,
        record.get("name"),
        record.get("start_time"),
        kind=record.get("span_kind"),
        order=order,
    )


def otlp_spans(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The span records of an OTLP JSON request (``resourceSpans``). A list left out is
    empty, as protobuf's JSON mapping writes an empty repeated field.

    Raises:
        ValueError: ``resourceSpans`` or what it holds is not a list of objects.
    """
    resources = request.get("resourceSpans", [])
    if not isinstance(resources, list):
        raise ValueError("field 'resourceSpans': not a list")
    for r, resource in enumerate(resources):
        scopes = resource.get("scopeSpans", []) if isinstance(resource, dict) else None
        if not isinstance(scopes, list):
            raise ValueError(f"field 'resourceSpans[{r}].scopeSpans': not a list")
        for s, scope in enumerate(scopes):
            spans = scope.get("spans", []) if isinstance(scope, dict) else None
            if not isinstance(spans, list):
                raise ValueError(f"field 'resourceSpans[{r}].scopeSpans[{s}].spans': not a list")
            yield from (span for span in spans if isinstance(span, dict))
