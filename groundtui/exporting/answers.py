"""``export --format answers``: each answer as an import record with every row the report
reads (docs/export.md "Moving and merging work"), as JSON Lines or as Parquet.

Answers are read 500 at a time in import order, each table once per batch, so memory stays
flat however many answers there are and the cost is a few queries per batch, not per answer.
As Parquet, a record's plain fields are typed columns; its nested parts (``sources``,
``claims`` with their judgements and reviews, ``meta``, ``flags``, ``marks``,
``extractions``) are each their JSON text, as the import reads them back: they are free-form
or deeply nested, and one Parquet file has one schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from groundtui.exporting.output import export_text, json_line
from groundtui.exporting.parquet import BatchWriter, write_file
from groundtui.importing.answer_records import FORMAT, NESTED
from groundtui.store import Store, chunks

BATCH = 500

_JUDGEMENT_FIELDS = (
    "judge",
    "prompt_version",
    "verdict",
    "invention_kind",
    "rule_invention_kind",
    "evidence_text",
    "provenance_source_key",
    "rationale",
    "error",
    "calls",
    "prompt_tokens",
    "completion_tokens",
    "cost",
    "seconds",
    "at",
)
_EXTRACTION_FIELDS = (
    "judge",
    "prompt_version",
    "claims",
    "error",
    "calls",
    "prompt_tokens",
    "completion_tokens",
    "cost",
    "seconds",
    "at",
)


def answer_records(store: Store) -> Iterator[dict]:
    """Every answer of ``store`` as an ``answers/1`` record, in import order."""
    last = -1
    while True:
        answers = store.query(
            "select * from answers where seq > ? order by seq limit ?", [last, BATCH]
        )
        if not answers:
            return
        last = answers[-1]["seq"]
        yield from _batch(store, answers)


def _grouped(store: Store, sql: str, ids: list[str], key: str) -> dict[str, list[dict]]:
    """Rows of ``sql`` (with an ``in ({marks})`` slot) for ``ids``, grouped by ``key``."""
    found: dict[str, list[dict]] = {}
    for chunk, marks in chunks(ids):
        for row in store.query(sql.format(marks=marks), chunk):
            found.setdefault(row[key], []).append(row)
    return found


def _batch(store: Store, answers: list[dict]) -> Iterator[dict]:
    ids = [a["id"] for a in answers]
    sources = _grouped(
        store,
        "select a.answer_id, a.number, a.position, s.* from answer_sources a"
        " join sources s on s.key = a.source_key where a.answer_id in ({marks})"
        " order by a.answer_id, a.position",
        ids,
        "answer_id",
    )
    flags = _grouped(
        store,
        "select * from flags where answer_id in ({marks}) order by answer_id, check_name",
        ids,
        "answer_id",
    )
    marks = _grouped(
        store,
        "select * from answer_marks where answer_id in ({marks}) order by at, id",
        ids,
        "answer_id",
    )
    extractions = _grouped(
        store,
        "select * from extractions where answer_id in ({marks}) order by at, id",
        ids,
        "answer_id",
    )
    claims = _grouped(
        store,
        "select * from claims where answer_id in ({marks}) order by answer_id, ordinal",
        ids,
        "answer_id",
    )
    claim_ids = [c["id"] for rows in claims.values() for c in rows]
    judgements = _grouped(
        store,
        "select * from judgements where claim_id in ({marks}) order by at, id",
        claim_ids,
        "claim_id",
    )
    reviews = _grouped(
        store,
        "select * from reviews where claim_id in ({marks}) order by at, id",
        claim_ids,
        "claim_id",
    )
    adjudications = _grouped(
        store,
        "select * from adjudications where claim_id in ({marks}) order by at, id",
        claim_ids,
        "claim_id",
    )
    edits = _grouped(
        store,
        "select * from claim_edits where answer_id in ({marks}) order by at, id",
        ids,
        "answer_id",
    )
    for a in answers:
        record = {
            "groundtui": FORMAT,
            "id": a["id"],
            "question": a["question"],
            "response": a["response"],
            "sources": [_source(s) for s in sources.get(a["id"], [])],
            "correct": None if a["correct"] is None else bool(a["correct"]),
            "meta": json.loads(a["meta"] or "{}"),
            "content_hash": a["content_hash"],
            "answered_at": a["answered_at"],
            "scanned_at": a["scanned_at"],
            "flags": [
                {
                    "check": f["check_name"],
                    "details": json.loads(f["details"] or "null"),
                    "at": f["at"],
                }
                for f in flags.get(a["id"], [])
            ],
            "marks": [
                {
                    "reviewer": m["reviewer"],
                    "correct": None if m["correct"] is None else bool(m["correct"]),
                    "at": m["at"],
                }
                for m in marks.get(a["id"], [])
            ],
            "extractions": [
                {k: e[k] for k in _EXTRACTION_FIELDS} for e in extractions.get(a["id"], [])
            ],
            "claims": [
                _claim(
                    c,
                    judgements.get(c["id"], []),
                    reviews.get(c["id"], []),
                    adjudications.get(c["id"], []),
                )
                for c in claims.get(a["id"], [])
            ],
        }
        if a["id"] in edits:
            record["edits"] = _edits(edits[a["id"]], claims.get(a["id"], []))
        yield record


def _edits(edits: list[dict], claims: list[dict]) -> list[dict]:
    """Reviewers' corrections, their claims named by place in the record's ``claims``."""
    place = {c["id"]: i for i, c in enumerate(claims)}
    order = {e["id"]: i for i, e in enumerate(edits)}
    found = []
    for e in edits:
        row = {
            "reviewer": e["reviewer"],
            "action": e["action"],
            "claim": place.get(e["claim_id"]),
            "made": [place[c] for c in json.loads(e["made"] or "[]") if c in place],
            "text": e["text"],
            "at": e["at"],
            "reverts": order.get(e["reverts"]),
        }
        if e["span_start"] is not None:
            row["span"] = [e["span_start"], e["span_end"]]
        found.append(row)
    return found


def _source(s: dict) -> dict:
    source = {
        "id": s["source_id"],
        "text": s["text"],
        "title": s["title"],
        "origin": s["origin"],
        "updated_at": s["updated_at"],
    }
    if s["number"] is not None and s["number"] != s["position"]:
        source["number"] = s["number"]
    return {k: v for k, v in source.items() if v is not None}


def _claim(c: dict, judgements: list[dict], reviews: list[dict], adjudications: list[dict]) -> dict:
    span = [c["span_start"], c["span_end"]] if c["span_start"] is not None else None
    number = c["id"].rpartition("#")[2]
    return {
        **({"n": int(number)} if number.isdigit() and number.isascii() else {}),
        "ordinal": c["ordinal"],
        "text": c["text"],
        "kind": c["kind"],
        "citation": json.loads(c["citations"] or "[]"),
        "span": span,
        "located": c["located"],
        "extracted_by": c["extracted_by"],
        "created_at": c["created_at"],
        "judgements": [_judgement(j) for j in judgements],
        "reviews": [
            {
                "reviewer": r["reviewer"],
                "verdict": r["verdict"],
                "invention_kind": r["invention_kind"],
                "note": r["note"] or "",
                "blind": bool(r["blind"]),
                "independent": bool(r["independent"]),
                "origin": r["origin"],
                "at": r["at"],
            }
            for r in reviews
        ],
        "adjudications": [
            {
                "adjudicator": d["adjudicator"],
                "verdict": d["verdict"],
                "invention_kind": d["invention_kind"],
                "note": d["note"] or "",
                "at": d["at"],
            }
            for d in adjudications
        ],
        **({"retired": c["retired"]} if c["retired"] else {}),
    }


def _judgement(j: dict) -> dict:
    row = {k: j[k] for k in _JUDGEMENT_FIELDS}
    if j["evidence_start"] is not None:
        row["evidence"] = [j["evidence_start"], j["evidence_end"]]
    return row


BATCH_ANSWERS = 1_000


@cache
def answers_schema() -> Any:
    """The columns of an answer record: plain ones typed, nested ones as JSON text."""
    import pyarrow as pa

    return pa.schema(
        [
            ("groundtui", pa.string()),
            ("id", pa.string()),
            ("question", pa.string()),
            ("response", pa.string()),
            ("correct", pa.bool_()),
            ("content_hash", pa.string()),
            ("answered_at", pa.string()),
            ("scanned_at", pa.string()),
            *((name, pa.string()) for name in NESTED),
        ]
    )


def write_answers(store: Store, out: BinaryIO) -> int:
    """Every answer record of ``store`` into ``out``; how many."""
    table = answers_schema()
    with BatchWriter(out, batch_rows=BATCH_ANSWERS, table=table, json_text=NESTED) as writer:
        for record in answer_records(store):
            writer.add({f.name: record.get(f.name) for f in table})
    return writer.rows


def export_answers(store: Store, output: str | Path = "-") -> int:
    """``export --format answers``: the answer records, one JSON line each (stdout for
    ``"-"``), or one row each of ``FILE.parquet``; returns how many."""
    if str(output).endswith(".parquet"):
        return write_file(output, lambda out: write_answers(store, out))

    def lines(out: TextIO, _terminal: bool) -> int:
        count = 0
        for record in answer_records(store):
            out.write(json_line(record))
            count += 1
        return count

    return export_text(output, lines)
