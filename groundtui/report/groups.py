"""The report by group (``groundtui report --by KEY``, docs/report.md "By group").

A grouping of the report's answers, not a second report: each group's numbers follow the
report's rules, counted by the store's grouped queries (``groundtui.store.recount``)
over the same rows the report's counts are made of (each claim's effective label, each
answer's state). KEY is ``origin`` (a claim counts under each origin it cites, as in
``by_source``), ``meta.NAME`` (the value at that path of an answer's ``meta``), or the
``day``, ``week`` or ``month`` of its ``answered_at`` (UTC).

Each group's claim level has a 95% interval. Claims of one answer are not independent
(one answer's claims come from one retrieval and one generation, and tend to stand or fall
together), so a Wilson interval over the claims as if they were would be too narrow. The
interval is a Wilson score interval on the group's *effective* number of claims: the
claims divided by the design effect that the spread of the claim level between answers
shows (the linearised variance of a ratio over clusters against the variance of
independent claims: Kish's design effect, as survey statistics use it for an interval on a
proportion, after Korn and Graubard). It is closed-form: it gives the same interval for the
same counts and needs only five sums per group, which one ``GROUP BY`` gives; a seeded
cluster bootstrap (which the tests compare it with) would resample each group a thousand
times, a tenth of a second or more a group as the kappa intervals cost, a minute by day
over a year. The effective number is held between the number of answers (each answer one
observation: claims that always agree) and the number of claims (claims as independent).
Where every claim of the group has the same verdict, the spread says nothing, and the
answers are taken as the observations; where every answer has exactly the group's level,
the claims are.

A group with fewer than ``SMALL`` answers is too small to say anything: its interval
rests on a variance estimated from too few answers to trust, however narrow it comes out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from groundtui.models import InventionKind
from groundtui.report.coverage import wilson
from groundtui.report.cubes import recounted, snapshot
from groundtui.report.matrices import VERDICTS
from groundtui.store import Store
from groundtui.store.recount import ANSWERS_BY_DAY, grouped_queries

SMALL = 10
"""A group with fewer answers (with a claim) than this is marked too small to say anything."""
TIME_KEYS = ("day", "week", "month")
KEYS = ("origin", *TIME_KEYS)
"""The keys ``--by`` takes besides ``meta.NAME``."""
INVENTION_KINDS = [k.value for k in InventionKind]


def meta_path(key: str) -> str | None:
    """The SQLite JSON path ``meta.NAME`` names in an answer's ``meta`` (``meta.a.b``: key
    ``b`` of key ``a``), or None for a key that is not ``meta.NAME``.

    Raises:
        ValueError: not a key ``--by`` takes, in one sentence naming those it does.
    """
    if key in KEYS:
        return None
    name = key.removeprefix("meta.")
    parts = name.split(".")
    if not key.startswith("meta.") or not all(parts) or any('"' in p for p in parts):
        raise ValueError(
            f"--by {key}: KEY is origin, day, week, month or meta.NAME "
            "(a key of the answers' meta, e.g. meta.model or meta.prompt.version)"
        )
    return "$" + "".join(f'."{part}"' for part in parts)


@dataclass
class Group:
    """One group's counts; ``json()`` gives its keys as ``report --json`` prints them."""

    group: str | None
    """The group's name: an origin, a meta value, a day (``2026-11-30``), an ISO week
    (``2026-W48``) or a month (``2026-11``); None for answers without one."""
    answers: int = 0
    """Answers with at least one claim in the group: the denominator of the answer level
    and the invention rate."""
    grounded: int = 0
    """Answers whose every claim is stated."""
    invented: int = 0
    """Answers with a claim whose effective verdict is ``absent``."""
    claims: int = 0
    stated: int = 0
    claim_level_ci: list[float] | None = None
    verdicts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    invention_kinds: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(INVENTION_KINDS, 0)
    )

    @property
    def claim_level(self) -> float | None:
        return self.stated / self.claims if self.claims else None

    @property
    def answer_level(self) -> float | None:
        return self.grounded / self.answers if self.answers else None

    @property
    def invention_rate(self) -> float | None:
        return self.invented / self.answers if self.answers else None

    @property
    def small(self) -> bool:
        """Too few answers to say anything (``SMALL``)."""
        return self.answers < SMALL

    def json(self) -> dict[str, Any]:
        """The group's keys of ``report --json``'s ``by.groups``."""
        return {
            "group": self.group,
            "answers": self.answers,
            "claims": self.claims,
            "claim_level": self.claim_level,
            "claim_level_ci": self.claim_level_ci,
            "answer_level": self.answer_level,
            "invention_rate": self.invention_rate,
            "verdicts": dict(self.verdicts),
            "invention_kinds": dict(self.invention_kinds),
        }


class Grouping(dict):
    """``{"key": KEY, "groups": [...]}`` as ``report --json`` prints ``by``; ``rows`` keeps
    the groups with their counts, for the text report, the page and the review UI."""

    def __init__(self, key: str, rows: list[Group]) -> None:
        super().__init__({"key": key, "groups": [g.json() for g in rows]})
        self.key = key
        self.rows = rows


def grouped(store: Store, key: str, judge: str | None = None, *, verdicts: bool = True) -> Grouping:
    """The report's numbers per group of ``key``, groups sorted by key (those without one last).

    Args:
        store: an open store.
        key: ``origin``, ``day``, ``week``, ``month`` or ``meta.NAME``.
        judge: whose verdicts are the judge verdicts, as ``compute``'s (None: each
            claim's latest); with a judge, the labels are recounted from every claim.
        verdicts: also count each group's verdicts and invention kinds, which reads
            every claim; without, they stay zero, and the three numbers, their counts and
            the interval cost a read of each answer (the review UI's trend line).

    Raises:
        ValueError: ``key`` is none of those.
    """
    path = meta_path(key)
    # Times are grouped by day in SQL and rolled up here into weeks and months: the counts
    # add up, and the day is a cut of the stored text, where a week is a date function
    # called for every claim (five times slower on 500,000 claims).
    kind = "meta" if path is not None else "day" if key in TIME_KEYS else key
    params = {"meta_path": path} if path is not None else {}
    conn = store.db.conn
    with snapshot(conn):
        if judge is None:
            # each claim's labels as kept: its ``claim_labels`` row (a retired claim's names
            # no answer) and each answer's state
            answers_sql, claims_sql = grouped_queries(kind, "claim_labels", "agg_answer_state")
            answer_rows = conn.execute(answers_sql, params).fetchall()
            claim_rows = conn.execute(claims_sql, params).fetchall() if verdicts else []
        else:
            with recounted(conn, judge):
                answers_sql, claims_sql = grouped_queries(kind, "_rep_labels", "_rep_state")
                answer_rows = conn.execute(answers_sql, params).fetchall()
                claim_rows = conn.execute(claims_sql, params).fetchall() if verdicts else []
    rolled = ROLL_UP.get(key, lambda name: name)
    sums: dict[str | None, list[int]] = {}
    for name, *counts in answer_rows:
        cell = sums.setdefault(rolled(name), [0] * len(counts))
        for i, n in enumerate(counts):
            cell[i] += n
    groups: dict[str | None, Group] = {}
    for name, (answers, grounded, invented, claims, stated, mm, yy, my) in sums.items():
        groups[name] = Group(
            name,
            answers,
            grounded,
            invented,
            claims,
            stated,
            claim_level_interval(answers, claims, stated, mm, yy, my),
        )
    for name, label, label_kind, n in claim_rows:
        g = groups.setdefault(rolled(name), Group(rolled(name)))
        count_label(g.verdicts, g.invention_kinds, label, label_kind, n)
    # ISO weeks (2026-W05) and months sort as text in time order
    rows = sorted(groups.values(), key=lambda g: (g.group is None, str(g.group or "")))
    return Grouping(key, rows)


def iso_week(day: str | None) -> str | None:
    """The ISO week of a day: ``2026-11-30`` in ``2026-W49``."""
    if day is None:
        return None
    year, week, _ = date.fromisoformat(day).isocalendar()
    return f"{year}-W{week:02d}"


ROLL_UP: dict[str, Callable[[str | None], str | None]] = {
    "week": iso_week,
    "month": lambda day: None if day is None else day[:7],
}
"""A day's group under the keys made of days."""


def claim_levels_by_day(store: Store) -> list[Group]:
    """Each day's claim level with its counts and interval, the days in order (answers
    without a time left out): ``grouped(store, "day", verdicts=False)``, the review UI's
    trend line."""
    return [g for g in grouped(store, "day", verdicts=False).rows if g.group is not None]


MOST_POINTS = 120
"""The most groups a time grain may make to be drawn over time."""


def time_key(store: Store) -> str | None:
    """The finest of ``day``, ``week`` and ``month`` to draw the answers over time by: the
    first that makes at most ``MOST_POINTS`` groups, at least half of them with ``SMALL``
    answers or more (a line of groups too small to say anything says nothing); ``month``
    when neither does; None when no answer with a claim has a time."""
    days = store.db.execute(ANSWERS_BY_DAY).fetchall()
    if not days:
        return None
    for grain in ("day", "week"):
        counts: dict[str, int] = {}
        for day, n in days:
            name = day if grain == "day" else iso_week(day)
            counts[str(name)] = counts.get(str(name), 0) + n
        enough = sum(n >= SMALL for n in counts.values())
        if len(counts) <= MOST_POINTS and enough * 2 >= len(counts):
            return grain
    return "month"


def count_label(
    verdicts: dict[str, int], kinds: dict[str, int], label: str, label_kind: str, n: int
) -> None:
    """Count ``n`` claims of effective ``label`` and ``label_kind`` into ``verdicts`` and
    ``kinds``: a kind counts only for a claim not stated; a pending claim (no label) in neither."""
    if label in verdicts:
        verdicts[label] += n
    if label and label != "stated" and label_kind in kinds:
        kinds[label_kind] += n


def claim_level_interval(
    answers: int, claims: int, stated: int, mm: float, yy: float, my: float
) -> list[float] | None:
    """The 95% interval of a group's claim level, its answers taken as clusters of claims
    (module docstring); None without claims.

    Args:
        answers: answers with a claim in the group.
        claims, stated: the group's claims, and those stated.
        mm, yy, my: over the group's answers, the sum of each answer's claims squared, its
            stated claims squared, and the two multiplied.
    """
    if not claims:
        return None
    level = stated / claims
    return wilson(level * (n := effective_claims(answers, claims, level, mm, yy, my)), n)


def effective_claims(
    answers: int, claims: int, level: float, mm: float, yy: float, my: float
) -> float:
    """How many independent claims the group's claims are worth: ``claims`` over the design
    effect, held between ``answers`` and ``claims``."""
    if answers < 2 or level in (0.0, 1.0):
        return float(answers)
    # Σ (stated_i - level × claims_i)², the spread of the answers about the group's level
    spread = max(0.0, yy - 2 * level * my + level * level * mm)
    variance = answers / (answers - 1) * spread / (claims * claims)
    if variance <= 0 or not math.isfinite(variance):
        return float(claims)
    return min(float(claims), max(float(answers), level * (1 - level) / variance))
