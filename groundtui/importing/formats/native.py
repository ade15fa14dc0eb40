"""groundtui's own records (docs/formats.md) from JSON Lines, a JSON array, CSV or Parquet.

In CSV every cell is text: ``sources``, ``claims`` and ``meta`` hold JSON text (or a
Python repr, as pandas' ``to_csv`` writes a list), ``correct`` is ``true``, ``false`` or
empty. Parquet columns may be typed or hold the same JSON text.
"""

from __future__ import annotations

from typing import Any

from groundtui.importing.answer_records import NESTED
from groundtui.importing.formats.containers import json_cell, list_cell

JSON_COLUMNS = ("sources", "claims", "meta")


def from_cells(record: dict[str, Any]) -> dict[str, Any]:
    """A CSV or Parquet row as the JSON Lines record it stands for."""
    out = dict(record)
    for name in JSON_COLUMNS:
        if isinstance(out.get(name), str):
            out[name] = list_cell(out[name], name)
    correct = out.get("correct")
    if isinstance(correct, str):
        word = correct.strip().lower()
        out["correct"] = {"true": True, "false": False, "": None}.get(word, correct)
    return out


def answers_cells(record: dict[str, Any]) -> dict[str, Any]:
    """A Parquet row of ``export --format answers`` as its record: nested parts as JSON text."""
    out = dict(record)
    for name in NESTED:
        if name in out:
            out[name] = json_cell(out[name], name)
    return out
