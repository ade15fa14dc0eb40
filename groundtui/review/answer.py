"""The review's reads of one answer: its sources, its claims with everyone's labels, and
the unsourced specifics the check found in it.

Every function takes a ``Store`` opened by the calling thread (a worker's, in the UI).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from groundtui.checks import Specific, unsourced_specifics
from groundtui.report import answer_correct
from groundtui.store import Store, disputed_for, in_overlap, party_to
from groundtui.text.markers import numbered


@dataclass(frozen=True)
class OtherLabel:
    """Another reviewer's latest label (or note) on a claim."""

    reviewer: str
    verdict: str | None
    kind: str | None
    note: str
    blind: bool


def other_labels(store: Store, claim_ids: list[str], reviewer: str) -> dict[str, list[OtherLabel]]:
    """Every other reviewer's latest row on each claim, when it holds a label or a note."""
    if not claim_ids:
        return {}
    marks = ",".join("?" * len(claim_ids))
    latest: dict[str, dict[str, dict]] = {}
    for row in store.query(
        "select claim_id, reviewer, verdict, invention_kind, note, blind from reviews"
        f" where claim_id in ({marks}) and reviewer != ? order by at, id",
        [*claim_ids, reviewer],
    ):
        latest.setdefault(row["claim_id"], {})[row["reviewer"]] = row
    return {
        claim_id: [
            OtherLabel(
                r["reviewer"], r["verdict"], r["invention_kind"], r["note"] or "", bool(r["blind"])
            )
            for r in rows.values()
            if r["verdict"] is not None or r["note"]
        ]
        for claim_id, rows in latest.items()
    }


def disputed_claims(store: Store, claim_ids: list[str], lead: str) -> dict[str, bool]:
    """Those of ``claim_ids`` whose two first reviewers' latest verdicts differ that
    ``lead`` adjudicates (``store.team.disputed_for``), each with whether the lead was
    party to it (the only lead, then)."""
    if not claim_ids:
        return {}
    marks = ",".join("?" * len(claim_ids))
    rule = disputed_for("r", "?")
    return {
        r[0]: bool(r[1])
        for r in store.db.execute(
            f"select r.claim_id, {party_to('r', '?')} from agg_claim_rr r"
            f" where r.claim_id in ({marks}) and {rule}",
            [lead, lead, *claim_ids, *[lead] * rule.count("?")],
        )
    }


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
    mine_independent: bool = False
    """This reviewer's label was made with the other reviewers' labels hidden."""
    party: bool = False
    """A lead's view: the lead was one of the two reviewers who disagree on it (the only
    lead: another would adjudicate it)."""
    mine_party: bool = False
    """A lead's view: their decision records that they were party to the dispute."""
    settled: bool = False
    """Other reviewers' labels give it the reviewers it needs (one; two in the overlap):
    moving on passes it, as it is not this reviewer's to finish (docs/team-review.md)."""

    @property
    def left_to_label(self) -> bool:
        """Whether moving on stops at it: this reviewer has not labelled it, and it still
        needs a reviewer."""
        return self.mine_verdict is None and not self.settled

    number: int = 0
    """The claim's number on screen: its place in reading order, 1 first. Ids never
    change; a split, an added or a dismissed claim renumbers what is shown."""

    def judge_hidden(self, blind: bool) -> bool:
        """Whether blind review still hides the judge's verdict and evidence."""
        return blind and not self.revealed

    def shown_label(self, blind: bool) -> str | None:
        """The verdict this reviewer may see the claim coloured by: their own while the
        judge is hidden (blind review); the judge's, or their own, while other reviewers'
        labels are hidden (independent review); else the effective label."""
        if self.judge_hidden(blind):
            return self.mine_verdict
        if self.others_hidden:
            return self.mine_verdict or self.judge_verdict
        return self.label

    @property
    def shown_others(self) -> list[OtherLabel]:
        """The other reviewers' labels this reviewer may see now."""
        return [] if self.others_hidden else self.others


def load_claims(
    store: Store,
    answer_id: str,
    reviewer: str,
    *,
    hide_others: bool = False,
    adjudicate: bool = False,
    needed: int = 1,
) -> list[ClaimView]:
    """The answer's claims in the order they appear in the response, with their labels.

    Args:
        hide_others: independent review (blind, or an overlap answer): another reviewer's
            label stays hidden on each claim until this reviewer has labelled it.
        needed: the reviewers each claim needs (two in the overlap): a claim others'
            labels give that many is ``settled``.
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
    for number, claim in enumerate(claims, start=1):
        claim.number = number  # before a lead's filter: a claim keeps its number
    ids = [c.id for c in claims]
    if adjudicate:
        disputed = disputed_claims(store, ids, reviewer)
        claims = [c for c in claims if c.id in disputed]
        for claim in claims:
            claim.party = disputed[claim.id]
        ids = [c.id for c in claims]
    mine = latest_mine(store, ids, reviewer, adjudicate)
    seen = revealed(store, ids, reviewer)
    others = other_labels(store, ids, reviewer)
    for claim in claims:
        claim.revealed = claim.id in seen
        claim.others = others.get(claim.id, [])
        claim.others_hidden = hide_others and not claim.revealed and not adjudicate
        labelled_by = sum(other.verdict is not None for other in claim.others)
        claim.settled = not adjudicate and labelled_by >= needed
        row = mine.get(claim.id)
        if row:
            claim.mine_verdict, claim.mine_kind = row["verdict"], row["invention_kind"]
            claim.mine_note, claim.mine_blind = row["note"] or "", bool(row["blind"])
            claim.mine_independent = bool(row["independent"])
            claim.mine_party = bool(row["party"])
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
            "select id, claim_id, verdict, invention_kind, note, 0 as blind, 0 as independent,"
            " party from adjudications"
            f" where claim_id in ({marks}) order by at, id",
            claim_ids,
        )
    else:
        rows = store.query(
            "select id, claim_id, verdict, invention_kind, note, blind, independent, 0 as party"
            " from reviews"
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
    store: Store,
    answer_id: str,
    reviewer: str,
    *,
    blind: bool = False,
    share: float = 0.0,
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
            s["position"],
            s["source_id"],
            s["title"],
            s["origin"],
            s["updated_at"],
            s["text"],
            s["cited_as"],
        )
        for s in store.answers.sources(answer_id)
    ]
    correct = answer_correct(store, answer_id)
    flag_rows = store.query("select details from flags where answer_id = ?", [answer_id])
    specifics = _specifics(flag_rows, a["response"], sources, scanned=bool(a["scanned_at"]))
    overlap = in_overlap(a["overlap_point"], share)
    claims = load_claims(
        store,
        answer_id,
        reviewer,
        hide_others=blind or overlap,
        adjudicate=adjudicate,
        needed=2 if overlap else 1,
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
        a["id"],
        a["question"],
        a["response"],
        correct,
        sources,
        claims,
        specifics,
        in_overlap=overlap,
        judged=judged,
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
