"""The formats answers come in, each read into groundtui's records (docs/formats.md).

``rows(source, name)`` reads one input in the format named (or detected, when ``name`` is
None) and returns the format's name with its rows; a file that looks like another format
than the one asked for is one ``InputError`` naming the likely one.
"""

from __future__ import annotations

from collections.abc import Iterator

from groundtui.importing.formats.base import Input, InputError, Row, mapped, open_input
from groundtui.importing.formats.columns import named
from groundtui.importing.formats.containers import csv_rows, json_lines, json_whole
from groundtui.importing.formats.deepeval import convert as deepeval_convert
from groundtui.importing.formats.detect import shape
from groundtui.importing.formats.langfuse import answers as langfuse_answers
from groundtui.importing.formats.native import answers_cells, from_cells
from groundtui.importing.formats.openinference import answers as spans_to_answers
from groundtui.importing.formats.parquet import parquet_rows
from groundtui.importing.formats.ragas import convert as ragas_convert

__all__ = ["FORMATS", "Input", "InputError", "Row", "describe", "open_input", "rows"]

FORMATS = (
    "jsonl",
    "json",
    "csv",
    "parquet",
    "ragas",
    "deepeval",
    "openinference",
    "langfuse",
    "answers",
)
DESCRIBED = {
    "answers": "answers exported with their work (export --format answers)",
    "jsonl": "JSON Lines",
    "json": "a JSON array",
    "csv": "CSV",
    "parquet": "Parquet",
    "ragas": "ragas rows",
    "deepeval": "deepeval test cases",
    "openinference": "OpenInference spans",
    "langfuse": "Langfuse traces",
}
NATIVE = {"jsonl": "lines", "json": "whole", "csv": "csv", "parquet": "parquet"}
CONTAINERS = {
    "ragas": {"lines", "csv", "parquet", "whole"},
    "deepeval": {"whole", "lines", "csv"},
    "openinference": {"lines", "whole", "parquet"},
    "langfuse": {"whole", "lines"},
    "answers": {"lines", "parquet"},
}
READERS = {"lines": json_lines, "whole": json_whole, "csv": csv_rows, "parquet": parquet_rows}


def describe(name: str) -> str:
    """The format's name in a sentence: ``ragas rows``."""
    return DESCRIBED[name]


def _likely(container: str, kind: str | None) -> str:
    if kind in CONTAINERS:
        return kind
    return {v: k for k, v in NATIVE.items()}[container]


def rows(
    source: Input, name: str | None, columns: dict[str, str] | None = None
) -> tuple[str, Iterator[Row]]:
    """``(format, rows)`` of ``source`` read as ``name`` (detected when None).

    ``columns`` (``--map``: ``{field: column}``) names where a table of groundtui's own
    format holds a field; the well-known names are found without it. None: the table's
    columns are taken as they are (a scan-table output).

    Raises:
        InputError: the file looks like another format than ``name``.
    """
    container, kind = shape(source)
    likely = _likely(container, kind)
    if name is None:
        name = likely
    elif name in NATIVE:
        if container != NATIVE[name] or kind not in (None, "groundtui"):
            _mismatch(source, name, likely)
    elif container not in CONTAINERS[name] or kind not in (None, name):
        _mismatch(source, name, likely)
    records = READERS[container](source)
    if name in NATIVE:
        cells = name in ("csv", "parquet")
        if columns is None:
            return name, mapped(records, from_cells) if cells else records
        given = columns
        if cells:
            return name, mapped(records, lambda r: from_cells(named(r, given)))
        return name, mapped(records, lambda r: named(r, given))
    if name == "answers":
        return name, mapped(records, answers_cells) if container == "parquet" else records
    if name == "openinference":
        return name, spans_to_answers(records)
    if name == "langfuse":
        return name, langfuse_answers(records)
    convert = {"ragas": ragas_convert, "deepeval": deepeval_convert}[name]
    return name, mapped(records, convert)


def _mismatch(source: Input, name: str, likely: str) -> None:
    if likely == name:  # the same format, in a shape it does not come in
        raise InputError(f"{source.label}: {describe(name)} do not come in this shape")
    raise InputError(
        f"{source.label}: looks like {describe(likely)}, not {describe(name)}; "
        f"try --format {likely} (or leave --format out to detect it)"
    )
