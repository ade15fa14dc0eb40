"""Two judges side by side (``groundtui report --compare A B``) and the list of judges
(``groundtui judges``), docs/report.md.

A judge is named as stored (``heuristic``, ``openai/gpt-4o-mini``), meaning its latest
verdict on each claim whatever its prompt version, or as ``name@prompt_version`` to tell
two versions of one judge apart. The comparison covers the claims both judged: their
agreement with each other (kappa, interval, confusion: rows the first judge) and each
one's agreement with the people's verdict where there is one, on the same claims.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from groundtui.report.calibration import interval, with_interval, zeros
from groundtui.report.kappa import agreement_of_matrix
from groundtui.report.matrices import VERDICTS
from groundtui.store import Store, human_verdict
from groundtui.text.inert import one_line, quoted

_LATEST = """
  select claim_id, verdict from (
    select claim_id, verdict,
           row_number() over (partition by claim_id order by at desc, id desc) as rank
    from judgements
    where judge = :{side}_name and (:{side}_version is null or prompt_version = :{side}_version)
      and verdict is not null
      -- a claim a reviewer dismissed or replaced leaves every agreement, as the report's
      and claim_id not in (select id from claims where retired is not null))
  where rank = 1"""

# Each latest verdict of A with B's on the same claim (null: B has none) and the people's,
# then B's claims that A has none on: every claim either judged, counted once.
_PAIRS = f"""
  with a as ({_LATEST.format(side="a")}), b as ({_LATEST.format(side="b")})
  select a.verdict, b.verdict, {human_verdict("l")}, count(*)
  from a left join b on b.claim_id = a.claim_id
  left join claim_labels l on l.claim_id = a.claim_id
  group by 1, 2, 3
  union all
  select null, null, null, count(*) from b where b.claim_id not in (select claim_id from a)"""


class UnknownJudge(ValueError):
    """A judge name (or ``name@version``) with no verdicts; the message lists those there are."""


@dataclass(frozen=True)
class JudgeRef:
    """A judge as named on the command line: its name, and a prompt version or None."""

    name: str
    version: str | None

    def __str__(self) -> str:
        return self.name if self.version is None else f"{self.name}@{self.version}"


def judges(store: Store) -> list[dict[str, Any]]:
    """Every judge and prompt version with a verdict: claims judged, calls, tokens, cost.

    Cost and calls sum its verdicts' rows and its extractions' (failures included: they
    were paid for too).
    """
    rows = store.query(
        """
        with j as (
          select judge, prompt_version, count(distinct case when verdict is not null
                 then claim_id end) as claims,
                 sum(verdict is null) as failed, sum(calls) as calls,
                 sum(coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)) as tokens,
                 sum(coalesce(cost, 0)) as cost, max(at) as last
          from judgements group by judge, prompt_version),
        e as (
          select judge, prompt_version, sum(calls) as calls,
                 sum(coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)) as tokens,
                 sum(coalesce(cost, 0)) as cost
          from extractions group by judge, prompt_version)
        select j.judge, j.prompt_version, j.claims, j.failed,
               coalesce(j.calls, 0) + coalesce(e.calls, 0) as calls,
               j.tokens + coalesce(e.tokens, 0) as tokens,
               j.cost + coalesce(e.cost, 0) as cost, j.last
        from j left join e on e.judge = j.judge and e.prompt_version = j.prompt_version
        order by j.judge, j.last
        """
    )
    return [
        {
            "judge": r["judge"],
            "prompt_version": r["prompt_version"],
            "claims": r["claims"],
            "failures": r["failed"] or 0,
            "calls": r["calls"] or 0,
            "tokens": r["tokens"] or 0,
            "cost": r["cost"] or 0.0,
            "last": r["last"],
        }
        for r in rows
    ]


def resolve(store: Store, text: str) -> JudgeRef:
    """``text`` as a stored judge: ``name``, or ``name@prompt_version`` when that pair exists.

    Raises:
        UnknownJudge: no verdict by that judge (and version).
    """
    known = {(j["judge"], j["prompt_version"]) for j in judges(store) if j["claims"]}
    if "@" in text:
        name, version = text.rsplit("@", 1)
        if (name, version) in known:
            return JudgeRef(name, version)
    if any(name == text for name, _v in known):
        return JudgeRef(text, None)
    # names from the data, cut: one 100 KB name was printed whole
    listed = ", ".join(sorted(one_line(f"{n}@{v}", 60) for n, v in known)) or "none yet"
    raise UnknownJudge(f"no verdicts by {quoted(text)}; judges (name@prompt_version): {listed}")


def compare(store: Store, a: JudgeRef, b: JudgeRef) -> dict[str, Any]:
    """The two judges on the claims both judged, with each one's agreement with people.

    Returns ``{"judges": [A, B], "claims": {"both", "only_a", "only_b"},
    "agreement": {n, raw, kappa, ci, confusion}, "vs_reviewer": {A: {n, raw, kappa, ci},
    B: {...}}}``; ``vs_reviewer`` covers the claims of ``both`` that people labelled.
    """
    params = {"a_name": a.name, "a_version": a.version, "b_name": b.name, "b_version": b.version}
    between = zeros(VERDICTS)
    people: list[dict[str, dict[str, int]]] = [zeros(VERDICTS), zeros(VERDICTS)]
    both = only_a = only_b = 0
    for va, vb, rv, n in store.db.execute(_PAIRS, params):
        if va is None:
            only_b += n
        elif vb is None:
            only_a += n
        else:
            both += n
            between[va][vb] += n
            if rv is not None:
                people[0][va][rv] += n
                people[1][vb][rv] += n
    names = [str(a), str(b)]
    if names[0] == names[1]:
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    return {
        "judges": names,
        "claims": {"both": both, "only_a": only_a, "only_b": only_b},
        "agreement": {
            **agreement_of_matrix(between),
            "ci": interval(between),
            "confusion": between,
        },
        "vs_reviewer": {names[0]: with_interval(people[0]), names[1]: with_interval(people[1])},
    }
