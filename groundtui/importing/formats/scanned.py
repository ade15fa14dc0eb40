"""The output of ``groundtui scan-table`` read back as answers with their stored flags.

``groundtui import --format parquet --flagged-only OUT`` takes the flagged rows, their
columns named as they were to ``scan-table`` (``--id``, ``--response``, ``--sources``,
``--question``), and keeps each row's ``specifics`` as the answer's flag: the check is
not run again. A table without questions gives each answer an empty one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from groundtui.importing.formats.base import text_id

__all__ = ["NotScanTable", "ScanColumns", "from_scanned"]


class NotScanTable(ValueError):
    """The file is not a ``scan-table`` output (no ``flagged`` column): said once for it."""


@dataclass(frozen=True)
class ScanColumns:
    """The columns of a ``scan-table`` output holding each part of an answer."""

    id: str = "id"
    response: str = "response"
    sources: str = "sources"
    question: str = "question"


def from_scanned(
    record: dict[str, Any], columns: ScanColumns
) -> tuple[dict[str, Any], list[dict] | None]:
    """A ``scan-table`` row as groundtui's record, and its specifics (None: not flagged).

    Raises:
        NotScanTable: the row lacks ``flagged``: the file is not a ``scan-table`` output.
        ValueError: the row lacks a column.
    """
    if "flagged" not in record:
        raise NotScanTable(
            "no column 'flagged': --flagged-only reads the output of groundtui scan-table"
        )
    if record["flagged"] is not True:
        return {}, None
    specifics = record.get("specifics")
    if not isinstance(specifics, list):
        raise ValueError("column 'specifics' is missing or not a list")
    out: dict[str, Any] = {}
    for field, name in (
        ("id", columns.id),
        ("response", columns.response),
        ("sources", columns.sources),
    ):
        if name not in record:  # a null cell is read as no cell
            raise ValueError(
                f"no value in column '{name}' (null, or no such column: "
                f"pass --{field} COL as given to scan-table)"
            )
        out[field] = record[name]
    if isinstance(out["id"], int | float):
        out["id"] = str(out["id"])
    out["question"] = record.get(columns.question) or ""
    out["sources"] = _sources(out["sources"])
    return out, specifics


def _sources(value: Any) -> Any:
    """Sources given as texts, or as structs with ``text`` and maybe ``id``, as groundtui's."""
    if not isinstance(value, list):
        return value  # the model names what is wrong
    sources = []
    for item in value:
        if isinstance(item, str):
            sources.append({"id": text_id(item), "text": item})
        elif isinstance(item, dict):
            given = item.get("id")
            text = item.get("text")
            source_id: Any = text_id(text) if given is None and isinstance(text, str) else given
            if isinstance(source_id, int | float):
                source_id = str(source_id)
            sources.append({**item, "id": source_id})
        else:
            sources.append(item)
    return sources
