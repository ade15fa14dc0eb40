"""Reviewers' personal links: a secret token per reviewer, kept only as its hash.

docs/browser.md. ``groundtui reviewers add`` makes a token with
``secrets.token_urlsafe`` (256 bits), shows it once in the link, and stores its sha256: a
copy of the database gives no working link. The token is high-entropy, so a fast hash is
enough (no password-style stretching). Finding the reviewer of a token compares its hash
with every live reviewer's in constant time (``hmac.compare_digest``). The rows are the
``reviewers`` table of migration m006: one per person, keyed by the casefold of the name,
kept as first written.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import NamedTuple

from groundtui.store.connection import Part
from groundtui.store.rows import now_iso


class Reviewer(NamedTuple):
    """A reviewer a token belongs to: the name as first written, and whether a lead."""

    name: str
    lead: bool


def token_hash(token: str) -> str:
    """The stored form of a token: its sha256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class ReviewerWrites(Part):
    """Reviewers' names; adding, listing and revoking their links; finding a token's reviewer
    (``Store.reviewers``)."""

    def name(self, name: str, *, register: bool = True) -> str:
        """``name`` as the database first knew this reviewer: "Dana" is dana.

        A new name is registered as written, unless ``register`` is False (a read-only
        database), when it is returned as it is.
        """
        key = name.casefold()
        row = self.db.execute("select name from reviewers where key = ?", [key]).fetchone()
        if row or not register:
            return row[0] if row else name
        with self.transaction():
            self.db.execute(
                "insert or ignore into reviewers (key, name, lead, added_at) values (?, ?, 0, ?)",
                [key, name, now_iso()],
            )
            return self.db.execute("select name from reviewers where key = ?", [key]).fetchone()[0]

    def add(self, name: str, *, lead: bool = False, at: str | None = None) -> tuple[str, str]:
        """Give ``name`` a new link token (replacing any earlier one) and return
        ``(name as first written, token)``. The token is returned once and never stored."""
        token = secrets.token_urlsafe(32)
        at = at or now_iso()
        with self.transaction():
            self.db.execute(
                "insert into reviewers (key, name, lead, token_hash, added_at, revoked_at)"
                " values (?, ?, ?, ?, ?, null) on conflict (key) do update set"
                " lead = excluded.lead, token_hash = excluded.token_hash, revoked_at = null",
                [name.casefold(), name, int(lead), token_hash(token), at],
            )
            stored = self.db.execute(
                "select name from reviewers where key = ?", [name.casefold()]
            ).fetchone()[0]
        return stored, token

    def revoke(self, name: str, *, at: str | None = None) -> str | None:
        """End ``name``'s link; their name as written, or None when no such reviewer has one."""
        with self.transaction():
            row = self.db.execute(
                "select name from reviewers where key = ? and token_hash is not null"
                " and revoked_at is null",
                [name.casefold()],
            ).fetchone()
            if row is None:
                return None
            self.db.execute(
                "update reviewers set revoked_at = ? where key = ?",
                [at or now_iso(), name.casefold()],
            )
        return str(row[0])

    def all(self) -> list[dict]:
        """Every reviewer: name, lead, link (``active``, ``revoked`` or ``none``), added_at."""
        return self.query(
            "select name, lead, added_at, revoked_at, case when token_hash is null then 'none'"
            " when revoked_at is not null then 'revoked' else 'active' end as link"
            " from reviewers order by key"
        )

    def for_token(self, token: str) -> Reviewer | None:
        """The reviewer whose live (not revoked) link carries ``token``, else None.

        Every live hash is compared, in constant time, so the time taken says nothing
        about how close a guess came."""
        wanted = token_hash(token)
        found: Reviewer | None = None
        for name, lead, stored in self.db.execute(
            "select name, lead, token_hash from reviewers"
            " where token_hash is not null and revoked_at is null"
        ).fetchall():
            if hmac.compare_digest(wanted, stored) and found is None:
                found = Reviewer(name, bool(lead))
        return found

    def live_token_hashes(self) -> set[str]:
        """The stored hashes of every live link: a session opened by any other link ends."""
        return {
            row[0]
            for row in self.db.execute(
                "select token_hash from reviewers where token_hash is not null"
                " and revoked_at is null"
            )
        }

    def for_name(self, name: str) -> Reviewer | None:
        """``name``'s reviewer when their link is live (not revoked), else None."""
        row = self.db.execute(
            "select name, lead from reviewers where key = ? and token_hash is not null"
            " and revoked_at is null",
            [name.casefold()],
        ).fetchone()
        return Reviewer(row[0], bool(row[1])) if row else None
