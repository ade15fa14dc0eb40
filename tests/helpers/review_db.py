"""The small, fixed review database the TUI tests run on: six answers covering every state
the review screen shows (``answers``), imported and scanned (``build_db``), and what the
reviewers' keys left on disk (``reviews``, ``marks``)."""

from __future__ import annotations

import json
from pathlib import Path

from groundtui.importing.files import import_files
from groundtui.store import Store

JUDGE = "prod-judge-v2"
RETURNS = "Sofas can be returned within 14 days of delivery. Refunds follow in 5 working days."
PLANS = (
    "The premium plan costs $59 a month and includes free shipping on orders over $100. "
    "Support is available on weekdays."
)
HOURS = "Stores open at 9am. The Leeds store closes at 8pm on Fridays."


def _claim(
    text: str,
    response: str,
    kind: str,
    citation: int | None,
    verdict: str | None,
    invention_kind: str | None = None,
    evidence: tuple[str, str] | None = None,
    **extra: object,
) -> dict:
    """A judged claim; ``evidence`` is ``(source text, quote)``, placed by its offset."""
    start = response.index(text.rstrip("."))
    claim = {
        "text": text,
        "kind": kind,
        "span": [start, start + len(text.rstrip("."))],
        "verdict": verdict,
        "invention_kind": invention_kind,
        "judge": JUDGE,
        "rationale": f"Checked against source {citation}.",
        **extra,
    }
    if citation is not None:
        claim["citation"] = citation
    if evidence is not None:
        source, quote = evidence
        at = source.index(quote)
        claim["evidence"] = [at, at + len(quote)]
    return claim


def answers() -> list[dict]:
    """Six answers covering every state the review screen shows."""
    r1 = "Sofas can be returned within 30 days [1]. Refunds take 5 working days [1]."
    r2 = "Stores open at 9am [1]."
    r3 = (
        "Our [bold]premium[/] plan costs \x1b[31m$49\x1b[0m a month [1]. "
        "[red]Shipping is always free[/red] \u202eevil\u202c [1]."
    )
    r4 = "Leeds closes at 8pm on Fridays. Manchester closes at 10pm [3]."
    r5 = "Refunds follow in 5 working days [1]. Sofas can be returned within 14 days [1]."
    returns = {
        "id": "returns-v3",
        "title": "Returns policy",
        "origin": "help-centre",
        "text": RETURNS,
        "updated_at": "2025-01-10",
    }
    plans = {
        "id": "plans",
        "title": "Plans [b]and[/b] prices",
        "origin": "pdf-archive",
        "text": PLANS,
        "updated_at": "2024-11-02",
    }
    hours = {"id": "store-hours", "title": "Store hours", "origin": "email-export", "text": HOURS}
    return [
        {
            "id": "A-1",
            "question": "Can I return a sofa after six weeks?",
            "response": r1,
            "sources": [returns],
            "correct": False,
            "claims": [
                _claim(
                    "Sofas can be returned within 30 days.",
                    r1,
                    "figure",
                    1,
                    "absent",
                    "plausible_specifics",
                    (RETURNS, "Sofas can be returned within 14 days of delivery."),
                ),
                _claim(
                    "Refunds take 5 working days.",
                    r1,
                    "figure",
                    1,
                    "stated",
                    None,
                    (RETURNS, "Refunds follow in 5 working days."),
                ),
            ],
        },
        {
            "id": "A-2",
            "question": "When do stores open?",
            "response": r2,
            "sources": [hours],
            "correct": True,
            "claims": [
                _claim(
                    "Stores open at 9am.",
                    r2,
                    "date",
                    1,
                    "stated",
                    None,
                    (HOURS, "Stores open at 9am."),
                )
            ],
        },
        {
            "id": "A-3",
            "question": "What does [i]premium[/i] cost?",
            "response": r3,
            "sources": [plans],
            "claims": [
                _claim(
                    "Our [bold]premium[/] plan costs \x1b[31m$49\x1b[0m a month.",
                    r3,
                    "figure",
                    1,
                    "contradicted",
                    "plausible_specifics",
                    (PLANS, "The premium plan costs $59 a month"),
                ),
                _claim(
                    "[red]Shipping is always free[/red]",
                    r3,
                    "policy",
                    1,
                    "partial",
                    "confident_generalisation",
                    (PLANS, "free shipping on orders over $100"),
                ),
            ],
        },
        {
            "id": "A-4",
            "question": "When does Leeds close?",
            "response": r4,
            "sources": [hours],
            "claims": [
                _claim("Leeds closes at 8pm on Fridays.", r4, "date", None, "stated"),
                _claim(
                    "Manchester closes at 10pm.", r4, "date", 3, "absent", "fabricated_provenance"
                ),
            ],
        },
        {
            "id": "A-5",
            "question": "How long do refunds take?",
            "response": r5,
            "sources": [returns],
            "correct": True,
            "claims": [
                _claim(
                    "Refunds follow in 5 working days.",
                    r5,
                    "figure",
                    1,
                    "partial",
                    None,
                    (RETURNS, "Refunds follow in 5 working days."),
                    reviews=[
                        {
                            "reviewer": "sam",
                            "verdict": "stated",
                            "note": "It is stated.",
                            "at": "2026-11-30T10:12:00Z",
                        },
                        {"reviewer": "kim", "verdict": "stated", "at": "2026-11-30T11:00:00Z"},
                    ],
                ),
                _claim(
                    "Sofas can be returned within 14 days.",
                    r5,
                    "figure",
                    1,
                    "stated",
                    None,
                    (RETURNS, "Sofas can be returned within 14 days"),
                    reviews=[
                        {"reviewer": "sam", "verdict": "stated", "at": "2026-11-30T10:13:00Z"}
                    ],
                ),
            ],
        },
        {
            "id": "A-6",
            "question": "Hello?",
            "response": "Hello! How can I help?",
            "sources": [],
            "claims": [],
        },
    ]


def build_db(folder: Path) -> Path:
    """Import the answers, then record a scan: A-1 is flagged for "30"."""
    jsonl = folder / "answers.jsonl"
    jsonl.write_text("\n".join(json.dumps(a) for a in answers()) + "\n", encoding="utf-8")
    path = folder / "review.db"
    with Store(path) as store:
        result = import_files(store, [str(jsonl)])
        assert not result.bad, result.bad
        with store.transaction():
            store.db.execute("update answers set scanned_at = '2026-12-01T00:00:00.000000Z'")
            r1 = answers()[0]["response"]
            store.db.table("flags").insert(
                {
                    "answer_id": "A-1",
                    "check_name": "unsourced_specifics",
                    "at": "2026-12-01T00:00:00.000000Z",
                    "details": json.dumps(
                        {
                            "specifics": [
                                {
                                    "text": "30",
                                    "start": r1.index("30"),
                                    "end": r1.index("30") + 2,
                                    "kind": "figure",
                                }
                            ],
                            "sources": 1,
                        }
                    ),
                }
            )
    return path


def reviews(path: Path, reviewer: str | None = None) -> list[dict]:
    """Review rows on disk, in the order they were made, read by a fresh connection."""
    with Store(path) as store:
        sql = "select * from reviews"
        if reviewer:
            return store.query(sql + " where reviewer = ? order by id", [reviewer])
        return store.query(sql + " order by id")


def marks(path: Path) -> list[dict]:
    """Correctness marks on disk, in the order they were made."""
    with Store(path) as store:
        return store.query("select * from answer_marks order by id")
