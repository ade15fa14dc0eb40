"""``groundtui export --format parquet``: the claim rows as one Parquet file, with one
explicit schema, written in batches of rows (docs/export.md).

The columns are ``exporting.claim_rows.COLUMNS`` with the values of the JSON Lines export,
typed: numbers as ``int64``, text as ``string``, ``citations`` and ``source_ids`` as lists,
``reviewers`` as a list of structs. ``meta`` is the one exception: it is free-form (each
import format puts its own keys there, of any type, and answers of one database differ), and
one Parquet file has one schema, so it is the object's JSON text, as in CSV.

Rows are gathered ``BATCH_ROWS`` at a time and written as a row group, so memory holds one
batch however many claims there are. As with ``-o FILE`` for JSON Lines, the file is written
under a temporary name beside the target and renamed into place only once complete: a failed
export leaves nothing, and an earlier export stays as it was. pyarrow is imported when a
Parquet export is asked for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from contextlib import closing, suppress
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from groundtui.exporting.claim_rows import COLUMNS, SHARES, rows
from groundtui.exporting.output import write_file as export_file
from groundtui.store import Store

BATCH_ROWS = 10_000
"""Rows per record batch, and so per row group of the file."""

REVIEWER_FIELDS = {
    "reviewer": "string",
    "verdict": "string",
    "invention_kind": "string",
    "note": "string",
    "at": "string",
    "blind": "bool",
    "independent": "bool",
}
"""The struct of each ``reviewers`` item, as the JSON Lines export's objects: its fields
and their Arrow types (``blind``: made with the judge's labels hidden; ``independent``:
with the other reviewers' hidden)."""


@cache
def schema() -> Any:
    """Every export column in ``COLUMNS`` order, all nullable (null means what it does in JSONL).

    ``citation``, ``supported`` and ``citations`` are ``int64``, ``source_ids`` a list of strings,
    ``reviewers`` a list of structs; every other column is a string (``meta`` its JSON text;
    times as the ISO 8601 text of the JSON Lines export).
    """
    import pyarrow as pa

    reviewer = pa.struct(
        [(name, pa.type_for_alias(kind)) for name, kind in REVIEWER_FIELDS.items()]
    )
    types = {
        "citation": pa.int64(),
        "supported": pa.int64(),
        "reviewers": pa.list_(reviewer),
        "citations": pa.list_(pa.int64()),
        "source_ids": pa.list_(pa.string()),
    }
    return pa.schema([pa.field(name, types.get(name, pa.string())) for name in COLUMNS])


JSON_TEXT = ("meta",)
"""Columns written as their value's JSON text (null stays null)."""


class BatchWriter:
    """Rows in, row groups of ``batch_rows`` out, to one Parquet file or file object."""

    def __init__(
        self,
        where: str | BinaryIO,
        *,
        batch_rows: int = BATCH_ROWS,
        table: Any = None,
        json_text: tuple[str, ...] = JSON_TEXT,
    ) -> None:
        """Args:
        table: the file's schema (default: the claim rows', ``schema()``).
        json_text: the columns written as their value's JSON text.
        """
        import pyarrow.parquet as pq

        self._schema = table if table is not None else schema()
        self._json_text = json_text
        self._writer = pq.ParquetWriter(where, self._schema)
        self._batch_rows = batch_rows
        self._columns: dict[str, list[Any]] = {f.name: [] for f in self._schema}
        self._pending = 0
        self.rows = 0

    def add(self, row: dict[str, Any]) -> None:
        """Take one row (a dict keyed by the schema's columns)."""
        for name, value in row.items():
            if name in self._json_text and value is not None:
                value = json.dumps(value, ensure_ascii=False)
            self._columns[name].append(value)
        self._pending += 1
        self.rows += 1
        if self._pending >= self._batch_rows:
            self.flush()

    def flush(self) -> None:
        """Write the rows gathered so far as one row group."""
        if not self._pending:
            return
        import pyarrow as pa

        arrays = [pa.array(self._columns[f.name], type=f.type) for f in self._schema]
        self._writer.write_batch(pa.RecordBatch.from_arrays(arrays, schema=self._schema))
        for values in self._columns.values():
            values.clear()
        self._pending = 0

    def close(self) -> None:
        """Write what is left and the file's footer (a file of no rows still has the schema)."""
        if self._writer.is_open:
            self.flush()
            self._writer.close()

    def __enter__(self) -> BatchWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.close()
        else:  # the file is thrown away: end the writer, not writing the rows gathered
            with suppress(Exception):  # a full disk fails again here: keep the first error
                self._writer.close()


def write(rows: Iterable[dict[str, Any]], out: BinaryIO, *, batch_rows: int = BATCH_ROWS) -> int:
    """Write ``rows`` to ``out`` as one Parquet file; return how many."""
    with BatchWriter(out, batch_rows=batch_rows) as writer:
        for row in rows:
            writer.add(row)
    return writer.rows


def read_rows(path: str) -> list[dict[str, Any]]:
    """A Parquet export read back as the JSON Lines export's rows (``meta`` parsed again).

    For tests and small files: it reads the whole file.
    """
    import pyarrow.parquet as pq

    rows = pq.read_table(path).to_pylist()
    for row in rows:
        for name in JSON_TEXT:
            if row[name] is not None:
                row[name] = json.loads(row[name])
    return rows


def export_parquet(
    store: Store,
    output: str | Path,
    *,
    reviewed_only: bool = False,
    judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None),
    all_claims: bool = False,
    shares: dict[str, float] = SHARES,
) -> int:
    """Write the claim rows to the Parquet file ``output``; return how many (``write_file``)."""
    with closing(
        rows(
            store,
            reviewed_only=reviewed_only,
            judge=judge,
            cell=cell,
            all_claims=all_claims,
            shares=shares,
        )
    ) as source:
        return write_file(output, lambda out: write(source, out))


def write_file(output: str | Path, fill: Callable[[BinaryIO], int]) -> int:
    """Write the Parquet file ``output`` with ``fill`` (which returns a count), atomically.

    Raises:
        ValueError: no file name (empty, or ``-``: Parquet is not written to stdout).
        OSError: the file cannot be written; nothing is left at ``output``'s place.
    """
    return export_file(output_path(output, "FILE.parquet"), fill, binary=True)


def output_path(output: str | Path, what: str) -> Path:
    """``output`` as a path; ``what`` names what ``-o`` should be when it is missing."""
    if not str(output) or str(output) == "-":
        raise ValueError(f"no output name: give -o {what}")
    return Path(output)
