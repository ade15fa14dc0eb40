"""A content-hash cache of the LLM judge's completions, in the database's ``completions`` table.

Why our own: litellm's disk cache is gone (``litellm/caching/caching.py`` now logs "Ignoring
disk_cache_dir, the disk cache backend was removed"), its in-memory cache dies with the
process, and the rest need a server (Redis, S3...). A re-run over answers already judged must
make zero calls, and an interrupted run must not pay again for what it finished, so each
valid reply is kept beside the data it judged, keyed by the model, the prompt version,
the exact messages sent and the API base they were sent to.

Only replies that validated are stored: an invalid one is never replayed, so a claim whose
judging failed gets a fresh call on the next run.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from groundtui.store import Store


def cache_key(
    model: str, prompt_version: str, messages: list[dict], api_base: str | None = None
) -> str:
    """sha256 of the model, the prompt version, the messages and the API base, canonically
    encoded: one model string served at two endpoints (two local servers, a proxy) may be
    two different models, so their replies are never shared.
    """
    keyed: dict = {"model": model, "prompt_version": prompt_version, "messages": messages}
    if api_base is not None:  # keys made without an API base stay as they were
        keyed["api_base"] = api_base
    canonical = json.dumps(
        keyed,
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass
class CachedCompletion:
    """A stored reply, with what the call that made it cost."""

    content: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0


class CompletionCache:
    """Reads and writes ``completions`` rows through one store.

    The store's connection belongs to the thread that opened it; the judge calls this from
    the event loop's thread, the same one the pipeline writes from.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, key: str) -> CachedCompletion | None:
        """The completion stored under ``key``, or None."""
        rows = self.store.query(
            "select response, prompt_tokens, completion_tokens, cost from completions"
            " where key = ?",
            [key],
        )
        if not rows:
            return None
        row = rows[0]
        return CachedCompletion(
            row["response"],
            row["prompt_tokens"] or 0,
            row["completion_tokens"] or 0,
            row["cost"] or 0.0,
        )

    def put(self, key: str, model: str, prompt_version: str, entry: CachedCompletion) -> None:
        """Store ``entry`` under ``key`` (replacing any earlier one), committed at once."""
        self.store.put_completion(
            key, model, prompt_version, entry.content, prompt_tokens=entry.prompt_tokens,
            completion_tokens=entry.completion_tokens, cost=entry.cost,
        )
