"""The text a producer's input or output value holds: the question or the answer.

Tools keep a question or an answer as text, as JSON text, as an object with a well-known
text field (``{"question": …}``, ``{"output": …}``), as the arguments of a traced call
(``@observe()``'s and Traceloop's ``{"args": […], "kwargs": {…}}``), or as chat messages:
OpenAI's (``{"role", "content"}``, a content of parts), the OpenTelemetry GenAI
conventions' (``{"role", "parts": [{"type": "text", "content"}]}``), LangChain's serialised
ones (``{"lc": 1, "kwargs": {"content", "type"}}``) and a chat completion's ``choices``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from groundtui.json_input import read_json

TEXT_KEYS = (
    "question",
    "query",
    "input",
    "user_input",
    "answer",
    "output",
    "response",
    "result",
    "content",
    "text",
)
"""An object's fields that hold its text, in the order they are looked for."""
ROLES = {
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "model": "assistant",
}
WHAT = (
    "a string, an object's question, query, input, …, a traced call's args, or a list of messages"
)


def parsed(value: Any) -> Any:
    """A value some tools give as raw JSON text (an object or a list): its JSON."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        with contextlib.suppress(ValueError):
            return read_json(value)
    return value


def _content(content: Any) -> str | None:
    """A message's content: text, or a list of parts with their text parts joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            text
            for p in content
            if isinstance(p, dict) and p.get("type", "text") == "text"
            for text in (p.get("text", p.get("content")),)
            if isinstance(text, str)
        ]
        return "\n".join(texts) if texts else None
    return None


def _message(value: dict[str, Any]) -> tuple[str | None, str | None] | None:
    """A chat message's role and text; None when ``value`` is not a message."""
    if value.get("lc") == 1 and isinstance(value.get("kwargs"), dict):  # LangChain's
        kwargs = value["kwargs"]
        return ROLES.get(str(kwargs.get("type"))), _content(kwargs.get("content"))
    role = value.get("role", value.get("type"))
    if "content" in value and ("role" in value or value.get("type") in ROLES):
        return ROLES.get(str(role)), _content(value["content"])
    if "parts" in value and "role" in value:  # the GenAI conventions' messages
        return ROLES.get(str(role)), _content(value["parts"])
    return None


def _messages(value: list[Any], role: str | None) -> str | None:
    """The last message's text (of ``role``, when given) of a list of messages."""
    if value and isinstance(value[0], list):  # LangChain's batch of message lists
        value = value[-1]
    for item in reversed(value):
        message = _message(item) if isinstance(item, dict) else None
        if message is not None and (role is None or message[0] == role) and message[1]:
            return message[1]
    return None


def _called(value: dict[str, Any]) -> str | None:
    """A traced call's ``{"args": […], "kwargs": {…}}``: its first text argument, else its
    one text keyword argument (or a question, query, … one)."""
    args, kwargs = value.get("args"), value.get("kwargs")
    texts = [a for a in args if isinstance(a, str)] if isinstance(args, list) else []
    if texts:
        return texts[0]
    if isinstance(kwargs, dict):
        named = _keyed(kwargs)
        strings = [v for v in kwargs.values() if isinstance(v, str)]
        return named if named is not None else (strings[0] if len(strings) == 1 else None)
    return None


def _keyed(value: dict[str, Any]) -> str | None:
    for key in TEXT_KEYS:
        if isinstance(value.get(key), str):
            return str(value[key])
    return None


def text_of(value: Any, role: str | None = None) -> str | None:
    """The text ``value`` holds, or None; of a list of messages, the last one of ``role``
    (``user`` for a question; None: any)."""
    value = parsed(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return _messages(value, role)
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("messages"), list):
        return _messages(value["messages"], role)
    choices = value.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):  # a completion
        return text_of(choices[0].get("message") or choices[0].get("text"))
    if {"args", "kwargs"} & set(value) and not _keyed(value):
        return _called(value)
    message = _message(value)
    if message is not None:
        return message[1]
    return _keyed(value)


def sole_text(value: Any) -> Any:
    """An object without a well-known text field (a traced function's arguments or return,
    ``{"user_question": …}``): its one text value, if it has exactly one; else ``value``."""
    if isinstance(value, dict) and _keyed(value) is None:
        texts = [v for v in value.values() if isinstance(v, str)]
        if len(texts) == 1:
            return texts[0]
    return value


def text_in(value: Any, field: str, role: str | None = None) -> str:
    """``text_of`` ``value``, read from ``field``, else ``ValueError`` naming the field.

    Raises:
        ValueError: ``value`` is missing, or holds no text (a traced call's arguments
            without a text argument said so).
    """
    text = text_of(value, role)
    if text is not None:
        return text
    if value is None:
        raise ValueError(f"missing field '{field}'")
    opened = parsed(value)
    if isinstance(opened, dict) and {"args", "kwargs"} & set(opened):
        raise ValueError(f"field '{field}': @observe()'s args and kwargs hold no text argument")
    raise ValueError(f"field '{field}': no text in it ({WHAT})")
