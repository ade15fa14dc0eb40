"""`groundtui delete` and the completion cache: an answer's cached completions go with it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.llm import fences
from groundtui.judge.llm.cache import cache_key
from groundtui.judge.llm.prompts import PROMPT_VERSION, extraction_messages, verification_messages
from groundtui.judge.pipeline import judge_answers
from groundtui.store import Store
from tests.helpers.builders import dump
from tests.judge.fake_openai import FakeOpenAI
from tests.judge.helpers import MODEL, RETURNS, answer

PRIVATE = answer(
    "P-1",
    question="Can I return a Zanzibar rug?",
    response="Zanzibar rugs can be returned within 30 days of delivery [1].",
)


def delete(store: Store, *ids: str) -> dict[str, int]:
    """Run ``groundtui delete --answer IDS`` on ``store``'s file; ``{kind: rows}`` and "note"."""
    result = CliRunner().invoke(cli, ["delete", "--answer", *ids, "--db", store.path])
    assert result.exit_code == 0, result.output
    found = [line.split() for line in result.output.splitlines() if line.startswith("  ")]
    rows = {words[0]: int(words[1]) for words in found}
    rows["note"] = "Note:" in result.output
    return rows


def attributed(store: Store) -> dict[str, set[str]]:
    made: dict[str, set[str]] = {}
    for key, answer_id in store.db.execute("select key, answer_id from completion_answers"):
        made.setdefault(answer_id, set()).add(key)
    return made


def test_completions_go_with_the_answer_whose_judging_made_them(
    store: Store, load: Callable[..., None], make_judge: Callable, server: FakeOpenAI
) -> None:
    load(answer("K-2"), PRIVATE)
    asyncio.run(judge_answers(store, make_judge(), all_answers=True))
    before = attributed(store)
    assert before["P-1"] and before["K-2"] and not before["P-1"] & before["K-2"]

    rows = delete(store, "P-1")
    assert rows["completions"] == len(before["P-1"])
    assert not rows["note"]  # every completion was made for a known answer
    assert not [line for line in dump(Path(store.path)) if "Zanzibar" in line or "P-1" in line]
    kept = {r[0] for r in store.db.execute("select key from completions")}
    assert kept == before["K-2"] and attributed(store) == {"K-2": before["K-2"]}
    # What stays is K-2's own cache: judging the same answer again asks the model nothing.
    calls = server.requests
    load(answer("K-2 again"))
    asyncio.run(judge_answers(store, make_judge(), all_answers=True))
    assert server.requests == calls


def test_completions_cached_before_answers_were_recorded_are_found_by_their_prompts(
    store: Store, load: Callable[..., None]
) -> None:
    load(answer("K-2"), PRIVATE)
    asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))  # P-1's claims
    # As a model judged P-1 before migration m005, without --api-base: one judgement, and
    # the extraction and verification it cached with no answer recorded.
    claim = store.query("select id, text from claims where answer_id = 'P-1'")[0]
    store.labels.add_judgement(claim["id"], MODEL, PROMPT_VERSION, verdict="stated")
    keys = [
        cache_key(
            MODEL,
            PROMPT_VERSION,
            extraction_messages(PRIVATE["question"], PRIVATE["response"], 1, fences.KEYED),
        ),
        cache_key(
            MODEL, PROMPT_VERSION, verification_messages(claim["text"], RETURNS, fences.KEYED)
        ),
        "another answer's",
    ]
    for key in keys:
        store.judging.put_completion(key, MODEL, PROMPT_VERSION, "{}")

    rows = delete(store, "P-1")
    assert rows["completions"] == 2 and rows["note"]
    assert [r[0] for r in store.db.execute("select key from completions")] == keys[2:]
