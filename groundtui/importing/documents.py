"""Retrieved documents as sources, in the shapes the producers write them.

A document is text, or an object with its text under ``page_content`` (LangChain),
``content`` (Haystack, OpenInference, most tools) or ``text`` (LlamaIndex's nodes, also
inside a ``NodeWithScore``'s ``node``); its id under ``id``, ``id_`` or ``metadata.id``;
its title and origin under ``metadata`` (or Haystack's ``meta``), or beside the text. A
list of them may come as JSON text, or inside an object's ``documents`` or ``nodes``.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.texts import parsed

DOC_TEXT = ("page_content", "content", "text")
"""A document object's fields that hold its text, in the order they are looked for."""
LISTS = ("documents", "nodes", "source_nodes", "source_documents", "contexts", "context")
"""An object's fields that hold a list of documents, in the order they are looked for."""


def _metadata(doc: dict[str, Any]) -> dict[str, Any]:
    for key in ("metadata", "meta"):
        value = parsed(doc.get(key))
        if isinstance(value, dict):
            return value
    return {}


def documents_in(value: Any, field: str) -> list[Any]:
    """The list of documents ``value`` holds (itself, its JSON text, or an object's list).

    Raises:
        ValueError: ``value`` is missing, or holds no list, naming ``field``.
    """
    value = parsed(value)
    if isinstance(value, dict):
        value = next((value[k] for k in LISTS if isinstance(value.get(k), list)), value)
    if value is None:
        raise ValueError(f"field '{field}': missing (nothing was recorded there)")
    if not isinstance(value, list):
        raise ValueError(f"field '{field}': not a list of documents")
    return value


def source_of(doc: Any, place: str, origin: str) -> tuple[dict[str, Any], Any]:
    """One document (found at ``place``) as a source, with its metadata (None if it has
    none); ``origin`` unless its metadata names one.

    Raises:
        ValueError: the document holds no text, or a blank one, or an id that is not one.
    """
    # Here, not at the top: ``formats`` reads documents through this module, and importing
    # ``formats.base`` first makes the whole ``formats`` package (the trace reader's
    # dialects import this module first).
    from groundtui.importing.formats.base import ident_of, text_id, text_of

    if isinstance(doc, dict) and isinstance(doc.get("node"), dict):  # LlamaIndex scored node
        doc, place = doc["node"], f"{place}.node"
    if isinstance(doc, str):
        text, where = doc, place
    else:
        key = next((k for k in DOC_TEXT if isinstance(doc, dict) and doc.get(k) is not None), None)
        if key is None:
            raise ValueError(
                f"field '{place}': neither text nor an object with page_content, content or text"
            )
        where = f"{place}.{key}"
        text = text_of(doc[key], where)
    if not text.strip():
        raise ValueError(f"field '{where}': blank; a source without text supports no claim")
    source: dict[str, Any] = {"text": text, "origin": origin}
    if not isinstance(doc, dict):
        source["id"] = text_id(text)
        return source, None
    metadata = _metadata(doc)
    given = {
        f"{place}.id": doc.get("id"),
        f"{place}.id_": doc.get("id_"),
        f"{place}.metadata.id": metadata.get("id"),
    }
    ident = next((ident_of(v, k) for k, v in given.items() if v not in (None, "")), None)
    source["id"] = ident or text_id(text)
    title = metadata.get("title", doc.get("title"))
    if isinstance(title, str):
        source["title"] = title
    if isinstance(metadata.get("origin"), str):
        source["origin"] = metadata["origin"]
    return source, (metadata or None)


def sources_in(
    value: Any, field: str, origin: str, *, dotted: bool = False
) -> tuple[list[dict[str, Any]], list[Any]]:
    """The sources of a list of documents read from ``field``, and each one's metadata;
    an item's place is ``field[i]`` (``field.i`` when ``dotted``, as some messages name it).

    Raises:
        ValueError: see ``documents_in`` and ``source_of``.
    """
    sources, metadata = [], []
    for i, doc in enumerate(documents_in(value, field)):
        source, meta = source_of(doc, f"{field}.{i}" if dotted else f"{field}[{i}]", origin)
        sources.append(source)
        metadata.append(meta)
    return sources, metadata
