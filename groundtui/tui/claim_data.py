"""The review UI's read of an answer's claims with their labels: the judge's verdict and
evidence, this reviewer's own latest review, the other reviewers' labels, adjudications.

Apart from ``answer_data`` because the session reads claims alone too (after a label, an
undo, a correction), without the answer's sources and specifics. Every function takes a
``Store`` opened by the calling worker thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from groundtui.store import Store
from groundtui.tui.team_data import (
    OtherLabel,
    disputed_claims,
    other_labels,
)


@dataclass
class ClaimView:
    """A claim with everything the claims list, the answer and the source pane show."""

    id: str
    ordinal: int
    text: str
    kind: str
    citation: int | None
    span: tuple[int, int] | None
    uncited: bool
    dangling: bool
    judge: str | None = None
    judge_verdict: str | None = None
    judge_kind: str | None = None
    evidence: tuple[int, int] | None = None
    evidence_text: str | None = None
    rationale: str | None = None
    label: str | None = None
    label_kind: str | None = None
    reviewer: str | None = None
    reviewer_verdict: str | None = None
    reviewer_kind: str | None = None
    reviewer_blind: bool = False
    note: str | None = None
    mine_verdict: str | None = None
    mine_kind: str | None = None
    mine_note: str = ""
    mine_blind: bool = False
    revealed: bool = False
    """This reviewer has labelled the claim at some time: the judge's verdict was shown."""
    others: list[OtherLabel] = field(default_factory=list)
    """Every other reviewer's latest label or note, oldest first."""
    others_hidden: bool = False
    """Independent review: the others' labels stay hidden until this reviewer labels."""
    adjudicator: str | None = None
    adjudicated_verdict: str | None = None
    adjudicated_kind: str | None = None
    citations: tuple[int, ...] = ()
    """Every number the claim cites, in order (``citation`` is the first)."""

    def judge_hidden(self, blind: bool) -> bool:
        """Whether blind review still hides the judge's verdict and evidence."""
        return blind and not self.revealed

    @property
    def disagrees(self) -> bool:
        """A reviewer's latest label differs from the judge's verdict."""
        return bool(
            self.reviewer_verdict
            and self.judge_verdict
            and self.reviewer_verdict != self.judge_verdict
        )

    @property
    def shown_others(self) -> list[OtherLabel]:
        """The other reviewers' labels this reviewer may see now."""
        return [] if self.others_hidden else self.others


def load_claims(
    store: Store, answer_id: str, reviewer: str, *, hide_others: bool = False,
    adjudicate: bool = False,
) -> list[ClaimView]:
    """The answer's claims in the order they appear in the response, with their labels.

    Args:
        hide_others: independent review (blind, or an overlap answer): another reviewer's
            label stays hidden on each claim until this reviewer has labelled it.
        adjudicate: a lead's view: only the claims two reviewers disagree on, and "mine" is
            the latest adjudication.
    """
    claims = []
    for r in store.query(
        "select c.id, c.ordinal, c.text, c.kind, c.citation, c.citations, c.span_start, c.span_end,"
        " c.uncited, c.dangling, l.judge, l.judge_verdict, l.judge_kind, j.evidence_start,"
        " j.evidence_end, j.evidence_text, j.rationale, l.label, l.label_kind, l.reviewer,"
        " l.reviewer_verdict, l.reviewer_kind, coalesce(r.blind, 0) as blind, l.note,"
        " l.adjudicator, l.adjudicated_verdict, l.adjudicated_kind"
        " from claims c left join claim_labels l on l.claim_id = c.id"
        " left join judgements j on j.id = l.judgement_id"
        " left join reviews r on r.id = l.review_id"
        " where c.answer_id = ? and c.retired is null"
        " order by c.span_start is null, c.span_start, c.ordinal, c.id",
        [answer_id],
    ):
        span = (r["span_start"], r["span_end"]) if r["span_start"] is not None else None
        evidence = (
            (r["evidence_start"], r["evidence_end"]) if r["evidence_start"] is not None else None
        )
        claims.append(
            ClaimView(
                r["id"],
                r["ordinal"],
                r["text"],
                r["kind"],
                r["citation"],
                span,
                bool(r["uncited"]),
                bool(r["dangling"]),
                r["judge"],
                r["judge_verdict"],
                r["judge_kind"],
                evidence,
                r["evidence_text"],
                r["rationale"],
                r["label"],
                r["label_kind"],
                r["reviewer"],
                r["reviewer_verdict"],
                r["reviewer_kind"],
                bool(r["blind"]),
                r["note"],
                adjudicator=r["adjudicator"],
                adjudicated_verdict=r["adjudicated_verdict"],
                adjudicated_kind=r["adjudicated_kind"],
                citations=tuple(json.loads(r["citations"] or "[]")),
            )
        )
    ids = [c.id for c in claims]
    if adjudicate:
        disputed = disputed_claims(store, ids)
        claims = [c for c in claims if c.id in disputed]
        ids = [c.id for c in claims]
    mine = latest_mine(store, ids, reviewer, adjudicate)
    seen = revealed(store, ids, reviewer)
    others = other_labels(store, ids, reviewer)
    for claim in claims:
        claim.revealed = claim.id in seen
        claim.others = others.get(claim.id, [])
        claim.others_hidden = hide_others and not claim.revealed and not adjudicate
        row = mine.get(claim.id)
        if row:
            claim.mine_verdict, claim.mine_kind = row["verdict"], row["invention_kind"]
            claim.mine_note, claim.mine_blind = row["note"] or "", bool(row["blind"])
    return claims


def latest_mine(
    store: Store, claim_ids: list[str], reviewer: str, adjudicate: bool
) -> dict[str, dict]:
    """This session's latest decision row for each claim, retractions included: the
    reviewer's own reviews, or, adjudicating, the claim's adjudications (withdrawals
    included), shaped as review rows."""
    if not claim_ids:
        return {}
    marks = ",".join("?" * len(claim_ids))
    if adjudicate:
        rows = store.query(
            "select id, claim_id, verdict, invention_kind, note, 0 as blind from adjudications"
            f" where claim_id in ({marks}) order by at, id",
            claim_ids,
        )
    else:
        rows = store.query(
            "select id, claim_id, verdict, invention_kind, note, blind from reviews"
            f" where reviewer = ? and claim_id in ({marks}) order by at, id",
            [reviewer, *claim_ids],
        )
    return {row["claim_id"]: row for row in rows}  # in time order: the last one stays


def revealed(store: Store, claim_ids: list[str], reviewer: str) -> set[str]:
    """Claims this reviewer has ever given a verdict: blind review showed them the judge's
    verdict then, and an undo does not make them forget it."""
    if not claim_ids:
        return set()
    marks = ",".join("?" * len(claim_ids))
    return {
        row["claim_id"]
        for row in store.query(
            "select distinct claim_id from reviews where reviewer = ? and verdict is not null"
            f" and claim_id in ({marks})",
            [reviewer, *claim_ids],
        )
    }
