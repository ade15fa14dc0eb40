"""Several claims in one verification call (the default), through the local server."""

from __future__ import annotations

import json

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.llm.prompts import CLAIMS_PER_CALL, PER_CLAIM_VERSION, PROMPT_VERSION
from groundtui.judge.pipeline import judge_answers
from tests.judge.fake_openai import Call, Reply, default_responder, verify_claims_by_substring
from tests.judge.helpers import DELIVERY, RETURNS, answer, imported_db, judgements

TWO_SOURCES = [{"id": "returns", "text": RETURNS}, {"id": "delivery", "text": DELIVERY}]
RESPONSE = (
    "You can return items within 30 days of delivery [1]. "
    "Refunds take 5 working days [1]. "
    "Standard delivery takes 3 to 5 working days [1]. "
    "Refunds are paid to the original card [1][2]."
)


async def test_the_claims_of_an_answer_go_in_one_call_each_source_once(
    server, store, load, make_judge
):
    load(answer(response=RESPONSE, sources=TWO_SOURCES))
    stats = await judge_answers(store, make_judge(per_claim=False), all_answers=True)

    [batch] = [c for c in server.calls if c.kind == "verify_claims"]
    assert batch.sources == [RETURNS, DELIVERY]
    assert batch.claims == [
        ("You can return items within 30 days of delivery.", (1,)),
        ("Refunds take 5 working days.", (1,)),
        ("Standard delivery takes 3 to 5 working days.", (1,)),
        ("Refunds are paid to the original card.", (1, 2)),
    ]
    assert batch.last_user.count(RETURNS) == 1 and batch.last_user.count(DELIVERY) == 1
    assert server.requests == 2  # the extraction and this one
    rows = {r["claim_text"]: r for r in judgements(store)}
    assert {r["prompt_version"] for r in rows.values()} == {PROMPT_VERSION}
    assert [r["verdict"] for r in rows.values()] == ["stated", "absent", "absent", "stated"]
    # also_stated_by, in the same call: the claim its cited source lacks and the
    # delivery source states is fabricated provenance, with no cross-check call.
    moved = rows["Standard delivery takes 3 to 5 working days."]
    assert moved["rule_invention_kind"] == "fabricated_provenance"
    assert moved["provenance_source_key"].startswith("delivery@")
    invented = rows["Refunds take 5 working days."]
    assert invented["provenance_source_key"] is None
    stated = rows["You can return items within 30 days of delivery."]
    assert RETURNS[stated["evidence_start"] : stated["evidence_end"]] == stated["evidence_text"]
    # The call's cost is recorded once, with the first claim it judged.
    assert sum(r["calls"] for r in rows.values()) == 1 == stats.usage.calls - 1


async def test_a_missing_claim_and_an_invalid_entry_are_asked_again_alone(
    server, store, load, make_judge
):
    def responder(call: Call) -> Reply:
        if call.kind == "verify_claims" and len(call.claims) > 1:
            reply = verify_claims_by_substring(call)
            reply["claims"][1]["verdict"] = "probably"  # invalid
            del reply["claims"][2]  # missing
            return Reply(json.dumps(reply))
        return default_responder(call)

    server.responder = responder
    load(answer(response=RESPONSE, sources=TWO_SOURCES))
    stats = await judge_answers(store, make_judge(per_claim=False), all_answers=True)

    batches = [c.claims for c in server.calls if c.kind == "verify_claims"]
    assert [len(b) for b in batches[:1]] == [4]
    assert sorted(b[0][0] for b in batches[1:]) == [
        "Refunds take 5 working days.",
        "Standard delivery takes 3 to 5 working days.",
    ]
    assert all(len(b) == 1 for b in batches[1:])
    rows = judgements(store)
    assert [r["verdict"] for r in rows] == ["stated", "absent", "absent", "stated"]
    assert (stats.failures, stats.usage.calls) == (0, 4)


async def test_a_claim_still_invalid_alone_fails_and_the_others_stand(
    server, store, load, make_judge
):
    def responder(call: Call) -> Reply:
        if call.kind == "verify_claims":
            reply = verify_claims_by_substring(call)
            reply["claims"] = [
                e for e in reply["claims"] if "Refunds take 5" not in call.claims[e["n"] - 1][0]
            ]
            return Reply(json.dumps(reply))
        return default_responder(call)

    server.responder = responder
    load(answer(response=RESPONSE, sources=TWO_SOURCES))
    stats = await judge_answers(store, make_judge(per_claim=False), all_answers=True)
    rows = {r["claim_text"]: r for r in judgements(store)}
    failed = rows["Refunds take 5 working days."]
    assert failed["verdict"] is None and "no valid verdict" in failed["error"]
    assert [r["verdict"] for r in rows.values() if r is not failed] == [
        "stated",
        "absent",
        "stated",
    ]
    assert stats.failures == 1
    # Every call counted once: the batch and the re-ask of the missing claim.
    spent = store.scalar("select sum(calls) from judgements") + store.scalar(
        "select sum(calls) from extractions"
    )
    assert spent == server.requests == 3


async def test_more_claims_than_the_bound_are_split_over_several_calls(
    server, store, load, make_judge
):
    count = CLAIMS_PER_CALL + 3
    response = " ".join(f"Item {i} can be returned within 30 days [1]." for i in range(count))
    load(answer(response=response))
    await judge_answers(store, make_judge(per_claim=False), all_answers=True)
    # Sent concurrently: in either order.
    batches = sorted(
        (c.claims for c in server.calls if c.kind == "verify_claims"), key=len, reverse=True
    )
    assert [len(b) for b in batches] == [CLAIMS_PER_CALL, 3]
    assert [t for b in batches for t, _ in b] == [
        f"Item {i} can be returned within 30 days." for i in range(count)
    ]
    assert len(judgements(store)) == count


async def test_per_claim_keeps_one_claim_per_call_and_is_told_apart(
    server, store, load, make_judge
):
    load(answer(response=RESPONSE, sources=TWO_SOURCES))
    await judge_answers(store, make_judge(per_claim=False), all_answers=True)
    before = server.requests
    per_claim = make_judge(per_claim=True)
    assert per_claim.prompt_version == PER_CLAIM_VERSION != PROMPT_VERSION
    await judge_answers(store, per_claim, all_answers=True, rejudge=True)
    # Nothing of the batched run is read back: a verdict per claim under the other
    # version, one call each and a cross-check for each absent claim, none batched.
    kinds = [c.kind for c in server.calls[before:]]
    assert kinds == ["verify"] * (4 + 2)
    versions = [r["prompt_version"] for r in judgements(store)]
    assert versions.count(PROMPT_VERSION) == versions.count(PER_CLAIM_VERSION) == 4


def test_dry_run_needs_no_key(tmp_path):
    db = imported_db(tmp_path, answer(response=RESPONSE, sources=TWO_SOURCES))
    env = {"OPENAI_API_KEY": None, "GROUNDTUI_MODEL": None, "GROUNDTUI_API_BASE": None}
    result = CliRunner().invoke(
        cli, ["judge", "--db", db, "--all", "--dry-run", "--model", "openai/gpt-4o-mini"], env=env
    )
    assert result.exit_code == 0, result.output
    assert "Calls: 2 (1 extractions, the rest verifications)" in result.output
    real = CliRunner().invoke(
        cli, ["judge", "--db", db, "--all", "--model", "openai/gpt-4o-mini"], env=env
    )
    assert real.exit_code == 2 and "OPENAI_API_KEY" in real.output


def test_a_model_taking_a_schema_is_asked_for_evidence_and_rationale_before_the_verdict():
    from groundtui.judge.llm import LLMJudge
    from groundtui.judge.llm.prompts import ClaimsReplyFormat

    judge = LLMJudge("openai/gpt-4o-mini", api_key="unused")
    asked = judge.response_format(ClaimsReplyFormat)
    assert asked["type"] == "json_schema"
    schema = asked["json_schema"]["schema"]
    entry = schema["$defs"][schema["properties"]["claims"]["items"]["$ref"].split("/")[-1]]
    assert list(entry["properties"]) == [
        "n",
        "evidence",
        "rationale",
        "verdict",
        "invention_kind",
        "also_stated_by",
    ]
