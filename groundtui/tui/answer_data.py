"""The review UI's reads of one answer in full: sources, claims (``claim_data``), specifics.

Every function takes a ``Store`` opened by the calling worker thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from groundtui.checks import Specific, unsourced_specifics
from groundtui.report import answer_correct
from groundtui.store import Store
from groundtui.store.rows import in_overlap
from groundtui.text.markers import numbered
from groundtui.tui.claim_data import ClaimView, load_claims

#: For the session: the answer's correctness as the report counts it.
effective_correct = answer_correct


@dataclass
class SourceInfo:
    """One source of an answer, at its position (1-based) and with its citation number."""

    position: int
    source_id: str
    title: str | None
    origin: str
    updated_at: str | None
    text: str
    number: int = 0
    """The number the response cites it by ("[4]"); its position unless the input said."""

    def __post_init__(self) -> None:
        self.number = self.number or self.position


@dataclass
class AnswerDetail:
    """One answer in full, as the review screen shows it."""

    id: str
    question: str
    response: str
    correct: bool | None
    sources: list[SourceInfo]
    claims: list[ClaimView]
    specifics: list[tuple[int, int]] = field(default_factory=list)
    in_overlap: bool = False
    """Two reviewers review it, each without seeing the other's labels first."""
    held_by: list[str] = field(default_factory=list)
    """Others who fill its reviewer slots: it is theirs, shown to this reviewer read-only."""
    judged: bool = True
    """A judge has split it into claims (it may have found none): False before ``judge``."""


def load_answer(
    store: Store, answer_id: str, reviewer: str, *, blind: bool = False, share: float = 0.0,
    adjudicate: bool = False,
) -> AnswerDetail | None:
    """One answer with its sources, claims, labels and unsourced specifics.

    Args:
        blind: blind review: other reviewers' labels stay hidden until this one labels.
        share: the ``overlap`` setting: in an overlap answer they stay hidden too.
        adjudicate: a lead's view (``load_claims``).
    """
    rows = store.query(
        "select id, question, response, scanned_at, overlap_point from answers where id = ?",
        [answer_id],
    )
    if not rows:
        return None
    a = rows[0]
    sources = [
        SourceInfo(
            s["position"], s["source_id"], s["title"], s["origin"], s["updated_at"], s["text"],
            s["cited_as"],
        )
        for s in store.answer_sources(answer_id)
    ]
    correct = answer_correct(store, answer_id)
    flag_rows = store.query("select details from flags where answer_id = ?", [answer_id])
    specifics = _specifics(flag_rows, a["response"], sources, scanned=bool(a["scanned_at"]))
    overlap = in_overlap(a["overlap_point"], share)
    claims = load_claims(
        store, answer_id, reviewer, hide_others=blind or overlap, adjudicate=adjudicate
    )
    # An answer's claims come from a judge's extraction; none yet means it was never judged
    # (an imported database before `groundtui judge`), not that it holds no claim.
    judged = bool(claims) or bool(
        store.scalar(
            "select 1 from extractions where answer_id = ? and error is null limit 1",
            [answer_id],
        )
    )
    return AnswerDetail(
        a["id"], a["question"], a["response"], correct, sources, claims, specifics,
        in_overlap=overlap, judged=judged,
    )


def _specifics(
    flag_rows: list[dict], response: str, sources: list[SourceInfo], scanned: bool
) -> list[tuple[int, int]]:
    """Spans of unsourced specifics: from the stored flags, else the check run live."""
    spans: list[tuple[int, int]] = []
    for row in flag_rows:
        try:
            details = json.loads(row["details"] or "{}")
        except ValueError:
            continue
        for item in details.get("specifics", []) if isinstance(details, dict) else []:
            try:  # what the scan stored; skip what a damaged or foreign row holds
                stored = Specific.from_dict(item)
                start, end = int(stored.start), int(stored.end)
            except (KeyError, TypeError, ValueError, AttributeError):
                continue
            if 0 <= start < end <= len(response):
                spans.append((start, end))
    if spans or scanned:
        return spans
    try:  # not scanned yet: run the (pure, fast) check for this one answer
        numbers = [s.number for s in sources]
        cited = numbered(response, [s.source_id for s in sources], numbers)
        found = unsourced_specifics(cited, [s.text for s in sources], numbers)
    except Exception:  # the check is someone else's; a bug there must not stop a review
        return []
    return [(f.start, f.end) for f in found]
