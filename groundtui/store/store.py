"""The store: one SQLite database file, with every write the product makes.

``Store`` is the connection (``groundtui.store.connection``: opening, migrations, the one
write path ``transaction()``, which takes the write lock before reading, ``query`` and
``scalar``) and holds the reads and writes by what they write, each on that connection:

- ``labels``: claims, judgements, reviews, correctness marks, each with the labels it
  changes (``labelling``);
- ``corrections``: reviewers' corrections of claims (``claim_edits``), with ``answers``,
  an answer read as a judge reads it (``answer_reads``);
- ``judging``: a judging run's extractions, moved claims and cached completions;
- ``flags``: the mechanical check's flags;
- ``imports``: an import's copy of its spool, and what a merge changes (``imports``);
- ``settings``: the settings everyone on the database shares;
- ``team``: leases on answers and adjudications; ``reviewers``: reviewers' names and links;
- ``deletes``: answers forgotten with everything that belongs to them (``forget``).
"""

from __future__ import annotations

from pathlib import Path

from groundtui.store.answer_reads import AnswerReads
from groundtui.store.claim_edits import ClaimEditWrites
from groundtui.store.connection import Connection
from groundtui.store.flags import FlagWrites
from groundtui.store.forget import ForgetWrites
from groundtui.store.imports import ImportWrites
from groundtui.store.judging import JudgingWrites
from groundtui.store.labelling import LabelWrites
from groundtui.store.reviewers import ReviewerWrites
from groundtui.store.settings import SettingsWrites
from groundtui.store.team import TeamWrites


class Store(Connection):
    """One SQLite database file and its writes. Not shared between threads: open one per
    thread."""

    def __init__(
        self,
        path: str | Path,
        *,
        create: bool = True,
        timeout: float = 5.0,
        readonly: bool = False,
        check: bool = False,
    ) -> None:
        """Open (or create) the database at ``path`` (``Connection``'s arguments)."""
        super().__init__(path, create=create, timeout=timeout, readonly=readonly, check=check)
        self.reviewers = ReviewerWrites(self)
        self.labels = LabelWrites(self, self.reviewers)
        self.answers = AnswerReads(self)
        self.corrections = ClaimEditWrites(self, self.labels, self.answers)
        self.judging = JudgingWrites(self, self.labels)
        self.flags = FlagWrites(self)
        self.imports = ImportWrites(self, self.labels)
        self.settings = SettingsWrites(self)
        self.team = TeamWrites(self, self.labels)
        self.deletes = ForgetWrites(self)
