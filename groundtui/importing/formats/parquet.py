"""Parquet through ``pyarrow``, a row group at a time (docs/formats.md).

Arrow holds values Python's ``datetime`` cannot: nanoseconds (pandas' and Phoenix's
``timestamp('ns')``, ``time64[ns]``, ``duration[ns]``) and years past 9999. Such a column is
converted by Arrow itself (times as ISO 8601 text, durations as seconds); a value that still
cannot be read makes its row a bad line naming the column, and a row group that cannot be
read (a damaged file) is one bad line for its rows, the others read on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from groundtui.importing.formats.base import Input, InputError, Row, plain
from groundtui.json_input import check_record
from groundtui.text.inert import one_line, quoted

BATCH_ROWS = 1000


def refuse_twice(label: str, names: list[str], read: list[str] | None = None) -> None:
    """Refuse a table with a column name twice among ``read`` (default: every column):
    which of the two holds the field is anyone's guess, and a row read by name would keep
    the last in silence.

    Raises:
        InputError: naming each such column and where it stands (1 for the first).
    """
    wanted = set(names if read is None else read)
    twice = [n for n in dict.fromkeys(names) if names.count(n) > 1 and n in wanted]
    if twice:
        said = "; ".join(
            f"column {quoted(n)} is columns "
            + " and ".join(str(i + 1) for i, m in enumerate(names) if m == n)
            for n in twice
        )
        raise InputError(f"{label}: {said}; give each column its own name")


def columns(source: Input) -> list[str]:
    """The file's column names."""
    import pyarrow.parquet as pq

    file = source.file()
    try:
        return list(pq.ParquetFile(file).schema_arrow.names)
    except Exception as exc:  # pyarrow raises several kinds for a damaged file
        raise InputError(f"{source.label}: not a readable Parquet file ({exc})") from None


def parquet_rows(source: Input) -> Iterator[Row]:
    """Each row as a record of its non-null columns; the number is the row's (1 for the first)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    file = source.file()
    try:
        parquet = pq.ParquetFile(file)
    except Exception as exc:
        raise InputError(f"{source.label}: not a readable Parquet file ({exc})") from None
    refuse_twice(source.label, parquet.schema_arrow.names)
    number = 0
    for group in range(parquet.metadata.num_row_groups):
        size = parquet.metadata.row_group(group).num_rows
        first, read = number + 1, 0
        try:
            for batch in parquet.iter_batches(batch_size=BATCH_ROWS, row_groups=[group]):
                for values, error in _rows(batch):
                    number, read = number + 1, read + 1
                    yield _row(number, values, error)
        except (pa.ArrowException, OSError) as exc:
            # The row group is damaged: its unread rows are one bad line, the next group
            # is read on.
            yield Row(
                number + 1,
                error=f"row group {group + 1} (rows {first}-{first + size - 1}) cannot be read"
                f" after {read} of its rows ({one_line(str(exc))})",
            )
            number = first + size - 1


def _row(number: int, values: dict[str, Any], error: str | None) -> Row:
    if error is not None:
        return Row(number, error=error)
    record = {k: plain(v) for k, v in values.items() if v is not None}
    try:
        return Row(number, check_record(record))
    except ValueError as exc:
        return Row(number, error=str(exc))


def _rows(batch: Any) -> Iterator[tuple[dict[str, Any], str | None]]:
    """Each row of ``batch`` as its values, or the reason one of them cannot be read."""
    names = batch.schema.names
    columns = [_column(batch.column(i)) for i in range(batch.num_columns)]
    for i in range(batch.num_rows):
        values, error = {}, None
        for name, column in zip(names, columns, strict=True):
            value = column[i]
            if isinstance(value, _Unreadable):
                error = error or f"column {quoted(name)}: {value.reason}"
            values[name] = value
        yield values, error


class _Unreadable:
    """A value Python cannot hold, with why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _column(array: Any) -> list[Any]:
    """``array``'s values in Python; Arrow converts what Python's ``datetime`` cannot hold."""
    import pyarrow as pa
    import pyarrow.compute as pc

    try:
        return array.to_pylist()
    except (ValueError, OverflowError, pa.ArrowException):
        pass
    kind = array.type
    if pa.types.is_timestamp(kind):
        # Arrow's own strftime wraps past the year 2262 in silence: read the integers.
        zone = "+00:00" if kind.tz else ""
        return [_instant(v, kind.unit, zone) for v in pc.cast(array, pa.int64()).to_pylist()]
    if pa.types.is_time(kind):  # within a day: Arrow writes it exactly
        return pc.cast(array, pa.string()).to_pylist()
    if pa.types.is_duration(kind):  # seconds, as a duration Python holds is read
        return pc.divide(pc.cast(array, pa.int64()), float(PER_SECOND[kind.unit])).to_pylist()
    out: list[Any] = []
    for i in range(len(array)):  # a nested or date value: the rows that hold one are bad
        try:
            out.append(array[i].as_py())
        except (ValueError, OverflowError, pa.ArrowException) as exc:
            out.append(_Unreadable(f"a value Python cannot hold ({one_line(str(exc))})"))
    return out


PER_SECOND = {"s": 1, "ms": 10**3, "us": 10**6, "ns": 10**9}
_EPOCH = dt.datetime(1970, 1, 1)


def _instant(value: int | None, unit: str, zone: str) -> str | _Unreadable | None:
    """A timestamp of ``unit``s since the epoch as ISO 8601 to that unit's precision (UTC
    when the column has a zone), or unreadable outside the years 1-9999."""
    if value is None:
        return None
    seconds, fraction = divmod(value, PER_SECOND[unit])
    try:
        moment = _EPOCH + dt.timedelta(seconds=seconds)
    except OverflowError:
        return _Unreadable("a time outside the years 1-9999")
    digits = len(str(PER_SECOND[unit])) - 1
    text = moment.isoformat(timespec="seconds")
    return text + (f".{fraction:0{digits}d}" if digits else "") + zone
