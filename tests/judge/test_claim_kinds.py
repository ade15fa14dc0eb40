"""Claim kinds and invention kinds: one classifier for the importer and the heuristic judge, one list of
generalising words for the rules and the matcher, and a model's odd values read leniently."""

from __future__ import annotations

import json

from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.heuristic.matching import match
from groundtui.judge.invention_rules import rule_kind
from groundtui.judge.pipeline import judge_answers
from groundtui.models import InventionKind
from groundtui.store import Store
from groundtui.text.kinds import infer_kind
from tests.judge.fake_openai import Call, Reply
from tests.judge.helpers import answer, imported_db, judgements


def test_infer_kind_and_the_heuristic_extractor_agree():
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
        assert claim.kind is not None and claim.kind.value == kind, text


def test_the_importer_gives_claims_the_same_kinds(tmp_path):
    record = answer(
        response="Delivery is free on Mondays [1]. Refunds take 5 days, so order early [1].",
        claims=[
            {"text": "Delivery is free on Mondays.", "citation": 1},
            {"text": "Refunds take 5 days, so order early.", "citation": 1},
        ],
    )
    with Store(imported_db(tmp_path, record)) as store:
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
    # Nor is one the source makes in other words, for the rules as for matching.
    claim, widely = "Refunds are typically paid quickly.", "Refunds are widely paid quickly."
    assert not match(claim, widely).generalisations
    assert rule_kind(claim, widely) is None


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
