"""OpenInference (Arize Phoenix's conventions; LlamaIndex's, LangChain's and others'
instrumentations).

| what | where |
| --- | --- |
| its spans | `openinference.span.kind` (Phoenix's `span_kind` column), or `input.value` |
| question | the root's `input.value`, else the LLM span's (text, or JSON text of an object) |
| answer | the root's `output.value`, else the LLM span's |
| retrievers | kind `RETRIEVER`: `retrieval.documents.{i}.document.{id,content,metadata}` |
| time | the root's start |

Phoenix flattens a document's metadata (``document.metadata.title``) or lists the
documents (``retrieval.documents`` a list of ``{"document.content": …}``); both are read.
"""

from __future__ import annotations

import re
from typing import Any

from groundtui.importing.documents import source_of
from groundtui.importing.texts import TEXT_KEYS, parsed
from groundtui.importing.traces.dialects.base import Dialect, Trace
from groundtui.importing.traces.spans import Span, flat
from groundtui.text.inert import quoted
from groundtui.text.markers import LONGEST

KIND = "openinference.span.kind"
DOC = re.compile(r"retrieval\.documents\.(\d+)\.document\.(\w+)(?:\.(.+))?$")
"""A document's field; ``document.metadata.title`` when Phoenix flattened its metadata."""
KINDS = {
    "CHAIN",
    "LLM",
    "RETRIEVER",
    "RERANKER",
    "EMBEDDING",
    "TOOL",
    "AGENT",
    "GUARDRAIL",
    "EVALUATOR",
}
USED = {"input.value", "output.value", "input.mime_type", "output.mime_type"}


def kind(span: Span) -> str:
    """The span's OpenInference kind, in capitals (``RETRIEVER``)."""
    return str(span.attributes.get(KIND) or span.kind or "").upper()


def as_text(value: Any) -> str | None:
    """An ``input.value`` or ``output.value``: text, or an object's (JSON text's) text."""
    if isinstance(value, str):
        if not value.lstrip().startswith("{"):
            return value
        opened = parsed(value)
        if not isinstance(opened, dict):
            return value
        value = opened
    if isinstance(value, dict):
        for key in TEXT_KEYS:
            if isinstance(value.get(key), str):
                return str(value[key])
    return None


def _documents(attributes: dict[str, Any]) -> list[dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if not key.startswith("retrieval.documents."):
            continue
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
                for key, value in flat(doc).items():
                    name = key.removeprefix("document.")
                    if name.startswith("metadata."):  # a metadata object flattened on the way
                        fields.setdefault("metadata", {})[name.removeprefix("metadata.")] = value
                    else:
                        fields[name] = value
    return [found[i] for i in sorted(found)]


class OpenInference(Dialect):
    """OpenInference spans."""

    name = "openinference"
    title = "OpenInference spans"
    origin = "openinference"
    retriever = "RETRIEVER"

    def owns(self, span: Span) -> bool:
        attributes = span.attributes
        return KIND in attributes or "input.value" in attributes or kind(span) in KINDS

    def _llm(self, trace: Trace) -> Span | None:
        return next((s for s in trace.spans if kind(s) == "LLM"), None)

    def _text(self, trace: Trace, root: Span | None, field: str) -> str:
        for span in (root, self._llm(trace)):
            if span is not None:
                text = as_text(span.attributes.get(f"{field}.value"))
                if text is not None:
                    return text
        raise ValueError(
            f"no span with '{field}.value' text (the root span's, else the LLM span's)"
        )

    def question(self, trace: Trace, root: Span | None) -> str:
        return self._text(trace, root, "input")

    def response(self, trace: Trace, root: Span | None) -> str:
        return self._text(trace, root, "output")

    def is_retriever(self, span: Span) -> bool:
        return kind(span) == "RETRIEVER"

    def sources(
        self, trace: Trace, retrievers: list[Span]
    ) -> tuple[list[dict[str, Any]], list[Any], list[str]]:
        sources, metadata = [], []
        for span in retrievers:
            for i, doc in enumerate(_documents(span.attributes)):
                source, meta = source_of(doc, f"retrieval.documents.{i}.document", self.origin)
                sources.append(source)
                metadata.append(meta)
        return sources, metadata, ["retrieval.documents"] * len(retrievers)

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        return (
            "no document in 'retrieval.documents' of any RETRIEVER span "
            f"({len(retrievers)} of its {len(trace.spans)} spans are RETRIEVER spans); "
            "an answer needs its sources"
        )

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        llm = self._llm(trace)
        meta: dict[str, Any] = {
            "trace_id": trace.key,
            "span_ids": {
                "root": root and root.id,
                "llm": llm and llm.id,
                "retriever": [s.id for s in trace.spans if self.is_retriever(s)],
            },
        }
        if root is not None:
            meta["root_attributes"] = {k: v for k, v in root.attributes.items() if k not in USED}
        if llm is not None and "llm.model_name" in llm.attributes:
            meta["llm_model_name"] = llm.attributes["llm.model_name"]
        if any(m is not None for m in metadata):
            meta["source_metadata"] = metadata
        return meta
