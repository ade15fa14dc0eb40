"""An answer's fields found in a record, where its producer keeps them or where ``--map
FIELD=PATH`` says (docs/formats.md "Fields named with --map").

A table (``Fields``) lists, for each field, the paths (``groundtui.importing.paths``) tried in
order: a table of groundtui's own columns finds ``question`` under ``question``,
``user_input``, ``input`` or ``query``, …; a producer's answer object under its own names
(Haystack's ``query``, ``data``, ``documents``). ``--map`` replaces a field's paths with
one, which must then find something. Sources are read as documents
(``groundtui.importing.documents``): texts, or objects with their text, id and title; or
from ``sources[].text`` (with ``sources[].id``, ``sources[].title``) paths, one value a
source. An answer without an id gets one from its content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from groundtui.importing.documents import source_of
from groundtui.importing.formats.base import checked_sources, stable_id, text_id, text_of
from groundtui.importing.formats.containers import list_cell
from groundtui.importing.paths import KeyPath, PathMiss, Reader, parse, suggest
from groundtui.json_input import instant
from groundtui.text.inert import quoted

PARTS = ("sources[].id", "sources[].title", "sources[].text")
FIELDS = ("id", "question", "response", "sources", "answered_at", *PARTS)
"""The fields ``--map`` names."""
LIKELY = {
    "question": ("question", "user_input", "input", "query", "prompt", "inputs"),
    "response": ("response", "answer", "actual_output", "output", "completion", "data"),
    "sources": (
        "sources",
        "contexts",
        "retrieved_contexts",
        "retrieval_context",
        "documents",
        "context",
        "source_nodes",
        "source_documents",
        "chunks",
    ),
}
"""Keys that likely hold a field, for a refusal's ``--map`` suggestion."""


def paths(*texts: str) -> tuple[KeyPath, ...]:
    """Paths from their text."""
    return tuple(parse(t) for t in texts)


@dataclass(frozen=True)
class Fields:
    """Where a producer's records keep each field: paths tried in order."""

    question: tuple[KeyPath, ...]
    response: tuple[KeyPath, ...]
    sources: tuple[KeyPath, ...]
    id: tuple[KeyPath, ...] = ()
    answered_at: tuple[KeyPath, ...] = ()
    origin: str | None = None
    """The sources' origin (None: as given, or ``unknown``)."""
    own: bool = False
    """groundtui's own records: their other fields are read as its own (``claims``,
    ``correct``, ``meta``), and a ``sources`` column is taken as it is."""


TABLE = Fields(
    question=paths("question", "user_input", "input", "query"),
    response=paths("response", "answer", "actual_output", "output"),
    sources=paths("sources", "contexts", "retrieved_contexts", "retrieval_context", "documents"),
    id=paths("id"),
    answered_at=paths("answered_at", "timestamp", "created_at"),
    own=True,
)
"""A table of groundtui's own fields, found under the names its users give them."""


def parse_map(pairs: tuple[str, ...] | list[str]) -> dict[str, KeyPath]:
    """``--map FIELD=PATH`` options as ``{field: path}``.

    Raises:
        ValueError: not ``FIELD=PATH``, a field groundtui does not read, one field twice, a
            path that is not one, or ``sources`` beside ``sources[].text``.
    """
    out: dict[str, KeyPath] = {}
    for pair in pairs:
        field, sep, text = pair.partition("=")
        if not sep or not text:
            raise ValueError(f"--map {pair}: give FIELD=PATH, e.g. --map question=inputs.question")
        if field not in FIELDS:
            raise ValueError(f"--map {pair}: FIELD is one of {', '.join(FIELDS)}")
        if field in out:
            raise ValueError(f"--map {field}=…: given twice")
        try:
            out[field] = parse(text)
        except ValueError as exc:
            raise ValueError(f"--map {pair}: {exc}") from None
    if "sources" in out and "sources[].text" in out:
        raise ValueError(
            "--map sources=… and --map sources[].text=… both say where the sources are: give one"
        )
    return out


class _Found:
    """The fields found in one record, and the record's keys they were read from."""

    def __init__(
        self, record: dict[str, Any], fields: Fields, given: Mapping[str, KeyPath]
    ) -> None:
        self.reader = Reader(record)
        self.fields, self.given = fields, given
        self.used: set[str] = set()

    def first(self, field: str) -> tuple[KeyPath, Any] | None:
        """The first of the field's paths that finds a value, and the value.

        Raises:
            ValueError: ``--map`` named the field and its path found nothing.
        """
        if field in self.given:
            path = self.given[field]
            try:
                value = self.reader.value(path)
            except PathMiss as exc:
                raise ValueError(
                    f"field '{field}': --map {field}={path} found nothing: {exc}"
                ) from None
            self.used.add(str(path.top))
            return path, value
        for path in getattr(self.fields, field):
            try:
                value = self.reader.value(path)
            except PathMiss:
                continue
            if value is not None:
                self.used.add(str(path.top))
                return path, value
        return None


def _missing(record: dict[str, Any], missing: list[str], own: bool) -> ValueError:
    """The refusal of a record lacking fields, suggesting the ``--map`` that would read it
    when the record's nested fields show where they probably are."""
    what = ", ".join(repr(f) for f in missing)
    kind = "columns" if own else "fields"
    keys = ", ".join(quoted(c) for c in list(record)[:12]) or "none"
    found = suggest(record, {f: LIKELY[f] for f in missing})
    if found and any("." in p or "[" in p for p in found.values()):
        maps = " ".join(f"--map {f}={p}" for f, p in found.items())
        return ValueError(f"missing field {what}; the row's {kind}: {keys}; try {maps}")
    return ValueError(
        f"missing field {what}; the row's {kind}: {keys}; "
        f"name the column with --map {missing[0]}=COLUMN"
    )


def _texts_or_documents(value: Any, where: str, origin: str | None) -> list[dict[str, Any]]:
    """Sources from a value found for ``sources``: a list of texts or documents (or the
    JSON or repr text of one), or one text."""
    if isinstance(value, str):
        if value.lstrip()[:1] in ("[", "{"):
            value = list_cell(value, where)
        else:
            value = [value] if value else []
            return [_source_of_text(t, where, origin) for t in value]
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ValueError(f"field '{where}': {type(value).__name__} is not a list of sources")
    out = []
    for i, doc in enumerate(value):
        source, _ = source_of(doc, f"{where}[{i}]", origin or "unknown")
        out.append(source)
    return out


def _source_of_text(text: str, where: str, origin: str | None) -> dict[str, Any]:
    if not text.strip():
        raise ValueError(f"field '{where}': blank; a source without text supports no claim")
    source = {"id": text_id(text), "text": text}
    return {**source, "origin": origin} if origin else source


def _parts(found: _Found, sources: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Sources built from the ``sources[].text`` path (when ``sources`` is None), given
    ids and titles by the ``sources[].id`` and ``sources[].title`` paths: one value each."""
    columns: dict[str, list[Any]] = {}
    for part in PARTS:
        got = found.first(part) if part in found.given else None
        if got is not None:
            path, value = got
            columns[part.removeprefix("sources[].")] = value if path.many else [value]
    if sources is None:
        where = str(found.given["sources[].text"])
        sources = [
            _source_of_text(text_of(t, f"{where}[{i}]"), f"{where}[{i}]", found.fields.origin)
            for i, t in enumerate(columns.get("text", []))
        ]
    for part, values in columns.items():
        if part == "text":
            continue
        if len(values) != len(sources):
            raise ValueError(
                f"field 'sources[].{part}': {len(values)} values for {len(sources)} sources"
            )
        for i, (source, value) in enumerate(zip(sources, values, strict=True)):
            if value is None:
                continue
            if not isinstance(value, str | int) or isinstance(value, bool):
                raise ValueError(f"field 'sources[{i}].{part}': {type(value).__name__} is not text")
            source[part] = str(value)
    return sources


def _own_sources(value: Any, where: str) -> Any:
    """groundtui's own ``sources``: a list of its source records, read by the model; a
    list of texts becomes sources identified by their text."""
    if isinstance(value, str):
        value = list_cell(value, where)
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return [{"id": text_id(t), "text": t} for t in value]
    return value


def named(record: dict[str, Any], fields: Fields, given: Mapping[str, KeyPath]) -> dict[str, Any]:
    """A record's answer with groundtui's field names, its sources as records, an id.

    Of groundtui's own records (``fields.own``) every other field stays as it is (unknown
    ones go to ``meta`` as the model folds them); of a producer's, the fields not read are
    kept in ``meta``.

    Raises:
        ValueError: a field not found (the record's fields listed, ``--map`` suggested), a
            ``--map`` path that found nothing (naming the step), or sources holding no
            source (or a blank one).
    """
    found = _Found(record, fields, given)
    question, response = found.first("question"), found.first("response")
    by_parts = "sources[].text" in given
    at = None if by_parts else found.first("sources")
    missing = [f for f, got in (("question", question), ("response", response)) if got is None]
    if at is None and not by_parts:
        missing.append("sources")
    if missing:
        raise _missing(record, missing, fields.own)
    assert question is not None and response is not None
    if by_parts:
        sources = _parts(found, None)
        checked_sources(sources, str(given["sources[].text"]))
    else:
        assert at is not None
        path, value = at
        if fields.own and path.text == "sources" and "sources" not in given:
            sources = _own_sources(value, "sources")
        else:
            sources = _texts_or_documents(value, path.text, fields.origin)
            checked_sources(sources, path.text)
        if any(p in given for p in PARTS):
            sources = _parts(found, sources)
    ident = found.first("id")
    when = _answered_at(found)
    if fields.own:
        out = {k: v for k, v in record.items() if k not in found.used}
    else:
        rest = {k: v for k, v in record.items() if k not in found.used}
        out = {"meta": rest} if rest else {}
    out.update(question=question[1], response=response[1], sources=sources)
    if ident is not None:
        value = ident[1]
        out["id"] = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    elif isinstance(question[1], str) and isinstance(response[1], str):
        texts = (
            [s.get("text") for s in sources if isinstance(s, dict)]
            if isinstance(sources, list)
            else []
        )
        out["id"] = stable_id(question[1], response[1], [t for t in texts if isinstance(t, str)])
    if when is not None:
        out["answered_at"] = when
    return out


def _answered_at(found: _Found) -> str | None:
    """The answer's time: a ``--map``'s must read as a time; a column only named like one
    is left where it is (in ``meta``) when it does not."""
    if "answered_at" in found.given:
        got = found.first("answered_at")
        assert got is not None
        try:
            return instant(got[1])
        except ValueError as exc:
            raise ValueError(f"field 'answered_at': {exc}") from None
    for path in found.fields.answered_at:
        try:
            when = instant(found.reader.value(path))
        except (PathMiss, ValueError):
            continue
        if when is not None:
            found.used.add(str(path.top))
            return when
    return None
