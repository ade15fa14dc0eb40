"""The SQLite store: the connection, every write, the schema's migrations and its counts."""

from groundtui.store.connection import default_db_path
from groundtui.store.errors import StoreError
from groundtui.store.imports import Written
from groundtui.store.rows import IMPORT_JUDGE, ClaimRow, content_hash, now_iso, source_key
from groundtui.store.spool import NewAnswer, Spool
from groundtui.store.store import Store
from groundtui.store.transaction import immediate

__all__ = [
    "IMPORT_JUDGE",
    "ClaimRow",
    "NewAnswer",
    "Spool",
    "Store",
    "StoreError",
    "Written",
    "content_hash",
    "default_db_path",
    "immediate",
    "now_iso",
    "source_key",
]
