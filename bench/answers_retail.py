"""Synthetic retail answers for the benchmarks: a 1–3 KB response citing 2–4 sources of 1–3 KB.

The demo's shape: help-centre policies (return windows, fees, prices, dates, phone numbers),
most specifics copied from the cited source, some reformatted, a few invented.
"""

from __future__ import annotations

import random

COMPANIES = ["Harbor Home Goods", "Northwind Outfitters", "Bluefield Electronics", "Oak & Ivy"]
PLACES = ["North Ridge Warehouse", "Lakeside Depot", "Eastgate Fulfilment Centre", "Port Alder"]
PRODUCTS = ["Aria Sofa", "Kestrel Desk Lamp", "Nimbus Mattress", "Orbit Blender", "Tundra Parka"]
PEOPLE = ["Dana Whitfield", "Marcus Oyelaran", "Priya Natarajan", "Tomás Ferreira"]
MONTHS = (
    "January February March April May June July August September October November December"
).split()
WORDS = {7: "seven", 14: "fourteen", 30: "thirty", 60: "sixty", 90: "ninety", 2: "two", 3: "three"}
FILLER = [
    "We want every customer to be happy with their purchase.",
    "Please keep your order confirmation, as our team may ask for it.",
    "Items must be returned in their original packaging where possible.",
    "Our support team reviews every request carefully and replies by email.",
    "Damaged items should be reported as soon as they are noticed.",
    "Refunds are made to the original payment method unless agreed otherwise.",
    "Gift cards and personalised items cannot be exchanged for cash.",
    "You can track the status of a request from your account page.",
    "Large items are collected by a partner courier at a time that suits you.",
    "Exceptions are assessed individually by a member of the customer care team.",
]


def _facts(rng: random.Random) -> list[dict]:
    """Draw the facts of one small knowledge base: each a sentence and its values."""
    company, place, product = rng.choice(COMPANIES), rng.choice(PLACES), rng.choice(PRODUCTS)
    days = rng.choice([7, 14, 30, 60, 90])
    fee = rng.choice([10, 15, 20, 25])
    price = f"{rng.randint(19, 899)}.{rng.choice(['99', '50', '00', '95'])}"
    units = rng.randint(1, 9) * 1000 + rng.choice([0, 200, 500])
    year = rng.randint(2019, 2026)
    month = rng.randint(1, 12)
    day = rng.randint(1, 28)
    lo = rng.randint(2, 5)
    hi = lo + rng.randint(2, 5)
    opens, closes = rng.randint(7, 10), rng.randint(5, 9)
    phone = f"0800 {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    version = f"{rng.randint(1, 5)}.{rng.randint(0, 12)}.{rng.randint(0, 9)}"
    person = rng.choice(PEOPLE)
    return [
        {
            "text": f"{company} accepts returns within {days} days of delivery.",
            "alt": f"{company} accepts returns within {WORDS.get(days, days)} days of delivery.",
            "fake": f"{company} accepts returns within {days + 15} days of delivery.",
        },
        {
            "text": f"A restocking fee of {fee}% applies to opened items.",
            "alt": f"A restocking fee of {fee} percent applies to opened items.",
            "fake": f"A restocking fee of {fee + 5}% applies to opened items.",
        },
        {
            "text": f"Orders over ${price} ship free from the {place}.",
            "alt": f"Orders over {price} USD ship free from the {place}.",
            "fake": f"Orders over ${price} ship free from the {rng.choice(PLACES)}.",
        },
        {
            "text": f"Business accounts may order up to {units:,} units per month.",
            "alt": f"Business accounts may order up to {units} units per month.",
            "fake": f"Business accounts may order up to {units + 300:,} units per month.",
        },
        {
            "text": f"The current policy took effect on {MONTHS[month - 1]} {day}, {year}.",
            "alt": f"The current policy took effect on {year}-{month:02d}-{day:02d}.",
            "fake": f"The current policy took effect on {MONTHS[month - 1]} {day + 1}, {year}.",
        },
        {
            "text": f"Refunds are processed within {lo}–{hi} business days.",
            "alt": f"Refunds are processed within {lo} to {hi} business days.",
            "fake": f"Refunds are processed within {lo}–{hi + 2} business days.",
        },
        {
            "text": f"Call us on {phone} from {opens} am to {closes} pm, Monday to Friday.",
            "alt": f"Call us on {phone} from {opens}:00 to {closes + 12}:00, Monday to Friday.",
            "fake": f"Call us on {phone} from {opens} am to {closes + 1} pm, Monday to Friday.",
        },
        {
            "text": f"The {product} carries a {lo}-year warranty handled by {person}'s team.",
            "alt": f"The {product} carries a {WORDS.get(lo, lo)}-year warranty.",
            "fake": f"The {product} carries a {hi}-year warranty handled by {person}'s team.",
        },
        {
            "text": f"Version {version} of the {company} app shows every open request.",
            "alt": f"Version {version} of the app shows every open request.",
            "fake": f"Version {version}.1 of the {company} app shows every open request.",
        },
    ]


def _source(rng: random.Random, facts: list[dict]) -> str:
    """A 1–3 KB document: its facts among filler, in paragraphs."""
    target = rng.randint(1000, 3000)
    parts: list[str] = []
    pool = [f["text"] for f in facts]
    while sum(len(p) + 1 for p in parts) < target:
        parts.append(pool.pop(0) if pool and rng.random() < 0.5 else rng.choice(FILLER))
        if rng.random() < 0.15:
            parts.append("\n\n")
    parts.extend(pool)
    return " ".join(parts)


def generate_answer(rng: random.Random) -> tuple[str, list[str]]:
    """One realistic answer: a 1–3 KB response with [n] citations and 2–4 sources.

    Most specifics are copied from the cited source, some reformatted (``1,200`` as
    ``1200``, ``30`` as ``thirty``, a date as ISO), a few invented or cited to the wrong
    source, as production answers are.

    Args:
        rng: The seeded random generator to draw from.

    Returns:
        ``(response, sources)``, the sources in citation order.
    """
    n_sources = rng.randint(2, 4)
    kbs = [_facts(rng) for _ in range(n_sources)]
    sources = [_source(rng, facts) for facts in kbs]
    target = rng.randint(1000, 3000)
    lines: list[str] = ["Here is what our policies say about your question."]
    size = len(lines[0])
    # Each fact at most once, as an answer does not repeat itself; filler when they run out.
    pool = [(cite, fact) for cite, facts in enumerate(kbs) for fact in facts]
    rng.shuffle(pool)
    while size < target:
        if not pool:
            lines.append(rng.choice(FILLER))
            size += len(lines[-1]) + 1
            continue
        cite, fact = pool.pop()
        roll = rng.random()
        text = fact["text"] if roll < 0.85 else fact["alt"] if roll < 0.985 else fact["fake"]
        marker = cite + 1
        if rng.random() < 0.015:
            marker = rng.randrange(n_sources) + 1
        style = rng.random()
        if style < 0.1:
            line = text  # uncited: any source counts
        elif style < 0.55:
            line = f"{text[:-1]} [{marker}]."
        elif style < 0.65:
            line = f"{text}[{marker}]"
        else:
            line = f"{text[:-1]} [{marker}]. {rng.choice(FILLER)}"
        if rng.random() < 0.2:
            line = f"\n{len(lines)}. {line}"
        lines.append(line)
        size += len(line) + 1
    return " ".join(lines), sources
