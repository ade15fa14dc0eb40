"""TruLens: its OpenTelemetry events (``TruSession().get_events()``, a span a row, or its
spans sent as OTLP) and its legacy-mode records (``get_records_and_feedback()`` with
``TRULENS_OTEL_TRACING=0``: a record a row, its calls in ``record_json``).

Events:

| what | where |
| --- | --- |
| its spans | `ai.observability.span_type` |
| trace, id | `ai.observability.record_id` (a row's `record_attributes`; else the trace id) |
| question, answer | the `record_root` span's `ai.observability.record_root.input`, `.output` |
| retrievers | span type `retrieval`: `ai.observability.retrieval.retrieved_contexts` |
| time | the root's `start_timestamp` |

Legacy records:

| what | where |
| --- | --- |
| id | `record_id` |
| question, answer | `input`, `output` (else `record_json.main_input`, `.main_output`) |
| retrievers | `record_json.calls[]` whose method (`stack[-1].method.name`) retrieves: `rets` |
| time | `ts` |

``record_json`` is an object, JSON text, or (in CSV) the ``repr`` pandas wrote. The
records of OpenTelemetry mode carry no calls, so no retrieved contexts: such a file is
refused whole, pointing at the events.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.paths import opened
from groundtui.importing.texts import text_in
from groundtui.importing.traces.dialects.base import Dialect, Trace, Unreadable
from groundtui.importing.traces.spans import Span

PREFIX = "ai.observability."
SPAN_TYPE = PREFIX + "span_type"
RECORD_ID = PREFIX + "record_id"
ROOT_INPUT, ROOT_OUTPUT = PREFIX + "record_root.input", PREFIX + "record_root.output"
CONTEXTS = PREFIX + "retrieval.retrieved_contexts"
RETRIEVING = ("retriev", "get_relevant_documents")
"""What a retrieving method's name holds (``retrieve``, ``_retrieve``, LangChain's
``get_relevant_documents``)."""
OTEL_RECORDS = (
    "TruLens records of OpenTelemetry mode carry no retrieved contexts (their "
    "record_json holds no calls); export the spans with TruSession().get_events() "
    "and import those"
)


def _object(value: Any, field: str) -> dict[str, Any]:
    if isinstance(value, str):
        value = opened(value)
    if not isinstance(value, dict):
        raise ValueError(f"field '{field}': not an object (JSON, or the repr pandas writes)")
    return value


class TruLensEvents(Dialect):
    """TruLens' OpenTelemetry spans."""

    name = "trulens"
    title = "TruLens events"
    origin = "trulens"
    retriever = "retrieval"

    def owns(self, span: Span) -> bool:
        return SPAN_TYPE in span.attributes

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        if "record_attributes" not in record:
            return None
        attributes = _object(record["record_attributes"], "record_attributes")
        trace: dict[str, Any] = record["trace"] if isinstance(record.get("trace"), dict) else {}
        key = attributes.get(RECORD_ID) or trace.get("trace_id")
        if not isinstance(key, str) or not key:
            raise ValueError(f"missing field 'record_attributes.{RECORD_ID}'")
        span: dict[str, Any] = record["record"] if isinstance(record.get("record"), dict) else {}
        return [
            Span(
                key,
                trace.get("span_id") or record.get("event_id"),
                trace.get("parent_id") or span.get("parent_span_id") or None,
                attributes,
                span.get("name"),
                record.get("start_timestamp"),
                where="record_attributes.",
                order=order,
            )
        ]

    def root(self, trace: Trace) -> Span | None:
        roots = [s for s in trace.spans if s.attributes.get(SPAN_TYPE) == "record_root"]
        return roots[0] if roots else super().root(trace)

    def question(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no record_root span")
        return text_in(root.attributes.get(ROOT_INPUT), f"{root.where}{ROOT_INPUT}", "user")

    def response(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no record_root span")
        return text_in(root.attributes.get(ROOT_OUTPUT), f"{root.where}{ROOT_OUTPUT}")

    def is_retriever(self, span: Span) -> bool:
        return span.attributes.get(SPAN_TYPE) == "retrieval"

    def documents(self, span: Span) -> tuple[str, Any]:
        return f"{span.where}{CONTEXTS}", span.attributes.get(CONTEXTS)

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        meta: dict[str, Any] = {"record_id": trace.key}
        if root is not None:
            for key in ("app_name", "app_version", "app_id"):
                if root.attributes.get(PREFIX + key):
                    meta[key] = root.attributes[PREFIX + key]
        return meta


class TruLensRecords(Dialect):
    """TruLens' legacy-mode records."""

    name = "trulens"
    title = "TruLens records"
    origin = "trulens"
    retriever = "retrieving call"

    def owns(self, span: Span) -> bool:
        return "record_json" in span.attributes or "stack" in span.attributes

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        if "record_json" not in record or "record_id" not in record:
            return None
        body = _object(record["record_json"], "record_json")
        if "calls" not in body:
            raise Unreadable(OTEL_RECORDS)
        key = record["record_id"]
        if not isinstance(key, str) or not key:
            raise ValueError("missing field 'record_id'")
        calls = body["calls"]
        if not isinstance(calls, list):
            raise ValueError("field 'record_json.calls': not a list")
        root = Span(key, key, None, {**record, "record_json": body}, start=record.get("ts"))
        spans = [root]
        spans += (
            Span(key, i, key, call, where=f"record_json.calls[{i}].")
            for i, call in enumerate(calls)
            if isinstance(call, dict)
        )
        for span in spans:  # the record is the whole trace
            span.order, span.whole = order, True
        return spans

    def _text(self, root: Span | None, field: str, main: str) -> str:
        if root is None:
            raise ValueError("no record")
        found = root.attributes.get(field)
        if found is None:
            return text_in(root.attributes["record_json"].get(main), f"record_json.{main}")
        return text_in(found, field)

    def question(self, trace: Trace, root: Span | None) -> str:
        return self._text(root, "input", "main_input")

    def response(self, trace: Trace, root: Span | None) -> str:
        return self._text(root, "output", "main_output")

    def is_retriever(self, span: Span) -> bool:
        stack = span.attributes.get("stack")
        if not isinstance(stack, list) or not stack or not isinstance(stack[-1], dict):
            return False
        method = stack[-1].get("method")
        name = str(method.get("name", "")) if isinstance(method, dict) else ""
        return any(word in name.lower() for word in RETRIEVING)

    def documents(self, span: Span) -> tuple[str, Any]:
        return f"{span.where}rets", span.attributes.get("rets")

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        calls = len(trace.spans) - 1
        if retrievers:
            named = ", ".join(f"'{f}'" for f in dict.fromkeys(fields))
            return (
                f"field {named}: no source in it ({len(retrievers)} of its {calls} calls "
                "retrieve); an answer needs its sources"
            )
        return (
            f"no retrieving call (a method named retrieve…) among its {calls} "
            "calls in 'record_json.calls'; an answer needs its sources"
        )

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        meta: dict[str, Any] = {"record_id": trace.key}
        if root is not None:
            for key in ("app_name", "app_version", "app_id", "latency"):
                if root.attributes.get(key) not in (None, ""):
                    meta[key] = root.attributes[key]
        return meta
