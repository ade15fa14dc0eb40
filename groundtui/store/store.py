"""The store: one SQLite database file, with every write the product makes.

``Store`` is the connection (``connection``) and the writes, grouped by what they write:
imports (``imports``), labels (``labels``: claims, judgements, reviews, marks), judging
runs (``judging``), the mechanical check's flags (``flags``), settings (``settings``),
deletions (``forget``), a team's reviewers, leases and adjudications (``team``) and
reviewers' link tokens (``reviewers``) and reviewers' corrections of claims
(``claim_edits``, with an answer read as a judge reads it: ``answer_reads``). Each write
runs inside the one write path, ``transaction()``, which takes the write lock before reading.
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


class Store(
    ImportWrites,
    JudgingWrites,
    FlagWrites,
    SettingsStore,
    ForgetWrites,
    TeamWrites,
    ReviewerWrites,
    ClaimEditWrites,
):
    """One SQLite database file. Not shared between threads: open one per thread."""
