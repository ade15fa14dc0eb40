"""The review UI's reads of the queue: page by page, never whole.

Every function takes a ``Store`` opened by the calling worker thread; none of them runs on
the UI thread. The queue is never loaded whole: it is read one page at a time by keyset
(tier, seq), so a database of 100,000 answers opens as fast as one of 100.

The queue's order (its tiers, what counts as reviewed) is ``queue_order``'s. Blind review
filters on the reviewer's own labels (and orders by the check's flag alone): where the
judge's verdict moved an answer, or chose it, the queue would tell the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from groundtui.store import Store
from groundtui.store.rules import in_control
from groundtui.tui.queue_order import LIVE_MARK, REVIEWED, tiers
from groundtui.tui.team_data import Team

PAGE = 100

# This reviewer's latest row for the claim ``l`` (their live label), for blind filters.
_OWN = (
    "(select r.verdict from reviews r where r.claim_id = l.claim_id and r.reviewer = ?"
    " order by r.at desc, r.id desc limit 1)"
)


@dataclass(frozen=True)
class QueueFilter:
    """What the reviewer asked the queue to hold (the ``/`` modal)."""

    text: str = ""
    origin: str = ""
    verdict: str = ""
    unreviewed: bool = False
    disagreements: bool = False
    everyone: bool = False
    """Every answer, those other reviewers hold or have reviewed too (README "Reviewing as a team")."""

    @property
    def active(self) -> bool:
        """Whether anything is filtered out (or, with ``everyone``, let in)."""
        return bool(
            self.text or self.origin or self.verdict or self.unreviewed or self.disagreements
            or self.everyone
        )

    def describe(self) -> str:
        """A short line for the queue's header."""
        parts = []
        if self.text:
            parts.append(f'"{self.text}"')
        if self.origin:
            parts.append(f"origin {self.origin}")
        if self.verdict:
            parts.append(self.verdict)
        if self.unreviewed:
            parts.append("unreviewed")
        if self.disagreements:
            parts.append("disagreements")
        if self.everyone:
            parts.append("everyone's")
        return ", ".join(parts)

    def where(self, mine: str | None = None) -> tuple[str, list]:
        """SQL conditions on ``answers a`` and their parameters.

        ``mine`` (blind review: the reviewer) compares verdicts with that reviewer's own
        labels rather than the effective label or anyone's.
        """
        sql, params = [], []
        if self.text:
            like = (
                "%" + self.text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            )
            sql.append(
                "(a.id like ? escape '\\' or a.question like ? escape '\\'"
                " or a.response like ? escape '\\')"
            )
            params += [like, like, like]
        if self.origin:
            sql.append(
                "exists (select 1 from answer_sources x join sources s on"
                " s.key = x.source_key where x.answer_id = a.id and s.origin = ?)"
            )
            params.append(self.origin)
        if self.verdict and mine is not None:
            sql.append(
                f"exists (select 1 from claim_labels l where l.answer_id = a.id and {_OWN} = ?)"
            )
            params += [mine, self.verdict]
        elif self.verdict:
            sql.append(
                "exists (select 1 from claim_labels l where l.answer_id = a.id and l.label = ?)"
            )
            params.append(self.verdict)
        if self.unreviewed:
            sql.append(f"not {REVIEWED}")
        if self.disagreements and mine is not None:  # only where the judge is revealed
            sql.append(
                "exists (select 1 from claim_labels l where l.answer_id = a.id"
                f" and l.judge_verdict is not null and {_OWN} != l.judge_verdict)"
            )
            params.append(mine)
        elif self.disagreements:
            sql.append(
                "exists (select 1 from claim_labels l where l.answer_id = a.id"
                " and l.reviewer_verdict is not null and l.judge_verdict is not null"
                " and l.reviewer_verdict != l.judge_verdict)"
            )
        return " and ".join(sql), params


@dataclass
class QueueRow:
    """One answer as the queue lists it."""

    answer_id: str
    tier: int
    seq: int
    question: str
    flagged: bool
    claims: int
    not_stated: int
    reviewed_claims: int
    marked: bool
    control: bool = False
    """In the control sample of unflagged answers (shown once reviewed, not to prime)."""

    @property
    def state(self) -> str:
        """``reviewed``, ``partial`` or ``unreviewed``."""
        if self.claims:
            if self.reviewed_claims >= self.claims:
                return "reviewed"
            return "partial" if self.reviewed_claims else "unreviewed"
        return "reviewed" if self.marked else "unreviewed"


@dataclass
class QueuePage:
    """Rows after a keyset position; ``after`` is where the next page starts."""

    rows: list[QueueRow]
    after: tuple[int, int] | None


def queue_page(
    store: Store,
    filt: QueueFilter,
    after: tuple[int, int] = (0, 0),
    limit: int = PAGE,
    blind: str | None = None,
    team: Team | None = None,
) -> QueuePage:
    """The next ``limit`` answers of the queue after keyset position ``(tier, seq)``.

    ``blind`` is the reviewer of a blind review: flag-only order, their own labels.
    ``team``: skip what other reviewers hold (README "Reviewing as a team").
    """
    extra, params = _conditions(filt, blind, team)
    share = float(store.setting("control_share"))
    order = tiers(blind is not None, share)
    found: list[tuple[str, int, int]] = []
    tier, seq = after
    while tier < len(order) and len(found) < limit:
        conditions = " and ".join(c for c in (order[tier], extra) if c)
        for row in store.db.execute(
            f"select a.id, a.seq from answers a where a.seq > ? and {conditions}"
            " order by a.seq limit ?",
            [seq, *params, limit - len(found)],
        ):
            found.append((row[0], tier, row[1]))
        if len(found) < limit:
            tier, seq = tier + 1, 0
    rows = summaries(store, found, share)
    more = (found[-1][1], found[-1][2]) if len(found) == limit else None
    return QueuePage(rows, more)


def _conditions(filt: QueueFilter, blind: str | None, team: Team | None) -> tuple[str, list]:
    """The filter's and the team's SQL conditions on ``answers a``, with their parameters."""
    extra, params = filt.where(blind)
    if team is None:
        return extra, params
    sql, more = team.where(filt.everyone)
    return " and ".join(c for c in (extra, sql) if c), params + more


def summaries(
    store: Store, keyed: list[tuple[str, int, int]], share: float | None = None
) -> list[QueueRow]:
    """Queue rows for ``(answer id, tier, seq)`` triples, in the same order.

    ``share``: the ``control_share`` setting, when the caller has read it.
    """
    if not keyed:
        return []
    ids = [k[0] for k in keyed]
    marks = ",".join("?" * len(ids))
    info = {
        r[0]: r[1:]
        for r in store.db.execute(f"select id, question from answers where id in ({marks})", ids)
    }
    counts = {
        r[0]: r[1:]
        for r in store.db.execute(
            "select answer_id, count(*), sum(label is not null and label != 'stated'),"
            f" count(reviewer_verdict) from claim_labels where answer_id in ({marks})"
            " group by answer_id",
            ids,
        )
    }
    flagged = {
        r[0]
        for r in store.db.execute(
            f"select distinct answer_id from flags where answer_id in ({marks})", ids
        )
    }
    marked = {
        r[0]
        for r in store.db.execute(
            f"select distinct m.answer_id from answer_marks m where m.answer_id in ({marks})"
            f" and {LIVE_MARK}",
            ids,
        )
    }
    if share is None:
        share = float(store.setting("control_share"))
    control = set() if share <= 0 else {
        r[0]
        for r in store.db.execute(
            f"select a.id from answers a where a.id in ({marks})"
            f" and {in_control('a', repr(share))}", ids)
    }
    rows = []
    for answer_id, tier, seq in keyed:
        n, not_stated, reviewed = counts.get(answer_id, (0, 0, 0))
        rows.append(
            QueueRow(
                answer_id,
                tier,
                seq,
                info.get(answer_id, ("",))[0],
                answer_id in flagged,
                n,
                not_stated or 0,
                reviewed,
                answer_id in marked,
                answer_id in control,
            )
        )
    return rows


def summary(store: Store, answer_id: str) -> QueueRow:
    """The queue row of one answer (its tier as of now)."""
    seq = store.scalar("select seq from answers where id = ?", [answer_id]) or 0
    return summaries(store, [(answer_id, -1, seq)])[0]


def progress(
    store: Store, filt: QueueFilter, blind: str | None = None, team: Team | None = None
) -> tuple[int, int]:
    """``(reviewed, total)`` answers of the (filtered) queue: a full scan, for a worker."""
    extra, params = _conditions(filt, blind, team)
    row = store.db.execute(
        f"select count(*), coalesce(sum({REVIEWED}), 0) from answers a"
        f" {'where ' + extra if extra else ''}",
        params,
    ).fetchone()
    return row[1], row[0]


def origins(store: Store) -> list[str]:
    """Every source origin, for the filter's choices."""
    return [r[0] for r in store.db.execute("select distinct origin from sources order by 1")]
