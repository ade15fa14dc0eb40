"""A correction of a claim made at random, for the tests that hold counts to a recount."""

from __future__ import annotations

import random

from groundtui.store import CorrectionError, Store


def correct(
    store: Store,
    kind: str,
    rng: random.Random,
    claim: str,
    answer: str,
    done: list[int],
    claims: list[str],
) -> list[int]:
    """One correction (``kind``: dismiss, undo, edit, split or add) of ``claim`` of
    ``answer``: the ids of the ``claim_edits`` rows it made, for a later undo (``done``, one
    of which an undo takes); the claims it made join ``claims``."""
    try:
        if kind == "dismiss":
            return [store.corrections.dismiss(claim, "dana")]
        if kind == "undo":
            store.corrections.undo(done.pop(rng.randrange(len(done))), "dana")
            return []
        if kind == "edit":
            edit_id, made = store.corrections.edit(claim, "lee", f"edited {claim}")
            claims.append(made)
            return [edit_id]
        if kind == "split":
            text = store.scalar("select text from claims where id = ?", [claim])
            edit_id, parts = store.corrections.split(claim, "lee", max(1, len(text) // 2))
            claims.extend(parts)
            return [edit_id]
        response = store.scalar("select response from answers where id = ?", [answer])
        start = rng.randrange(max(1, len(response) - 10))
        edit_id, made = store.corrections.add(answer, "kim", (start, start + 10))
        claims.append(made)
        return [edit_id]
    except CorrectionError:  # a retired claim, a claim too short to split
        return []
