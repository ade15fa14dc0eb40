"""``import`` of ``export --format answers`` files: a database's work merged into another
(README "Moving and merging work").

The same answer is the same id with the same question, response and sources; the same claim
is the same text at the same span of it (a claim new to the database takes the answer's next
number); a judgement, review, adjudication, mark or extraction already there (the same
fields at the same time) is not added twice. So importing one export twice changes nothing,
and importing two reviewers' exports of one database gives every label of both.

All or nothing, like every import: records are checked as they are read and kept in a
temporary file, then written in one transaction; an answer that conflicts with the
database is a bad line.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import ValidationError

from groundtui.importing import additions as add
from groundtui.importing.answer_records import AnswerRecord, ClaimRecord
from groundtui.models import Answer, describe_error
from groundtui.store import Store, content_hash, now_iso, source_key
from groundtui.store.rows import answer_row, claim_row, source_row


@dataclass
class Merged:
    """What a merge wrote."""

    answers: int = 0
    sources: int = 0
    claims: int = 0
    reviews: int = 0
    unchanged: int = 0


def check(record: dict) -> tuple[AnswerRecord, Answer]:
    """The record and its answer, validated; ``ValueError`` names what is wrong."""
    try:
        parsed = AnswerRecord.model_validate(record)
        answer = Answer.model_validate(parsed.core())
    except ValidationError as exc:
        raise ValueError(describe_error(exc)) from None
    for i, claim in enumerate(parsed.claims):
        if claim.span is not None and claim.span[1] > len(answer.response):
            raise ValueError(
                f"field 'claims.{i}.span': {list(claim.span)} is outside the "
                f"response ({len(answer.response)} characters)"
            )
    return parsed, answer


class Held:
    """Checked records kept in a temporary file until the write (stdin cannot be read twice)."""

    def __init__(self) -> None:
        # Closed by ``close``: the file outlives this method, as long as the import.
        self.file = tempfile.TemporaryFile(  # noqa: SIM115
            "w+", encoding="utf-8", prefix="groundtui-merge-"
        )
        self.count = 0

    def add(self, record: dict, answer_id: str) -> None:
        """Keep ``record``, checked, with its answer's id as validated (NFC)."""
        self.file.write(json.dumps([answer_id, record], ensure_ascii=False) + "\n")
        self.count += 1

    def ids(self) -> Iterator[tuple[str, dict]]:
        """Each held answer's id and its record as read, not validated again."""
        self.file.seek(0)
        for line in self.file:
            answer_id, record = json.loads(line)
            yield answer_id, record

    def __iter__(self) -> Iterator[tuple[AnswerRecord, Answer]]:
        for _, record in self.ids():
            yield check(record)

    def close(self) -> None:
        self.file.close()


def conflicts(store: Store, held: Held) -> list[str]:
    """The ids of the held answers stored with another question, response or sources.

    Only an answer the database has is validated again to compare it: the write lock is
    held meanwhile, and most answers of a move are new.
    """
    found = []
    for answer_id, record in held.ids():
        row = store.db.execute(
            "select question, response from answers where id = ?", [answer_id]
        ).fetchone()
        if row is not None and not _same(store, check(record)[1], row):
            found.append(answer_id)
    return found


def _same(store: Store, answer: Answer, row: tuple[str, str]) -> bool:
    """Whether ``answer`` is the one stored, whose question and response are ``row``."""
    stored = store.db.execute(
        "select source_key, coalesce(number, position) from answer_sources"
        " where answer_id = ? order by position",
        [answer.id],
    ).fetchall()
    given = [
        (source_key(s.id, s.text), n) for s, n in zip(answer.sources, answer.numbers(), strict=True)
    ]
    return (row[0], row[1]) == (answer.question, answer.response) and [
        tuple(r) for r in stored
    ] == given


def _new_claim_id(
    answer_id: str, claim: ClaimRecord, new: bool, taken: set[str], ordinal: int
) -> tuple[str, int]:
    """A claim's id and place: in an answer new to the database, those it had where it was
    exported (so that its ``claim_id`` stays stable); else the answer's next number."""
    if new and claim.n is not None and f"{answer_id}#{claim.n}" not in taken:
        return f"{answer_id}#{claim.n}", claim.n if claim.ordinal is None else claim.ordinal
    ordinal += 1
    while f"{answer_id}#{ordinal}" in taken:  # an id taken by a claim of another span
        ordinal += 1
    return f"{answer_id}#{ordinal}", ordinal


BATCH = 500
"""Answers merged at a time: their rows are written with one statement per table."""


def write(store: Store, held: Held, skip: set[str]) -> Merged:
    """Merge every held answer but those in ``skip``; the caller holds the transaction."""
    merged = Merged()
    at = now_iso()
    seq = store.scalar("select coalesce(max(seq), 0) from answers") or 0
    names: dict[str, str] = {}
    rows = add.Rows()
    for n, (record, answer) in enumerate(held, start=1):
        if answer.id in skip:
            continue
        answers = merged.answers
        if not _merge_answer(store, record, answer, at, seq + 1, merged, rows, names):
            merged.unchanged += 1
        seq += merged.answers - answers
        if n % BATCH == 0:
            rows.write(store)
    rows.write(store)
    return merged


def _merge_answer(
    store: Store,
    record: AnswerRecord,
    answer: Answer,
    at: str,
    seq: int,
    merged: Merged,
    rows: add.Rows,
    names: dict[str, str],
) -> int:
    """Add one answer's rows the database lacks to ``rows``; how many (0: it had all)."""
    db = store.db
    keys = [source_key(s.id, s.text) for s in answer.sources]
    numbers = answer.numbers()
    new = db.execute("select 1 from answers where id = ?", [answer.id]).fetchone() is None
    if new:
        for source, key in zip(answer.sources, keys, strict=True):
            if key in rows.source_keys:
                continue
            if db.execute("select 1 from sources where key = ?", [key]).fetchone() is None:
                merged.sources += 1
                rows.add("sources", source_row(source, key, at))
                rows.source_keys.add(key)
        row = answer_row(answer, record.content_hash or content_hash(answer), at, seq)
        row["scanned_at"] = record.scanned_at
        rows.add("answers", row)
        for place, (key, number) in enumerate(zip(keys, numbers, strict=True), start=1):
            rows.add(
                "answer_sources",
                {"answer_id": answer.id, "position": place, "source_key": key, "number": number},
            )
        merged.answers += 1
    elif record.scanned_at:
        db.execute(
            "update answers set scanned_at = ? where id = ? and"
            " (scanned_at is null or scanned_at < ?)",
            [record.scanned_at, answer.id, record.scanned_at],
        )
    person = add.Names(store, names)
    added = int(new) + add.flags(store, answer.id, record, rows, new)
    added += add.marks(store, answer.id, record, rows, new, person)
    added += add.extractions(store, answer.id, record, rows, new)
    claims: dict[tuple, str] = {}
    ordinal = 0
    if not new:
        claims = {
            (c["text"], c["span_start"], c["span_end"]): c["id"]
            for c in store.query(
                "select id, text, span_start, span_end from claims where answer_id = ?", [answer.id]
            )
        }
        ordinal = (
            store.scalar(
                "select coalesce(max(ordinal), 0) from claims where answer_id = ?", [answer.id]
            )
            or 0
        )
    taken = set(claims.values())
    ids: list[str] = []
    for claim in record.claims:
        span = tuple(claim.span) if claim.span else (None, None)
        claim_id = claims.get((claim.text, *span))
        if claim_id in ids:  # two claims of one text and span (added, undone, added again)
            claim_id = None
        fresh = claim_id is None
        if claim_id is None:
            claim_id, place = _new_claim_id(answer.id, claim, new, taken, ordinal)
            ordinal = max(ordinal, place)
            taken.add(claim_id)
            row = claim_row(
                add.claim_row_of(claim_id, answer.id, place, claim, numbers, keys),
                claim.created_at or at,
            )
            row["retired"] = claim.retired
            rows.add("claims", row)
            claims[(claim.text, *span)] = claim_id
            rows.new_claims.append(claim_id)
            merged.claims += 1
            added += 1
        elif claim.retired:  # the other database dismissed or replaced it
            db.execute(
                "update claims set retired = ? where id = ? and retired is null",
                [claim.retired, claim_id],
            )
            rows.touched.append(claim_id)
        ids.append(claim_id)
        count, reviews = add.claim_rows(store, claim_id, claim, rows, fresh, person)
        merged.reviews += reviews
        if count and not fresh:
            rows.touched.append(claim_id)
        added += count
    return added + add.edits(store, answer.id, record, ids, rows, new, person)
