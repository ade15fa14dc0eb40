"""The writes of a team on one database: reviewers' names, leases on answers, adjudications.

docs/team-review.md has the rules. A reviewer is one person whatever the case of
their name. Opening an answer takes a lease on it, in one write transaction, so two
reviewers who start at the same instant never get the same answer; an answer admits as
many reviewers as it needs (two in the double-review overlap, else one), counting those
who hold a live lease on it and those who have labelled or marked it. Every time is an
ISO 8601 text from ``now_iso`` that the caller passes, so tests can move the clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from groundtui.store.labels import LabelWrites
from groundtui.store.rows import now_iso
from groundtui.store.rules import live_mark, live_review

ALIVE_MINUTES = 2
"""A lease lapses this long after the last heartbeat of the process that holds it: a
reviewer whose terminal died frees their answers within two minutes."""
HEARTBEAT_SECONDS = 30.0
"""How often a living review session renews its leases' heartbeat."""
PASSED_OVER_SECONDS = 60
"""How long an answer a reviewer opened and left without a label stays theirs."""

#: SQL: the names holding answer ``{answer}``'s slots at ``:now``: live leases (neither
#: idle past ``lease_minutes`` nor past their process's last heartbeat), and everyone whose
#: label on one of its claims, or mark on it, stands (a withdrawn one holds nothing).
HOLDERS = f"""
    select l.reviewer from leases l where l.answer_id = {{answer}}
      and l.expires_at > :now and l.alive_until > :now
    union select r.reviewer from reviews r join claims c on c.id = r.claim_id
      where c.answer_id = {{answer}} and {live_review("r")}
    union select m.reviewer from answer_marks m where m.answer_id = {{answer}}
      and {live_mark("m")}"""
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


#: SQL on ``leases``: its reviewer has no standing label on the answer's claims nor mark on it.
#: ``cross join`` keeps the claims outside (SQLite's way to fix a join's order): through the
#: reviewer's index instead, each lease read all that reviewer's labels, and ending the
#: untouched leases of one with 100,000 labels held the write lock for 25 s.
_UNTOUCHED = (
    "not exists (select 1 from claims c cross join reviews r on r.claim_id = c.id"
    f" where c.answer_id = leases.answer_id and r.reviewer = leases.reviewer"
    f" and {live_review('r')})"
    " and not exists (select 1 from answer_marks m"
    f" where m.answer_id = leases.answer_id and m.reviewer = leases.reviewer"
    f" and {live_mark('m')})"
)


class Lease(NamedTuple):
    """What taking an answer gave: ``granted``, else who holds it (names as written)."""

    granted: bool
    holders: list[str]


def expiry(now: str, minutes: float) -> str:
    """``now`` plus ``minutes``, as the same kind of ISO text."""
    moment = datetime.strptime(now, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return now_iso(moment + timedelta(minutes=minutes))


class TeamWrites(LabelWrites):
    """Reviewers, leases and adjudications."""

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
        reviewer = self.reviewer_name(reviewer)
        with self.transaction():
            params = {"answer": answer_id, "me": reviewer, "now": now, "share": share}
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
        return Lease(True, others)

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
                [expiry(now, PASSED_OVER_SECONDS / 60), answer_id, self.reviewer_name(reviewer)],
            )

    def release_leases(
        self, reviewer: str, *, untouched: bool = False, answer_ids: list[str] | None = None
    ) -> int:
        """End ``reviewer``'s leases (only on answers they never labelled: ``untouched``)."""
        sql = "delete from leases where casefold(reviewer) = casefold(?)"
        params: list = [reviewer]
        if answer_ids is not None:
            sql += f" and answer_id in ({','.join('?' * len(answer_ids))})"
            params += answer_ids
        if untouched:
            sql += f" and {_UNTOUCHED}"
        with self.transaction():
            return self.db.execute(sql, params).rowcount

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
    ) -> int:
        """Append a lead's decision on a claim (``verdict=None`` withdraws it) and relabel."""
        adjudicator = self.reviewer_name(adjudicator)
        with self.transaction():
            cursor = self.db.execute(
                "insert into adjudications (claim_id, adjudicator, verdict, invention_kind,"
                " note, at, reverts) values (?, ?, ?, ?, ?, ?, ?)",
                [claim_id, adjudicator, verdict, invention_kind, note, at or now_iso(), reverts],
            )
            assert cursor.lastrowid is not None
            self.refresh_labels([claim_id])
        return cursor.lastrowid
