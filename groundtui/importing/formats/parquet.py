"""Parquet through ``pyarrow``, a row group at a time (docs/formats.md)."""

from __future__ import annotations

from collections.abc import Iterator

from groundtui.importing.formats.base import Input, InputError, Row, plain
from groundtui.json_input import check_record

BATCH_ROWS = 1000


def columns(source: Input) -> list[str]:
    """The file's column names."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    file = source.file()
    try:
        return list(pq.ParquetFile(file).schema_arrow.names)
    except Exception as exc:  # pyarrow raises several kinds for a damaged file
        raise InputError(f"{source.label}: not a readable Parquet file ({exc})") from None


def parquet_rows(source: Input) -> Iterator[Row]:
    """Each row as a record of its non-null columns; the number is the row's (1 for the first)."""
    import pyarrow.parquet as pq

    file = source.file()
    try:
        batches = pq.ParquetFile(file).iter_batches(batch_size=BATCH_ROWS)
    except Exception as exc:
        raise InputError(f"{source.label}: not a readable Parquet file ({exc})") from None
    number = 0
    for batch in batches:
        for values in batch.to_pylist():
            number += 1
            record = {k: plain(v) for k, v in values.items() if v is not None}
            try:
                yield Row(number, check_record(record))
            except ValueError as exc:
                yield Row(number, error=str(exc))
