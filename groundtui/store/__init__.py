"""The SQLite store: the connection, every write, the schema's migrations and its counts."""

from groundtui.store.store import (
    ClaimRow,
    Store,
    StoreError,
    content_hash,
    default_db_path,
    now_iso,
    source_key,
)

__all__ = [
    "ClaimRow",
    "Store",
    "StoreError",
    "content_hash",
    "default_db_path",
    "now_iso",
    "source_key",
]
