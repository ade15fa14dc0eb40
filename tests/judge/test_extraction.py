"""What extracting an answer's claims records: done once when it finds none, retried when it
fails, and each claim's citation read from its marker (0 or negative: dangling)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.llm.prompts import PER_CLAIM_VERSION as PROMPT_VERSION
from groundtui.judge.pipeline import judge_answers, select_answers
from tests.judge.fake_openai import Reply, default_responder
from tests.judge.helpers import MODEL, answer, imported_db, judgements

SMALL_TALK = "Hello! Let me know if I can help."


def _cli(*args: str):
    env = {"OPENAI_API_KEY": "test", "GROUNDTUI_MODEL": None, "GROUNDTUI_API_BASE": None}
    return CliRunner().invoke(cli, ["judge", *args], env=env, catch_exceptions=False)


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
    db = imported_db(tmp_path, answer(response=SMALL_TALK))
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


def test_markers_with_spaces_are_citations():
    [claim] = extract_claims("Refunds take 5 working days [ 2 ].")
    assert (claim.text, claim.citations) == ("Refunds take 5 working days.", (2,))
    [claim] = extract_claims("Refunds take 5 working days [1, 3].")
    assert (claim.text, claim.citations) == ("Refunds take 5 working days.", (1, 3))
