"""The writes of a judging run besides its verdicts: extractions, moved claims, completions.

Verdicts themselves are labels (``groundtui.store.labelling``). Each method commits before it
returns, so an interrupted run keeps everything it finished.
"""

from __future__ import annotations

from groundtui.store.connection import Connection, Part
from groundtui.store.labelling import LabelWrites
from groundtui.store.rows import ClaimRow, now_iso


class JudgingWrites(Part):
    """What a judge extracted, where an imported claim really is, the model's replies
    (``Store.judging``)."""

    def __init__(self, connection: Connection, labels: LabelWrites) -> None:
        super().__init__(connection)
        self.labels = labels

    def add_extraction(
        self,
        answer_id: str,
        judge: str,
        prompt_version: str,
        claims: list[ClaimRow] | None,
        *,
        error: str | None = None,
        spent: dict | None = None,
        at: str | None = None,
    ) -> None:
        """Store a judge's extraction of an answer: its claims (perhaps none), or its failure.

        The extraction row is what marks the answer extracted by this judge and prompt
        version: one with no claims is then done; one with ``claims=None`` and an ``error``
        is tried again by the next run.

        Args:
            spent: the extraction's calls, tokens, cost and seconds (``extractions`` columns).
        """
        at = at or now_iso()
        with self.transaction():
            if claims:
                self.labels.add_claims(claims, at)
            self.db.table("extractions").insert(
                {
                    "answer_id": answer_id,
                    "judge": judge,
                    "prompt_version": prompt_version,
                    "claims": None if claims is None else len(claims),
                    "error": error,
                    **(spent or {}),
                    "at": at,
                }
            )

    def relocate_claim(self, claim_id: str, changes: dict) -> None:
        """Update an imported claim's span and citation columns (``claims`` columns)."""
        with self.transaction():
            self.db.table("claims").update(claim_id, changes)

    def put_completion(
        self,
        key: str,
        model: str,
        prompt_version: str,
        response: str,
        *,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        cost: float = 0.0,
        answer_id: str | None = None,
    ) -> None:
        """Keep a model's reply under ``key`` (replacing any earlier one).

        Args:
            answer_id: the answer whose judging asked for it, kept with the key so that
                deleting the answer (``groundtui delete``) deletes its completions too.
        """
        # Plain SQL: sqlite-utils' upsert inspects the table on every call, and this runs
        # once per model call. A replace is safe here: no trigger watches completions.
        with self.transaction():
            self.db.execute(
                "insert or replace into completions (key, model, prompt_version, response,"
                " prompt_tokens, completion_tokens, cost, at) values (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    key,
                    model,
                    prompt_version,
                    response,
                    prompt_tokens,
                    completion_tokens,
                    cost,
                    now_iso(),
                ],
            )
            if answer_id is not None:
                self.db.execute(
                    "insert or ignore into completion_answers (key, answer_id) values (?, ?)",
                    [key, answer_id],
                )
