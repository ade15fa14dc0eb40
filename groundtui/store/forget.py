"""The write of ``groundtui delete``: answers, and every row that belongs to them, gone.

For privacy requests (README "Commands": delete). An answer's rows are its citations, its
claims with their judgements, reviews and labels, its correctness marks, flags and
extractions, the sources no remaining answer cites, and the cached completions no
remaining answer's judging made. The report's counts follow through their triggers
(``groundtui/store/sql/``), so a delete leaves them equal to a recount.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from groundtui.json_input import nfc_text
from groundtui.store.connection import Part
from groundtui.store.rows import chunks

#: The kinds of row a delete removes, as it reports them.
KINDS = (
    "answers",
    "answer_sources",
    "claims",
    "claim_edits",
    "judgements",
    "reviews",
    "adjudications",
    "claim_labels",
    "answer_marks",
    "leases",
    "flags",
    "extractions",
    "sources",
    "completions",
)
#: The rows of each kind the answers ``{ids}`` (a subquery) own, in the order they go:
#: labels first and the answer last, as each count trigger reads the rows still there.
_OWNED = {
    "claim_edits": "claim_edits where answer_id in ({ids})",
    "claim_labels": "claim_labels where claim_id in (select id from claims"
    " where answer_id in ({ids}))",
    "reviews": "reviews where claim_id in (select id from claims where answer_id in ({ids}))",
    "adjudications": "adjudications where claim_id in (select id from claims"
    " where answer_id in ({ids}))",
    "judgements": "judgements where claim_id in (select id from claims where answer_id in ({ids}))",
    "claims": "claims where answer_id in ({ids})",
    "extractions": "extractions where answer_id in ({ids})",
    "flags": "flags where answer_id in ({ids})",
    "answer_marks": "answer_marks where answer_id in ({ids})",
    "leases": "leases where answer_id in ({ids})",
    "answer_sources": "answer_sources where answer_id in ({ids})",
    "answers": "answers where id in ({ids})",
}


class Forgotten(NamedTuple):
    """What a delete removes (or, in a dry run, would remove)."""

    answers: list[str]
    """The answers' ids, in import order."""
    rows: dict[str, int]
    """Rows per kind (``KINDS``), the answers included."""
    kept_sources: int
    """Sources of these answers kept because another answer cites them."""


class ForgetWrites(Part):
    """Deleting answers with everything that belongs to them (``Store.deletes``)."""

    def answers_where(self, field: str, value: str) -> list[str]:
        """Ids of the answers whose imported ``field`` reads ``value``, in import order.

        Keys and text compare in NFC, so "José" typed composed finds it stored decomposed.

        Args:
            field: ``id``, or ``meta.KEY`` with a dotted path of keys under ``meta``; a key
                holding a dot is written in double quotes (``meta."a.b"``, see
                ``meta_path``).
            value: a string in ``meta`` compares as its text; any other value as the JSON
                the import stored it as (``42``, ``1.5``, ``true``, ``null``).

        Raises:
            ValueError: ``field`` names no field (``WHERE_FIELDS`` says which do).
        """
        path = meta_path(field)
        value = nfc_text(value)
        if path is None:
            return [r["id"] for r in self.query("select id from answers where id = ?", [value])]
        # A match holds the value in its meta as stored (a string's escaped text, else the
        # value itself): let SQLite skip the rest before Python reads the path. The meta
        # is read in NFC for that test, as it may be stored decomposed.
        escaped = json.dumps(value, ensure_ascii=False)[1:-1]
        return [
            answer_id
            for answer_id, meta in self.db.execute(
                "select id, meta from answers"
                " where instr(nfc(meta), ?) or instr(nfc(meta), ?) order by seq",
                [escaped, value],
            )
            if _meta_text(json.loads(meta or "{}"), path) == value
        ]

    def known_answers(self, ids: Iterable[str]) -> list[str]:
        """Those of ``ids`` stored, in import order."""
        found: list[tuple[int, str]] = []
        for chunk, marks in chunks(list(dict.fromkeys(ids))):
            found += self.db.execute(
                f"select seq, id from answers where id in ({marks})", chunk
            ).fetchall()
        return [answer_id for _, answer_id in sorted(found)]

    def plan(self, answer_ids: list[str], prompt_keys: Iterable[str] = ()) -> Forgotten:
        """What ``forget`` would delete, writing nothing (``--dry-run``).

        Args:
            answer_ids: stored answers (``known_answers``).
            prompt_keys: further completion keys that may hold these answers' text (see
                ``groundtui.judge.llm.cache.prompt_keys``).
        """
        with _marked(self, answer_ids):
            sources, kept = self._orphan_sources()
            rows = {
                kind: self.scalar(f"select count(*) from {_OWNED[kind].format(ids=_IDS)}")
                for kind in _OWNED
            }
            rows["sources"] = len(sources)
            rows["completions"] = len(self._completions(prompt_keys))
        return Forgotten(answer_ids, {k: rows[k] for k in KINDS}, kept)

    def forget(self, answer_ids: list[str], prompt_keys: Iterable[str] = ()) -> Forgotten:
        """Delete the answers and every row that belongs to them, all or nothing.

        Args:
            answer_ids: stored answers (``known_answers``).
            prompt_keys: as for ``plan``.

        Raises:
            StoreError: the write could not be made; nothing was deleted.
        """
        # Freed space is zeroed, so the deleted text is not left in the file's free pages
        # (on by default in some builds of SQLite only).
        secure = self.scalar("pragma secure_delete")
        self.db.execute("pragma secure_delete = on")
        try:
            return self._forget(answer_ids, prompt_keys)
        finally:
            self.db.execute(f"pragma secure_delete = {int(secure)}")

    def _forget(self, answer_ids: list[str], prompt_keys: Iterable[str]) -> Forgotten:
        with self.transaction(), _marked(self, answer_ids):
            sources, kept = self._orphan_sources()
            completions = self._completions(prompt_keys)
            # A completion another answer's judging made too stays, without these answers.
            self.db.execute(f"delete from completion_answers where answer_id in ({_IDS})")
            rows = {
                kind: self.db.execute(f"delete from {_OWNED[kind].format(ids=_IDS)}").rowcount
                for kind in _OWNED
            }
            rows["sources"] = self._delete("sources", sources)
            rows["completions"] = self._delete("completions", completions)
        return Forgotten(answer_ids, {k: rows[k] for k in KINDS}, kept)

    def unattributed_completions(self) -> int:
        """Completions cached with no answer recorded (before migration m005)."""
        return self.scalar(
            "select count(*) from completions c where not exists ("
            "select 1 from completion_answers a where a.key = c.key)"
        )

    # -- helpers ---------------------------------------------------------------------

    def _orphan_sources(self) -> tuple[list[str], int]:
        """Keys of the marked answers' sources no other answer cites, and how many stay."""
        cited = [
            r[0]
            for r in self.db.execute(
                f"select distinct source_key from answer_sources where answer_id in ({_IDS})"
            )
        ]
        # A claim of another answer may name a source its own answer no longer cites (a
        # claim keeps the version it was judged against): that version stays too.
        orphans = (
            [
                r[0]
                for r in self.db.execute(
                    "select key from temp._forget_sources s where not exists ("
                    f"select 1 from answer_sources a where a.source_key = s.key and a.answer_id not in ({_IDS}))"
                    " and not exists (select 1 from claims c where c.source_key = s.key"
                    f" and c.answer_id not in ({_IDS}))"
                    " and not exists (select 1 from judgements j join claims c on c.id = j.claim_id"
                    f" where j.provenance_source_key = s.key and c.answer_id not in ({_IDS}))",
                )
            ]
            if self._fill("_forget_sources", cited)
            else []
        )
        return orphans, len(cited) - len(orphans)

    def _completions(self, prompt_keys: Iterable[str]) -> list[str]:
        """Completion keys made for the marked answers and for no other."""
        self._fill("_forget_keys", prompt_keys)
        self.db.execute(
            "insert or ignore into temp._forget_keys select key from completion_answers"
            f" where answer_id in ({_IDS})"
        )
        return [
            r[0]
            for r in self.db.execute(
                "select k.key from temp._forget_keys k join completions c on c.key = k.key"
                " where not exists (select 1 from completion_answers a where a.key = k.key"
                f" and a.answer_id not in ({_IDS}))"
            )
        ]

    def _fill(self, table: str, keys: Iterable[str]) -> int:
        self.db.execute(f"create temp table if not exists {table} (key text primary key)")
        self.db.execute(f"delete from temp.{table}")
        self.db.conn.executemany(
            f"insert or ignore into temp.{table} values (?)", ((k,) for k in keys)
        )
        return self.scalar(f"select count(*) from temp.{table}")

    def _delete(self, table: str, keys: list[str]) -> int:
        deleted = 0
        for chunk, marks in chunks(keys):
            deleted += self.db.execute(
                f"delete from {table} where key in ({marks})", chunk
            ).rowcount
        return deleted


#: The marked answers, as a subquery (a temporary table: ids may be many).
_IDS = "select id from temp._forget_answers"


@contextmanager
def _marked(store: Part, answer_ids: list[str]) -> Iterator[None]:
    """The answers to delete in a temporary table (not in the file) while the ``with`` runs."""
    db = store.db
    db.execute("create temp table if not exists _forget_answers (id text primary key)")
    db.execute("delete from temp._forget_answers")
    db.conn.executemany(
        "insert or ignore into temp._forget_answers values (?)", ((i,) for i in answer_ids)
    )
    try:
        yield
    finally:
        for table in ("_forget_answers", "_forget_sources", "_forget_keys"):
            db.execute(f"drop table if exists temp.{table}")


WHERE_FIELDS = (
    "FIELD is id or meta.KEY, a dotted path under meta (meta.user.id); a key holding a dot "
    'goes in double quotes (meta."a.b")'
)
"""What ``delete --where`` takes as FIELD, as its errors and ``--help`` say it."""


def split_where(text: str) -> tuple[str, str]:
    """``(FIELD, VALUE)`` of ``FIELD=VALUE``: split at the first ``=`` outside quotes.

    Raises:
        ValueError: there is no such ``=``.
    """
    quoted = False
    for i, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "=" and not quoted:
            return text[:i], text[i + 1 :]
    raise ValueError(f"--where needs FIELD=VALUE, e.g. meta.user_id=u-42, not {text!r}")


def meta_path(field: str) -> list[str] | None:
    """The keys under ``meta`` that ``field`` names, or None for ``id``.

    ``meta.user.id`` is ``["user", "id"]``. A key holding a dot (or a quote, or starting
    with one) is written in double quotes, a quote inside it doubled: ``meta."a.b".c`` is
    ``["a.b", "c"]``.

    Raises:
        ValueError: ``field`` is neither, in a sentence naming it and ``WHERE_FIELDS``.
    """
    if field == "id":
        return None
    bad = ValueError(f"--where {field!r}: {WHERE_FIELDS}")
    if not field.startswith("meta."):
        raise bad
    path: list[str] = []
    rest = field[len("meta") :]
    while rest:
        if not rest.startswith("."):
            raise bad
        rest = rest[1:]
        if rest.startswith('"'):
            key, i = [], 1
            while True:
                end = rest.find('"', i)
                if end < 0:
                    raise bad  # an unclosed quote
                key.append(rest[i:end])
                if rest[end + 1 : end + 2] != '"':
                    break
                key.append('"')  # a doubled quote is one
                i = end + 2
            path.append("".join(key))
            rest = rest[end + 1 :]
        else:
            end = len(rest) if "." not in rest else rest.index(".")
            if not rest[:end] or '"' in rest[:end]:
                raise bad
            path.append(rest[:end])
            rest = rest[end:]
    return path


def _meta_text(meta: Any, path: list[str]) -> str | None:
    """The text of the value at ``path`` in ``meta`` (None when there is none), in NFC;
    keys compare in NFC."""
    for key in path:
        if not isinstance(meta, dict):
            return None
        found = next((k for k in meta if nfc_text(k) == nfc_text(key)), None)
        if found is None:
            return None
        meta = meta[found]
    if isinstance(meta, str):
        return nfc_text(meta)
    return nfc_text(json.dumps(meta, ensure_ascii=False, sort_keys=True))
