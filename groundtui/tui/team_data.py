"""The review UI's reads for a team: whose queue, the team's progress, and who said what.

Every function takes a ``Store`` opened by the calling worker thread (README "Reviewing as
a team").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from groundtui.store import Store
from groundtui.store.team import open_to

#: Answers with a claim on which the two first reviewers' latest verdicts differ.
DISPUTED = (
    "exists (select 1 from claims c join agg_claim_rr r on r.claim_id = c.id"
    " where c.answer_id = a.id and r.a != r.b)"
)


@dataclass(frozen=True)
class Team:
    """Whose queue it is, at what moment, under which team settings.

    ``share`` is the ``overlap`` setting; ``adjudicate`` makes it a lead's queue of the
    answers reviewers disagree on.
    """

    reviewer: str
    now: str
    share: float = 0.0
    adjudicate: bool = False

    def where(self, everyone: bool) -> tuple[str, list]:
        """SQL on ``answers a``: the answers this queue holds (all of them: ``everyone``)."""
        if self.adjudicate:
            return DISPUTED, []
        if everyone:
            return "", []
        return open_to(self.reviewer, self.now, self.share)


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
            OtherLabel(r["reviewer"], r["verdict"], r["invention_kind"], r["note"] or "",
                       bool(r["blind"]))
            for r in rows.values() if r["verdict"] is not None or r["note"]
        ]
        for claim_id, rows in latest.items()
    }


def disputed_claims(store: Store, claim_ids: list[str]) -> set[str]:
    """Those of ``claim_ids`` whose two first reviewers' latest verdicts differ."""
    if not claim_ids:
        return set()
    marks = ",".join("?" * len(claim_ids))
    return {
        r[0] for r in store.db.execute(
            f"select claim_id from agg_claim_rr where claim_id in ({marks}) and a != b",
            claim_ids,
        )
    }


class TeamProgress(NamedTuple):
    """``mine 12 · team 140 of 500 · double 9 of 50``: answers done by this reviewer, by
    anyone, and by two reviewers in the overlap."""

    mine: int
    team: int
    answers: int
    double: int
    overlap: int

    def line(self) -> str:
        """The progress line the queue shows."""
        text = f"mine {self.mine:,} · team {self.team:,} of {self.answers:,}"
        if self.overlap:
            text += f" · double {self.double:,} of {self.overlap:,}"
        return text


def team_progress(store: Store, reviewer: str, share: float) -> TeamProgress:
    """Answers this reviewer labelled every claim of, answers every claim of which has a
    reviewer's label, and overlap answers every claim of which two reviewers labelled."""
    mine = store.scalar(
        "select count(*) from (select c.answer_id, count(distinct r.claim_id) as done"
        " from reviews r join claims c on c.id = r.claim_id"
        " where r.reviewer = ? and r.verdict is not null and c.retired is null"
        " group by c.answer_id) m"
        " join agg_answer_state s on s.answer_id = m.answer_id where m.done >= s.claims",
        [reviewer],
    )
    answers, team = store.db.execute(
        "select count(*), coalesce(sum(s.claims > 0 and (select count(*) from claim_labels l"
        " where l.answer_id = s.answer_id and l.reviewer_verdict is not null) >= s.claims), 0)"
        " from agg_answer_state s"
    ).fetchone()
    overlap, double = store.db.execute(
        "select count(*), coalesce(sum(s.claims > 0 and (select count(*) from claims c"
        " join agg_claim_rr r on r.claim_id = c.id where c.answer_id = a.id) >= s.claims), 0)"
        " from answers a join agg_answer_state s on s.answer_id = a.id"
        " where a.overlap_point < ?",
        [share],
    ).fetchone()
    return TeamProgress(mine, team, answers, double, overlap)
