"""Tables named as their users name them: groundtui's fields found under well-known column
names, or under the columns ``--map FIELD=COLUMN`` names (docs/formats.md).

``question`` is read from ``question``, ``user_input``, ``input`` or ``query``; ``response``
from ``response``, ``answer``, ``actual_output`` or ``output``; ``sources`` from
``sources``, ``contexts``, ``retrieved_contexts``, ``retrieval_context`` or ``documents``.
Sources given as a list of texts are identified by a hash of their text; an answer without
an ``id`` gets one from its content.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.formats.base import checked_sources, stable_id, text_id
from groundtui.importing.formats.containers import list_cell
from groundtui.text.inert import quoted

ALIASES = {
    "id": ("id",),
    "question": ("question", "user_input", "input", "query"),
    "response": ("response", "answer", "actual_output", "output"),
    "sources": ("sources", "contexts", "retrieved_contexts", "retrieval_context", "documents"),
}
FIELDS = tuple(ALIASES)


def parse_map(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``--map FIELD=COLUMN`` options as ``{field: column}``.

    Raises:
        ValueError: not ``FIELD=COLUMN``, a field groundtui does not read, or one field twice.
    """
    out: dict[str, str] = {}
    for pair in pairs:
        field, sep, column = pair.partition("=")
        if not sep or not column:
            raise ValueError(f"--map {pair}: give FIELD=COLUMN, e.g. --map question=prompt")
        if field not in FIELDS:
            raise ValueError(f"--map {pair}: FIELD is one of {', '.join(FIELDS)}")
        if field in out:
            raise ValueError(f"--map {field}=…: given twice")
        out[field] = column
    return out


def _column(record: dict[str, Any], field: str, given: dict[str, str]) -> str | None:
    if field in given:
        return given[field] if given[field] in record else None
    return next((name for name in ALIASES[field] if name in record), None)


def named(record: dict[str, Any], given: dict[str, str]) -> dict[str, Any]:
    """A table's row with groundtui's field names, its sources as records, an id.

    Raises:
        ValueError: a field not found (the row's columns listed, ``--map`` suggested), or
            sources given as texts holding no source.
    """
    found = {field: _column(record, field, given) for field in FIELDS}
    missing = [f for f in ("question", "response", "sources") if found[f] is None]
    if missing:
        named_by = [f"{f} ({quoted(given[f])} is not a column)" for f in missing if f in given]
        what = ", ".join(named_by) or ", ".join(repr(f) for f in missing)
        columns = ", ".join(quoted(c) for c in record) or "none"
        raise ValueError(
            f"missing field {what}; the row's columns: {columns}; "
            f"name the column with --map {missing[0]}=COLUMN"
        )
    out = {k: v for k, v in record.items() if k not in found.values()}
    for field, column in found.items():
        if column is not None:
            out[field] = record[column]
    sources = out["sources"]
    if isinstance(sources, str):
        sources = list_cell(sources, found["sources"] or "sources")
    column = found["sources"] or "sources"
    if isinstance(sources, list) and all(isinstance(s, str) for s in sources):
        sources = [{"id": text_id(t), "text": t} for t in sources]
        if column != "sources":  # another tool's table: an answer needs its sources
            checked_sources(sources, column)
    out["sources"] = sources
    if (
        found["id"] is None
        and isinstance(out["question"], str)
        and isinstance(out["response"], str)
    ):
        texts = (
            [s.get("text", "") for s in sources if isinstance(s, dict)]
            if isinstance(sources, list)
            else []
        )
        out["id"] = stable_id(
            out["question"], out["response"], [t for t in texts if isinstance(t, str)]
        )
    return out
