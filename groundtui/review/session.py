"""A reviewer's session: each decision becomes one append-only row, in the order made.

The review screen turns keys into ``Intent``s and hands them to ``ReviewSession``; a
worker thread applies them one at a time, in order (``writes.WriteQueue``: a locked
database is waited for, never a reason to drop one), each against the database as it is at
that moment (so two quick keys never race, and a label never builds on a stale view).
Every write is committed before its ``Outcome`` goes back to the UI. Undo appends a row
that restores this reviewer's previous state; nothing is ever deleted. What each key
makes of a label is decided in ``labels``; the other rows are ``changes``'.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime

from groundtui.report import Report, answer_correct, compute
from groundtui.review import answer, queue
from groundtui.review.changes import Change, correct, mark, undo
from groundtui.review.intents import CORRECTIONS, Intent, Mark, Note, Outcome, Undo
from groundtui.review.label_rules import describe, relabel
from groundtui.review.queue import Team
from groundtui.review.writes import WriteQueue, backoff
from groundtui.store import (
    ClaimFilled,
    CorrectionError,
    Store,
    StoreError,
    describe_error,
    in_overlap,
    is_damage,
    now_iso,
)


class ReviewSession:
    """Applies one reviewer's intents in order and remembers them for undo.

    Args:
        db_path: the database.
        reviewer: the name written on every row.
        blind: the judge's labels stay hidden until this reviewer labels a claim.
        readonly: the database may not be written: every read opens it read-only.
        write_timeout: seconds a write waits for the lock before it shows as pending.
        pause: seconds before retry ``attempt`` of a locked write (``writes.backoff``).
        adjudicate: a lead's session: the keys record adjudications, not reviews.
        share: the ``overlap`` setting (docs/team-review.md).
        lease_minutes: how long an answer left unfinished stays this reviewer's.
        clock: the time now, for leases (tests move it).
        advance: a key that completes a claim moves on to the next claim this reviewer has
            not labelled (``groundtui review --no-advance`` turns it off).
    """

    def __init__(
        self,
        db_path: str,
        reviewer: str,
        blind: bool = False,
        *,
        readonly: bool = False,
        write_timeout: float = 1.0,
        pause: Callable[[int], float] = backoff,
        adjudicate: bool = False,
        share: float = 0.0,
        lease_minutes: int = 15,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        advance: bool = True,
    ) -> None:
        self.db_path = db_path
        self.reviewer = reviewer
        self.blind = blind
        self.readonly = readonly
        self.adjudicate = adjudicate
        self.share = share
        self.lease_minutes = lease_minutes
        self.clock = clock
        self.advance = advance
        self.poll = 1.0
        """Seconds between two looks for changes others made (live refresh)."""
        self.spacing = 50.0
        """A whole-database count of the screen waits this many times its last CPU time
        before it runs again (``tui.live.SPACING``)."""
        self.session_id = uuid.uuid4().hex
        """This process's name on its leases, which its heartbeat keeps alive."""
        self.opened: str | None = None
        """The answer last opened (``open``)."""
        self.writes: WriteQueue[Intent, Outcome] = WriteQueue(
            db_path, self.apply, self._failed, _waiting, timeout=write_timeout, pause=pause
        )
        self.leased: set[str] = set()
        """The answers this session took a lease on: one whose lease row is gone was freed
        (``leases --release``, a lead), and its next key says so (``freed``)."""
        self._history: list[Change] = []
        self.counts: Counter = Counter()

    # -- the team --------------------------------------------------------------------------

    def now(self) -> str:
        """The session clock's time, as the store writes times."""
        return now_iso(self.clock())

    @property
    def team(self) -> Team:
        """Whose queue it is, now (docs/team-review.md)."""
        return Team(self.reviewer, self.now(), self.share, self.adjudicate)

    def take(self, store: Store, answer_id: str) -> list[str]:
        """Take or renew this reviewer's lease on an answer; who holds it when refused.

        A lead adjudicating and a read-only session take no lease.
        """
        if self.adjudicate or self.readonly:
            return []
        lease = store.team.take_lease(
            answer_id,
            self.reviewer,
            now=self.now(),
            minutes=self.lease_minutes,
            share=self.share,
            session=self.session_id,
        )
        if lease.granted:
            self.leased.add(answer_id)
        return [] if lease.granted else lease.holders

    def freed(self, store: Store, answer_id: str) -> bool:
        """Whether this session's lease on the answer was freed (its row deleted: a lead
        released it), not merely lapsed; it is then forgotten, so reopening takes it anew."""
        if answer_id not in self.leased or self.adjudicate or self.readonly:
            return False
        held = store.scalar(
            "select count(*) from leases where answer_id = ? and session = ?",
            [answer_id, self.session_id],
        )
        if not held:
            self.leased.discard(answer_id)
        return not held

    def open(self, store: Store, answer_id: str) -> list[str]:
        """Take the answer the reviewer opens (``take``), and let the one they leave go
        soon unless they labelled or marked it (``Store.team.pass_over``)."""
        left, self.opened = self.opened, answer_id
        if left is not None and left != answer_id and not (self.adjudicate or self.readonly):
            store.team.pass_over(left, self.reviewer, self.now())
        return self.take(store, answer_id)

    def heartbeat(self, store: Store) -> None:
        """This process is alive: its leases hold ``ALIVE_MINUTES`` more."""
        if not (self.adjudicate or self.readonly):
            store.team.heartbeat(self.session_id, self.now())

    def is_lead(self, store: Store) -> bool:
        """Whether this reviewer is a lead: adjudicating, or added as one
        (``groundtui reviewers add NAME --lead``)."""
        if self.adjudicate:
            return True
        found = store.reviewers.for_name(self.reviewer)
        return bool(found and found.lead)

    def holding(self, store: Store) -> dict[str, int] | None:
        """``{reviewer: answers held by a live lease}``, the others', for a lead to free
        (docs/team-review.md); None when this reviewer is not a lead."""
        if not self.is_lead(store):
            return None
        held: dict[str, int] = {}
        for row in store.team.live_leases(self.now()):
            if row["reviewer"].casefold() != self.reviewer.casefold():
                held[row["reviewer"]] = held.get(row["reviewer"], 0) + 1
        return held

    def in_overlap(self, store: Store, answer_id: str) -> bool:
        """Whether the answer is in the double-review overlap (two reviewers review it)."""
        point = store.scalar("select overlap_point from answers where id = ?", [answer_id])
        return in_overlap(point, self.share)

    def hides_others(self, store: Store, answer_id: str) -> bool:
        """Whether other reviewers' labels on the answer are hidden until this reviewer
        labels each claim: blind review, or an answer in the double-review overlap."""
        return self.blind or self.in_overlap(store, answer_id)

    def claims_of(self, store: Store, answer_id: str) -> list[answer.ClaimView]:
        """An answer's claims as this session shows them."""
        overlap = self.in_overlap(store, answer_id)
        return answer.load_claims(
            store,
            answer_id,
            self.reviewer,
            hide_others=self.blind or overlap,
            adjudicate=self.adjudicate,
            needed=2 if overlap else 1,
        )

    def load(self, store: Store, answer_id: str) -> answer.AnswerDetail | None:
        """An answer in full as this session shows it (None: it is gone)."""
        return answer.load_answer(
            store,
            answer_id,
            self.reviewer,
            blind=self.blind,
            share=self.share,
            adjudicate=self.adjudicate,
        )

    # -- the queue of intents ------------------------------------------------------------

    def _failed(self, intent: Intent, exc: Exception) -> Outcome:
        """An intent refused for good: a damaged file names itself and how to recover."""
        why = str(exc)
        if isinstance(exc, sqlite3.DatabaseError) and is_damage(exc):
            why = describe_error(self.db_path, exc)
        return Outcome(intent, False, f"NOT SAVED ({why}).", intent.answer_id, intent.claim_id)

    def submit(self, intent: Intent) -> None:
        """Queue an intent; a call to ``drain`` (from a worker) will apply it."""
        self.writes.submit(intent)

    def drain(self, deliver: Callable[[Outcome], None]) -> None:
        """Apply every queued intent in order, calling ``deliver(outcome)`` after each commit.

        An intent the database is too busy for is delivered once as waiting (``Outcome.waiting``),
        then retried until it lands; the intents after it wait their turn.
        """
        self.writes.drain(deliver)

    @property
    def pending(self) -> list[Intent]:
        """Intents not written yet, the one being written first."""
        return self.writes.pending

    def close(self, patience: float) -> list[Intent]:
        """Write what is still queued, for up to ``patience`` seconds; returns what was not.

        Then free the answers this session holds (docs/team-review.md): one labelled in
        part goes back to the queue, for the next reviewer to finish.
        """
        self.writes.close(patience)
        if not self.readonly and not self.adjudicate:
            try:
                with Store(self.db_path) as store:
                    if store.scalar(
                        "select count(*) from leases where session = ?", [self.session_id]
                    ):
                        store.check_intact()  # nothing is written into a damaged file
                        store.team.release_leases(self.reviewer, session=self.session_id)
            except (StoreError, sqlite3.Error):
                pass  # they lapse without this process's heartbeat anyway
        return self.writes.unsaved

    # -- applying --------------------------------------------------------------------------

    def apply(self, store: Store, intent: Intent) -> Outcome:
        """Apply one intent against ``store`` now; the row is committed when this returns."""
        if isinstance(intent, Undo):
            if not self._history:
                return Outcome(intent, False, "Nothing to undo in this session.")
            change: Change | None = self._history[-1]
            answer_id = self._history[-1].answer_id
        else:
            change, answer_id = None, intent.answer_id
        reviewed_before = queue.summary(store, answer_id).state == "reviewed"
        # One transaction: the lease that lets this reviewer label and the label itself land
        # together or not at all (a damaged or locked file gets neither).
        with store.transaction():
            if change is None and self.freed(store, answer_id):
                return self._was_freed(store, intent, answer_id)
            holders = self.take(store, answer_id) if change is None else []
            if holders:
                who = ", ".join(holders)
                return Outcome(
                    intent,
                    False,
                    f"NOT SAVED: {answer_id} is {who}'s to review (docs/team-review.md).",
                    answer_id,
                    intent.claim_id,
                    passed=True,
                )
            if change is not None:
                message = undo(store, change, self.reviewer)
                self.counts["undos"] += 1
                claim_id = change.target if change.table != "answer_marks" else ""
            elif isinstance(intent, Mark):
                message, made = mark(store, answer_id, self.reviewer)
                self._made(made, "marks")
                claim_id = ""
            elif isinstance(intent, CORRECTIONS):
                try:
                    message, claim_id, made = correct(store, intent, self.reviewer)
                except CorrectionError as exc:
                    return Outcome(intent, False, f"Not saved: {exc}.", answer_id, intent.claim_id)
                self._made(made, "corrections")
            else:
                try:
                    refusal = self._label(store, intent)
                except _Refused as filled:
                    self.counts["refused"] += 1
                    # the claims as they are now, the refused one among those others
                    # finished: the screen shows them and moves on (``Outcome.claims``)
                    return Outcome(
                        intent, False, filled.said, answer_id, intent.claim_id, claims=filled.claims
                    )
                if refusal:
                    return Outcome(intent, False, refusal, answer_id, intent.claim_id)
                message, claim_id = "", intent.claim_id
        if change is not None:
            self._history.pop()  # only once the reverting row is committed
        try:
            return self._saved(store, intent, message, answer_id, claim_id, reviewed_before)
        except (StoreError, sqlite3.Error) as exc:  # committed, but not read back
            return Outcome(intent, False, f"Saved, but the screen could not be refreshed ({exc}).")

    def _was_freed(self, store: Store, intent: Intent, answer_id: str) -> Outcome:
        """A key on an answer freed from this session: nothing written; it says so, and
        whose the answer is now, and the screen moves on (``Outcome.passed``)."""
        lease = store.team.may_take(answer_id, self.reviewer, now=self.now(), share=self.share)
        taken = not lease.granted and lease.holders
        now = f"; it is {', '.join(lease.holders)}'s now" if taken else ""
        return Outcome(
            intent,
            False,
            f"NOT SAVED: {answer_id} was freed from you by a lead{now}: moving on.",
            answer_id,
            intent.claim_id,
            passed=True,
        )

    def _saved(
        self,
        store: Store,
        intent: Intent,
        message: str,
        answer_id: str,
        claim_id: str,
        reviewed_before: bool,
    ) -> Outcome:
        """The outcome of a committed change, with everything the screen redraws."""
        row = queue.summary(store, answer_id, self.team)
        claims = self.claims_of(store, answer_id)
        if not message:
            claim = next((c for c in claims if c.id == claim_id), None)
            if claim is None:
                message = "Saved"
            elif isinstance(intent, Note):
                said = "note" if claim.mine_note else "note removed"
                message = f"Saved {answer_id} #{claim.number}: {said}"
            else:
                message = (
                    f"Saved {answer_id} #{claim.number}: "
                    f"{describe(claim.mine_verdict, claim.mine_kind)}"
                )
        return Outcome(
            intent,
            True,
            message,
            answer_id,
            claim_id,
            report_of(store),
            reviewed_before,
            row.state == "reviewed",
            row,
            claims,
            answer_correct(store, answer_id),
            dict(self.counts),
        )

    def _label(self, store: Store, intent: Intent) -> str | None:
        """Append this reviewer's new label for a claim; a reason when there is none to add."""
        claim_id = intent.claim_id
        labels = store.query(
            "select judge_verdict, judge_kind from claim_labels where claim_id = ?", [claim_id]
        )
        if not labels:
            return "That claim is no longer in the database."
        mine = answer.latest_mine(store, [claim_id], self.reviewer, self.adjudicate).get(claim_id)
        # What was on the reviewer's screen: the judge's labels and the other reviewers'
        # stay hidden on a claim until this reviewer has labelled it once.
        unseen = not self.adjudicate and not answer.revealed(store, [claim_id], self.reviewer)
        others_hidden = unseen and self.hides_others(store, intent.answer_id)
        row = relabel(
            intent,
            mine=mine,
            judge_verdict=labels[0]["judge_verdict"],
            judge_kind=labels[0]["judge_kind"],
            hidden=self.blind and unseen,
            others_hidden=others_hidden,
        )
        if isinstance(row, str):
            return row
        if self.adjudicate:
            party, another = store.team.party(claim_id, self.reviewer)
            if party and another:
                return (
                    "NOT SAVED: you were party to this dispute; another lead adjudicates it "
                    "(docs/team-review.md)."
                )
            table = "adjudications"
            row_id = store.team.add_adjudication(
                claim_id, self.reviewer, row.verdict, row.kind, row.note, party=party
            )
        else:
            table = "reviews"
            try:
                row_id = store.team.add_review(
                    claim_id,
                    self.reviewer,
                    row.verdict,
                    share=self.share,
                    invention_kind=row.kind,
                    note=row.note,
                    blind=row.blind,
                    independent=row.independent,
                )
            except ClaimFilled as filled:
                claims = self.claims_of(store, intent.answer_id)
                said = _filled_sentence(intent.answer_id, claims, filled, others_hidden)
                raise _Refused(said, claims) from filled
        what = "note" if isinstance(intent, Note) else "label"
        made = Change(table, intent.answer_id, claim_id, row_id, mine, what)
        self._made(made, "notes" if what == "note" else "labels")
        return None

    def _made(self, change: Change, counted: str) -> None:
        """Remember a committed ``change`` for undo, and count it under ``counted``."""
        self._history.append(change)
        self.counts[counted] += 1


class _Refused(Exception):
    """A label refused because the claim has the reviewers it needs: its sentence, and the
    answer's claims as they are now."""

    def __init__(self, said: str, claims: list[answer.ClaimView]) -> None:
        super().__init__(said)
        self.said = said
        self.claims = claims


def _filled_sentence(
    answer_id: str, claims: list[answer.ClaimView], filled: ClaimFilled, others_hidden: bool
) -> str:
    """Why a label was refused: the claim has the reviewers it needs, named unless this
    reviewer may not see their labels yet (blind or independent review)."""
    number = next((c.number for c in claims if c.id == filled.claim_id), 0)
    claim = f"{answer_id} #{number}" if number else filled.claim_id
    if others_hidden:
        whom = "the two reviewers it needs" if filled.needed == 2 else "the reviewer it needs"
        return f"NOT SAVED: {claim} has {whom}."
    return f"NOT SAVED: {claim} has the reviewers it needs ({', '.join(filled.others)})."


def _waiting(intent: Intent, exc: Exception) -> Outcome:
    return Outcome(intent, False, str(exc), intent.answer_id, intent.claim_id, waiting=True)


def report_of(store: Store) -> Report:
    """The report as the database holds it now (cheap: it reads maintained counts), without
    the team's keys, which the report pane reads apart (``tui.widgets.report``)."""
    return compute(store, with_team=False)
