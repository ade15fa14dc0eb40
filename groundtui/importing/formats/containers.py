"""The shapes records come in: JSON Lines, a JSON array or object(s), CSV; Parquet apart.

JSON Lines and CSV are read a line at a time; a JSON array or a file of pretty-printed JSON
objects is read whole (docs/formats.md).
"""

from __future__ import annotations

import ast
import codecs
import csv
import io
import json
import tokenize
from collections.abc import Iterator
from typing import Any, BinaryIO

from groundtui.importing.formats.base import Input, Row
from groundtui.json_input import (
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    check_record,
    decoder,
    read_json,
    read_record,
)
from groundtui.text.inert import quoted

csv.field_size_limit(MAX_RECORD_BYTES)  # a longer cell is a bad row, as a longer line is


def split_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """The stream's non-blank lines with their numbers, read one at a time; None for a line
    longer than ``MAX_RECORD_BYTES``, which is passed over without being held."""
    # A binary stream splits on \n only: JSON strings may hold U+2028 and other breaks
    # that str.splitlines() would split on.
    with stream:
        number = 0
        while raw := stream.readline(MAX_RECORD_BYTES + 1):
            number += 1
            if len(raw) > MAX_RECORD_BYTES and not raw.endswith(b"\n"):
                while raw and not raw.endswith(b"\n"):  # the rest of it, a MiB at a time
                    raw = stream.readline(2**20)
                yield number, None
                continue
            if number == 1 and raw.startswith(codecs.BOM_UTF8):  # as some editors write
                raw = raw[3:]
            raw = raw.removesuffix(b"\n")
            if raw.strip():
                yield number, raw


def json_lines(source: Input) -> Iterator[Row]:
    """One JSON object per line."""
    for number, raw in split_lines(source.open()):
        if raw is None:
            yield Row(
                number, error=f"longer than {MAX_RECORD_BYTES // 2**20} MiB, the most a line holds"
            )
            continue
        try:
            yield Row(number, read_record(raw))
        except ValueError as exc:
            yield Row(number, error=str(exc))


def json_whole(source: Input) -> Iterator[Row]:
    """A JSON array of objects, one object, or objects one after another (pretty-printed).

    The file's text is held whole, its records parsed one at a time; the number is the
    record's (1 for the first).
    """
    with source.open() as stream:
        data = stream.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield Row(1, error=f"not UTF-8 (byte {exc.start})")
        return
    del data
    reader = _Values(text)
    yield from reader.rows()


class _Values:
    """The top-level values of a JSON text; an array's elements one at a time."""

    def __init__(self, text: str) -> None:
        self.text, self.at, self.number = text, 0, 0
        self.decoder = decoder()

    def _skip(self) -> str:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        return self.text[self.at] if self.at < len(self.text) else ""

    def _value(self) -> Any:
        try:
            value, self.at = self.decoder.raw_decode(self.text, self.at)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not JSON ({exc.msg}, line {exc.lineno} of the file)") from None
        except RecursionError:
            raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
        return value

    def rows(self) -> Iterator[Row]:
        try:
            while (char := self._skip()) != "":
                if char != "[":
                    self.number += 1
                    yield _object(self.number, self._value())
                    continue
                self.at += 1
                if self._skip() == "]":
                    self.at += 1
                    continue
                while True:
                    self.number += 1
                    self._skip()
                    yield _object(self.number, self._value())
                    char = self._skip()
                    self.at += 1
                    if char == "]":
                        break
                    if char != ",":
                        raise ValueError("not JSON (expected ',' or ']' after a record)")
        except ValueError as exc:
            yield Row(self.number + (self.number == 0), error=str(exc))


def _object(number: int, item: Any) -> Row:
    if not isinstance(item, dict):
        return Row(number, error="not a JSON object")
    try:
        return Row(number, check_record(item))
    except ValueError as exc:
        return Row(number, error=str(exc))


def csv_rows(source: Input, *, keep_empty: bool = False) -> Iterator[Row]:
    """CSV with a header row; each row a record of its non-empty cells (every cell, with
    ``keep_empty``), as text.

    The number is the line the row starts on (a quoted cell may hold line breaks).
    """
    # io's reader, not codecs': codecs' readline is quadratic in a line's length (a 17 MB
    # cell took 27 s); newline="" as the csv module asks, for line breaks inside cells.
    stream = io.TextIOWrapper(source.open(), encoding="utf-8-sig", newline="")
    with stream:
        reader = csv.reader(stream)
        try:
            header = next(reader)
            twice = next((n for i, n in enumerate(header) if n and n in header[:i]), None)
            if twice is not None:  # which of the two cells is the field's is anyone's guess
                yield Row(reader.line_num, error=f"column {quoted(twice)} twice in the header")
                return
            start = reader.line_num + 1
            while True:
                try:
                    cells = next(reader)
                except csv.Error as exc:
                    if "field limit" not in str(exc):
                        raise
                    # The reader goes on at the next line; the cell's own lines are skipped.
                    yield Row(start, error=f"a cell longer than {MAX_RECORD_BYTES // 2**20} MiB")
                    start = reader.line_num + 1
                    continue
                number, start = start, reader.line_num + 1
                if not any(cell.strip() for cell in cells):
                    continue
                if len(cells) > len(header):
                    yield Row(number, error=f"{len(cells)} cells under {len(header)} columns")
                    continue
                record = {
                    name: cell
                    for name, cell in zip(header, cells, strict=False)
                    if cell != "" or keep_empty
                }
                yield _object(number, record)
        except StopIteration:
            return
        except UnicodeDecodeError as exc:
            yield Row(reader.line_num + 1, error=f"not UTF-8 ({exc.reason})")
        except csv.Error as exc:
            yield Row(reader.line_num, error=f"not CSV ({exc})")


def json_cell(value: Any, name: str) -> Any:
    """A CSV cell holding JSON text (a list or an object) as its value; others as they are."""
    if not isinstance(value, str):
        return value
    try:
        return read_json(value)
    except ValueError as exc:
        raise ValueError(f"field '{name}': {exc}") from None


def list_cell(value: str, name: str) -> Any:
    """A CSV cell holding a list or an object as JSON, or as Python's repr (pandas'
    ``to_csv`` writes a list column so: ``['a', 'b']``)."""
    try:
        return json_cell(value, name)
    except ValueError as not_json:
        try:
            if _adjacent_strings(value):
                raise ValueError(
                    f"field '{name}': a NumPy array's text (strings without commas between "
                    "them, as datasets' to_csv writes a list), which Python would join into "
                    "one; write the table as JSON Lines (to_json) or Parquet"
                )
            return ast.literal_eval(value)
        except (SyntaxError, MemoryError, RecursionError, tokenize.TokenError):
            raise not_json from None
        except ValueError as exc:
            raise (exc if "NumPy" in str(exc) else not_json) from None


def _adjacent_strings(text: str) -> bool:
    """Whether two string literals follow each other, which Python joins into one."""
    skip = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT}
    last = None
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in skip:
            continue
        if token.type == tokenize.STRING and last == tokenize.STRING:
            return True
        last = token.type
    return False
