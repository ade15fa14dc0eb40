"""Findings of the judge's review, each pinned by a test against the fake OpenAI server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.base import JudgeError, Usage
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.heuristic.matching import match
from groundtui.judge.invention_rules import rule_kind
from groundtui.judge.llm.prompts import PROMPT_VERSION
from groundtui.judge.pipeline import judge_answers, select_answers
from groundtui.judge.recorder import RunStats
from groundtui.models import InventionKind
from groundtui.store import Store
from groundtui.text.kinds import infer_kind
from tests.builders import write_jsonl
from tests.judge.fake_openai import Call, FakeOpenAI, Reply, default_responder
from tests.judge.helpers import MODEL, RETURNS, answer, judgements

SMALL_TALK = "Hello! Let me know if I can help."


def _cli(*args: str):
    env = {"OPENAI_API_KEY": "test", "GROUNDTUI_MODEL": None, "GROUNDTUI_API_BASE": None}
    return CliRunner().invoke(cli, ["judge", *args], env=env, catch_exceptions=False)


def _db(tmp_path: Path, *records: dict) -> str:
    path = tmp_path / "groundtui.db"
    data = write_jsonl(tmp_path / "a.jsonl", list(records))
    result = CliRunner().invoke(cli, ["import", str(data), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return str(path)


# --- 1. an answer with no claims is done once extracted -------------------------------


async def test_an_answer_without_claims_is_extracted_once(server, store, load, make_judge):
    server.responder = lambda call: (
        Reply('{"claims": []}') if call.kind == "extract" else default_responder(call)
    )
    load(answer(response=SMALL_TALK))
    judge = make_judge()
    first = await judge_answers(store, judge, all_answers=True)
    assert (first.answers, first.answers_done, first.failures) == (1, 1, 0)
    [row] = store.query("select * from extractions")
    assert (row["answer_id"], row["judge"], row["prompt_version"]) == ("A-1", MODEL, PROMPT_VERSION)
    assert (row["claims"], row["error"], row["calls"]) == (0, None, 1)
    assert row["prompt_tokens"] > 0
    assert select_answers(store, judge, all_answers=True) == []
    again = await judge_answers(store, make_judge(), all_answers=True)
    assert again.answers == 0 and server.requests == 1


def test_an_answer_without_claims_gives_nothing_to_judge_next_time(tmp_path):
    db = _db(tmp_path, answer(response=SMALL_TALK))
    assert _cli("--db", db, "--all").exit_code == 0
    again = _cli("--db", db, "--all")
    assert again.exit_code == 0
    assert again.stdout.startswith("Nothing to judge"), again.stdout


async def test_a_failed_extraction_is_recorded_and_retried(server, store, load, make_judge):
    server.responder = lambda call: Reply("not json")
    load(answer())
    failed = await judge_answers(store, make_judge(), all_answers=True)
    assert failed.failures == 1
    [row] = store.query("select * from extractions")
    assert "invalid reply" in row["error"] and row["calls"] == 2 and row["claims"] is None
    server.responder = default_responder
    fixed = await judge_answers(store, make_judge(), all_answers=True)
    assert (fixed.answers_done, fixed.failures, fixed.claims) == (1, 0, 2)
    assert [r["error"] is None for r in store.query("select * from extractions order by id")] == [
        False,
        True,
    ]


# --- 2. a malformed --api-base --------------------------------------------------------


def test_an_unparseable_api_base_is_one_line(tmp_path):
    db = _db(tmp_path, answer())
    result = _cli("--db", db, "--model", MODEL, "--api-base", "http://[::1")
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("groundtui: --api-base 'http://[::1'") and "URL" in line


# --- 3. citation 0 or negative is dangling --------------------------------------------


async def test_citation_zero_or_negative_is_a_dangling_citation(server, store, load, make_judge):
    claims = [
        {"text": "You can return items within 30 days of delivery.", "citation": 1},
        {"text": "Refunds take 5 working days.", "citation": 0},
        {"text": "Refunds are paid to the original card.", "citation": -2},
    ]
    server.responder = lambda call: (
        Reply(json.dumps({"claims": claims})) if call.kind == "extract" else default_responder(call)
    )
    load(
        answer(
            response="You can return items within 30 days of delivery [1]. Refunds take 5 "
            "working days [0]. Refunds are paid to the original card."
        )
    )
    stats = await judge_answers(store, make_judge(), all_answers=True)
    assert stats.failures == 0
    rows = store.query("select * from claims order by ordinal")
    assert [(c["citation"], c["dangling"], c["uncited"]) for c in rows] == [
        (1, 0, 0),
        (0, 1, 0),
        (-2, 1, 0),
    ]
    verdicts = judgements(store)
    assert [(r["verdict"], r["invention_kind"]) for r in verdicts[1:]] == [
        ("absent", "fabricated_provenance"),
        ("absent", "fabricated_provenance"),
    ]
    assert [c.kind for c in server.calls] == ["extract", "verify"]


# --- 4. lenient optional fields -------------------------------------------------------


async def test_unknown_or_oddly_cased_optional_values_are_accepted(server, store, load, make_judge):
    def responder(call: Call) -> Reply:
        if call.kind == "extract":
            claims = [
                {
                    "text": "You can return items within 30 days of delivery.",
                    "kind": "duration",
                    "citation": 1,
                },
                {"text": "Refunds take 5 working days.", "kind": "Figure", "citation": 1},
                {"text": "Refunds are paid to the original card.", "kind": "", "citation": 1},
            ]
            return Reply(json.dumps({"claims": claims}))
        claim = call.claim or ""
        if claim.startswith("You can"):
            verdict = {"verdict": "Stated", "evidence": "", "invention_kind": "None"}
        elif claim.startswith("Refunds take"):
            verdict = {"verdict": "ABSENT", "invention_kind": "none"}
        else:
            verdict = {"verdict": "partial", "invention_kind": ""}
        return Reply(json.dumps({**verdict, "rationale": "r"}))

    server.responder = responder
    load(
        answer(
            response="You can return items within 30 days of delivery [1]. Refunds take 5 "
            "working days [1]. Refunds are paid to the original card [1]."
        )
    )
    stats = await judge_answers(store, make_judge(), all_answers=True)
    assert stats.failures == 0 and server.requests == 4  # no repair asked for
    kinds = [c["kind"] for c in store.query("select kind from claims order by ordinal")]
    assert kinds == ["figure", "figure", "policy"]  # "duration" falls back to the rules'
    rows = judgements(store)
    assert [r["verdict"] for r in rows] == ["stated", "absent", "partial"]
    # The model gave no kind: the rules' (or the claim kind's) fills in.
    assert rows[0]["invention_kind"] is None
    assert rows[1]["invention_kind"] == "plausible_specifics"
    assert rows[2]["invention_kind"] is not None


# --- 5. the run's clock -----------------------------------------------------------------


async def test_the_run_clock_starts_when_judging_starts(store):
    stats = RunStats()
    await asyncio.sleep(0.3)  # what importing litellm and building the judge took
    await judge_answers(store, HeuristicJudge(), all_answers=True, stats=stats)
    assert stats.seconds < 0.25


# --- 6. cache key, fence case, --limit 0 ------------------------------------------------


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


def test_limit_zero_is_refused(tmp_path):
    db = _db(tmp_path, answer())
    result = _cli("--db", db, "--all", "--limit", "0")
    assert result.exit_code == 2
    assert "Nothing to judge" not in result.output
    assert "--limit" in result.output


# --- 7-9. one claim-kind classifier, one generalising list, one marker ----------------


def test_one_claim_kind_classifier():
    cases = {
        "Delivery is free on Mondays.": "date",
        "Refunds take 5 days, so order early.": "relation",
        "The sofa costs $499.": "figure",
        "Orders are packed by Jane Doe.": "name",
        "Sale items are final.": "policy",
    }
    for text, kind in cases.items():
        assert infer_kind(text) == kind, text
        [claim] = extract_claims(text)
        assert claim.kind.value == kind, text


def test_the_importer_uses_the_same_kinds(tmp_path):
    record = answer(
        response="Delivery is free on Mondays [1]. Refunds take 5 days, so order early [1].",
        claims=[
            {"text": "Delivery is free on Mondays.", "citation": 1},
            {"text": "Refunds take 5 days, so order early.", "citation": 1},
        ],
    )
    with Store(_db(tmp_path, record)) as store:
        kinds = [r["kind"] for r in store.query("select kind from claims order by ordinal")]
    assert kinds == ["date", "relation"]


def test_rules_and_matching_read_the_same_generalising_words():
    source = "Refunds are paid quickly to every customer who asks."
    for claim in (
        "Refunds are never paid slowly.",
        "Refunds are paid quickly in most cases.",
        "Everything is refunded quickly.",
    ):
        by_rules = rule_kind(claim, "Refunds are paid.") is InventionKind.CONFIDENT_GENERALISATION
        by_matching = bool(match(claim, "Refunds are paid.").generalisations)
        assert by_rules and by_matching, claim
    # A word the source uses is no generalisation of the claim.
    assert not match("Every customer gets a refund.", source).generalisations


def test_markers_with_spaces_are_citations():
    [claim] = extract_claims("Refunds take 5 working days [ 2 ].")
    assert (claim.text, claim.citation) == ("Refunds take 5 working days.", 2)
    [claim] = extract_claims("Refunds take 5 working days [1, 3].")
    assert (claim.text, claim.citation) == ("Refunds take 5 working days.", 1)


# --- 10. a judge error carries its usage -----------------------------------------------


def test_a_judge_error_carries_usage():
    assert JudgeError("x").usage == Usage()
    spent = Usage(calls=2)
    assert JudgeError("x", usage=spent).usage is spent


async def test_a_judge_error_costs_are_counted(server, store, load, make_judge):
    server.responder = lambda call: (
        Reply("not json") if call.kind != "extract" else default_responder(call)
    )
    load(
        answer(response="Refunds take 5 working days [1].", sources=[{"id": "r", "text": RETURNS}])
    )
    stats = await judge_answers(store, make_judge(), all_answers=True)
    [row] = judgements(store)
    assert row["verdict"] is None and row["calls"] == 2
    assert stats.usage.calls == 3
