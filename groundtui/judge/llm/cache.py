"""A content-hash cache of the LLM judge's completions, in the database's ``completions`` table.

Why our own: litellm's disk cache is gone (``litellm/caching/caching.py`` now logs "Ignoring
disk_cache_dir, the disk cache backend was removed"), its in-memory cache dies with the
process, and the rest need a server (Redis, S3...). A re-run over answers already judged must
make zero calls, and an interrupted run must not pay again for what it finished, so each
valid reply is kept beside the data it judged, keyed by the model, the prompt version,
the exact messages sent and the API base they were sent to.

Only replies that validated are stored: an invalid one is never replayed, so a claim whose
judging failed gets a fresh call on the next run. Each is kept with the answer whose
judging asked for it (``judge.base.for_answer``), so that ``groundtui delete`` can delete it with the
answer; for completions cached before that was recorded, ``prompt_keys`` rebuilds the keys
an answer's judging would have used.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from groundtui.judge.base import for_answer
from groundtui.judge.llm import fences
from groundtui.judge.llm.prompts import (
    PROMPT_VERSION,
    extraction_messages,
    verification_messages,
)
from groundtui.store import Store, chunks


def cache_key(
    model: str,
    prompt_version: str,
    messages: list[dict],
    api_base: str | None = None,
    options: dict | None = None,
) -> str:
    """sha256 of the model, the prompt version, the messages, the API base and any further
    litellm options (``groundtui.judge(..., **litellm_options)``), canonically encoded: one
    model string served at two endpoints (two local servers, a proxy) may be two different
    models, and an option (an API version, a seed) may change the reply, so their replies are
    never shared.
    """
    keyed: dict = {"model": model, "prompt_version": prompt_version, "messages": messages}
    if api_base is not None:  # keys made without an API base stay as they were
        keyed["api_base"] = api_base
    if options:  # and without options, as the command line makes them
        keyed["options"] = options
    canonical = json.dumps(
        keyed,
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        default=repr,
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
        """Store ``entry`` under ``key`` (replacing any earlier one), committed at once,
        with the answer being judged (``for_answer``) when there is one."""
        self.store.judging.put_completion(
            key,
            model,
            prompt_version,
            entry.content,
            prompt_tokens=entry.prompt_tokens,
            completion_tokens=entry.completion_tokens,
            cost=entry.cost,
            answer_id=for_answer.get(),
        )


def prompt_keys(store: Store, answer_ids: list[str]) -> set[str]:
    """The cache keys of every prompt judging these answers may have sent, for completions
    cached before their answer was recorded with them (``completion_answers``).

    For each model that judged or extracted an answer with this prompt version: the
    extraction of its response, and the verification of each claim against each of its
    sources and against all of them joined (what an uncited claim is verified against).
    Keys are made without an API base, so a completion cached through ``--api-base``
    before answers were recorded with completions is not found.
    """
    keys: set[str] = set()
    for chunk, marks in chunks(answer_ids, 400):
        judges: dict[str, set[str]] = {}
        for row in store.query(
            "select answer_id, judge from extractions where prompt_version = ?"
            f" and answer_id in ({marks}) union select c.answer_id, j.judge from judgements j"
            " join claims c on c.id = j.claim_id where j.prompt_version = ?"
            f" and c.answer_id in ({marks})",
            [PROMPT_VERSION, *chunk, PROMPT_VERSION, *chunk],
        ):
            judges.setdefault(row["answer_id"], set()).add(row["judge"])
        for answer_id, models in judges.items():
            keys |= _answer_keys(store, answer_id, models)
    return keys


def _answer_keys(store: Store, answer_id: str, models: set[str]) -> set[str]:
    answer = store.query("select question, response from answers where id = ?", [answer_id])
    if not answer:
        return set()
    texts = [s["text"] for s in store.answers.sources(answer_id)]
    claims = [
        c["text"] for c in store.query("select text from claims where answer_id = ?", [answer_id])
    ]
    against = [*dict.fromkeys(texts), "\n\n".join(texts)]
    question, response = answer[0]["question"], answer[0]["response"]
    prompts = [extraction_messages(question, response, len(texts), fences.KEYED)]
    prompts += [
        verification_messages(c, s, fences.KEYED) for c in dict.fromkeys(claims) for s in against
    ]
    return {cache_key(m, PROMPT_VERSION, p) for m in models for p in prompts}
