"""The writes of ``groundtui scan``: which answers were checked, and the flags that fired."""

from __future__ import annotations

import json

from groundtui.store.connection import Part
from groundtui.store.rows import chunks


class FlagWrites(Part):
    """The mechanical check's results, one flag per answer it fired on (``Store.flags``)."""

    def record_scan(
        self, check_name: str, answer_ids: list[str], found: dict[str, dict], at: str
    ) -> None:
        """Mark ``answer_ids`` scanned ``at``, their flags of ``check_name`` replaced by ``found``.

        Args:
            found: ``{answer id: details}`` for the answers the check fired on; the details
                are stored as JSON.
        """
        flags = [
            {
                "answer_id": answer_id,
                "check_name": check_name,
                "at": at,
                "details": json.dumps(details, ensure_ascii=False),
            }
            for answer_id, details in found.items()
        ]
        with self.transaction():
            for chunk, marks in chunks(answer_ids):
                self.db.execute(
                    f"delete from flags where check_name = ? and answer_id in ({marks})",
                    [check_name, *chunk],
                )
            if flags:
                self.db.table("flags").insert_all(flags)
            for chunk, marks in chunks(answer_ids):
                self.db.execute(
                    f"update answers set scanned_at = ? where id in ({marks})", [at, *chunk]
                )
