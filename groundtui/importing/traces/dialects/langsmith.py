"""LangSmith runs: ``Client.list_runs()`` one a line, or ``read_run(…, load_child_runs=True)``
a tree with ``child_runs`` (its dataset examples are answers: ``formats.producers``).

| what | where |
| --- | --- |
| its runs | `run_type` |
| trace | `trace_id` (a tree: its root's id) |
| question | the root's `inputs`: its text (`question`, `query`, `input`, …, or its one text value), else the retriever's `inputs.query` |
| answer | the root's `outputs`: its text (`output`, `answer`, …) |
| retrievers | `run_type` `retriever`: `outputs.documents` (LangChain `Document`s); without one, the root's own `outputs.documents` (or `source_documents`, `context`) |
| time | the root's `start_time` |

A trace's runs come in any order (``list_runs`` gives the newest first, children before
their root): retrievers are taken in the order they started (``dotted_order``).
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.documents import LISTS
from groundtui.importing.texts import TEXT_KEYS, sole_text, text_in, text_of
from groundtui.importing.traces.dialects.base import Dialect, Trace
from groundtui.importing.traces.spans import Span

KEPT = ("name", "run_type", "session_id", "tags", "status", "reference_example_id")


class LangSmith(Dialect):
    """LangSmith runs and examples."""

    name = "langsmith"
    title = "LangSmith runs"
    origin = "langsmith"

    def owns(self, span: Span) -> bool:
        return "run_type" in span.attributes

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        if "run_type" in record:
            if isinstance(record.get("child_runs"), list) and not record.get("parent_run_id"):
                return self._tree(record, order)
            return [self._run(record, str(record.get("trace_id") or record.get("id")), order)]
        return None

    def _run(
        self, run: dict[str, Any], trace: str, order: int, where: str = "", whole: bool = False
    ) -> Span:
        return Span(
            trace,
            run.get("id"),
            run.get("parent_run_id"),
            run,
            run.get("name"),
            run.get("start_time"),
            where=where,
            order=order,
            whole=whole,
        )

    def _tree(self, root: dict[str, Any], order: int) -> list[Span]:
        """A root run and every run under it (``child_runs``, at any depth)."""
        trace = str(root.get("trace_id") or root.get("id"))
        spans = []
        level: list[tuple[dict[str, Any], str]] = [(root, "")]
        while level:
            below = []
            for run, where in level:
                spans.append(self._run(run, trace, order, where, whole=True))
                for i, child in enumerate(run.get("child_runs") or []):
                    if isinstance(child, dict):
                        below.append((child, f"{where}child_runs[{i}]."))
            level = below
        return spans

    def _ordered(self, spans: list[Span]) -> list[Span]:
        return sorted(
            spans, key=lambda s: (str(s.attributes.get("dotted_order") or s.start or ""), s.order)
        )

    def question(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no root run (one without parent_run_id)")
        inputs = root.attributes.get("inputs")
        if text_of(sole_text(inputs), "user") is None:
            for span in self._retrievers(trace):
                query = span.attributes.get("inputs")
                if text_of(sole_text(query)) is not None:
                    return text_in(sole_text(query), f"{span.where}inputs")
        return text_in(sole_text(inputs), f"{root.where}inputs", "user")

    def response(self, trace: Trace, root: Span | None) -> str:
        if root is None:
            raise ValueError("no root run (one without parent_run_id)")
        outputs = root.attributes.get("outputs")
        if isinstance(outputs, dict) and not any(
            isinstance(outputs.get(k), str) for k in TEXT_KEYS
        ):
            outputs = {k: v for k, v in outputs.items() if k not in LISTS}
        return text_in(sole_text(outputs), f"{root.where}outputs")

    def is_retriever(self, span: Span) -> bool:
        return span.attributes.get("run_type") == "retriever"

    def _retrievers(self, trace: Trace) -> list[Span]:
        return self._ordered([s for s in trace.spans if self.is_retriever(s)])

    def documents(self, span: Span) -> tuple[str, Any]:
        outputs = span.attributes.get("outputs")
        if isinstance(outputs, dict):
            for key in LISTS:
                if key in outputs:
                    return f"{span.where}outputs.{key}", outputs[key]
        return f"{span.where}outputs.documents", outputs

    def sources(
        self, trace: Trace, retrievers: list[Span]
    ) -> tuple[list[dict[str, Any]], list[Any], list[str]]:
        if retrievers:
            return super().sources(trace, self._ordered(retrievers))
        root = self.root(trace)  # a chain that returns its documents
        outputs = root.attributes.get("outputs") if root is not None else None
        if root is not None and isinstance(outputs, dict) and any(k in outputs for k in LISTS):
            return super().sources(trace, [root])
        return [], [], []

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        if fields:
            named = ", ".join(f"'{f}'" for f in dict.fromkeys(fields))
            return f"field {named}: no source in it; an answer needs its sources"
        return (
            f"no retriever run among its {len(trace.spans)} runs (run_type 'retriever'), "
            "and no documents in the root's outputs; an answer needs its sources"
        )

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        meta: dict[str, Any] = {"trace_id": trace.key}
        if root is None:
            return meta
        run = root.attributes
        meta.update({k: run[k] for k in KEPT if run.get(k) not in (None, [], "")})
        extra = run.get("extra")
        metadata_ = extra.get("metadata") if isinstance(extra, dict) else run.get("metadata")
        if isinstance(metadata_, dict) and metadata_:
            meta["metadata"] = metadata_
        meta["run_ids"] = [s.id for s in trace.spans]
        return meta
