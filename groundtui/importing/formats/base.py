"""What every format shares: an input opened once, rows with their numbers, stable ids.

A format reads its file into ``Row``s: a record with the number of the line (JSON Lines,
CSV: the line the row starts on) or of the record (a JSON array's element, a Parquet row, a
trace) it came from, or the reason it cannot be read. The importer validates the records.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import io
import math
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from groundtui.json_input import check_record
from groundtui.models import content_id
from groundtui.text.inert import inert_name

HEAD = 65536
"""Bytes read to detect a file's format."""
GZIP_MAGIC = b"\x1f\x8b"
"""The first bytes of a gzip file, which is read as the file it holds."""
COMPRESSED = {
    b"BZh": "bzip2",
    b"\xfd7zXZ\x00": "xz",
    b"\x28\xb5\x2f\xfd": "zstd",
    b"PK\x03\x04": "zip",
    b"PK\x05\x06": "zip",
}
"""The first bytes of the compressed files not read, and their compression's name."""


class InputError(Exception):
    """A file that cannot be read at all (missing, a folder, unreadable, another format)."""


@dataclass
class Row:
    """One record of an input (``error`` set when it cannot be read) and where it was."""

    number: int
    record: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class Input:
    """A file (or stdin) opened once, with its first bytes read for detection.

    A pipe (``<(cat f)``, a FIFO, stdin) can be read only once: opened again, it gives what
    the first read left, or waits for a writer that never comes. So the input is opened
    once and ``open`` gives the bytes already read followed by the rest of that stream.
    """

    path: str
    label: str
    head: bytes = b""
    _stream: BinaryIO | None = field(default=None, repr=False)
    gzipped: bool = False
    """The file is gzip: ``head`` and ``open`` give what it holds, decompressed."""

    def open(self) -> BinaryIO:
        """A binary stream of the whole input; it can be had once."""
        stream, self._stream = self._stream, None
        if stream is None:
            raise InputError(f"{self.label}: read twice")  # a bug, said as one line
        return io.BufferedReader(_Prefixed(self.head, stream), HEAD)

    def file(self) -> BinaryIO:
        """The input's own file, rewound, for a reader that seeks (Parquet).

        Raises:
            InputError: the input is a pipe or stdin, which cannot seek.
        """
        if self.gzipped:  # Parquet compresses its own pages, and is read by seeking
            raise InputError(f"{self.label}: Parquet cannot be read gzipped; decompress it first")
        if self._stream is None or not self.seekable:
            where = "stdin" if self.path == "-" else "a pipe"
            raise InputError(
                f"{self.label}: Parquet cannot be read from {where}; give the file's path"
            )
        self._stream.seek(0)
        return self._stream

    @property
    def seekable(self) -> bool:
        """Whether the input is a file that can be read again from its start (stdin never
        is, even redirected from a file)."""
        return (
            self.path != "-"
            and not self.gzipped
            and self._stream is not None
            and self._stream.seekable()
        )

    def close(self) -> None:
        """Close the file (never stdin)."""
        if self._stream is not None and self.path != "-":
            self._stream.close()
        self._stream = None

    def __enter__(self) -> Input:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Prefixed(io.RawIOBase):
    """The bytes already read from a stream, then the rest of it; closing it closes the
    stream (never stdin's)."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if self.rest is not sys.stdin.buffer:
            self.rest.close()
        super().close()


class _Gunzipped(io.RawIOBase):
    """What a gzip stream holds, decompressed as it is read; a damaged or cut gzip stream
    is one ``InputError`` naming the file. Closing it closes the stream (never stdin)."""

    def __init__(self, head: bytes, rest: BinaryIO, label: str) -> None:
        self.compressed = io.BufferedReader(_Prefixed(head, rest), HEAD)
        self.data = gzip.GzipFile(fileobj=self.compressed, mode="rb")
        self.label = label

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            return self.data.readinto(buffer)
        except (OSError, EOFError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
            raise InputError(f"{self.label}: its gzip data cannot be read ({exc})") from None

    def close(self) -> None:
        self.data.close()
        self.compressed.close()
        super().close()


def _read_head(stream: BinaryIO) -> bytes:
    """Up to ``HEAD`` bytes from the start of ``stream`` (fewer only at its end)."""
    parts, size = [], 0
    while size < HEAD and (part := stream.read(HEAD - size)):
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def _opened(path: str, label: str, stream: BinaryIO) -> Input:
    """The input of ``stream``, opened, its first bytes read: a gzip file decompressed, any
    other compression refused."""
    head = _read_head(stream)
    if head.startswith(GZIP_MAGIC):
        data = _Gunzipped(head, stream, label)
        try:
            return Input(path, label, _read_head(data), data, gzipped=True)  # type: ignore[arg-type]
        except InputError:
            data.close()
            raise
    for magic, name in COMPRESSED.items():
        if head.startswith(magic) and (name != "bzip2" or head[3:4].isdigit()):
            if path != "-":
                stream.close()
            what = "a zip archive" if name == "zip" else f"{name}-compressed"
            raise InputError(
                f"{label}: is {what}; groundtui reads gzip (.gz) itself, not {name}: "
                f"{'extract' if name == 'zip' else 'decompress'} it first"
            )
    return Input(path, label, head, stream)


def open_input(path: str) -> Input:
    """``path`` ("-": stdin) opened once and checked readable, with its first bytes; a gzip
    file is read as the file it holds (docs/formats.md).

    Raises:
        InputError: no such file, a folder, a file that cannot be read, or compressed with
            anything but gzip.
    """
    label = inert_name(path) if path != "-" else "<stdin>"
    if path == "-":
        return _opened(path, label, sys.stdin.buffer)
    p = Path(path)
    if not p.exists():
        raise InputError(f"{label}: no such file")
    if p.is_dir():
        raise InputError(f"{label}: is a folder, not a JSONL file")
    try:
        stream = p.open("rb")
    except OSError as exc:
        raise InputError(f"{label}: cannot read ({exc.strerror})") from None
    try:
        return _opened(path, label, stream)
    except OSError as exc:
        stream.close()
        raise InputError(f"{label}: cannot read ({exc.strerror})") from None


def mapped(
    rows: Iterable[Row], convert: Callable[[dict[str, Any]], dict[str, Any]]
) -> Iterator[Row]:
    """Each readable row's record through ``convert``; its ``ValueError`` is the row's error.

    The converted record is checked as a read one is (``check_record``): JSON or a Python
    list inside a cell is read only here, and may hold what the product cannot.
    """
    for row in rows:
        if row.record is None:
            yield row
            continue
        try:
            yield Row(row.number, check_record(convert(row.record)))
        except ValueError as exc:
            yield Row(row.number, error=str(exc))


def stable_id(question: str, response: str, texts: Iterable[str]) -> str:
    """An answer id from its content, for formats that carry none: the same rows, the same ids."""
    digest = hashlib.sha256()
    for part in (question, response, *texts):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return content_id(digest.hexdigest())


def text_id(text: str) -> str:
    """A source id from its text, for sources given as text alone."""
    return "t-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def plain(value: Any) -> Any:
    """A value read from Parquet as JSON would hold it (dates as ISO text, durations as
    seconds, NaN as null)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):  # a duration column (a latency): its seconds
        return value.total_seconds()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # Parquet maps arrive as lists of (key, value) pairs
        if value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
            return {str(k): plain(v) for k, v in value}
        return [plain(v) for v in value]
    return value


def ident_of(value: Any, name: str) -> str | None:
    """A document's id as text (a whole number as its digits); None when there is none.

    Raises:
        ValueError: any other value (a list, an object, a boolean), naming the field: its
            Python repr is no one's id.
    """
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise ValueError(f"field '{name}': {type(value).__name__} is not an id")


def text_of(value: Any, name: str) -> str:
    """``value`` as text, else ``ValueError`` naming the field."""
    if isinstance(value, str):
        return value
    if value is None:
        raise ValueError(f"missing field '{name}'")
    raise ValueError(f"field '{name}': {type(value).__name__} is not text")


def checked_sources(
    sources: list[dict[str, Any]], field: str, cause: str = ""
) -> list[dict[str, Any]]:
    """A producer's sources, refused in the producer's words when there is none or a text
    is blank: an answer without a source cannot be checked against anything.

    ``field`` is the producer's name for where the sources were read from; ``cause`` the
    likely reason they are missing, when it is known.

    Raises:
        ValueError: no source, or a source whose text is only whitespace.
    """
    if not sources:
        why = f" ({cause})" if cause else ""
        raise ValueError(f"field '{field}': no source in it{why}; an answer needs its sources")
    for i, source in enumerate(sources):
        if not source["text"].strip():
            raise ValueError(
                f"field '{field}[{i}]': blank; a source without text supports no claim"
            )
    return sources
