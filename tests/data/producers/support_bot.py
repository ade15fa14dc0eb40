"""Twenty support-bot answers, the content every producer script writes in its own format.

Answers 7 and 14 (1-based) carry an empty and a blank context: a producer writes them, and
groundtui refuses them (an answer needs a source to be checked against).
"""

from __future__ import annotations

TOPICS = [
    ("returns", "Returns policy", "Items can be returned within 30 days of delivery."),
    ("shipping", "Shipping times", "Standard shipping takes 3-5 working days; express 1 day."),
    ("warranty", "Warranty", "Sofas carry a 2-year warranty covering frame defects."),
    ("payment", "Payment options", "We accept cards, PayPal and bank transfer."),
    ("assembly", "Assembly service", "Assembly costs \u20ac49 per item, booked at checkout."),
]


def answers() -> list[dict]:
    """``id``, ``question``, ``response`` and ``sources`` (``id``, ``title``, ``text``) each."""
    out = []
    for n in range(1, 21):
        key, title, text = TOPICS[n % len(TOPICS)]
        other_key, other_title, other_text = TOPICS[(n + 2) % len(TOPICS)]
        sources = [
            {"id": f"kb-{key}-{n:03d}", "title": title, "text": f"{text} (case {n})"},
            {"id": f"kb-{other_key}-{n:03d}", "title": other_title, "text": other_text},
        ]
        if n == 7:
            sources = []
        elif n == 14:
            sources = [{"id": "kb-blank-014", "title": "Blank", "text": "  "}]
        out.append(
            {
                "id": f"ticket-{n:03d}",
                "question": f"Question {n} about {key}: what does \u201c{title}\u201d say?",
                "response": f"Per our {title.lower()} [1]: {text}",
                "sources": sources,
            }
        )
    return out
