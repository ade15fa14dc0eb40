"""Knowing the bill: `judge --dry-run` spends and writes nothing, `--max-cost` stops a run
cleanly (saved, resumable, exit 3), structured output, cache marks, local JSON repair."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.llm.prompts import VerificationReply, parse_reply
from groundtui.judge.llm.provider import load_litellm
from groundtui.judge.pipeline import judge_answers
from groundtui.store import Store
from tests.judge.fake_openai import Call, Reply, default_responder
from tests.judge.helpers import DELIVERY, MODEL, RETURNS, answer, imported_db, judgements

PRICED = "openai/groundtui-priced-test-model"
"""A model given a price here (litellm's ``register_model``), so a run's cost grows."""


def _database(tmp_path: Path, n: int = 6) -> str:
    records = [
        answer(
            f"A-{i}",
            question=f"Question {i}?",
            sources=[{"id": "returns", "text": RETURNS}, {"id": "delivery", "text": DELIVERY}],
        )
        for i in range(n)
    ]
    return imported_db(tmp_path, *records)


def _state(db: str) -> dict:
    with Store(db) as store:
        return {
            table: store.query(f"select * from {table}")
            for table in (
                "answers",
                "claims",
                "judgements",
                "extractions",
                "flags",
                "completions",
                "settings",
            )
        }


def run(*args: str):
    env = {"OPENAI_API_KEY": "test", "GROUNDTUI_MODEL": None, "GROUNDTUI_API_BASE": None}
    return CliRunner().invoke(cli, ["judge", *args], env=env, catch_exceptions=False)


@pytest.mark.slow
def test_dry_run_makes_no_call_and_writes_nothing(server, tmp_path):
    db = _database(tmp_path, 3)
    before = _state(db)
    result = run(
        "--db", db, "--all", "--dry-run", "--verify", "per-claim",
        "--model", "openai/gpt-4o-mini", "--api-base", server.url,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert server.requests == 0
    assert _state(db) == before  # not even the scan's flags
    out = result.output
    # 3 answers (three questions), each two claims (the third sentence offers help), the
    # same two in each: 3 extractions and 2 distinct verifications, the other 4 asked once
    # and read from the cache; priced by litellm's list for gpt-4o-mini.
    assert "Answers: 3 (3 not scanned yet" in out
    assert "claims to verify: 6, 6 of them estimated before extraction" in out
    assert "Calls: 5 (3 extractions, the rest verifications), 4 more answered by the cache" in out
    assert re.search(r"cost: about \$0\.00\d\d\.", out)
    assert "Provenance cross-checks: at most 1 more calls" in out

    # The run itself makes those calls, and the one cross-check (a claim not stated).
    real = run(
        "--db", db, "--all", "--verify", "per-claim", "--model", MODEL, "--api-base", server.url
    )
    assert real.exit_code == 0, real.output
    kinds = [c.kind for c in server.calls]
    assert (kinds.count("extract"), kinds.count("verify")) == (3, 2 + 1)
    again = run(
        "--db", db, "--all", "--dry-run", "--verify", "per-claim",
        "--model", MODEL, "--api-base", server.url,
    )  # fmt: skip
    assert "Answers: 0;" in again.output


async def test_dry_run_counts_the_exact_prompts_of_stored_claims(server, store, load, make_judge):
    """Claims imported without a verdict: one verification each, its exact prompt counted."""
    from groundtui.judge.estimate import estimate
    from groundtui.judge.llm.prompts import verification_messages

    load(
        answer(
            claims=[
                {"text": "Refunds are paid to the original card.", "citation": 1},
                {"text": "Refunds take 5 working days.", "citation": 1},
            ]
        )
    )
    judge = make_judge()
    e = estimate(store, judge, all_answers=True)
    exact = sum(
        judge.count_tokens(verification_messages(t, RETURNS))
        for t in ("Refunds are paid to the original card.", "Refunds take 5 working days.")
    )
    assert (e.answers, e.extractions, e.claims, e.estimated_claims) == (1, 0, 2, 0)
    assert (e.calls, e.prompt_tokens, e.cost) == (2, exact, None)  # test-model: no price
    await judge_answers(store, judge, all_answers=True)
    assert server.requests == 2


def test_max_cost_stops_cleanly_and_a_rerun_finishes(server, tmp_path):
    litellm = load_litellm()
    litellm.register_model(
        {
            PRICED.split("/", 1)[1]: {
                "input_cost_per_token": 1e-3,
                "output_cost_per_token": 1e-3,
                "litellm_provider": "openai",
                "mode": "chat",
            }
        }
    )
    db = _database(tmp_path, 6)
    server.latency = 0.05
    stopped = run(
        "--db",
        db,
        "--all",
        "--model",
        PRICED,
        "--api-base",
        server.url,
        "--concurrency",
        "1",
        "--max-cost",
        "1.0",
    )
    assert stopped.exit_code == 3, stopped.output
    assert "Stopped: the cost reached --max-cost $1.0000" in stopped.output
    with Store(db) as store:
        spent = store.scalar("select sum(cost) from judgements") + store.scalar(
            "select sum(cost) from extractions"
        )
        done = store.scalar("select count(*) from judgements where verdict is not null")
        failed = store.scalar("select count(*) from judgements where verdict is null")
        claims = store.scalar("select count(*) from claims")
    assert spent >= 1.0 and failed == 0  # stopped, not failed: no claim marked as failing
    assert 0 < done < 12
    first = server.requests

    finished = run("--db", db, "--all", "--model", PRICED, "--api-base", server.url)
    assert finished.exit_code == 0, finished.output
    with Store(db) as store:
        assert store.scalar("select count(*) from judgements where verdict is not null") == 12
        assert store.scalar("select count(*) from claims") >= claims
    assert server.requests > first


def test_both_flags_say_what_they_count_in_help():
    out = CliRunner().invoke(cli, ["judge", "--help"]).output
    assert "--max-cost USD" in out and "exit code 3" in out and "price list" in out
    assert (
        "--dry-run" in out and "token counter" in out and "change nothing" in " ".join(out.split())
    )


async def test_structured_output_where_litellm_says_the_model_supports_it(
    server, store, load, make_judge
):
    load(answer())
    await judge_answers(store, make_judge(), all_answers=True)
    assert server.calls[0].body["response_format"] == {"type": "json_object"}  # unknown model

    server.calls.clear()
    load(answer("A-2", question="Another question?"))
    judge = make_judge()
    judge.model = judge.name = "openai/gpt-4o-mini"
    judge.structured = True  # what litellm says of gpt-4o-mini (asserted below)
    await judge_answers(store, judge, all_answers=True)
    extraction = next(c for c in server.calls if c.kind == "extract")
    fmt = extraction.body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == "ExtractionReply"
    assert "claims" in fmt["json_schema"]["schema"]["properties"]
    verify = next(c for c in server.calls if c.kind == "verify")
    assert verify.body["response_format"]["json_schema"]["name"] == "VerificationReply"


def test_litellm_says_which_models_take_a_schema_and_cache_marks(make_judge):
    assert make_judge().structured is False and make_judge().cache_marks is False
    from groundtui.judge.llm import LLMJudge

    gpt = LLMJudge("openai/gpt-4o-mini", api_key="k")
    claude = LLMJudge("anthropic/claude-haiku-4-5", api_key="k")
    assert gpt.structured is True and gpt.cache_marks is False  # OpenAI caches unasked
    assert claude.cache_marks is True


def test_cache_marks_go_on_the_fixed_instructions_only():
    from groundtui.judge.llm import LLMJudge
    from groundtui.judge.llm.prompts import extraction_messages, verification_messages

    claude = LLMJudge("anthropic/claude-haiku-4-5", api_key="k")
    verify = claude.marked(verification_messages("A claim.", "A source."))
    marked = [i for i, m in enumerate(verify) if isinstance(m["content"], list)]
    assert marked == [0, len(verify) - 2]  # the system prompt, the last worked example
    assert verify[0]["content"][0]["cache_control"] == {"type": "ephemeral"}
    assert isinstance(verify[-1]["content"], str) and "A source." in verify[-1]["content"]
    extract = claude.marked(extraction_messages("Q?", "A response.", 1))
    assert isinstance(extract[0]["content"], list) and isinstance(extract[1]["content"], str)


def test_cached_prompt_tokens_are_counted_apart():
    from groundtui.cli.progress import summary
    from groundtui.judge.recorder import RunStats

    stats = RunStats(judge=MODEL, answers=1)
    stats.usage.prompt_tokens, stats.usage.cached_prompt_tokens = 1000, 600
    assert "1,000 prompt of which 600 read from the provider's prompt cache" in summary(stats)


def test_almost_json_is_repaired_locally():
    reply = parse_reply(
        'Here is my answer: {"verdict": "stated", "evidence": "x", "invention_kind": None,}',
        VerificationReply,
    )
    assert reply.verdict.value == "stated" and reply.invention_kind is None
    with pytest.raises(ValueError, match="not JSON"):
        parse_reply('{"verdict": "stated", "evidence": "cut sho', VerificationReply)


async def test_a_reply_repaired_locally_costs_no_second_call(server, store, load, make_judge):
    def chatty(call: Call) -> Reply:
        reply = default_responder(call)
        if call.kind == "verify":
            return Reply("Sure! " + (reply.content or "").replace("}", ",}") + " Hope it helps.")
        return reply

    server.responder = chatty
    load(answer())
    stats = await judge_answers(store, make_judge(), all_answers=True)
    assert [r["verdict"] for r in judgements(store)] == ["stated", "absent"]
    assert stats.usage.calls == 3 and not any(c.kind == "other" for c in server.calls)


async def test_the_dry_run_takes_what_the_run_takes_and_prices_joined_sources(
    server, store, load, make_judge
):
    """An unflagged answer whose claim a reviewer edited is judged by the next run (and so
    in the dry run); a claim citing two sources is priced against them joined."""
    from groundtui.judge.estimate import estimate, planned_answers
    from groundtui.judge.llm.prompts import verification_messages
    from groundtui.judge.pipeline import select_answers
    from groundtui.scan import scan_answers

    both = "Refunds are paid to the original card, delivery takes 3 to 5 working days."
    load(
        answer(
            "A-1",
            response=f"{both} [1][2]",
            claims=[{"text": both}],
            sources=[{"id": "returns", "text": RETURNS}, {"id": "delivery", "text": DELIVERY}],
        )
    )
    scan_answers(store)
    store.settings.set("control_share", "0")
    judge = make_judge()
    assert planned_answers(store, judge)[0] == []  # not flagged: not taken
    store.corrections.edit("A-1#1", "dana", "Refunds are paid to the original card.")
    assert (
        planned_answers(store, judge)[0]
        == select_answers(store, judge, control_share=0.0)
        == ["A-1"]
    )
    e = estimate(store, judge)
    joined = RETURNS + "\n\n" + DELIVERY
    exact = judge.count_tokens(
        verification_messages("Refunds are paid to the original card.", joined)
    )
    assert (e.claims, e.prompt_tokens) == (1, exact)
