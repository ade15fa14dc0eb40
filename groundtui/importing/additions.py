"""What merging one answer record adds: each row the database lacks, gathered in ``Rows``
and written a batch at a time (README "Moving and merging work")."""

from __future__ import annotations

import json

from groundtui.importing.answer_records import AnswerRecord, ClaimRecord
from groundtui.store import ClaimRow, Store
from groundtui.store.rows import cited_keys, review_row

_JUDGEMENT_KEY = ("judge", "prompt_version", "verdict", "invention_kind", "error", "at")
"""What makes two judgements of a claim the same row."""


class Rows:
    """Rows to insert, by table, written together with ``executemany`` (sqlite-utils'
    ``insert`` reads the table's schema on every call: most of a merge's time, measured)."""

    def __init__(self) -> None:
        self.tables: dict[str, list[dict]] = {}
        self.new_claims: list[str] = []
        self.touched: list[str] = []
        self.source_keys: set[str] = set()
        """The source versions among the rows (the database has them once they are written)."""

    def add(self, table: str, row: dict) -> None:
        self.tables.setdefault(table, []).append(row)

    def write(self, store: Store) -> None:
        # Parents first: sources and answers, then what hangs from them.
        for table in (
            "sources",
            "answers",
            "answer_sources",
            "flags",
            "answer_marks",
            "extractions",
            "claims",
            "judgements",
            "reviews",
            "adjudications",
            "claim_edits",
        ):
            rows = self.tables.get(table)
            if not rows:
                continue
            columns = list(rows[0])
            store.db.conn.executemany(
                f"insert into {table} ({', '.join(columns)})"
                f" values ({', '.join(':' + c for c in columns)})",
                rows,
            )
        store.refresh_labels(self.new_claims, new=True)
        store.refresh_labels(self.touched)
        self.__init__()  # type: ignore[misc]


class Names:
    """Reviewer names as the database first knew them (casefold), registered once each."""

    def __init__(self, store: Store, names: dict[str, str]) -> None:
        self.store, self.names = store, names

    def __call__(self, name: str) -> str:
        key = name.casefold()
        if key not in self.names:
            self.names[key] = self.store.reviewer_name(name)
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
) -> tuple[int, int]:
    """Add the claim's judgements, reviews and adjudications not there yet: ``(rows, of them
    reviews)``.

    A claim new to the database has none: nothing to compare with.
    """
    added = reviews = 0
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
        reviews += 1
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
    return added, reviews


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
    pending = rows.tables.get("claim_edits", [])
    first = (store.scalar("select coalesce(max(id), 0) from claim_edits") or 0) + len(pending) + 1
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
            store.db.execute(
                "update flags set details = ?, at = ? where answer_id = ? and check_name = ?",
                [details, flag.at, answer_id, flag.check],
            )
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
