"""The review queue: its order, whose it is, what it shows of each answer, page by page.

Queue order (docs/review.md): answers flagged by the mechanical check, or where the
check and the judge disagree (flagged but every claim stated, or not flagged but a claim not
stated), first; within each, unreviewed before reviewed; then import order. "Reviewed"
means every claim has a reviewer's label (anyone's); an answer without claims counts as
reviewed once its correctness is marked. The order is fixed when the queue is loaded, so an
answer does not jump away from under the reviewer as it becomes reviewed.

The queue is never loaded whole: it is read one page at a time by keyset (tier, seq), so a
database of 100,000 answers opens as fast as one of 100. Every function takes a ``Store``
opened by the calling thread (a worker's, in the UI).

What the queue shows never tells a verdict the reviewer may not see yet. Blind review
orders by the check's flag alone and filters on the reviewer's own labels: where the judge's
verdict moved an answer, or chose it, the queue would tell the verdict. In the double-review
overlap, a claim the reviewer has not labelled counts by the judge's verdict, not by another
reviewer's label (docs/team-review.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import NamedTuple

from groundtui.store import Store
from groundtui.store.rules import in_control, live_mark, live_review, queue_reviewed
from groundtui.store.team import NEEDED, disputed_for, open_to

PAGE = 100

# Priority = flagged, or not flagged with a claim the judge did not find stated; this is
# "flagged, or check and judge disagree" with the flagged-and-all-stated case folded in.
FLAGGED = "exists (select 1 from flags f where f.answer_id = a.id)"
PRIORITY = (
    f"({FLAGGED} or exists (select 1 from claim_labels l where l.answer_id = a.id"
    " and l.judge_verdict is not null and l.judge_verdict != 'stated'))"
)
# A mark that counts: neither an undo row nor undone by one (m then u leaves none).
LIVE_MARK = live_mark("m")
MARKED = f"select 1 from answer_marks m where {LIVE_MARK}"
REVIEWED = (
    "(case when exists (select 1 from claim_labels l where l.answer_id = a.id)"
    " then not exists (select 1 from claim_labels l where l.answer_id = a.id"
    " and l.reviewer_verdict is null)"
    f" else exists ({MARKED} and m.answer_id = a.id) end)"
)


def tiers(blind: bool = False, control: float = 0.0) -> tuple[str, ...]:
    """The queue's four tiers, as SQL conditions on ``answers a``, in order.

    The control sample of ``control`` (the ``control_share`` setting) is mixed into the
    first tiers, unmarked until labelled, so the reviewer is not primed.
    """
    first = FLAGGED if blind else PRIORITY
    if control > 0:
        first = f"({first} or {in_control('a', repr(float(control)))})"
    return (
        f"{first} and not {REVIEWED}",
        f"{first} and {REVIEWED}",
        f"not {first} and not {REVIEWED}",
        f"not {first} and {REVIEWED}",
    )


#: Answers with a claim on which the two first reviewers' latest verdicts differ, that the
#: lead (``?``) adjudicates (``store.team.disputed_for``).
DISPUTED = (
    "exists (select 1 from claims c join agg_claim_rr r on r.claim_id = c.id"
    f" where c.answer_id = a.id and {disputed_for('r', '?')})"
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
            return DISPUTED, [self.reviewer] * DISPUTED.count("?")
        if everyone:
            return "", []
        return open_to(self.reviewer, self.now, self.share)

    def seen(self, column: str) -> tuple[str, list]:
        """``l.label`` or ``l.reviewer_verdict`` (of ``claim_labels l`` on ``answers a``) as
        this reviewer may see it: in the double-review overlap, a claim they have not
        labelled counts by the judge's verdict and no reviewer's (a lead sees all)."""
        if self.adjudicate or self.share <= 0:
            return f"l.{column}", []
        hidden = (
            "(a.overlap_point < ? and not exists (select 1 from reviews r"
            " where r.claim_id = l.claim_id and r.reviewer = ? and r.verdict is not null))"
        )
        instead = "l.judge_verdict" if column == "label" else "null"
        return f"(case when {hidden} then {instead} else l.{column} end)", [
            self.share,
            self.reviewer,
        ]


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
    """Every answer, those other reviewers hold or have reviewed too (docs/team-review.md)."""

    @property
    def active(self) -> bool:
        """Whether anything is filtered out (or, with ``everyone``, let in)."""
        return bool(
            self.text
            or self.origin
            or self.verdict
            or self.unreviewed
            or self.disagreements
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

    def where(self, mine: str | None = None, team: Team | None = None) -> tuple[str, list]:
        """SQL conditions on ``answers a`` and their parameters.

        ``mine`` (blind review: the reviewer) compares verdicts with that reviewer's own
        labels rather than the effective label or anyone's; ``team``: only the labels that
        reviewer may see (``Team.seen``).
        """
        sql: list[str] = []
        params: list = []
        label, label_params = team.seen("label") if team else ("l.label", [])
        people, people_params = (
            team.seen("reviewer_verdict") if team else ("l.reviewer_verdict", [])
        )
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
                f"exists (select 1 from claim_labels l where l.answer_id = a.id and {label} = ?)"
            )
            params += [*label_params, self.verdict]
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
                f" and l.judge_verdict is not null and {people} != l.judge_verdict)"
            )
            params += people_params
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
    empty: str = ""
    """Why the queue holds no answer at all, when its first page is empty
    (``why_empty``)."""
    start: int | None = None
    """On a first page: the row to open first (``first_to_label``); None when no row of
    the page has a claim left for this reviewer."""


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
    ``team``: skip what other reviewers hold (docs/team-review.md).
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
    rows = summaries(store, found, share, team)
    more = (found[-1][1], found[-1][2]) if len(found) == limit else None
    first = after == (0, 0)
    empty = why_empty(store, filt, team) if not rows and first else ""
    start = first_to_label(store, rows, team) if first and team is not None else None
    return QueuePage(rows, more, empty, start)


def newest(store: Store) -> int:
    """The ``seq`` of the last answer stored: where arrivals are counted from."""
    return int(store.scalar("select coalesce(max(seq), 0) from answers"))


def arrivals(
    store: Store,
    filt: QueueFilter,
    after: int,
    limit: int = PAGE,
    blind: str | None = None,
    team: Team | None = None,
) -> tuple[list[QueueRow], int]:
    """The answers stored after ``seq`` ``after`` that the queue holds (an import, the
    collector), in the order they came, each with its tier as of now; and the ``seq`` to
    look after next time (every answer up to it was looked at)."""
    extra, params = _conditions(filt, blind, team)
    share = float(store.setting("control_share"))
    tier = " ".join(f"when {c} then {i}" for i, c in enumerate(tiers(blind is not None, share)))
    last = newest(store)
    conditions = " and ".join(c for c in ("a.seq > ? and a.seq <= ?", extra) if c)
    found = [
        (row[0], row[1], row[2])
        for row in store.db.execute(
            f"select a.id, case {tier} end, a.seq from answers a where {conditions}"
            " order by a.seq limit ?",
            [after, last, *params, limit],
        )
    ]
    if len(found) == limit:
        last = found[-1][2]
    return summaries(store, found, share, team), last


def first_to_label(store: Store, rows: list[QueueRow], team: Team) -> int | None:
    """The row a session opens first: the first answer this reviewer began and left
    unfinished, else the first with a claim left for them (one they have not labelled that
    has fewer reviewers' labels than it needs: one, two in the overlap); None when no row
    has one (a lead's queue: its first row)."""
    if team.adjudicate or not rows:
        return 0 if rows else None
    ids = [r.answer_id for r in rows]
    marks = ",".join("?" * len(ids))
    mine = "casefold(x.reviewer) = casefold(?)"
    left = dict(
        store.db.execute(
            f"select c.answer_id, count(*) from claims c join answers a on a.id = c.answer_id"
            f" where c.answer_id in ({marks}) and c.retired is null"
            f" and not exists (select 1 from agg_reviewer_claims x where x.claim_id = c.id"
            f" and {mine})"
            " and (select count(*) from agg_reviewer_claims x where x.claim_id = c.id)"
            f" < {NEEDED} group by c.answer_id",
            [*ids, team.reviewer, team.share],
        ).fetchall()
    )
    begun = {
        r[0]
        for r in store.db.execute(
            f"select x.answer_id from agg_reviewer_answers x where x.answer_id in ({marks})"
            f" and {mine} and x.claims > 0",
            [*ids, team.reviewer],
        )
    }
    to_label = [i for i, row in enumerate(rows) if left.get(row.answer_id)]
    unfinished = [i for i in to_label if rows[i].answer_id in begun]
    return next(iter(unfinished or to_label), None)


def why_empty(store: Store, filt: QueueFilter, team: Team | None) -> str:
    """Why a queue holds no answer, in the sentence the status line says: a filter, an
    empty database, nothing disputed, or every answer has the reviewers it needs."""
    if filt.active:
        return "No answer matches the filter."
    if not store.scalar("select exists (select 1 from answers)"):
        return "The database holds no answers yet."
    if team is not None and team.adjudicate:
        if store.scalar("select exists (select 1 from agg_claim_rr where a != b)"):
            return (
                "No dispute left for you: those you were party to are another lead's to adjudicate."
            )
        return "No claim is disputed: nothing to adjudicate."
    return (
        "Nothing left for you: every answer has the reviewers it needs "
        "(/ → everyone's answers shows them all)."
    )


def _conditions(filt: QueueFilter, blind: str | None, team: Team | None) -> tuple[str, list]:
    """The filter's and the team's SQL conditions on ``answers a``, with their parameters."""
    extra, params = filt.where(blind, team)
    if team is None:
        return extra, params
    sql, more = team.where(filt.everyone)
    return " and ".join(c for c in (extra, sql) if c), params + more


def summaries(
    store: Store,
    keyed: list[tuple[str, int, int]],
    share: float | None = None,
    team: Team | None = None,
) -> list[QueueRow]:
    """Queue rows for ``(answer id, tier, seq)`` triples, in the same order.

    ``share``: the ``control_share`` setting, when the caller has read it. ``team``: claims
    count by the labels its reviewer may see (``Team.seen``).
    """
    if not keyed:
        return []
    ids = [k[0] for k in keyed]
    marks = ",".join("?" * len(ids))
    info = {
        r[0]: r[1:]
        for r in store.db.execute(f"select id, question from answers where id in ({marks})", ids)
    }
    label, label_params = team.seen("label") if team else ("l.label", [])
    counts = {
        r[0]: r[1:]
        for r in store.db.execute(
            f"select l.answer_id, count(*), sum({label} is not null and {label} != 'stated'),"
            " count(l.reviewer_verdict) from claim_labels l join answers a on a.id = l.answer_id"
            f" where l.answer_id in ({marks}) group by l.answer_id",
            [*label_params, *label_params, *ids],
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
    control = (
        set()
        if share <= 0
        else {
            r[0]
            for r in store.db.execute(
                f"select a.id from answers a where a.id in ({marks})"
                f" and {in_control('a', repr(share))}",
                ids,
            )
        }
    )
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


def summary(store: Store, answer_id: str, team: Team | None = None) -> QueueRow:
    """The queue row of one answer (its tier as of now), as ``team``'s reviewer sees it."""
    seq = store.scalar("select seq from answers where id = ?", [answer_id]) or 0
    return summaries(store, [(answer_id, -1, seq)], team=team)[0]


def progress(
    store: Store, filt: QueueFilter, blind: str | None = None, team: Team | None = None
) -> tuple[int, int]:
    """``(reviewed, total)`` answers of the (filtered) queue.

    Unfiltered, it reads the work counts the database keeps (``groundtui.store.work``): a
    few rows whatever the size. A filter (or a lead's queue of disputes) scans every
    answer (``progress_scan``): the UI counts it in a worker, spaced by its cost.
    """
    if filt.active or (team is not None and team.adjudicate):
        return progress_scan(store, filt, blind, team)
    if team is None:
        row = store.db.execute(
            "select coalesce(sum(n), 0), coalesce(sum(n * reviewed), 0) from agg_work"
        ).fetchone()
        return row[1], row[0]
    return _open_progress(store, team)


def _open_progress(store: Store, team: Team) -> tuple[int, int]:
    """``progress`` of the answers open to ``team``'s reviewer (``open_to``), from counts.

    An answer is open to them when they hold it, or its holders are fewer than it needs
    (one; two in the overlap). Held by those who finished it alone (``holders``), the open
    answers are those nobody finished, those the reviewer finished, and those in the
    overlap one other reviewer finished; the few answers with a live lease are then
    counted again by the rule itself.
    """
    params = {"me": team.reviewer, "now": team.now, "share": team.share}
    names = [
        r[0]
        for r in store.db.execute(
            "select reviewer from agg_reviewers where casefold(reviewer) = casefold(:me)", params
        )
    ]
    mine = (
        "exists (select 1 from agg_reviewer_answers x where x.answer_id = s.answer_id"
        " and x.finished and x.reviewer in (select value from json_each(:names)))"
    )
    params["names"] = json.dumps(names)
    total, reviewed = store.db.execute(
        "select coalesce(sum(n), 0), coalesce(sum(n * reviewed), 0) from agg_work where held = 0"
    ).fetchone()
    n, done = store.db.execute(
        "select coalesce(sum(finished), 0), coalesce(sum(finished_reviewed), 0)"
        " from agg_reviewers"
        " where reviewer in (select value from json_each(:names))",
        params,
    ).fetchone()
    total, reviewed = total + n, reviewed + done
    if team.share > 0:
        n, done = store.db.execute(
            f"select count(*), coalesce(sum({queue_reviewed('s')}), 0) from agg_answer_state s"
            f" where s.overlap_point < :share and s.holders = 1 and not {mine}",
            params,
        ).fetchone()
        total, reviewed = total + n, reviewed + done
    # Answers with a live lease: counted above by who finished them, now by the rule.
    sql, rule_params = open_to(team.reviewer, team.now, team.share)
    by_counts = (
        f"({mine} or s.holders < (case when coalesce(s.overlap_point, 1) < :share"
        " then 2 else 1 end))"
    )
    leased = store.db.execute(
        f"select a.id, {by_counts}, {queue_reviewed('s')} from answers a"
        " join agg_answer_state s on s.answer_id = a.id where a.id in (select l.answer_id"
        " from leases l where l.alive_until > :now and l.expires_at > :now)",
        params,
    ).fetchall()
    if leased:
        open_now = {
            r[0]
            for r in store.db.execute(
                f"select a.id from answers a where a.id in"
                f" ({','.join('?' * len(leased))}) and {sql}",
                [*(r[0] for r in leased), *rule_params],
            )
        }
        for answer_id, counted, done in leased:
            change = (answer_id in open_now) - bool(counted)
            total, reviewed = total + change, reviewed + change * bool(done)
    return reviewed, total


def progress_scan(
    store: Store, filt: QueueFilter, blind: str | None = None, team: Team | None = None
) -> tuple[int, int]:
    """``progress`` by a scan of every answer: a filtered queue's, and the recount the
    tests hold the kept counts to."""
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


class TeamProgress(NamedTuple):
    """Answers done (every claim labelled) by anyone, by this reviewer, and by two
    reviewers in the overlap: ``team: 140 of 500 done`` / ``yours: 12 done`` /
    ``overlap: 9 of 50 twice``."""

    mine: int
    team: int
    answers: int
    double: int
    overlap: int

    def line(self) -> str:
        """The lines the queue shows under its own count, each naming what it counts."""
        text = f"team: {self.team:,} of {self.answers:,} done\nyours: {self.mine:,} done"
        if self.overlap:
            text += f"\noverlap: {self.double:,} of {self.overlap:,} twice"
        return text


def disputes_left(store: Store, lead: str) -> tuple[int, int]:
    """``(left, all)``: claims two reviewers disagree on that ``lead`` adjudicates
    (``store.team.disputed_for``), not yet adjudicated, of all of them."""
    rule = disputed_for("r", "?")
    row = store.db.execute(
        "select count(*), coalesce(sum(l.adjudicated_verdict is null), 0)"
        f" from agg_claim_rr r join claim_labels l on l.claim_id = r.claim_id where {rule}",
        [lead] * rule.count("?"),
    ).fetchone()
    return row[1], row[0]


def team_line(store: Store, team: Team) -> str:
    """The team's progress as the queue shows it: a lead's disputes left, else
    ``TeamProgress.line``."""
    if team.adjudicate:
        left, disputed = disputes_left(store, team.reviewer)
        return f"{left:,} of {disputed:,} disputed claims left to adjudicate"
    return team_progress(store, team.reviewer, team.share).line()


def team_progress(store: Store, reviewer: str, share: float) -> TeamProgress:
    """Answers this reviewer labelled every claim of, answers every claim of which has a
    reviewer's label, and overlap answers every claim of which two reviewers labelled:
    read from the work counts the database keeps (``groundtui.store.work``)."""
    mine = store.scalar("select done from agg_reviewers where reviewer = ?", [reviewer]) or 0
    answers, team = store.db.execute(
        "select coalesce(sum(n), 0), coalesce(sum(n * (listed and reviewed)), 0) from agg_work"
    ).fetchone()
    overlap = store.scalar("select count(*) from answers where overlap_point < ?", [share])
    double = store.scalar(
        "select count(*) from agg_answer_state where overlap_point < ? and claims > 0"
        " and doubled >= claims",
        [share],
    )
    return TeamProgress(mine, team, answers, double, overlap)


def team_progress_scan(store: Store, reviewer: str, share: float) -> TeamProgress:
    """``team_progress`` by a scan of the labels: the recount the tests hold it to."""
    mine = store.scalar(
        "select count(*) from (select c.answer_id, count(*) as done"
        " from reviews r join claims c on c.id = r.claim_id"
        f" where r.reviewer = ? and {live_review('r')} and c.retired is null"
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
