"""The provenance cross-check: at most one call per claim, whatever the number of sources."""

from __future__ import annotations

from groundtui.judge.pipeline import judge_answers
from tests.judge.helpers import DELIVERY, RETURNS, answer, judgements

OTHERS = [
    "Warranty. Sofas carry a 5-year guarantee against frame defects.",
    "Assembly. Our fitters assemble wardrobes on the day of delivery for a fee.",
    "Gift cards. Gift cards never expire and can be used online or in store.",
    "Price promise. We match a lower price seen elsewhere within 14 days.",
]


async def test_cross_check_asks_only_the_likeliest_other_source(server, store, load, make_judge):
    """Six sources, three claims citing the first: the claim another source states is found
    there with one cross-check; the claim no source states costs no cross-check at all."""
    sources = (
        [{"id": "returns", "text": RETURNS}]
        + [{"id": f"other-{i}", "text": text} for i, text in enumerate(OTHERS)]
        + [{"id": "delivery", "text": DELIVERY}]
    )
    load(
        answer(
            response=(
                "You can return items within 30 days of delivery [1]. "
                "Standard delivery takes 3 to 5 working days [1]. "
                "Every order ships with a free cushion [1]."
            ),
            sources=sources,
        )
    )
    await judge_answers(store, make_judge(), all_answers=True)

    rows = {r["claim_text"]: r for r in judgements(store)}
    moved = rows["Standard delivery takes 3 to 5 working days."]
    assert (moved["verdict"], moved["rule_invention_kind"]) == ("absent", "fabricated_provenance")
    assert moved["provenance_source_key"].startswith("delivery@")
    invented = rows["Every order ships with a free cushion."]
    assert (invented["verdict"], invented["provenance_source_key"]) == ("absent", None)

    verifies = [c for c in server.calls if c.kind == "verify"]
    # Three verifications against the cited source, one cross-check, against DELIVERY only.
    assert [c.source for c in verifies].count(RETURNS) == 3
    assert [c.source for c in verifies if c.source != RETURNS] == [DELIVERY]
    assert sum(r["calls"] for r in rows.values()) == 4
