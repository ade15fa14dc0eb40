"""The writes of a team on one database: reviewers' names, leases on answers, adjudications.

docs/team-review.md has the rules. A reviewer is one person whatever the case of
their name. Opening an answer takes a lease on it, in one write transaction, so two
reviewers who start at the same instant never get the same answer; an answer admits as
many reviewers as it needs (two in the double-review overlap, else one), counting those
who hold a live lease on it and those who finished it. An answer labelled in part is its
reviewer's only while their lease lives: once it lapses (their session ended, a lead freed
it) the next reviewer finishes it. Every time is an ISO 8601 text from ``now_iso`` that
the caller passes, so tests can move the clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from groundtui.store.connection import Connection, Part
from groundtui.store.errors import StoreError
from groundtui.store.labelling import LabelWrites
from groundtui.store.rows import now_iso

ALIVE_MINUTES = 2
"""A lease lapses this long after the last heartbeat of the process that holds it: a
reviewer whose terminal died frees their answers within two minutes."""
HEARTBEAT_SECONDS = 30.0
"""How often a living review session renews its leases' heartbeat."""
PASSED_OVER_SECONDS = 60
"""How long an answer a reviewer opened and left without a label stays theirs."""

#: SQL: the names holding answer ``{answer}``'s slots at ``:now``: live leases (neither
#: idle past ``lease_minutes`` nor past their process's last heartbeat), and everyone who
#: finished it (``agg_reviewer_answers.finished``, counts.sql): a label on part
#: of it holds it only through its reviewer's lease.
HOLDERS = """
    select l.reviewer from leases l where l.answer_id = {answer}
      and l.expires_at > :now and l.alive_until > :now
    union select x.reviewer from agg_reviewer_answers x where x.answer_id = {answer}
      and x.finished"""


def party_to(r: str, lead: str) -> str:
    """SQL: ``lead`` (an SQL value) is one of the two reviewers of ``agg_claim_rr`` row
    ``r``: party to the dispute, when their verdicts differ."""
    return (
        f"(casefold({r}.reviewer_a) = casefold({lead})"
        f" or casefold({r}.reviewer_b) = casefold({lead}))"
    )


def another_lead(lead: str) -> str:
    """SQL: a lead other than ``lead`` (an SQL value) exists: added as one
    (``groundtui reviewers add NAME --lead``, link not revoked), or who has adjudicated."""
    return (
        "(exists (select 1 from reviewers v where v.lead and v.revoked_at is null"
        f" and v.key != casefold({lead}))"
        " or exists (select 1 from adjudications j"
        f" where casefold(j.adjudicator) != casefold({lead})))"
    )


def disputed_for(r: str, lead: str) -> str:
    """SQL: ``agg_claim_rr`` row ``r`` is a dispute ``lead`` (an SQL value) adjudicates: the
    two first reviewers' latest verdicts differ, and the lead was not party to it, unless
    no other lead exists (docs/team-review.md)."""
    return f"({r}.a != {r}.b and not ({party_to(r, lead)} and {another_lead(lead)}))"


#: SQL: how many reviewers answer ``a`` needs: two in the overlap (below ``:share``).
NEEDED = "(case when coalesce(a.overlap_point, 1) < :share then 2 else 1 end)"


def open_to(reviewer: str, now: str, share: float) -> tuple[str, list]:
    """SQL on ``answers a`` (with its ``?`` parameters): the answer is ``reviewer``'s to
    review at ``now``: they hold one of its slots already, or the others fill fewer than
    it needs. The same rule as ``take_lease``, for a queue of many answers."""
    holders = HOLDERS.format(answer="a.id").replace(":now", "?")
    needed = NEEDED.replace(":share", "?")
    sql = (
        f"(casefold(?) in (select casefold(reviewer) from ({holders}))"
        f" or (select count(*) from ({holders})) < {needed})"
    )
    nows = [now] * holders.count("?")
    return sql, [reviewer, *nows, *nows, share]


#: SQL on ``leases``: its reviewer has no standing label on the answer's claims nor mark on
#: it (no ``agg_reviewer_answers`` row).
_UNTOUCHED = (
    "not exists (select 1 from agg_reviewer_answers x"
    " where x.answer_id = leases.answer_id and x.reviewer = leases.reviewer)"
)


class Released(NamedTuple):
    """The answers whose leases ``release_leases`` ended, by what their reviewer had done."""

    in_part: int
    """Labelled (or marked) in part: back in the queue, for the next reviewer to finish."""
    untouched: int
    """Never labelled nor marked."""
    finished: int
    """Finished: they stay their reviewer's (``agg_reviewer_answers.finished``)."""

    @property
    def freed(self) -> int:
        """The answers back in the queue."""
        return self.in_part + self.untouched

    def sentence(self, name: str) -> str:
        """``Freed 3 answers ann held: 2 labelled in part, 1 untouched.``, and the finished
        ones that stay theirs (``name`` made inert by the caller)."""
        n, f = self.freed, self.finished
        text = (
            f"Freed {n} answer{'' if n == 1 else 's'} {name} held: "
            f"{self.in_part} labelled in part, {self.untouched} untouched."
        )
        if f:
            text += f" {f} {'answer' if f == 1 else 'answers'} they finished"
            text += f" {'stays' if f == 1 else 'stay'} theirs."
        return text


class ClaimFilled(StoreError):
    """A reviewer's label refused: others' labels already give the claim the reviewers it
    needs (``TeamWrites.add_review``)."""

    def __init__(self, claim_id: str, others: list[str], needed: int) -> None:
        self.claim_id, self.others, self.needed = claim_id, others, needed
        super().__init__(f"{claim_id} has the reviewers it needs ({', '.join(others)})")


class Lease(NamedTuple):
    """What taking an answer gave: ``granted``, else who holds it (names as written)."""

    granted: bool
    holders: list[str]


def expiry(now: str, minutes: float) -> str:
    """``now`` plus ``minutes``, as the same kind of ISO text."""
    moment = datetime.strptime(now, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return now_iso(moment + timedelta(minutes=minutes))


class TeamWrites(Part):
    """Leases and adjudications (``Store.team``)."""

    def __init__(self, connection: Connection, labels: LabelWrites) -> None:
        super().__init__(connection)
        self.labels = labels

    def take_lease(
        self,
        answer_id: str,
        reviewer: str,
        *,
        now: str,
        minutes: int,
        share: float,
        session: str = "",
    ) -> Lease:
        """Take (or renew) ``reviewer``'s lease on an answer, unless others fill its slots.

        The lease lasts ``minutes`` from now (an idle session's bound) as long as the
        process ``session`` keeps beating (``heartbeat``), and at most ``ALIVE_MINUTES``
        past its last beat."""
        reviewer = self.labels.reviewers.name(reviewer)
        with self.transaction():
            lease = self.may_take(answer_id, reviewer, now=now, share=share)
            if not lease.granted:
                return lease
            self.db.execute(
                "insert into leases (answer_id, reviewer, taken_at, expires_at, alive_until,"
                " session) values (?, ?, ?, ?, ?, ?) on conflict (answer_id, reviewer)"
                " do update set expires_at = excluded.expires_at,"
                " alive_until = excluded.alive_until, session = excluded.session",
                [
                    answer_id,
                    reviewer,
                    now,
                    expiry(now, minutes),
                    expiry(now, ALIVE_MINUTES),
                    session,
                ],
            )
        return lease

    def may_take(self, answer_id: str, reviewer: str, *, now: str, share: float) -> Lease:
        """Whether ``reviewer`` may take the answer at ``now`` (``HOLDERS``' rule), without
        taking it: granted with the others who hold it, else who fills its slots (none:
        there is no such answer)."""
        params = {"answer": answer_id, "now": now, "share": share}
        holders = [
            r[0]
            for r in self.db.execute(
                "select reviewer from (" + HOLDERS.format(answer=":answer") + ")", params
            )
        ]
        others = [h for h in holders if h.casefold() != reviewer.casefold()]
        needed = self.db.execute(
            f"select {NEEDED} from answers a where a.id = :answer", params
        ).fetchone()
        if needed is None:
            return Lease(False, [])
        if len(others) == len(holders) and len(others) >= needed[0]:
            return Lease(False, sorted(others, key=str.casefold))
        return Lease(True, others)

    def add_review(
        self, claim_id: str, reviewer: str, verdict: str | None, *, share: float, **fields: Any
    ) -> int:
        """A reviewer's label (``LabelWrites.add_review``'s arguments), in a team: refused
        when labels of others already give the claim the reviewers it needs (two in the
        overlap, else one), unless the reviewer has a label of their own on it to change.

        The check and the row are one write transaction, so two processes labelling the
        same claim at once never give it more reviewers than it needs.

        Raises:
            ClaimFilled: nothing was written; it names the others, first to label first.
        """
        with self.transaction():
            if verdict is not None:
                others, needed = self.filled_by(claim_id, reviewer, share)
                if others:
                    raise ClaimFilled(claim_id, others, needed)
            return self.labels.add_review(claim_id, reviewer, verdict, **fields)

    def filled_by(self, claim_id: str, reviewer: str, share: float) -> tuple[list[str], int]:
        """``(others, needed)``: the others whose live labels give the claim the ``needed``
        reviewers (two in the overlap, else one), when ``reviewer`` has no live label on
        it; else no one."""
        rows = self.db.execute(
            "select r.reviewer from agg_reviewer_claims r"
            " join reviews v on v.claim_id = r.claim_id and v.reviewer = r.reviewer"
            " where r.claim_id = ? group by r.reviewer order by min(v.at), r.reviewer",
            [claim_id],
        ).fetchall()
        names = [r[0] for r in rows]
        row = self.db.execute(
            f"select {NEEDED} from claims c join answers a on a.id = c.answer_id"
            " where c.id = :claim",
            {"claim": claim_id, "share": share},
        ).fetchone()
        needed = row[0] if row else 1
        if any(n.casefold() == reviewer.casefold() for n in names) or len(names) < needed:
            return [], needed
        return names, needed

    def party(self, claim_id: str, lead: str) -> tuple[bool, bool]:
        """``(party, another lead)``: ``lead`` is one of the claim's two first reviewers, and
        a lead other than them exists (``disputed_for``)."""
        row = self.db.execute(
            f"select {party_to('r', ':lead')}, {another_lead(':lead')} from agg_claim_rr r"
            " where r.claim_id = :claim",
            {"lead": lead, "claim": claim_id},
        ).fetchone()
        return (bool(row[0]), bool(row[1])) if row else (False, False)

    def heartbeat(self, session: str, now: str) -> int:
        """The process ``session`` is alive: its leases live ``ALIVE_MINUTES`` more (each
        still within its own ``expires_at``); how many."""
        with self.transaction():
            return self.db.execute(
                "update leases set alive_until = ? where session = ? and expires_at > ?",
                [expiry(now, ALIVE_MINUTES), session, now],
            ).rowcount

    def pass_over(self, answer_id: str, reviewer: str, now: str) -> None:
        """``reviewer`` left ``answer_id`` for another: if they never labelled or marked it,
        it stays theirs ``PASSED_OVER_SECONDS`` more at most."""
        with self.transaction():
            self.db.execute(
                "update leases set expires_at = min(expires_at, ?) where answer_id = ?"
                f" and reviewer = ? and {_UNTOUCHED}",
                [
                    expiry(now, PASSED_OVER_SECONDS / 60),
                    answer_id,
                    self.labels.reviewers.name(reviewer),
                ],
            )

    def release_leases(
        self,
        reviewer: str,
        *,
        answer_ids: list[str] | None = None,
        session: str | None = None,
    ) -> Released:
        """End ``reviewer``'s leases: every one, or those on ``answer_ids``, or those taken
        by process ``session``.

        An answer they labelled in part goes back to the queue with its lease; one they
        finished stays theirs (``HOLDERS``)."""
        where = "casefold(leases.reviewer) = casefold(?)"
        params: list = [reviewer]
        if answer_ids is not None:
            where += f" and leases.answer_id in ({','.join('?' * len(answer_ids))})"
            params += answer_ids
        if session is not None:
            where += " and leases.session = ?"
            params.append(session)
        with self.transaction():
            kinds = dict(
                self.db.execute(
                    "select coalesce(x.finished, -1), count(*) from leases"
                    " left join agg_reviewer_answers x on x.answer_id = leases.answer_id"
                    f" and x.reviewer = leases.reviewer where {where} group by 1",
                    params,
                ).fetchall()
            )
            self.db.execute(f"delete from leases where {where}", params)
        return Released(kinds.get(0, 0), kinds.get(-1, 0), kinds.get(1, 0))

    def live_leases(self, now: str) -> list[dict]:
        """Every lease live at ``now`` (``HOLDERS``' rule), by reviewer then answer;
        ``expires_at`` the earlier of its two ends."""
        return self.query(
            "select l.reviewer, l.answer_id, l.taken_at, min(l.expires_at, l.alive_until)"
            " as expires_at from leases l join answers a on a.id = l.answer_id"
            " where l.expires_at > ? and l.alive_until > ?"
            " order by casefold(l.reviewer), a.seq",
            [now, now],
        )

    def add_adjudication(
        self,
        claim_id: str,
        adjudicator: str,
        verdict: str | None,
        invention_kind: str | None = None,
        note: str = "",
        *,
        at: str | None = None,
        reverts: int | None = None,
        party: bool = False,
    ) -> int:
        """Append a lead's decision on a claim (``verdict=None`` withdraws it) and relabel;
        ``party``: the lead was one of the two reviewers who disagree, the only lead."""
        adjudicator = self.labels.reviewers.name(adjudicator)
        with self.transaction():
            cursor = self.db.execute(
                "insert into adjudications (claim_id, adjudicator, verdict, invention_kind,"
                " note, at, reverts, party) values (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    claim_id,
                    adjudicator,
                    verdict,
                    invention_kind,
                    note,
                    at or now_iso(),
                    reverts,
                    int(party),
                ],
            )
            assert cursor.lastrowid is not None
            self.labels.refresh([claim_id])
        return cursor.lastrowid
