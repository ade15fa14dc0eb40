"""The report's four cubes: read from the maintained counts, or recounted from base tables.

A cube is a list of ``(key…, n)`` rows (see ``groundtui.store.counts`` for what each counts).
``read_cubes`` reads the trigger-maintained tables: a few hundred rows whatever the size of
the database. ``full_cubes`` recomputes the same rows with the store's recount queries
(``groundtui.store.recount``) over every claim; it serves ``--judge NAME`` (another judge's
verdicts) and the tests that hold the triggers to the recount.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from groundtui.store.recount import (
    ANSWER_CUBE,
    ANSWER_ORIGINS,
    CLAIM_CUBE,
    JUDGE_LABELS,
    LATEST_LABELS,
    ORIGIN_CUBE,
    OVERLAP_PAIRS,
    RR_PAIRS,
    STATE,
)

Row = tuple


@dataclass
class Cubes:
    """Counts behind every number of the report; ``''`` stands for null in keys."""

    claims: list[Row] = field(default_factory=list)
    """(label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n)"""
    answers: list[Row] = field(default_factory=list)
    """(status, invention, correct, scanned, flagged, n)"""
    origins: list[Row] = field(default_factory=list)
    """(origin, status, n)"""
    rr: list[Row] | None = field(default_factory=list)
    """(first reviewer, second reviewer, the first's independent verdict, the second's,
    origin, n) over the answers in the overlap: each claim's two first reviewers, where
    both labelled before they could see the other's (``store.rules.independent_label``);
    None: not read (the review UI reads them with the team's numbers)"""

    def normalised(self) -> Cubes:
        """Sorted, without empty cells: two equal sets of counts compare equal."""

        def clean(rows: list[Row]) -> list[Row]:
            return sorted(tuple(r) for r in rows if r[-1])

        rr = None if self.rr is None else clean(self.rr)
        return Cubes(clean(self.claims), clean(self.answers), clean(self.origins), rr)


def cell_origins(cell: str) -> list[str]:
    """The origins a claim cube's cell counts under: a claim citing several counts under each."""
    return json.loads(cell) if cell else []


@contextmanager
def snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """Read inside one transaction, so every cube sees the same committed state."""
    if conn.in_transaction:
        yield
        return
    conn.execute("begin")
    try:
        yield
    finally:
        conn.execute("rollback")


def pair_rows(conn: sqlite3.Connection, share: float, pairs: str = "agg_claim_rr") -> list[Row]:
    """``Cubes.rr`` of the answers below ``share`` (the ``overlap`` setting) from ``pairs``:
    the pairs kept, or a recount's. A row a claim two reviewers labelled in the overlap: a
    few thousand where the cubes are a few hundred rows, so the review UI reads them with
    the team's numbers, not after each key; none to read without an overlap."""
    if share <= 0:
        return []
    return conn.execute(OVERLAP_PAIRS.format(pairs=pairs), {"share": share}).fetchall()


def read_cubes(conn: sqlite3.Connection, share: float | None = 1.0) -> Cubes:
    """The cubes as the triggers keep them: cheap whatever the size of the database.

    ``share``: the ``overlap`` setting, whose answers the reviewer pairs come from
    (``pair_rows``; 1.0: every answer's; None: the pairs are not read).
    """
    with snapshot(conn):
        return Cubes(
            claims=conn.execute(
                "select label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n"
                " from agg_claims where n != 0"
            ).fetchall(),
            answers=conn.execute(
                "select status, invention, correct, scanned, flagged, n from agg_answers"
                " where n != 0"
            ).fetchall(),
            origins=conn.execute(
                "select origin, status, n from agg_origins where n != 0"
            ).fetchall(),
            rr=None if share is None else pair_rows(conn, share),
        )


def full_cubes(
    conn: sqlite3.Connection,
    judge: str | None = None,
    *,
    recount_rr: bool = True,
    share: float = 1.0,
) -> Cubes:
    """The cubes recomputed from the base tables; with ``judge``, from that judge's verdicts.

    ``recount_rr=False`` reads the reviewer pairs from the maintained ones instead: they
    do not depend on the judge, and recounting them means ranking every review. ``share``
    as ``read_cubes``.
    """
    with snapshot(conn), recounted(conn, judge):
        return Cubes(
            claims=conn.execute(CLAIM_CUBE.format(labels="_rep_labels")).fetchall(),
            answers=conn.execute(ANSWER_CUBE.format(state="_rep_state")).fetchall(),
            origins=conn.execute(
                ORIGIN_CUBE.format(origins="_rep_origins", state="_rep_state")
            ).fetchall(),
            rr=pair_rows(conn, share, f"({RR_PAIRS})" if recount_rr else "agg_claim_rr"),
        )


@contextmanager
def recounted(conn: sqlite3.Connection, judge: str | None = None) -> Iterator[None]:
    """Every claim's labels (``_rep_labels``), each answer's state (``_rep_state``) and
    origins (``_rep_origins``) recounted into temporary tables from the base tables: each
    claim's latest labels, or with ``judge`` that judge's verdicts; dropped on leaving."""
    labels_sql = JUDGE_LABELS if judge is not None else LATEST_LABELS
    params = {"judge": judge} if judge is not None else {}
    try:
        conn.execute(f"create temp table _rep_labels as {labels_sql}", params)
        conn.execute(f"create temp table _rep_state as {STATE.format(labels='_rep_labels')}")
        conn.execute(
            "create temp table _rep_origins as " + ANSWER_ORIGINS.format(labels="_rep_labels")
        )
        yield
    finally:
        for table in ("_rep_labels", "_rep_state", "_rep_origins"):
            conn.execute(f"drop table if exists temp.{table}")
