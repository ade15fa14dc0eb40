"""The formats answers come in, each read into groundtui's records (docs/formats.md).

``rows(source, name)`` reads one input in the format named (or detected, when ``name`` is
None) and returns the format's name with its rows; a file that looks like another format
than the one asked for is one ``InputError`` naming the likely one. Traces of every
dialect go through one reader (``groundtui.importing.traces``); answer records through
the fields each producer keeps them in (``fields``, ``producers``), or ``--map``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from groundtui.importing.formats.base import Input, InputError, Row, mapped, open_input
from groundtui.importing.formats.containers import csv_rows, json_lines, json_whole
from groundtui.importing.formats.deepeval import convert as deepeval_convert
from groundtui.importing.formats.detect import shape
from groundtui.importing.formats.fields import TABLE, named
from groundtui.importing.formats.native import answers_cells, from_cells
from groundtui.importing.formats.parquet import parquet_rows
from groundtui.importing.formats.producers import (
    LANGSMITH_EXAMPLES,
    PROMPTFOO_CSV,
    TABLES,
    promptfoo_csv,
    promptfoo_results,
)
from groundtui.importing.formats.ragas import convert as ragas_convert
from groundtui.importing.paths import KeyPath, parse

__all__ = ["FORMATS", "Input", "InputError", "Row", "describe", "open_input", "rows"]

FORMATS = (
    "jsonl",
    "json",
    "csv",
    "parquet",
    "ragas",
    "deepeval",
    "openinference",
    "genai",
    "langsmith",
    "mlflow",
    "trulens",
    "langfuse",
    "promptfoo",
    "haystack",
    "llamaindex",
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
    "genai": "OpenTelemetry GenAI spans (OpenLLMetry/Traceloop)",
    "langsmith": "LangSmith runs and examples",
    "mlflow": "MLflow traces",
    "trulens": "TruLens events and records",
    "langfuse": "Langfuse traces",
    "promptfoo": "promptfoo results",
    "haystack": "Haystack answers",
    "llamaindex": "LlamaIndex responses and evaluations",
    "traces": "spans",
}
NATIVE = {"jsonl": "lines", "json": "whole", "csv": "csv", "parquet": "parquet"}
TRACES = {"openinference", "genai", "langsmith", "mlflow", "trulens", "langfuse", "traces"}
"""Formats of spans, runs or traces, read by the trace reader."""
CONTAINERS = {
    "ragas": {"lines", "csv", "parquet", "whole"},
    "deepeval": {"whole", "lines", "csv"},
    "openinference": {"lines", "whole", "parquet"},
    "genai": {"lines", "whole", "parquet"},
    "langsmith": {"lines", "whole"},
    "mlflow": {"lines", "whole", "parquet"},
    "trulens": {"lines", "whole", "csv", "parquet"},
    "langfuse": {"whole", "lines"},
    "promptfoo": {"whole", "lines", "csv"},
    "haystack": {"whole", "lines"},
    "llamaindex": {"whole", "lines"},
    "answers": {"lines", "parquet"},
    "traces": {"lines", "whole", "parquet"},
}
READERS = {"lines": json_lines, "whole": json_whole, "csv": csv_rows, "parquet": parquet_rows}
MAPPED = {*NATIVE, "promptfoo", "haystack", "llamaindex"}
"""Formats whose records are answers, read by fields ``--map`` can name."""


def describe(name: str) -> str:
    """The format's name in a sentence: ``ragas rows``."""
    return DESCRIBED[name]


def _likely(container: str, kind: str | None) -> str:
    if kind == "langsmith-examples":
        return "langsmith"
    if kind in CONTAINERS:
        return kind
    return {v: k for k, v in NATIVE.items()}[container]


def _fits(name: str, container: str, kind: str | None) -> bool:
    """Whether a file of ``container`` holding records of ``kind`` can be read as ``name``."""
    if name in NATIVE:
        return container == NATIVE[name] and kind in (None, "groundtui")
    if container not in CONTAINERS[name]:
        return False
    if name == "langsmith" and kind == "langsmith-examples":
        return True
    return kind in (None, name) or (name in TRACES and kind == "traces")


def rows(
    source: Input,
    name: str | None,
    columns: Mapping[str, KeyPath | str] | None = None,
    on_record: Callable[[], None] | None = None,
) -> tuple[str, Iterator[Row]]:
    """``(format, rows)`` of ``source`` read as ``name`` (detected when None).

    ``columns`` (``--map``: ``{field: path}``, a path parsed or as text) says where a record
    that is an answer holds a field; the well-known names are found without it. None: a
    table's columns are taken as they are (a scan-table output). ``on_record`` is called
    as each record of the file is read (a trace's spans are read long before its row).

    Raises:
        InputError: the file looks like another format than ``name``, ``--map`` is given
            for a format whose records are not answers, or the file cannot carry answers.
    """
    container, kind = shape(source)
    likely = _likely(container, kind)
    detected = name is None
    if name is None:
        name = likely
    elif not _fits(name, container, kind):
        _mismatch(source, name, likely)
    examples = name == "langsmith" and kind == "langsmith-examples"
    if columns and name not in MAPPED and not examples:
        raise InputError(
            f"{source.label}: --map names the fields of records that are answers (JSON Lines, "
            "JSON, CSV, Parquet, promptfoo, Haystack, LlamaIndex, LangSmith examples); "
            f"{describe(name)} are read by where their producer keeps each field"
        )
    if container == "csv" and name == "promptfoo":
        records: Iterator[Row] = csv_rows(source, keep_empty=True)
    else:
        records = READERS[container](source)
    if on_record is not None:
        records = _counted(records, on_record)
    given = {f: parse(p) if isinstance(p, str) else p for f, p in (columns or {}).items()}
    if name in NATIVE:
        cells = name in ("csv", "parquet")
        if columns is None:
            return name, mapped(records, from_cells) if cells else records
        if cells:
            return name, mapped(records, lambda r: from_cells(named(r, TABLE, given)))
        return name, mapped(records, lambda r: named(r, TABLE, given))
    if name == "answers":
        return name, mapped(records, answers_cells) if container == "parquet" else records
    if examples:  # LangSmith's dataset examples are answers, not runs
        return name, mapped(records, lambda r: named(r, LANGSMITH_EXAMPLES, given))
    if name in TRACES:
        # Here, not at the top: the trace reader reads ``formats.base``'s rows, and whoever
        # imports the reader first (the collector) would find this package half made.
        from groundtui.importing.traces import of_format, read

        dialects = None if detected else of_format(name)
        return name, _refused_whole(source, read(records, dialects))
    if name == "promptfoo":
        if container == "csv":
            return name, mapped(promptfoo_csv(records), lambda r: named(r, PROMPTFOO_CSV, given))
        records = promptfoo_results(records)
    if name in TABLES:
        table = TABLES[name]
        return name, mapped(records, lambda r: named(r, table, given))
    convert = {"ragas": ragas_convert, "deepeval": deepeval_convert}[name]
    return name, mapped(records, convert)


def _counted(records: Iterator[Row], on_record: Callable[[], None]) -> Iterator[Row]:
    for row in records:
        on_record()
        yield row


def _refused_whole(source: Input, found: Iterator[Row]) -> Iterator[Row]:
    """The rows, or the file refused in one line when it cannot carry answers at all."""
    from groundtui.importing.traces import Unreadable  # as in ``rows``

    try:
        yield from found
    except Unreadable as exc:
        raise InputError(f"{source.label}: {exc}") from None


def _mismatch(source: Input, name: str, likely: str) -> None:
    if likely == name:  # the same format, in a shape it does not come in
        raise InputError(f"{source.label}: {describe(name)} do not come in this shape")
    raise InputError(
        f"{source.label}: looks like {describe(likely)}, not {describe(name)}; "
        f"try --format {likely} (or leave --format out to detect it)"
    )
