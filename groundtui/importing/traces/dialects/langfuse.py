"""Langfuse traces, as its API and its UI give them.

A trace with its observations comes as the API's trace (GET /api/public/traces/{id}, a
record each), the UI's download (``{"trace", "observations"}``, or ``{"observations",
"scores"}``), or as observations alone (GET /api/public/v2/observations: ``{"data": […]}``,
or its items one a line), grouped by ``traceId``, the root observation standing for the
trace. A trace list (GET /api/public/traces) holds only the observations' ids: each of its
traces is a bad line saying so.

| what | where |
| --- | --- |
| question, answer | the trace's (else the root observation's) `input`, `output`: text, an object's text, `@observe()`'s `args`/`kwargs`, or the last message |
| retrievers | observations of `type` `RETRIEVER`: `output` (documents, or an object's `documents`) |
| id, time | the trace's `id` and `timestamp` (the root observation's `startTime`) |

Every other field of the trace is kept in ``meta``.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.documents import sources_in
from groundtui.importing.texts import text_in
from groundtui.importing.traces.dialects.base import Dialect, Trace
from groundtui.importing.traces.spans import Span

USED = ("id", "input", "output", "observations")
TRACE = "langfuse trace"
"""The kind of the span a trace record stands as, beside its observations."""
TRACE_LIST = (
    "field 'observations': only the observations' ids, as a trace list "
    "(GET /api/public/traces) gives them; export each trace with its observations "
    "(GET /api/public/traces/{id}, the UI's download, or GET /api/public/v2/observations)"
)


def is_observation(item: Any) -> bool:
    """Whether ``item`` is an observation (it names its trace and its type)."""
    return isinstance(item, dict) and "traceId" in item and "type" in item


class Langfuse(Dialect):
    """Langfuse traces and observations."""

    name = "langfuse"
    title = "Langfuse traces"
    origin = "langfuse"

    def owns(self, span: Span) -> bool:
        return span.kind == TRACE or is_observation(span.attributes)

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        if isinstance(record.get("trace"), dict):  # the UI's download (v3)
            return self._trace(
                {**record["trace"], "observations": record.get("observations")}, order, True
            )
        if is_observation(record):  # one observation a line
            return [self._observation(record, order)]
        items = record.get("data") if "id" not in record else None
        loose = record.get("observations") if "id" not in record and items is None else None
        if isinstance(items, list) and not all(is_observation(i) for i in items):
            spans = []  # a page of traces (GET /api/public/traces)
            for item in items:
                if not isinstance(item, dict):
                    raise ValueError("field 'data': not a list of traces")
                spans += self._trace(item, order, False)
            return spans
        found = items if isinstance(items, list) else loose
        if isinstance(found, list):  # observations alone
            for observation in found:
                trace = observation.get("traceId") if isinstance(observation, dict) else None
                if not isinstance(trace, str) or not trace:
                    raise ValueError("an observation without 'traceId'")
            return [self._observation(o, order) for o in found]
        if "id" in record and ("input" in record or "observations" in record):
            return self._trace(record, order, True)
        return None

    def _observation(self, observation: dict[str, Any], order: int) -> Span:
        return Span(
            observation["traceId"],
            observation.get("id"),
            observation.get("parentObservationId"),
            observation,
            observation.get("name"),
            observation.get("startTime"),
            order=order,
        )

    def _trace(self, trace: dict[str, Any], order: int, whole: bool) -> list[Span]:
        """A trace and its observations: the trace itself is the root span."""
        key = trace.get("id")
        if not isinstance(key, str):
            raise ValueError("missing field 'id'" if key is None else "field 'id': not text")
        observations = trace.get("observations") or []
        if not isinstance(observations, list):
            raise ValueError("field 'observations': not a list")
        root = Span(
            key, key, None, trace, trace.get("name"), trace.get("timestamp"), TRACE, info=trace
        )
        spans = [root]
        for observation in observations:
            if isinstance(observation, dict):
                spans.append(
                    Span(key, observation.get("id"), key, observation, observation.get("name"))
                )
        for span in spans:
            span.order, span.whole = order, whole
        return spans

    def _observations(self, trace: Trace) -> list[Span]:
        return [s for s in trace.spans if s.kind != TRACE]

    def root(self, trace: Trace) -> Span | None:
        root = super().root(trace)
        if root is None:
            raise ValueError("no root observation (one without parentObservationId)")
        listed = root.attributes.get("observations") if root.kind == TRACE else None
        if listed and all(isinstance(o, str) for o in listed):  # refused for each trace
            raise ValueError(TRACE_LIST)
        return root

    def question(self, trace: Trace, root: Span | None) -> str:
        assert root is not None
        return text_in(root.attributes.get("input"), "input", "user")

    def response(self, trace: Trace, root: Span | None) -> str:
        assert root is not None
        return text_in(root.attributes.get("output"), "output")

    def is_retriever(self, span: Span) -> bool:
        return str(span.attributes.get("type", "")).upper() == "RETRIEVER" and bool(span.parent)

    def sources(
        self, trace: Trace, retrievers: list[Span]
    ) -> tuple[list[dict[str, Any]], list[Any], list[str]]:
        sources: list[dict[str, Any]] = []
        for i, span in enumerate(self._observations(trace)):
            if self.is_retriever(span):
                found, _ = sources_in(
                    span.attributes.get("output"),
                    f"observations.{i}.output",
                    self.origin,
                    dotted=True,
                )
                sources += found
        return sources, [], []

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        return (
            f"field 'observations': no RETRIEVER observation with documents in its output "
            f"(of {len(self._observations(trace))} observations); an answer needs its sources"
        )

    def answered_at(self, trace: Trace, root: Span | None) -> Any:
        return root.start if root is not None else None

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        if trace.info:
            meta = {k: v for k, v in trace.info.items() if k not in USED}
        else:  # observations alone: the root observation stands for the trace
            meta = {"name": root.name} if root is not None else {}
        meta["trace_id"] = trace.key
        meta["retriever_observation_ids"] = [
            s.id for s in self._observations(trace) if self.is_retriever(s)
        ]
        return meta
