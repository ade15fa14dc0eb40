"""A claim citing several sources is verified against those sources joined, and only those
(docs/judge.md), by the offline judge and by a model."""

from __future__ import annotations

from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from tests.judge.helpers import answer, judgements

RETURNS = "Sofas can be returned within 14 days of delivery."
REFUNDS = "Refunds are issued within 5 working days."
OTHER = "Gift cards never expire."
BOTH = "Sofas can be returned within 14 days, and refunds are issued within 5 working days."
SOURCES = [
    {"id": "returns", "origin": "help-centre", "text": RETURNS},
    {"id": "refunds", "origin": "pdf-archive", "text": REFUNDS},
    {"id": "gifts", "origin": "faq", "text": OTHER},
]


async def test_a_model_sees_the_cited_sources_joined_and_no_other(server, store, load, make_judge):
    load(answer(response=f"{BOTH} [1][2]", sources=SOURCES))
    await judge_answers(store, make_judge(), all_answers=True)

    [claim] = store.query("select citations, dangling, uncited from claims")
    assert (claim["citations"], claim["dangling"], claim["uncited"]) == ("[1, 2]", 0, 0)
    verify = next(c for c in server.calls if c.kind == "verify")
    assert verify.source == RETURNS + "\n\n" + REFUNDS
    assert OTHER not in verify.body["messages"][-1]["content"]
    assert "joined by blank lines, only those" in verify.body["messages"][0]["content"]
    # Not stated (the fake model wants the claim verbatim); the cross-check for fabricated
    # provenance would ask only a source the claim does not cite, and the one left shares
    # none of its words: no call.
    crosses = [c.source for c in server.calls if c.kind == "verify"][1:]
    assert crosses == []
    [row] = judgements(store)
    assert row["evidence_start"] is None  # offsets into joined sources would name none


async def test_the_offline_judge_states_a_claim_only_its_sources_together_state(store, load):
    load(
        answer("A-1", response=f"{BOTH} [1][2]", sources=SOURCES, claims=[{"text": BOTH}]),
        answer("A-2", response=f"{BOTH} [1]", sources=SOURCES, claims=[{"text": BOTH}]),
        answer(
            "A-3",
            response=BOTH,
            sources=SOURCES,
            claims=[{"text": BOTH, "citation": ["returns", "refunds"]}],
        ),
    )
    await judge_answers(store, HeuristicJudge(), all_answers=True)
    rows = {r["claim_id"]: r["verdict"] for r in judgements(store, "heuristic")}
    assert rows == {"A-1#1": "stated", "A-2#1": "partial", "A-3#1": "stated"}
