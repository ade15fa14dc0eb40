"""``groundtui.judge``, ``ajudge`` and ``judge_many`` with a model: litellm against the local
chat-completions server, as ``groundtui judge`` is tested."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

import groundtui
from groundtui.judge.llm.prompts import PROMPT_VERSION
from groundtui.store import Store
from tests.judge.fake_openai import FakeOpenAI, Reply
from tests.judge.helpers import MODEL, RETURNS, answer

RESPONSE = answer()["response"]
SOURCES = answer()["sources"]


def judge(server: FakeOpenAI, **options) -> groundtui.Judgement:
    return groundtui.judge(
        RESPONSE,
        SOURCES,
        model=MODEL,
        api_base=server.url,
        api_key="test",
        timeout=2,
        num_retries=1,
        **options,
    )


@pytest.mark.slow
def test_a_model_extracts_and_verifies_the_claims(server):
    judgement = judge(server)
    assert [c.kind for c in server.calls] == ["extract", "verify_claims"]
    first, second = judgement.claims
    assert first.verdict == "stated" and second.verdict == "absent"
    assert second.invention_kind == "plausible_specifics"
    assert first.evidence is not None and first.evidence.source == 1
    assert RETURNS[first.evidence.start : first.evidence.end] == first.evidence.text
    assert (judgement.judge, judgement.prompt_version) == (MODEL, PROMPT_VERSION)
    assert judgement.usage.calls == 2 and judgement.usage.prompt_tokens > 0
    assert judgement.groundedness == 0.5


def test_per_claim_verification_makes_a_call_per_claim(server):
    judgement = judge(server, verify="per-claim")
    assert [c.kind for c in server.calls] == ["extract", "verify", "verify"]
    assert [c.verdict for c in judgement.claims] == ["stated", "absent"]


def test_a_cache_path_keeps_the_replies_as_groundtui_judge_does(server, tmp_path: Path):
    cache = tmp_path / "cache.db"
    first = judge(server, cache=cache)
    assert server.requests == 2
    again = judge(server, cache=cache)
    assert server.requests == 2  # read from the cache: no call
    assert again.usage.cached == 2 and again.usage.calls == 0
    assert [c.verdict for c in again.claims] == [c.verdict for c in first.claims]
    with Store(cache) as store:
        assert store.scalar("select count(*) from completions") == 2


def test_a_failed_claim_costs_that_claim_only(server):
    server.queue.append(Reply('{"claims": [{"text": "x"}, {"text": "y"}]}'))  # extraction
    server.queue.extend([Reply("not json"), Reply("still not json")] * 4)
    judgement = judge(server, verify="per-claim")
    assert [c.verdict for c in judgement.claims] == [None, None]
    assert all("invalid reply" in (c.error or "") for c in judgement.claims)
    assert judgement.groundedness == 0.0 and judgement.failed


def test_a_failed_extraction_is_the_judgements_error(server):
    server.queue.extend([Reply(status=400, error="bad request")] * 2)
    judgement = judge(server)
    assert judgement.claims == [] and judgement.groundedness is None
    assert judgement.error is not None and "bad request" in judgement.error


def test_further_litellm_options_reach_the_model_and_its_own_are_refused(server):
    judge(server, seed=7)
    assert all(call.body.get("seed") == 7 for call in server.calls)
    with pytest.raises(ValueError, match="the judge sets temperature itself"):
        judge(server, temperature=0.7)


def test_an_unreachable_model_is_judge_unavailable():
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(groundtui.JudgeUnavailable, match="cannot reach"):
        groundtui.judge(
            RESPONSE,
            SOURCES,
            model=MODEL,
            api_base=f"http://127.0.0.1:{port}/v1",
            api_key="test",
            num_retries=0,
        )


def test_no_key_for_the_provider_is_judge_unavailable(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(groundtui.JudgeUnavailable, match="needs OPENAI_API_KEY"):
        groundtui.judge(RESPONSE, SOURCES, model=MODEL)


async def test_ajudge_awaits_the_same_judgement(server):
    awaited = await groundtui.ajudge(
        RESPONSE, SOURCES, model=MODEL, api_base=server.url, api_key="test"
    )
    assert [c.verdict for c in awaited.claims] == ["stated", "absent"]


def test_judge_many_keeps_the_calls_in_flight_to_its_concurrency(tmp_path: Path):
    server = FakeOpenAI(latency=0.05).start()
    try:
        items = [
            answer(f"A-{n}") | {"response": f"Item {n} ships in {n} days [1]."} for n in range(12)
        ]
        judgements = groundtui.judge_many(
            items, concurrency=3, model=MODEL, api_base=server.url, api_key="test"
        )
    finally:
        server.stop()
    assert [j.answer.id for j in judgements if j.answer] == [f"A-{n}" for n in range(12)]
    assert server.max_in_flight <= 3
    assert server.requests == 24  # an extraction and a verification each
