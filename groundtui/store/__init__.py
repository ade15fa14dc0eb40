"""The SQLite store: the connection, every write, the schema's migrations and its counts."""

from groundtui.store.connection import default_db_path
from groundtui.store.counts import bulk_load, read_counts, scratch_copy
from groundtui.store.errors import StoreError
from groundtui.store.imports import Written
from groundtui.store.rows import IMPORT_JUDGE, ClaimRow, content_hash, now_iso, source_key
from groundtui.store.rules import JUDGE_CELLS
from groundtui.store.schema import dump as dump_schema
from groundtui.store.spool import NewAnswer
from groundtui.store.store import Store

__all__ = [
    "IMPORT_JUDGE",
    "JUDGE_CELLS",
    "ClaimRow",
    "NewAnswer",
    "Store",
    "StoreError",
    "Written",
    "bulk_load",
    "content_hash",
    "default_db_path",
    "dump_schema",
    "now_iso",
    "read_counts",
    "scratch_copy",
    "source_key",
]
