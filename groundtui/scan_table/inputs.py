"""What ``groundtui scan-table`` reads: Parquet files, their schemas, their row groups.

The input is a file, a folder of files (``*.parquet`` at any depth) or a glob. Every
file's schema is checked against the columns named before any row is read, so a table
that cannot be checked is one sentence naming the file, the column and the type found;
the work is then cut into row groups, the unit a worker reads, checks and writes.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from groundtui.importing.formats.base import InputError
from groundtui.importing.formats.parquet import refuse_twice

__all__ = ["Columns", "Unit", "parquet_files", "plan"]


@dataclass(frozen=True)
class Columns:
    """The input's columns holding each part of an answer (``--id``, ``--response``…)."""

    id: str
    response: str
    sources: str
    question: str | None = None

    def names(self) -> list[str]:
        """The columns read, in output order."""
        named = [self.id, self.question, self.response, self.sources]
        return list(dict.fromkeys(n for n in named if n is not None))


@dataclass(frozen=True)
class Unit:
    """One row group of one file: what a worker reads, checks and writes as one part."""

    path: str
    file: int
    row_group: int
    rows: int
    first_row: int
    """The row group's first row in its file (0-based), to name a bad row in the file."""


def parquet_files(spec: str) -> list[str]:
    """The Parquet files ``spec`` names: a file, a folder's ``*.parquet``, or a glob."""
    path = Path(spec)
    if path.is_dir():
        files = sorted(str(p) for p in path.rglob("*.parquet") if p.is_file())
        if not files:
            raise InputError(f"{spec}: a folder with no .parquet files")
        return files
    if path.is_file():
        return [spec]
    if glob.has_magic(spec):
        files = sorted(p for p in glob.glob(spec, recursive=True) if Path(p).is_file())
        if not files:
            raise InputError(f"{spec}: no file matches")
        return files
    raise InputError(f"{spec}: no such file")


def plan(spec: str, columns: Columns) -> tuple[list[Unit], pa.Schema]:
    """The row groups to check and the schema of the columns read (the first file's).

    Raises:
        InputError: no file, a file that is not Parquet, a column missing or of a type
            the check cannot read, or files whose columns differ in type.
    """
    units: list[Unit] = []
    schema: pa.Schema | None = None
    for number, path in enumerate(parquet_files(spec)):
        try:
            meta = pq.ParquetFile(path).metadata
            found = meta.schema.to_arrow_schema()
        except Exception as exc:  # pyarrow raises several kinds for a damaged file
            raise InputError(f"{path}: not a readable Parquet file ({exc})") from None
        read = _check_schema(path, found, columns)
        if schema is None:
            schema = read
        elif not read.equals(schema):
            other = next(f for f in read if f != schema.field(f.name))
            raise InputError(
                f"{path}: column '{other.name}' is {other.type}, but {schema.field(other.name).type} "
                "in the files before it"
            )
        first = 0
        for group in range(meta.num_row_groups):
            rows = meta.row_group(group).num_rows
            units.append(Unit(path, number, group, rows, first))
            first += rows
    assert schema is not None  # parquet_files never returns an empty list
    return units, schema


def _check_schema(path: str, schema: pa.Schema, columns: Columns) -> pa.Schema:
    """The fields of ``columns`` in ``schema``, each once and of a type the check reads."""
    refuse_twice(path, schema.names, columns.names())
    for name in columns.names():
        if schema.get_field_index(name) < 0:
            have = ", ".join(schema.names)
            raise InputError(f"{path}: no column '{name}' (the columns are: {have})")
    for text in (columns.response, columns.question):
        if text is not None and not _is_text(schema.field(text).type):
            raise InputError(f"{path}: column '{text}' is {schema.field(text).type}, not text")
    sources = schema.field(columns.sources).type
    if not source_list(sources):
        raise InputError(
            f"{path}: column '{columns.sources}' is {sources}, not a list of strings or of "
            "structs with a string field 'text'"
        )
    return pa.schema([schema.field(name) for name in columns.names()])


def source_list(kind: pa.DataType) -> bool:
    """Whether ``kind`` is a list of texts, or of structs with a ``text`` (and maybe ``id``)."""
    if not (pa.types.is_list(kind) or pa.types.is_large_list(kind)):
        return False
    item = kind.value_type
    if _is_text(item):
        return True
    if pa.types.is_struct(item):
        index = item.get_field_index("text")
        return index >= 0 and _is_text(item.field(index).type)
    return False


def _is_text(kind: pa.DataType) -> bool:
    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind))
