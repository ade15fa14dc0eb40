"""The store: one SQLite database file, with every write the product makes.

``Store`` is the connection (``connection``) and the writes, grouped by what they write:
imports (``imports``), labels (``labels``: claims, judgements, reviews, marks), judging
runs (``judging``), the mechanical check's flags (``flags``), settings (``settings``),
deletions (``forget``), a team's reviewers, leases and adjudications (``team``) and
reviewers' link tokens (``reviewers``) and reviewers' corrections of claims
(``claim_edits``). Each write runs inside
the one write path, ``transaction()``, which takes the write lock before reading.
"""

from __future__ import annotations

from groundtui.store.claim_edits import ClaimEditWrites
from groundtui.store.flags import FlagWrites
from groundtui.store.forget import ForgetWrites
from groundtui.store.imports import ImportWrites
from groundtui.store.judging import JudgingWrites
from groundtui.store.reviewers import ReviewerWrites
from groundtui.store.settings import SettingsStore
from groundtui.store.team import TeamWrites


class Store(ImportWrites, JudgingWrites, FlagWrites, SettingsStore, ForgetWrites, TeamWrites,
            ReviewerWrites, ClaimEditWrites):
    """One SQLite database file. Not shared between threads: open one per thread."""

    def answer_sources(self, answer_id: str) -> list[dict]:
        """The answer's sources in the order they came, each with its ``position`` and the
        ``number`` the response cites it by."""
        return self.query(
            "select a.position, a.number, s.* from answer_sources a join sources s on s.key = a.source_key"
            " where a.answer_id = ? order by a.position",
            [answer_id],
        )
