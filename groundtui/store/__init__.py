"""The SQLite store: the connection, every write, the schema's migrations and its counts."""

from groundtui.store.connection import default_db_path
from groundtui.store.errors import StoreError
from groundtui.store.imports import Written
from groundtui.store.rows import IMPORT_JUDGE, ClaimRow, content_hash, now_iso, source_key
from groundtui.store.spool import NewAnswer
from groundtui.store.store import Store

__all__ = [
    "IMPORT_JUDGE",
    "ClaimRow",
    "NewAnswer",
    "Store",
    "StoreError",
    "Written",
    "content_hash",
    "default_db_path",
    "now_iso",
    "source_key",
]
