"""The litellm judge through the pipeline, against a real chat-completions server on 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from groundtui.judge.llm import LLMJudge, load_litellm
from groundtui.judge.llm.prompts import PER_CLAIM_VERSION as PROMPT_VERSION
from groundtui.judge.pipeline import judge_answers
from tests.judge.fake_openai import Call, FakeOpenAI, Reply, default_responder
from tests.judge.helpers import MODEL, RETURNS, answer, judgements


async def test_happy_path_claims_verdicts_evidence_and_tokens(server, store, load, make_judge):
    load(answer())
    stats = await judge_answers(store, make_judge(), all_answers=True)

    claims = store.query("select * from claims order by ordinal")
    assert [c["text"] for c in claims] == [
        "You can return items within 30 days of delivery.",
        "Refunds take 5 working days.",
    ]
    response = store.query("select response from answers")[0]["response"]
    first = claims[0]
    assert response[first["span_start"] : first["span_end"]].startswith("You can return items")
    assert first["located"] in {"exact", "normalised"}
    assert [(c["citation"], c["uncited"], c["dangling"]) for c in claims] == [(1, 0, 0), (1, 0, 0)]
    assert claims[0]["source_key"].startswith("returns@")
    assert claims[0]["extracted_by"] == MODEL

    rows = judgements(store)
    assert [r["verdict"] for r in rows] == ["stated", "absent"]
    assert {r["prompt_version"] for r in rows} == {PROMPT_VERSION}
    stated, absent = rows
    assert RETURNS[stated["evidence_start"] : stated["evidence_end"]] == stated["evidence_text"]
    assert stated["evidence_text"].lower() == "you can return items within 30 days of delivery"
    assert stated["invention_kind"] is None
    assert absent["invention_kind"] == "plausible_specifics"
    assert absent["rule_invention_kind"] == "plausible_specifics"
    assert absent["evidence_start"] is None
    # Three calls: one extraction (on its own row), two verifications (one per claim).
    [extraction] = store.query("select * from extractions")
    assert (extraction["claims"], extraction["error"], extraction["calls"]) == (2, None, 1)
    assert [r["calls"] for r in rows] == [1, 1]
    assert all(r["prompt_tokens"] > 0 and r["completion_tokens"] > 0 for r in [*rows, extraction])
    assert all(r["cost"] == 0.0 and r["seconds"] >= 0 for r in rows)
    assert server.requests == 3
    assert (stats.answers, stats.answers_done, stats.claims, stats.failures) == (1, 1, 2, 0)
    assert stats.usage.calls == 3
    spent = extraction["prompt_tokens"] + sum(r["prompt_tokens"] for r in rows)
    assert stats.usage.prompt_tokens == spent
    labels = store.query("select judge_verdict from claim_labels order by claim_id")
    assert [r["judge_verdict"] for r in labels] == ["stated", "absent"]


async def test_request_is_one_json_object_with_the_settings_asked_for(
    server, store, load, make_judge
):
    load(answer())
    await judge_answers(store, make_judge(), all_answers=True)
    body = server.calls[0].body
    assert body["model"] == "test-model"
    assert body["response_format"] == {"type": "json_object"}
    assert body["temperature"] == 0
    extraction = server.calls[0]
    assert extraction.kind == "extract"
    assert extraction.response == answer()["response"]
    assert "\nRESPONSE:\n" + answer()["response"] + "\n" in extraction.last_user


async def test_an_invalid_reply_is_repaired(server, store, load, make_judge):
    bad = iter(["Sure! The verdict is stated."])

    def responder(call: Call) -> Reply:
        if call.kind == "verify" and (call.claim or "").startswith("You can"):
            return Reply(next(bad, None) or default_responder(call).content)
        if call.kind == "other":  # the repair: answer it properly this time
            return Reply(json.dumps({"verdict": "stated", "evidence": "", "rationale": "ok"}))
        return default_responder(call)

    server.responder = responder
    load(answer())
    stats = await judge_answers(store, make_judge(), all_answers=True)

    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    repair = next(c for c in server.calls if c.kind == "other")
    messages = repair.body["messages"]
    assert messages[-2] == {"role": "assistant", "content": "Sure! The verdict is stated."}
    assert "not valid: not JSON" in messages[-1]["content"]
    assert stats.failures == 0 and stats.usage.calls == 4


async def test_invalid_twice_is_a_failure_and_the_next_run_fixes_it(
    server, store, load, make_judge
):
    def broken(call: Call) -> Reply:
        if call.kind == "extract":
            return default_responder(call)
        return Reply('{"verdict": "maybe"}')

    server.responder = broken
    load(answer())
    stats = await judge_answers(store, make_judge(), all_answers=True)

    rows = judgements(store)
    assert [r["verdict"] for r in rows] == [None, None]
    assert all("invalid reply, and again after a repair" in r["error"] for r in rows)
    assert all("verdict" in r["error"] for r in rows)
    assert stats.failures == 2 and stats.answers_failed == 1 and stats.answers_done == 0
    assert store.scalar("select count(*) from claim_labels where judge_verdict is not null") == 0

    server.responder = default_responder
    before = server.requests
    stats = await judge_answers(store, make_judge(), all_answers=True)
    assert server.requests - before == 2  # two verifications; claims are not extracted again
    assert [r["verdict"] for r in judgements(store)] == [None, "stated", None, "absent"]
    assert stats.answers_done == 1 and stats.failures == 0
    assert store.scalar("select count(*) from claims") == 2


@pytest.mark.slow
async def test_429_then_success_waits_as_retry_after_says(server, store, load, make_judge):
    load(answer())
    server.queue.append(Reply(status=429, headers={"Retry-After": "1"}, error="slow down"))
    await judge_answers(store, make_judge(retries=2), all_answers=True)

    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    assert server.requests == 4
    assert server.calls[0].kind == server.calls[1].kind == "extract"
    # The same extraction was sent again no sooner than the server asked.
    assert server.times[1] - server.times[0] >= 0.95


@pytest.mark.slow
async def test_5xx_is_retried(server, store, load, make_judge):
    load(answer())
    server.queue.extend([Reply(status=503, error="overloaded"), Reply(status=500)])
    await judge_answers(store, make_judge(retries=2), all_answers=True)
    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    assert server.requests == 5


async def test_a_429_that_outlasts_litellms_retries_is_waited_out_once_more(
    server, store, load, make_judge
):
    load(answer())
    limited = Reply(status=429, headers={"Retry-After": "0.1"}, error="slow down")
    server.queue.extend([limited, limited])  # litellm's one retry also gets a 429
    await judge_answers(store, make_judge(retries=1, rate_limit_waits=1), all_answers=True)
    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    assert [c.kind for c in server.calls[:3]] == ["extract"] * 3


@pytest.mark.slow
async def test_a_timeout_is_retried_then_recorded_then_fixed_by_the_next_run(
    server, store, load, make_judge
):
    slow = {"on": True}

    def responder(call: Call) -> Reply:
        reply = default_responder(call)
        if call.kind == "verify" and (call.claim or "").startswith("Refunds") and slow["on"]:
            reply.delay = 1.5
        return reply

    server.responder = responder
    load(answer())
    stats = await judge_answers(store, make_judge(timeout=0.6, retries=1), all_answers=True)

    rows = judgements(store)
    assert [r["verdict"] for r in rows] == ["stated", None]
    assert "timed out" in rows[1]["error"].lower()
    refunds = [c for c in server.calls if c.kind == "verify" and c.claim.startswith("Refunds")]
    assert len(refunds) == 2  # litellm tried again once before giving up
    assert stats.failures == 1

    slow["on"] = False
    await judge_answers(store, make_judge(timeout=0.6, retries=1), all_answers=True)
    assert [r["verdict"] for r in judgements(store)] == ["stated", None, "absent"]


@pytest.mark.slow
async def test_a_slow_first_attempt_succeeds_on_retry(server, store, load, make_judge):
    load(answer())
    server.queue.append(Reply("{}", delay=1.5))
    await judge_answers(store, make_judge(timeout=0.6, retries=1), all_answers=True)
    # The slow reply was to the extraction; its retry was answered normally.
    assert [c.kind for c in server.calls[:2]] == ["extract", "extract"]
    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]


async def test_one_answers_failure_never_stops_the_others(server, store, load, make_judge):
    def responder(call: Call) -> Reply:
        if call.kind == "extract" and "sofa" in (call.response or ""):
            return Reply("no JSON here")
        if call.kind == "other" and "sofa" in json.dumps(call.body):
            return Reply("still no JSON")
        return default_responder(call)

    server.responder = responder
    load(answer("A-1", response="A sofa costs 900 pounds [1]."), answer("A-2"))
    stats = await judge_answers(store, make_judge(), all_answers=True)

    assert store.scalar("select count(*) from claims where answer_id = 'A-1'") == 0
    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    assert stats.failures == 1 and stats.answers_failed == 1 and stats.answers_done == 1
    assert "A-1: extraction: invalid reply" in stats.errors[0]


async def test_tokens_and_cost_of_a_model_litellm_has_a_price_for(server):
    judge = LLMJudge("openai/gpt-4o-mini", api_base=server.url, api_key="test")
    verification = await judge.verify("Refunds are paid to the original card.", RETURNS)
    usage = verification.usage
    assert verification.verdict.value == "stated"
    assert usage.calls == 1 and usage.prompt_tokens > 0 and usage.completion_tokens > 0
    prices = load_litellm().cost_per_token(
        model="gpt-4o-mini",
        prompt_tokens=usage.prompt_tokens,
        completion_tokens=usage.completion_tokens,
    )
    assert usage.cost == pytest.approx(sum(prices)) and usage.cost > 0


async def test_one_model_at_two_api_bases_shares_no_reply(server, store, load, make_judge):
    other = FakeOpenAI().start()
    try:
        load(answer("A-1"), answer("A-2"))  # the same prompts, so the same cache keys
        await judge_answers(store, make_judge(), all_answers=True, limit=1)
        assert server.requests == 3
        await judge_answers(store, make_judge(api_base=other.url), all_answers=True)
        assert other.requests == 3 and server.requests == 3
    finally:
        other.stop()
