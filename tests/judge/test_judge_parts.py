"""The judge's small parts: spans, prompt layout, reply parsing, rules, cache keys, call slots."""

from __future__ import annotations

import asyncio

import pytest

from groundtui.judge.base import CROSS_CHECK, EXTRACT, VERIFY
from groundtui.judge.invention_rules import fallback_kind, rule_kind
from groundtui.judge.llm.cache import cache_key
from groundtui.judge.llm.prompts import (
    ReplyError,
    VerificationReply,
    extraction_messages,
    parse_reply,
    verification_messages,
)
from groundtui.judge.llm.slots import PrioritySlots
from groundtui.judge.spans import locate_claim, locate_evidence
from groundtui.models import InventionKind, Verdict

RESPONSE = (
    "You can return items within 30 days of delivery [1], and refunds take "
    "5 working days to arrive [2]. Let me know if I can help."
)


@pytest.mark.parametrize(
    "claim, how, found",
    [
        ("You can return items within 30 days of delivery", "exact", "You can return items"),
        ("Refunds take 5 working days to arrive.", "normalised", "refunds take 5 working"),
        ("Items can be returned within 30 days of delivery.", "fuzzy", "can return items within"),
    ],
)
def test_claims_are_placed_exactly_else_normalised_else_fuzzily(claim, how, found):
    span, located = locate_claim(claim, RESPONSE)
    assert located == how
    assert span is not None
    assert RESPONSE[span[0] : span[1]].startswith(found)


def test_a_text_is_placed_in_the_part_it_came_from_when_that_is_known():
    source = "Refunds take 5 days. Delivery is free. Refunds take 5 days."
    later = source.rindex("Refunds")
    assert locate_evidence("Refunds take 5 days.", source) == (0, 20)
    assert locate_evidence("Refunds take 5 days.", source, (later, len(source))) == (later, 59)
    # normalised within the part too; a part that does not hold it: the whole text
    assert locate_claim("refunds TAKE 5 days", source, (later, len(source)))[0] == (later, 58)
    assert locate_evidence("Delivery is free.", source, (0, 5)) == (21, 38)


def test_a_claim_the_response_does_not_make_is_unlocated():
    assert locate_claim("The store sells sofas in blue.", RESPONSE) == (None, "unlocated")


def test_evidence_is_found_in_a_long_source_or_not_at_all():
    source = "Filler sentence. " * 3000 + "Items can be returned within 30 days of delivery."
    found = locate_evidence("items can be returned within 30 days of delivery", source)
    assert found is not None
    start, end = found
    assert source[start:end] == "Items can be returned within 30 days of delivery"
    assert locate_evidence("Refunds are instant.", source) is None
    assert locate_evidence("", source) is None


def test_evidence_found_fuzzily_is_placed_after_a_dotted_capital_i():
    """'İ' lowercases to two characters: the quote's span was shifted one character per
    'İ' before it ('rns are accepted …' highlighted for 'Returns are accepted …')."""
    source = "İzmir İİİ. Returns are accepted within thirty days of delivery."
    found = locate_evidence("returns accepted within thirty days", source)
    assert found is not None
    start, end = found
    assert source[start:end].startswith("Returns are accepted within thirty days")


def test_prompts_put_the_data_last_and_the_source_before_the_claim():
    messages = verification_messages("The claim.", "The source.")
    last = messages[-1]
    assert last["role"] == "user" and messages[-2]["role"] == "assistant"  # after examples
    assert last["content"].index("SOURCE:\nThe source.\n") < last["content"].index(
        "CLAIM:\nThe claim.\n"
    )
    assert "not merely to be about the same subject" in messages[0]["content"]
    extraction = extraction_messages("Q?", "The answer [1].", 1)
    assert "\nRESPONSE:\nThe answer [1].\n" in extraction[-1]["content"]
    for phrase in (
        "One claim per verifiable assertion",
        "offers to help",
        "Split compound sentences",
    ):
        assert phrase in extraction[0]["content"]


def test_replies_are_validated():
    reply = parse_reply('```json\n{"verdict": "stated", "evidence": null}\n```', VerificationReply)
    assert reply.verdict is Verdict.STATED and reply.evidence == ""
    with pytest.raises(ReplyError, match="not JSON"):
        parse_reply("stated", VerificationReply)
    with pytest.raises(ReplyError, match="verdict"):
        parse_reply('{"verdict": "true"}', VerificationReply)
    with pytest.raises(ReplyError, match="empty"):
        parse_reply(None, VerificationReply)


def test_rules_name_the_invention():
    source = "Refunds are paid within 5 working days."
    assert rule_kind("Refunds are paid within 10 working days.", source) is (
        InventionKind.PLAUSIBLE_SPECIFICS
    )
    assert rule_kind("Refunds are usually paid quickly.", source) is (
        InventionKind.CONFIDENT_GENERALISATION
    )
    assert rule_kind("Refunds are paid quickly.", source) is None
    assert rule_kind("Anything.", source, stated_elsewhere=True) is (
        InventionKind.FABRICATED_PROVENANCE
    )
    assert fallback_kind("relation") is InventionKind.BRIDGING_INFERENCE
    # plausible specifics only with a specific the source lacks, which the rules find
    assert fallback_kind("figure") is InventionKind.CONFIDENT_GENERALISATION
    assert rule_kind("Most customers are refunded within 5 working days.", source) is (
        InventionKind.CONFIDENT_GENERALISATION
    )


def test_cache_keys_cover_model_prompt_version_and_messages():
    messages = [{"role": "user", "content": "x"}]
    key = cache_key("m", "v1", messages)
    assert key == cache_key("m", "v1", [{"content": "x", "role": "user"}])
    assert (
        len(
            {
                key,
                cache_key("m2", "v1", messages),
                cache_key("m", "v2", messages),
                cache_key("m", "v1", [{"role": "user", "content": "y"}]),
            }
        )
        == 4
    )


async def test_slots_serve_waiters_by_priority_then_arrival():
    slots = PrioritySlots(1)
    await slots.acquire(VERIFY)
    order: list[str] = []

    async def wait(name: str, priority: int) -> None:
        await slots.acquire(priority)
        order.append(name)
        slots.release()

    tasks = [
        asyncio.create_task(wait(n, p))
        for n, p in [
            ("cross-check", CROSS_CHECK),
            ("verify-1", VERIFY),
            ("extract", EXTRACT),
            ("verify-2", VERIFY),
        ]
    ]
    cancelled = asyncio.create_task(wait("cancelled", EXTRACT))
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.sleep(0)
    slots.release()
    await asyncio.gather(*tasks)
    assert order == ["extract", "verify-1", "verify-2", "cross-check"]
    assert slots.free == 1
