"""The OpenTelemetry GenAI conventions (``gen_ai.*``), as OpenLLMetry/Traceloop writes them
with its ``traceloop.*`` attributes.

| what | where |
| --- | --- |
| its spans | an attribute `gen_ai.*` or `traceloop.*` |
| question | the root's `traceloop.entity.input` (JSON: a call's `args`/`kwargs`, or an object), else the chat span's last user message (`gen_ai.input.messages`, or the older `gen_ai.prompt.{n}.*`) |
| answer | the root's `traceloop.entity.output` (JSON), else the chat span's `gen_ai.output.messages` (or `gen_ai.completion.0.content`) |
| retrievers | `gen_ai.operation.name` `retrieval` (`gen_ai.retrieval.documents`), or a Traceloop task or tool whose name holds "retriev" (its `traceloop.entity.output`) |
| time | the root's start |

Traceloop has no retriever kind: a retriever is the user's own ``@task``, its documents
what it returned, so a task is taken for one by its name.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from groundtui.importing.texts import text_in, text_of
from groundtui.importing.traces.dialects.base import Dialect, Trace
from groundtui.importing.traces.spans import Span
from groundtui.json_input import read_json

INPUT, OUTPUT = "traceloop.entity.input", "traceloop.entity.output"
ENTITY = "traceloop.entity.name"
SPAN_KIND = "traceloop.span.kind"
OPERATION = "gen_ai.operation.name"
CHAT = {"chat", "text_completion", "generate_content"}
RETRIEVAL = "gen_ai.retrieval.documents"
PROMPT = re.compile(r"gen_ai\.prompt\.(\d+)\.(role|content)$")


def decoded(value: Any) -> Any:
    """A value Traceloop writes as JSON text (any JSON: a string is quoted), decoded."""
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            return read_json(value)
    return value


def _older_prompt(attributes: dict[str, Any]) -> list[dict[str, Any]]:
    """The older ``gen_ai.prompt.{n}.role`` / ``.content`` attributes as messages."""
    found: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        match = PROMPT.match(key) if key.startswith("gen_ai.prompt.") else None
        if match is not None and len(match[1]) <= 6:
            found.setdefault(int(match[1]), {})[match[2]] = value
    return [found[n] for n in sorted(found) if "content" in found[n]]


class GenAI(Dialect):
    """OpenTelemetry GenAI spans, as OpenLLMetry/Traceloop writes them."""

    name = "genai"
    title = "OpenTelemetry GenAI spans (OpenLLMetry/Traceloop)"
    origin = "genai"

    def owns(self, span: Span) -> bool:
        return any(k.startswith(("gen_ai.", "traceloop.")) for k in span.attributes)

    def _chat(self, trace: Trace) -> Span | None:
        for span in trace.spans:
            attributes = span.attributes
            if attributes.get(OPERATION) in CHAT or "gen_ai.output.messages" in attributes:
                return span
            if "gen_ai.completion.0.content" in attributes:
                return span
        return None

    def question(self, trace: Trace, root: Span | None) -> str:
        if root is not None and INPUT in root.attributes:
            return text_in(decoded(root.attributes[INPUT]), INPUT, "user")
        chat = self._chat(trace)
        if chat is not None:
            attributes = chat.attributes
            if "gen_ai.input.messages" in attributes:
                return text_in(
                    decoded(attributes["gen_ai.input.messages"]), "gen_ai.input.messages", "user"
                )
            older = _older_prompt(attributes)
            if older:
                return text_in(older, "gen_ai.prompt", "user")
        raise ValueError(
            f"no question: the root span has no '{INPUT}' and no chat span has "
            "'gen_ai.input.messages' or 'gen_ai.prompt.0.content'"
        )

    def response(self, trace: Trace, root: Span | None) -> str:
        if root is not None and OUTPUT in root.attributes:
            return text_in(decoded(root.attributes[OUTPUT]), OUTPUT)
        chat = self._chat(trace)
        if chat is not None:
            attributes = chat.attributes
            if "gen_ai.output.messages" in attributes:
                return text_in(
                    decoded(attributes["gen_ai.output.messages"]), "gen_ai.output.messages"
                )
            text = text_of(attributes.get("gen_ai.completion.0.content"))
            if text is not None:
                return text
        raise ValueError(
            f"no answer: the root span has no '{OUTPUT}' and no chat span has "
            "'gen_ai.output.messages' or 'gen_ai.completion.0.content'"
        )

    def is_retriever(self, span: Span) -> bool:
        attributes = span.attributes
        if attributes.get(OPERATION) == "retrieval" or RETRIEVAL in attributes:
            return True
        return (
            attributes.get(SPAN_KIND) in ("task", "tool")
            and "retriev" in str(attributes.get(ENTITY, "")).lower()
        )

    def documents(self, span: Span) -> tuple[str, Any]:
        attributes = span.attributes
        if RETRIEVAL in attributes:
            return RETRIEVAL, decoded(attributes[RETRIEVAL])
        return OUTPUT, decoded(attributes.get(OUTPUT))

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        if retrievers:
            return super().no_sources(trace, retrievers, fields)
        return (
            f"no retriever span among its {len(trace.spans)} spans (one with "
            f"'{OPERATION}' 'retrieval', or a Traceloop task named retrieve…); "
            "an answer needs its sources"
        )

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        meta: dict[str, Any] = {"trace_id": trace.key}
        if root is not None:
            meta["root_span_id"] = root.id
            kept = {k: v for k, v in root.attributes.items() if k not in (INPUT, OUTPUT)}
            if kept:
                meta["root_attributes"] = kept
        chat = self._chat(trace)
        if chat is not None and "gen_ai.request.model" in chat.attributes:
            meta["model"] = chat.attributes["gen_ai.request.model"]
        return meta
