"""The mechanical check over Apache Arrow record batches, for engines that move tables.

``unsourced_specifics`` takes one answer; a table engine (the local process pool and Ray
of ``groundtui scan-table``, a PySpark ``mapInArrow``, a Dask ``map_partitions``) hands
over a record batch at a time. ``BatchChecker`` is the same check row by row, with a
bounded cache of source indexes kept for the life of the checker: one per worker process
or Ray actor, so a document cited by many answers is indexed once per worker::

    checker = BatchChecker()
    out = checker(batch)  # columns id, response, sources[, source_ids] -> id, flagged, specifics

or ``check_batch(batch)``, the same with one checker per process.

A row that cannot be checked (a null response, a source list that is null or holds a null)
comes out with ``flagged`` and ``specifics`` null; ``check`` also says why, by row.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import pyarrow as pa

from groundtui.checks import SourceIndex, unsourced_specifics

__all__ = ["OUT_FIELDS", "SPECIFIC", "BatchChecker", "IndexCache", "check_batch", "worker_checker"]

SPECIFIC = pa.struct(
    [
        ("text", pa.string()),
        ("start", pa.int32()),
        ("end", pa.int32()),
        ("kind", pa.string()),
        ("sources", pa.list_(pa.int32())),
    ]
)
"""One unsourced specific, as ``Specific.to_dict`` has it."""

OUT_FIELDS = [pa.field("flagged", pa.bool_()), pa.field("specifics", pa.list_(SPECIFIC))]
"""The columns the check adds to an answer's."""

INDEXES = 4096
"""Source indexes a checker keeps; the least recently used is dropped past this many."""


class IndexCache:
    """A bounded LRU of ``SourceIndex`` objects keyed by source id, else by text hash.

    An id names a document across answers, so it is the cheaper key; without one, the
    text's SHA-1 stands for it (a key that does not hold the whole text alive twice).
    """

    def __init__(self, size: int = INDEXES) -> None:
        self.size = size
        self._indexes: OrderedDict[Any, SourceIndex] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, text: str, source_id: Any = None) -> SourceIndex:
        """The index of ``text``, built on first need."""
        key = ("id", source_id) if source_id is not None else _text_key(text)
        index = self._indexes.get(key)
        if index is not None and (source_id is None or index.text == text):
            self._indexes.move_to_end(key)
            self.hits += 1
            return index
        self.misses += 1
        index = self._indexes[key] = SourceIndex(text)
        self._indexes.move_to_end(key)
        if len(self._indexes) > self.size:
            self._indexes.popitem(last=False)
        return index

    def __len__(self) -> int:
        return len(self._indexes)


def _text_key(text: str) -> bytes:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).digest()


class BatchChecker:
    """The mechanical check as a callable over record batches (one per worker or actor).

    Input columns: ``id`` (any type, passed through), ``response`` (string), ``sources``
    (a list of strings: the cited sources' texts in citation order) and optionally
    ``source_ids`` (a list parallel to ``sources``). Output: ``id``, ``flagged``,
    ``specifics``.
    """

    def __init__(self, cache_size: int = INDEXES) -> None:
        self.cache = IndexCache(cache_size)

    def __call__(self, batch: pa.RecordBatch) -> pa.RecordBatch:
        """The batch's ``id``, ``flagged`` and ``specifics`` (null for rows not checked)."""
        flags, _bad = self.check(
            batch.column("response").to_pylist(),
            batch.column("sources").to_pylist(),
            _column(batch, "source_ids"),
        )
        return pa.RecordBatch.from_arrays(
            [batch.column("id"), *flags], schema=pa.schema([batch.schema.field("id"), *OUT_FIELDS])
        )

    def check(
        self,
        responses: Sequence[Any],
        sources: Sequence[Any],
        source_ids: Sequence[Any] | None = None,
    ) -> tuple[list[pa.Array], list[tuple[int, str]]]:
        """The ``flagged`` and ``specifics`` arrays of these rows, and the rows not checked.

        Returns:
            ``([flagged, specifics], bad)`` where ``bad`` lists ``(row in batch, reason)``.
        """
        flagged: list[bool | None] = []
        found: list[list[dict] | None] = []
        bad: list[tuple[int, str]] = []
        for row, response in enumerate(responses):
            texts = sources[row]
            ids = source_ids[row] if source_ids is not None else None
            reason = _unreadable(response, texts, ids)
            if reason:
                bad.append((row, reason))
                flagged.append(None)
                found.append(None)
                continue
            indexes = [
                self.cache.get(text, ids[i] if ids else None) for i, text in enumerate(texts)
            ]
            specifics = [s.to_dict() for s in unsourced_specifics(response, indexes)]
            flagged.append(bool(specifics))
            found.append(specifics)
        arrays = [pa.array(flagged, pa.bool_()), pa.array(found, pa.list_(SPECIFIC))]
        return arrays, bad


_worker: BatchChecker | None = None


def worker_checker() -> BatchChecker:
    """This process's checker: one per worker process, its cache kept between batches."""
    global _worker
    if _worker is None:
        _worker = BatchChecker()
    return _worker


def check_batch(batch: pa.RecordBatch) -> pa.RecordBatch:
    """``BatchChecker.__call__`` with this process's checker: a plain function, importable
    by name, for engines that ship functions to their workers (Dask, PySpark)."""
    return worker_checker()(batch)


def _column(batch: pa.RecordBatch, name: str) -> list[Any] | None:
    index = batch.schema.get_field_index(name)
    return None if index < 0 else batch.column(index).to_pylist()


def _unreadable(response: Any, texts: Any, ids: Any) -> str | None:
    """Why a row cannot be checked, or None."""
    if not isinstance(response, str):
        return "the response is null" if response is None else "the response is not text"
    if not isinstance(texts, list):
        return "the source list is null" if texts is None else "the source list is not a list"
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            return f"source {i + 1} has no text"
    if ids is not None and len(ids) != len(texts):
        return "the source ids are not one per source"
    return None
