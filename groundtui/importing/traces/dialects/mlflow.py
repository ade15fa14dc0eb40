"""MLflow traces: ``Trace.to_json()`` (``{"info", "data": {"spans"}}``), a row of the
``mlflow.search_traces()`` frame (``trace_id``, ``request``, ``response``, ``spans``, …), or
MLflow's spans alone.

| what | where |
| --- | --- |
| its spans | `mlflow.spanType` (every attribute value is JSON text) |
| trace, id | `info.trace_id` (a frame's `trace_id`); the answer's id is `client_request_id` when set |
| question | the root's `mlflow.spanInputs`: its text (`question`, `query`, … or its one text value) |
| answer | the root's `mlflow.spanOutputs` |
| retrievers | `mlflow.spanType` `RETRIEVER`: `mlflow.spanOutputs`, a list of `Document`s |
| time | `info.request_time` (a frame's `request_time`, ms), else the root's start |
"""

from __future__ import annotations

import contextlib
from typing import Any

from groundtui.importing.texts import sole_text, text_in, text_of
from groundtui.importing.traces.dialects.base import Dialect, Trace
from groundtui.importing.traces.spans import Span
from groundtui.json_input import read_json

TYPE, INPUTS, OUTPUTS = "mlflow.spanType", "mlflow.spanInputs", "mlflow.spanOutputs"
INFO = ("client_request_id", "state", "execution_duration", "tags")


def value(span: Span, key: str) -> Any:
    """An attribute as MLflow means it: JSON text, decoded."""
    raw = span.attributes.get(key)
    if isinstance(raw, str):
        with contextlib.suppress(ValueError):
            return read_json(raw)
    return raw


class MLflow(Dialect):
    """MLflow traces and spans."""

    name = "mlflow"
    title = "MLflow traces"
    origin = "mlflow"
    retriever = "RETRIEVER"

    def owns(self, span: Span) -> bool:
        return TYPE in span.attributes

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        data = record.get("data")
        if isinstance(record.get("info"), dict) and isinstance(data, dict):  # Trace.to_json()
            info = record["info"]
            return self._spans(info.get("trace_id"), data.get("spans"), info, order, "data.spans")
        if "spans" in record and isinstance(record.get("trace_id"), str):  # a search_traces row
            info = {k: v for k, v in record.items() if k not in ("spans", "trace")}
            return self._spans(record["trace_id"], record.get("spans"), info, order, "spans")
        return None

    def _spans(
        self, trace: Any, spans: Any, info: dict[str, Any], order: int, field: str
    ) -> list[Span]:
        if not isinstance(trace, str) or not trace:
            raise ValueError("missing field 'info.trace_id'")
        if isinstance(spans, str):  # a frame written to CSV, or by an older pandas
            spans = read_json(spans)
        if not isinstance(spans, list):
            raise ValueError(f"field '{field}': not a list of spans")
        out = []
        for i, span in enumerate(spans):
            if not isinstance(span, dict):
                raise ValueError(f"field '{field}[{i}]': not a span")
            attributes = span.get("attributes")
            out.append(
                Span(
                    trace,
                    span.get("span_id"),
                    span.get("parent_span_id") or span.get("parent_id"),
                    {k: v for k, v in attributes.items() if v is not None}
                    if isinstance(attributes, dict)
                    else {},
                    span.get("name"),
                    span.get("start_time_unix_nano", span.get("start_time_ns")),
                    where=f"{field}[{i}].attributes.",
                    info=info,
                    order=order,
                    whole=True,
                )
            )
        return out

    def _kind(self, span: Span) -> str:
        return str(value(span, TYPE) or "").upper()

    def question(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no root span (one without parent_span_id)")
        found = sole_text(value(root, INPUTS))
        if text_of(found, "user") is None and isinstance(trace.info.get("request"), dict | str):
            found = sole_text(trace.info["request"])
        return text_in(found, f"{root.where}{INPUTS}", "user")

    def response(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no root span (one without parent_span_id)")
        return text_in(sole_text(value(root, OUTPUTS)), f"{root.where}{OUTPUTS}")

    def is_retriever(self, span: Span) -> bool:
        return self._kind(span) == "RETRIEVER"

    def documents(self, span: Span) -> tuple[str, Any]:
        return f"{span.where}{OUTPUTS}", value(span, OUTPUTS)

    def answer_id(self, trace: Trace, root: Span | None) -> str:
        given = trace.info.get("client_request_id")
        return given if isinstance(given, str) and given else trace.key

    def answered_at(self, trace: Trace, root: Span | None) -> Any:
        when = trace.info.get("request_time")
        if when is not None:
            return when
        return super().answered_at(trace, root)

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        meta: dict[str, Any] = {"trace_id": trace.key}
        info = trace.info
        meta.update({k: info[k] for k in INFO if info.get(k) not in (None, {}, "")})
        if "execution_duration_ms" in info:
            meta["execution_duration"] = info["execution_duration_ms"]
        if root is not None:
            meta["root_name"] = root.name
        return meta
