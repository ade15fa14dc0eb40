"""``groundtui export``: the corrected labels, one row per claim (docs/export.md).

Rows stream from one SQLite cursor straight to the output, so memory stays flat however
many claims there are; a file given with ``-o`` is written atomically (``output``).
``write`` closes its cursor however it stops (a
reader that went away, ``| head``, included), while the database is still open.
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Generator
from contextlib import closing
from pathlib import Path
from typing import TextIO

from groundtui.exporting.output import export_text, json_line
from groundtui.store import (
    JUDGE_LABEL,
    JUDGE_LABEL_KIND,
    JUDGE_PICK,
    Store,
    cites_its_source,
    human_verdict,
)
from groundtui.text.cited import joined, read_places
from groundtui.text.inert import shown

COLUMNS = [
    "answer_id",
    "claim_id",
    "claim",
    "kind",
    "citation",
    "source_id",
    "source_origin",
    "evidence",
    "evidence_source_id",
    "judge",
    "judge_verdict",
    "judge_invention_kind",
    "reviewer",
    "reviewer_verdict",
    "reviewer_invention_kind",
    "note",
    "reviewed_at",
    "label",
    "invention_kind",
    "label_source",
    "supported",
    "reviewers",
    "adjudicator",
    "adjudicated_verdict",
    "adjudicated_invention_kind",
    "citations",
    "source_ids",
    "meta",
    "question",
    "response",
    "source",
    "split",
]
_READ = ["cited_keys", "dangling"]
"""Columns the query gives beyond ``COLUMNS``, to choose ``source``; not exported."""
FORMATS = ("jsonl", "csv")
SPLITS = ("train", "validation", "test")
SHARES = {"train": 0.8, "validation": 0.1, "test": 0.1}
"""The default share of answers in each split (``--splits``)."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads a cell starting with as a formula (OWASP, "CSV Injection")."""

# Every reviewer's latest label on claim ``c`` (a withdrawn one left out), oldest first.
_REVIEWERS = """(
  select json_group_array(json_object('reviewer', reviewer, 'verdict', verdict,
           'invention_kind', invention_kind, 'note', note, 'at', at,
           'blind', json(iif(blind, 'true', 'false')),
           'independent', json(iif(independent, 'true', 'false'))))
  from (select r.reviewer, r.verdict, r.invention_kind, r.note, r.at, r.blind, r.independent
        from reviews r
        where r.claim_id = c.id and r.verdict is not null and r.id = (
          select x.id from reviews x where x.claim_id = r.claim_id
          and +x.reviewer = r.reviewer order by x.at desc, x.id desc limit 1)
        order by r.at, r.id))"""

# Every source the claim cites, by id, in order; null when it counts under no source.
_SOURCE_IDS = f"""(case when {cites_its_source("c")} then (
  select json_group_array(s.source_id) from json_each(c.cited_keys) k
  join sources s on s.key = k.value) end)"""

# The source columns are null for a claim that counts under no source, as in the report.
# CROSS JOIN keeps answers as the outer loop: rows come in import order from the indexes on
# answers(seq) and claims(answer_id, ordinal), streamed, with no sort of every claim.
_SELECT = f"""
  select c.answer_id, c.id, c.text, c.kind, c.citation, s.source_id, s.origin,
         j.evidence_text, null, j.judge, j.verdict, j.invention_kind,
         l.reviewer, l.reviewer_verdict, l.reviewer_kind, l.note, l.reviewed_at,
         case when c.retired is null then {{label}} else 'not_a_claim' end,
         case when c.retired is null then {{label_kind}} end,
         case when l.adjudicated_verdict is not null then 'adjudicated'
              when l.reviewer_verdict is not null or c.retired is not null then 'reviewer'
              when {{label}} is not null then 'judge' end,
         case when c.retired is not null then 0 when {{label}} is not null
              then {{label}} = 'stated' end,
         {_REVIEWERS}, l.adjudicator, l.adjudicated_verdict, l.adjudicated_kind,
         c.citations, {_SOURCE_IDS}, a.meta, a.question, a.response, null, null,
         c.cited_keys, coalesce(c.dangling, 0)
  from answers a
  cross join claims c on c.answer_id = a.id
  left join claim_labels l on l.claim_id = c.id
  left join sources s on s.key = c.source_key and {cites_its_source("c")}
  left join judgements j on j.id = {{judgement}}
  {{where}}
  order by a.seq, c.ordinal, c.span_start, c.id"""


def rows(
    store: Store,
    *,
    reviewed_only: bool = False,
    judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None),
    all_claims: bool = False,
    human_only: bool = False,
    shares: dict[str, float] = SHARES,
) -> Generator[dict, None, None]:
    """Export rows, keyed by ``COLUMNS``, in import order then claim order.

    Args:
        reviewed_only: keep claims with a live reviewer label (not retracted).
            ``label`` and ``invention_kind`` are the effective label: the adjudication,
            else the latest reviewer's, else the judge's.
        judge: whose verdict fills the judge columns and, without a review, the label;
            ``None`` for each claim's latest judgement.
        cell: ``(judge verdict, reviewer verdict)``: keep only the claims of that cell
            of the report's confusion matrix (either None: any); the reviewer's verdict
            is the people's, the adjudication else the latest reviewer's.
        all_claims: the claims reviewers dismissed as not claims too, with ``label``
            ``not_a_claim``. A claim replaced by an edit or a split is never exported: the
            claims that replaced it are.
        human_only: keep claims people labelled (``label_source`` adjudicated or reviewer).
        shares: each split's share of answers (``split_of``).
    """
    conditions = ["l.reviewer_verdict is not null"] if reviewed_only else []
    conditions.append(
        "(c.retired is null or c.retired = 'dismissed')" if all_claims else "c.retired is null"
    )
    if human_only:
        conditions.append(f"({human_verdict('l')} is not null or c.retired is not null)")
    if cell[0] is not None:
        conditions.append("j.verdict = :judge_verdict")
    if cell[1] is not None:
        conditions.append(f"{human_verdict('l')} = :reviewer_verdict")
    where = "where " + " and ".join(conditions)
    if judge is None:
        label, label_kind, judgement = "l.label", "l.label_kind", "l.judgement_id"
    else:  # that judge's verdicts, as the report's --judge counts them
        label, label_kind, judgement = JUDGE_LABEL, JUDGE_LABEL_KIND, JUDGE_PICK
    sql = _SELECT.format(label=label, label_kind=label_kind, judgement=judgement, where=where)
    params = {"judge": judge, "judge_verdict": cell[0], "reviewer_verdict": cell[1]}
    cursor = store.db.conn.execute(sql, params)
    sources = _Sources(store)
    answer, split = None, ""
    try:
        for values in cursor:  # streamed: a row at a time
            row = dict(zip(COLUMNS + _READ, values, strict=True))
            cited_keys, dangling = (row.pop(column) for column in _READ)
            for column in ("reviewers", "citations", "source_ids", "meta"):
                if row[column] is not None:
                    row[column] = json.loads(row[column])
            read = sources.read(row["answer_id"], row["citation"], cited_keys, bool(dangling))
            row["source"] = joined(text for _, text in read) if read else None
            row["evidence_source_id"] = _holding(read, row["evidence"])
            if row["answer_id"] != answer:  # an answer's rows come together
                answer, split = row["answer_id"], split_of(row["answer_id"], shares)
            row["split"] = split
            yield row
    finally:
        cursor.close()


class _Sources:
    """One answer's sources at a time, read as rows of that answer come (they come together)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._answer: str | None = None
        self._ids: list[str] = []
        self._keys: list[str] = []
        self._texts: list[str] = []
        self._numbers: list[int] = []

    def read(
        self, answer_id: str, citation: int | None, cited_keys: str | None, dangling: bool
    ) -> list[tuple[str, str]]:
        """``(source id, text)`` of each source a judge verifies the claim against, in order."""
        if answer_id != self._answer:
            found = self._store.answers.sources(answer_id)
            self._answer = answer_id
            self._ids = [s["source_id"] for s in found]
            self._keys = [s["key"] for s in found]
            self._texts = [s["text"] for s in found]
            self._numbers = [s["cited_as"] for s in found]
        keys = json.loads(cited_keys or "[]")
        places = read_places(citation, keys, dangling, self._keys, self._numbers)
        return [(self._ids[i], self._texts[i]) for i in places]


def _holding(read: list[tuple[str, str]], evidence: str | None) -> str | None:
    """The id of the first source read whose text holds ``evidence``; None for no evidence,
    or evidence that runs across two joined sources."""
    if not evidence:
        return None
    return next((source_id for source_id, text in read if evidence in text), None)


def split_of(answer_id: str, shares: dict[str, float] = SHARES) -> str:
    """``train``, ``validation`` or ``test`` for every claim of an answer: a stable hash of
    its id against the shares, so an answer keeps its split as the database grows.

    Salted, so the split is independent of the double-review overlap, which hashes the id too.
    The hash is laid out test first, then validation: an answer's place in ``test`` depends
    on the test share alone.
    """
    digest = hashlib.sha256(f"split\0{answer_id}".encode()).digest()
    point = int.from_bytes(digest[:8], "big") / 2**64
    edge = 0.0
    for split in reversed(SPLITS):
        edge += shares.get(split, 0.0)
        if point < edge:
            return split
    return "train"  # shares summing to a hair under 1 by rounding


def parse_splits(text: str) -> dict[str, float]:
    """``--splits train=0.8,validation=0.1,test=0.1`` as shares.

    Raises:
        ValueError: one sentence saying what is wrong: an unknown split, a share that is not
            a number from 0 to 1, a split named twice, or shares not summing to 1.
    """
    shares: dict[str, float] = {}
    for part in text.split(","):
        name, equals, value = (p.strip() for p in part.partition("="))
        if name not in SPLITS or not equals:
            raise ValueError(
                f"--splits: {part.strip()!r} is not SPLIT=SHARE with SPLIT one of "
                + ", ".join(SPLITS)
            )
        if name in shares:
            raise ValueError(f"--splits: {name} is named twice")
        try:
            share = float(value)
        except ValueError:
            share = -1.0
        if not 0 <= share <= 1:  # also false for nan
            raise ValueError(
                f"--splits: the share of {name}, {value!r}, is not a number from 0 to 1"
            )
        shares[name] = share
    total = sum(shares.values())
    if abs(total - 1) > 1e-6:
        raise ValueError(f"--splits: the shares add up to {total:g}, not 1")
    return {split: shares.get(split, 0.0) for split in SPLITS}


def write(
    store: Store,
    out: TextIO,
    fmt: str = "jsonl",
    *,
    reviewed_only: bool = False,
    judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None),
    all_claims: bool = False,
    shares: dict[str, float] = SHARES,
    terminal: bool = False,
    raw: bool = False,
) -> int:
    """Write the export to ``out`` as JSON Lines or CSV (header first); return the rows.

    CSV has the same columns in the same order, an empty cell for null, and standard
    quoting (RFC 4180) for commas, quotes and line breaks inside a value. A text cell a
    spreadsheet would run as a formula is written as text (``spreadsheet_text``) unless
    ``raw``. ``terminal``: ``out`` is one, so CSV, which has no escapes, shows control and
    format characters as visible stand-ins (``shown``); JSON Lines writes them as escapes
    anyway.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}: choose jsonl or csv")
    count = 0
    # closing(): on any exception (BrokenPipeError from `| head`) the generator, and with it
    # the cursor, is closed now, not when garbage collected after the database is closed.
    with closing(
        rows(
            store,
            reviewed_only=reviewed_only,
            judge=judge,
            cell=cell,
            all_claims=all_claims,
            shares=shares,
        )
    ) as source:
        if fmt == "csv":
            writer = csv.writer(out)
            writer.writerow(COLUMNS)
            for row in source:
                cells = [_cell(v) for v in row.values()]
                if not raw:
                    cells = [spreadsheet_text(c) if isinstance(c, str) else c for c in cells]
                if terminal:
                    cells = [shown(c).text if isinstance(c, str) else c for c in cells]
                writer.writerow(cells)
                count += 1
        else:
            for row in source:
                out.write(json_line(row))
                count += 1
    return count


def spreadsheet_text(cell: str) -> str:
    """``cell`` as a spreadsheet reads it as text: one starting with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return gets a leading ``'``, which the spreadsheet shows
    nothing of (OWASP's advice against formulas in CSV). Only text cells are given here:
    a number column (``citation``, ``supported``) is written as the number."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def _cell(value: object) -> object:
    """A CSV cell: empty for null, a list or an object (``reviewers``, ``meta``) as JSON."""
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, list | dict) else value


def export(
    store: Store,
    output: str | Path = "-",
    fmt: str = "jsonl",
    *,
    reviewed_only: bool = False,
    judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None),
    all_claims: bool = False,
    shares: dict[str, float] = SHARES,
    raw: bool = False,
) -> int:
    """Export to ``output`` (``"-"`` for stdout), a file written atomically (``output``);
    ``raw``: CSV cells as stored, formulas included (``write``).

    Raises:
        ValueError: ``output`` is empty.
        OSError: the file cannot be written; no file is left at ``output``'s place.
        BrokenPipeError: writing to stdout, the reader went away (the cursor is closed).
    """
    return export_text(
        output,
        lambda out, terminal: write(
            store,
            out,
            fmt,
            reviewed_only=reviewed_only,
            judge=judge,
            cell=cell,
            all_claims=all_claims,
            shares=shares,
            terminal=terminal,
            raw=raw,
        ),
    )
