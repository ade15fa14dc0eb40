"""``import`` of ``export --format answers`` files: a database's work merged into another
(docs/export.md "Moving and merging work").

The same answer is the same id with the same question, response and sources; the same claim
is the same text at the same span of it (a claim new to the database takes the answer's next
number); a judgement, review, adjudication, mark or extraction already there (the same
fields at the same time) is not added twice. So importing one export twice changes nothing,
and importing two reviewers' exports of one database gives every label of both.

All or nothing, like every import: records are checked as they are read and kept in a
temporary file; in the import's write transaction the rows the database lacks are found
and spooled, and the import's copy writes them with its own (``Store.imports.copy_spool``). An
answer that conflicts with the database is a bad line.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import ValidationError

from groundtui.importing.answer_records import AnswerRecord, ClaimRecord
from groundtui.models import Answer, check_evidence, describe_error
from groundtui.store import (
    ClaimRow,
    Store,
    answer_row,
    cited_keys,
    claim_row,
    content_hash,
    now_iso,
    review_row,
    source_key,
    source_row,
)


@dataclass
class Merged:
    """What a merge spooled (the copy counts its rows as it writes them)."""

    answers: int = 0
    """Answers new to the database."""
    unchanged: int = 0
    """Answers the database had with every row."""
    spooled: bool = False
    """Whether there is anything for the copy: rows, or claims to label again."""


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
        first = claim.citation[0] if claim.citation else None
        for j, judgement in enumerate(claim.judgements):
            if judgement.evidence is not None:
                field = f"claims[{i}].judgements[{j}].evidence"
                check_evidence(field, judgement.evidence, first, answer.sources)
    _check_edits(parsed)
    return parsed, answer


def _check_edits(record: AnswerRecord) -> None:
    """Every claim and correction an edit names is one of the record's."""
    claims = len(record.claims)
    for k, edit in enumerate(record.edits):
        named = [("claim", edit.claim)] if edit.claim is not None else []
        named += [(f"made.{m}", n) for m, n in enumerate(edit.made)]
        for field, n in named:
            if not 0 <= n < claims:
                raise ValueError(
                    f"field 'edits.{k}.{field}': {n} names no claim of the record's {claims}"
                )
        if edit.reverts is not None and not 0 <= edit.reverts < k:
            raise ValueError(
                f"field 'edits.{k}.reverts': {edit.reverts} names no earlier correction"
            )


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
"""Answers merged at a time: their rows are spooled with one statement per table."""


def spool(store: Store, held: Held, skip: set[str]) -> Merged:
    """Spool the rows the database lacks of every held answer but those in ``skip``, for
    the copy (``Store.imports.copy_spool``); the caller holds the transaction, with the spool
    attached, and copies after.

    What is already stored is changed in place: a later flag, a claim retired, a later
    ``scanned_at``.
    """
    merged = Merged()
    at = now_iso()
    # The spool numbers answers after the import's own; the copy moves them past the database's.
    seq = store.scalar("select coalesce(max(seq), 0) from spool.answers") or 0
    names: dict[str, str] = {}
    rows = Rows()
    for n, (record, answer) in enumerate(held, start=1):
        if answer.id in skip:
            continue
        answers = merged.answers
        if not _merge_answer(store, record, answer, at, seq + 1, merged, rows, names):
            merged.unchanged += 1
        seq += merged.answers - answers
        if n % BATCH == 0:
            merged.spooled |= rows.write(store)
    merged.spooled |= rows.write(store)
    return merged


def _merge_answer(
    store: Store,
    record: AnswerRecord,
    answer: Answer,
    at: str,
    seq: int,
    merged: Merged,
    rows: Rows,
    names: dict[str, str],
) -> int:
    """Add one answer's rows the database lacks to ``rows``; how many (0: it had all).

    A source version the database lacks is spooled; if another answer of the import
    spooled it too, the spool keeps the first, and the copy writes and counts it once.
    """
    db = store.db
    keys = [source_key(s.id, s.text) for s in answer.sources]
    numbers = answer.numbers()
    new = db.execute("select 1 from main.answers where id = ?", [answer.id]).fetchone() is None
    if new:
        for source, key in zip(answer.sources, keys, strict=True):
            if key in rows.source_keys:
                continue
            if db.execute("select 1 from main.sources where key = ?", [key]).fetchone() is None:
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
        store.imports.merge_scan(answer.id, record.scanned_at)
    if not new and answer.answered_at is not None:  # a time the stored answer lacked
        store.imports.merge_answered_at(answer.id, answer.answered_at)
    person = Names(store, names)
    added = int(new) + flags(store, answer.id, record, rows, new)
    added += marks(store, answer.id, record, rows, new, person)
    added += extractions(store, answer.id, record, rows, new)
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
                claim_row_of(claim_id, answer.id, place, claim, numbers, keys),
                claim.created_at or at,
            )
            row["retired"] = claim.retired
            rows.add("claims", row)
            claims[(claim.text, *span)] = claim_id
            rows.relabel(claim_id, new=True)
            added += 1
        elif claim.retired:  # the other database dismissed or replaced it
            store.imports.merge_retired(claim_id, claim.retired)
            rows.relabel(claim_id)
        ids.append(claim_id)
        count = claim_rows(store, claim_id, claim, rows, fresh, person)
        if count and not fresh:
            rows.relabel(claim_id)
        added += count
    return added + edits(store, answer.id, record, ids, rows, new, person)


# -- what merging one answer record adds: each row the database lacks -----------------

_JUDGEMENT_KEY = ("judge", "prompt_version", "verdict", "invention_kind", "error", "at")
"""What makes two judgements of a claim the same row."""


class Rows:
    """A batch of rows to spool, by table, spooled together (``Store.imports.spool_rows``)."""

    def __init__(self) -> None:
        self.tables: dict[str, list[dict]] = {}
        self.source_keys: set[str] = set()
        """The source versions among the rows (the spool has them once they are written)."""

    def add(self, table: str, row: dict) -> None:
        self.tables.setdefault(table, []).append(row)

    def relabel(self, claim_id: str, *, new: bool = False) -> None:
        """Have the copy label ``claim_id`` again (``new``: label it a first time)."""
        self.add("relabel", {"claim_id": claim_id, "new": int(new)})

    def write(self, store: Store) -> bool:
        """Spool the batch and start another; whether it had anything."""
        spooled = bool(self.tables)
        store.imports.spool_rows(self.tables)
        self.__init__()  # type: ignore[misc]
        return spooled


class Names:
    """Reviewer names as the database first knew them (casefold), registered once each.

    A name the database lacks takes the spelling of the import's other answers if they
    have it: the copy registers the names of their reviews, first.
    """

    def __init__(self, store: Store, names: dict[str, str]) -> None:
        self.store, self.names = store, names

    def __call__(self, name: str) -> str:
        key = name.casefold()
        if key not in self.names:
            db = self.store.db
            known = db.execute("select name from main.reviewers where key = ?", [key]).fetchone()
            spooled = (
                None
                if known
                else db.execute(
                    "select s.reviewer from spool.reviews s join spool.claims c"
                    " on c.id = s.claim_id where casefold(s.reviewer) = ?"
                    " and c.answer_id not in (select id from main.answers)"
                    " order by s.rowid limit 1",
                    [key],
                ).fetchone()
            )
            self.names[key] = spooled[0] if spooled else self.store.reviewers.name(name)
        return self.names[key]


def claim_row_of(
    claim_id: str,
    answer_id: str,
    ordinal: int,
    claim: ClaimRecord,
    numbers: list[int],
    keys: list[str],
) -> ClaimRow:
    citations = tuple(claim.citation)
    return ClaimRow(
        claim_id,
        answer_id,
        ordinal,
        claim.text,
        claim.kind.value,
        citations,
        cited_keys(citations, numbers, keys),
        (claim.span[0], claim.span[1]) if claim.span else None,
        claim.located,
        claim.extracted_by,
    )


def _present(store: Store, sql: str, params: list, folded: int | None = None) -> set[tuple]:
    """The rows of ``sql`` as tuples; column ``folded`` (a person's name) casefolded."""
    found = set()
    for row in store.db.execute(sql, params):
        row = list(row)
        if folded is not None and row[folded] is not None:
            row[folded] = row[folded].casefold()
        found.add(tuple(row))
    return found


def claim_rows(
    store: Store, claim_id: str, claim: ClaimRecord, rows: Rows, fresh: bool, person: Names
) -> int:
    """Add the claim's judgements, reviews and adjudications not there yet; how many.

    A claim new to the database has none: nothing to compare with.
    """
    added = 0
    have = (
        set()
        if fresh
        else _present(
            store,
            f"select {', '.join(_JUDGEMENT_KEY)} from judgements where claim_id = ?",
            [claim_id],
        )
    )
    for j in claim.judgements:
        fields = j.model_dump(mode="json")
        if tuple(fields[k] for k in _JUDGEMENT_KEY) in have:
            continue
        added += 1
        evidence = fields.pop("evidence")
        rows.add(
            "judgements",
            {
                "claim_id": claim_id,
                **fields,
                "evidence_start": evidence[0] if evidence else None,
                "evidence_end": evidence[1] if evidence else None,
            },
        )
    have = (
        set()
        if fresh
        else _present(
            store,
            "select reviewer, verdict, invention_kind, coalesce(note, ''), blind,"
            " independent, at from reviews where claim_id = ?",
            [claim_id],
            folded=0,
        )
    )
    for r in claim.reviews:
        verdict = r.verdict.value if r.verdict else None
        kind = r.invention_kind.value if r.invention_kind else None
        key = (r.reviewer.casefold(), verdict, kind, r.note, int(r.blind), int(r.independent), r.at)
        if key in have:
            continue
        rows.add(
            "reviews",
            review_row(
                claim_id,
                person(r.reviewer),
                verdict,
                kind,
                r.note,
                blind=r.blind,
                independent=r.independent,
                at=r.at,
                origin=r.origin,
            ),
        )
        added += 1
    have = (
        set()
        if fresh
        else _present(
            store,
            "select adjudicator, verdict, invention_kind, coalesce(note, ''), at"
            " from adjudications where claim_id = ?",
            [claim_id],
            folded=0,
        )
    )
    for d in claim.adjudications:
        verdict = d.verdict.value if d.verdict else None
        kind = d.invention_kind.value if d.invention_kind else None
        if (d.adjudicator.casefold(), verdict, kind, d.note, d.at) in have:
            continue
        rows.add(
            "adjudications",
            {
                "claim_id": claim_id,
                "adjudicator": person(d.adjudicator),
                "verdict": verdict,
                "invention_kind": kind,
                "note": d.note,
                "at": d.at,
                "reverts": None,
            },
        )
        added += 1
    return added


def edits(
    store: Store,
    answer_id: str,
    record: AnswerRecord,
    ids: list[str],
    rows: Rows,
    new: bool,
    person: Names,
) -> int:
    """Add the reviewers' corrections the database lacks (the same reviewer, action and
    instant), their claims named by the ids ``ids`` the record's claims got here."""
    if not record.edits:
        return 0
    have = (
        set()
        if new
        else _present(
            store,
            "select reviewer, action, at from claim_edits where answer_id = ?",
            [answer_id],
            folded=0,
        )
    )
    # Numbered in the spool, as the copy expects, and moved past the database's by it.
    pending = rows.tables.get("claim_edits", [])
    spooled = store.scalar("select coalesce(max(id), 0) from spool.claim_edits") or 0
    first = spooled + len(pending) + 1
    made_ids: dict[int, int] = {}  # place in the record's edits -> row id
    added = 0
    for place, e in enumerate(record.edits):
        if (e.reviewer.casefold(), e.action, e.at) in have:
            continue
        made_ids[place] = first + added
        made = [ids[i] for i in e.made if 0 <= i < len(ids)]
        rows.add(
            "claim_edits",
            {
                "id": made_ids[place],
                "answer_id": answer_id,
                "reviewer": person(e.reviewer),
                "action": e.action,
                "claim_id": ids[e.claim]
                if e.claim is not None and 0 <= e.claim < len(ids)
                else None,
                "text": e.text,
                "span_start": e.span[0] if e.span else None,
                "span_end": e.span[1] if e.span else None,
                "made": json.dumps(made) if made else None,
                "at": e.at,
                "reverts": made_ids.get(e.reverts) if e.reverts is not None else None,
            },
        )
        added += 1
    return added


def flags(store: Store, answer_id: str, record: AnswerRecord, rows: Rows, new: bool) -> int:
    """A flag the database lacks is added; one it has is replaced by a later one."""
    added = 0
    for flag in record.flags:
        details = json.dumps(flag.details, ensure_ascii=False)
        stored = (
            None
            if new
            else store.db.execute(
                "select at from flags where answer_id = ? and check_name = ?",
                [answer_id, flag.check],
            ).fetchone()
        )
        if stored is None:
            rows.add(
                "flags",
                {
                    "answer_id": answer_id,
                    "check_name": flag.check,
                    "details": details,
                    "at": flag.at,
                },
            )
            added += 1
        elif stored[0] < flag.at:
            store.imports.merge_flag(answer_id, flag.check, details, flag.at)
            added += 1
    return added


def marks(
    store: Store, answer_id: str, record: AnswerRecord, rows: Rows, new: bool, person: Names
) -> int:
    have = (
        set()
        if new
        else _present(
            store,
            "select reviewer, correct, at from answer_marks where answer_id = ?",
            [answer_id],
            folded=0,
        )
    )
    added = 0
    for m in record.marks:
        correct = None if m.correct is None else int(m.correct)
        if (m.reviewer.casefold(), correct, m.at) not in have:
            rows.add(
                "answer_marks",
                {
                    "answer_id": answer_id,
                    "reviewer": person(m.reviewer),
                    "correct": correct,
                    "at": m.at,
                    "reverts": None,
                },
            )
            added += 1
    return added


def extractions(store: Store, answer_id: str, record: AnswerRecord, rows: Rows, new: bool) -> int:
    have = (
        set()
        if new
        else _present(
            store,
            "select judge, prompt_version, claims, error, at from extractions where answer_id = ?",
            [answer_id],
        )
    )
    added = 0
    for e in record.extractions:
        if (e.judge, e.prompt_version, e.claims, e.error, e.at) not in have:
            rows.add("extractions", {"answer_id": answer_id, **e.model_dump(mode="json")})
            added += 1
    return added
