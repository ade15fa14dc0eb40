"""What the report's numbers describe: which answers were scanned, flagged, judged, reviewed,
and the control sample of unflagged answers that measures what the mechanical check misses.

docs/report.md: ``coverage`` {answers, scanned, flagged, judged, reviewed} and
``control`` {answers, judged, with_unstated_claim, rate, ci}. An answer is *judged* when
each of its claims has a verdict from a judge (from ``--judge NAME`` when given), or when a
judge extracted it and found no claims; *reviewed* when each of its claims (at least one)
carries a person's label. ``flagged`` counts scanned answers, as ``flags`` does. The
*control sample* is the scanned, unflagged answers whose
``control_point`` (a hash of the id) is below the ``control_share`` setting; an answer in
it *holds an unstated claim* when some claim's label (the people's, else the judge's) is
not ``stated``.

With any judge's verdicts they are read from counts the database keeps
(``groundtui.store.work``), so the review UI shows them fresh after anyone's label; with
``--judge NAME`` they read every claim once (a grouped scan, about a second a million
claims).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from groundtui.store import Store
from groundtui.store.rules import JUDGE_LABEL, JUDGE_PICK, all_judged, human_verdict, in_control

# ``rows.id`` below, qualified: ``extractions`` has an ``id`` of its own, which an
# unqualified ``id`` inside its subquery names.

# Every claim has its ``claim_labels`` row from the moment it is stored, so the latest
# labels are read from that table alone (half the time of joining ``claims``); a retired
# claim's row names no answer, so it is left out.
_LATEST = f"""
  select l.answer_id, l.judge_verdict as jv, {human_verdict("l")} as rv, l.label
  from claim_labels l"""
_OF_JUDGE = f"""
  select c.answer_id, j.verdict as jv, {human_verdict("l")} as rv,
         {JUDGE_LABEL} as label
  from claims c left join claim_labels l on l.claim_id = c.id
  left join judgements j on j.id = {JUDGE_PICK}
  where c.retired is null"""

_COUNTS = """
  with labels as ({labels}),
  per as (select answer_id, count(*) as n, count(jv) as judged, count(rv) as reviewed,
                 sum(label is not null and label != 'stated') as unstated
          from labels group by answer_id),
  rows as (
    select a.scanned_at is not null as scanned,
           a.scanned_at is not null
             and exists (select 1 from flags f where f.answer_id = a.id) as flagged,
           {control} as control,
           a.id as id, p.n as n, p.judged as judged, p.reviewed as reviewed,
           coalesce(p.unstated, 0) > 0 as unstated
    from answers a left join per p on p.answer_id = a.id)
  select scanned, flagged, control,
         case when n is null then exists (select 1 from extractions e where e.answer_id = rows.id
                                          and e.error is null {extraction_judge})
              else judged = n end as judged,
         coalesce(n > 0 and reviewed = n, 0) as reviewed,
         unstated, count(*)
  from rows group by 1, 2, 3, 4, 5, 6"""


@dataclass
class Coverage:
    """The answers behind the report, counted; ``as_json`` gives the report's two keys."""

    answers: int = 0
    scanned: int = 0
    flagged: int = 0
    judged: int = 0
    reviewed: int = 0
    judged_flagged: int = 0
    """Flagged answers judged: the text report says whether the judged ones are these."""
    control_answers: int = 0
    control_judged: int = 0
    control_unstated: int = 0
    control_share: float = 0.0

    def coverage_json(self) -> dict[str, int]:
        """``{"answers", "scanned", "flagged", "judged", "reviewed"}``."""
        return {
            "answers": self.answers,
            "scanned": self.scanned,
            "flagged": self.flagged,
            "judged": self.judged,
            "reviewed": self.reviewed,
        }

    def control_json(self) -> dict[str, Any]:
        """``{"answers", "judged", "with_unstated_claim", "rate", "ci"}`` (``ci``: 95% Wilson)."""
        n, k = self.control_judged, self.control_unstated
        return {
            "answers": self.control_answers,
            "judged": n,
            "with_unstated_claim": k,
            "rate": k / n if n else None,
            "ci": wilson(k, n),
        }


def coverage(store: Store, judge: str | None = None) -> Coverage:
    """Count the answers by what was done to them (see the module's docstring).

    With any judge's verdicts it reads the work counts the database keeps
    (``groundtui.store.work``): the ``agg_work`` cube and the control sample's rows, a few
    milliseconds at any size; with one judge's it scans every claim (``coverage_scan``).

    Args:
        store: an open store.
        judge: count as judged only this judge's verdicts; ``None`` for any judge's.
    """
    if judge is not None:
        return coverage_scan(store, judge)
    share = float(store.setting("control_share"))
    c = Coverage(control_share=share)
    for scanned, flagged, judged, decided, n in store.db.execute(
        "select scanned, flagged, judged, decided, sum(n) from agg_work group by 1, 2, 3, 4"
    ):
        c.answers += n
        c.scanned += n if scanned else 0
        c.flagged += n if scanned and flagged else 0
        c.judged += n if judged else 0
        c.reviewed += n if decided else 0
        c.judged_flagged += n if judged and scanned and flagged else 0
    if share > 0:
        c.control_answers, c.control_judged, c.control_unstated = store.db.execute(
            f"select count(*), coalesce(sum({all_judged('s')}), 0),"
            f" coalesce(sum({all_judged('s')} and s.unstated > 0), 0) from agg_answer_state s"
            " where s.control_point < ? and s.scanned and not s.flagged",
            [share],
        ).fetchone()
    return c


def coverage_scan(store: Store, judge: str | None = None) -> Coverage:
    """``coverage`` by a scan of every claim: one judge's, and the recount the tests hold
    the kept counts to."""
    share = float(store.setting("control_share"))
    sql = _COUNTS.format(
        labels=_LATEST if judge is None else _OF_JUDGE,
        control=in_control("a", ":share"),
        extraction_judge="" if judge is None else "and e.judge = :judge",
    )
    c = Coverage(control_share=share)
    for scanned, flagged, control, judged, reviewed, unstated, n in store.db.execute(
        sql, {"share": share, "judge": judge}
    ):
        c.answers += n
        c.scanned += n if scanned else 0
        c.flagged += n if flagged else 0
        c.judged += n if judged else 0
        c.reviewed += n if reviewed else 0
        c.judged_flagged += n if judged and flagged else 0
        if control:
            c.control_answers += n
            c.control_judged += n if judged else 0
            c.control_unstated += n if judged and unstated else 0
    return c


def wilson(k: float, n: float, z: float = 1.959963984540054) -> list[float] | None:
    """The 95% Wilson score interval ``[low, high]`` of ``k`` successes in ``n``; None for n = 0.

    Unlike the normal approximation it stays inside [0, 1] and is not zero-width at k = 0,
    which is what a small control sample with no miss in it gives.
    """
    if n == 0:
        return None
    if k == 0:  # the closed forms, exact where the general one leaves a rounding error
        return [0.0, z * z / (n + z * z)]
    if k == n:
        return [n / (n + z * z), 1.0]
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def coverage_line(c: Coverage) -> str:
    """One sentence on what was judged, e.g. "judged 20 of 30 answers: the flagged ones;
    `groundtui judge --all` for the rest"."""
    if c.answers == 0:
        return "no answers yet"
    if c.judged == c.answers:
        judged = f"judged all {c.answers:,} answers"
    else:
        unflagged = c.judged - c.judged_flagged
        if c.judged_flagged == c.flagged and c.flagged and unflagged == c.control_judged:
            which = "the flagged ones"
            if unflagged:
                which += f" and {unflagged:,} unflagged of the control sample"
        elif c.judged == 0:
            which = "none yet; `groundtui judge` judges the flagged ones"
        else:
            which = f"{c.judged_flagged:,} of {c.flagged:,} flagged, {unflagged:,} unflagged"
        judged = f"judged {c.judged:,} of {c.answers:,} answers: {which}"
        if c.judged:
            judged += "; `groundtui judge --all` for the rest"
    return f"{judged}; {c.reviewed:,} reviewed in full"
