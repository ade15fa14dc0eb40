"""What the review tests share: the terminal size, reading a pane's text, a long answer."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

SIZE = (140, 44)
FILLER = "\n".join(f"Line {i}: the small print goes on." for i in range(150))
EVIDENCE = "The warranty lasts seven years."
LONG_SOURCE = FILLER + "\n" + EVIDENCE + "\nThe end."
FACTS = [f"Fact {i} holds for every order" for i in range(1, 7)]


def plain(app, selector: str) -> str:
    """The text a Static of the review screen shows."""
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def long_answer() -> dict:
    """Seven claims on one long source; the first one's evidence is its last lines."""
    response = "The warranty lasts seven years [1]. " + " ".join(f"{f} [1]." for f in FACTS)
    claims = []
    for ordinal, text in enumerate(["The warranty lasts seven years", *FACTS], start=1):
        start = response.index(text)
        claim = {
            "text": text,
            "kind": "figure",
            "span": [start, start + len(text)],
            "citation": 1,
            "verdict": "absent" if ordinal > 1 else "stated",
            "invention_kind": "plausible_specifics" if ordinal > 1 else None,
            "judge": "j",
            "rationale": "A long rationale. " * 30,
        }
        if ordinal == 1:
            at = LONG_SOURCE.index(EVIDENCE)
            claim["evidence"] = [at, at + len(EVIDENCE)]
        claims.append(claim)
    return {
        "id": "L-1",
        "question": "How long is the warranty?",
        "response": response,
        "sources": [{"id": "terms", "title": "Terms", "origin": "legal", "text": LONG_SOURCE}],
        "claims": claims,
    }
