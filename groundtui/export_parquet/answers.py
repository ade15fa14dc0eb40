"""``export --format answers`` as Parquet: a row per answer record (README "Moving and
merging work").

The record's plain fields are typed columns; its nested parts (``sources``, ``claims`` with
their judgements and reviews, ``meta``, ``flags``, ``marks``, ``extractions``) are each their
JSON text, as the import reads them back: they are free-form or deeply nested, and one
Parquet file has one schema.
"""

from __future__ import annotations

from functools import cache
from typing import Any, BinaryIO

from groundtui.exchange import NESTED
from groundtui.exchange.write import answer_records
from groundtui.export_parquet.writer import BatchWriter
from groundtui.store import Store

BATCH_ANSWERS = 1_000


@cache
def answers_schema() -> Any:
    """The columns of an answer record: plain ones typed, nested ones as JSON text."""
    import pyarrow as pa  # type: ignore[import-untyped]

    return pa.schema([
        ("groundtui", pa.string()), ("id", pa.string()), ("question", pa.string()),
        ("response", pa.string()), ("correct", pa.bool_()), ("content_hash", pa.string()),
        ("scanned_at", pa.string()),
        *((name, pa.string()) for name in NESTED),
    ])


def write_answers(store: Store, out: BinaryIO) -> int:
    """Every answer record of ``store`` into ``out``; how many."""
    table = answers_schema()
    with BatchWriter(out, batch_rows=BATCH_ANSWERS, table=table,
                     json_text=NESTED) as writer:
        for record in answer_records(store):
            writer.add({f.name: record.get(f.name) for f in table})
    return writer.rows
