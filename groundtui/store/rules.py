"""The report's rules the Python side's queries are built with (docs/report.md).

Most rules are SQL the database holds once: views (``groundtui/store/sql/rules.sql``:
a claim's origins and cell, an answer's correctness, the live marks and reviews, the
reviewer pairs) and generated columns (``counts.sql``: an answer's status and work). These
are the few that a query on other rows needs: what a claim cites, the people's verdict, a
judge's pick and the control sample. Each function takes the SQL names of the rows it reads
and returns an expression.
"""

from __future__ import annotations


def cites_its_source(c: str) -> str:
    """Whether claim row ``c`` counts under its cited source: not uncited, not dangling."""
    return f"coalesce({c}.uncited, 0) = 0 and coalesce({c}.dangling, 0) = 0"


def human_verdict(labels: str) -> str:
    """The people's verdict on a claim from its ``claim_labels`` row: the adjudication, else
    the latest reviewer's. The judge is compared with this, and it outranks the judge."""
    return f"coalesce({labels}.adjudicated_verdict, {labels}.reviewer_verdict)"


def human_kind(labels: str) -> str:
    """The invention kind that goes with ``human_verdict``."""
    return (
        f"(case when {labels}.adjudicated_verdict is not null then {labels}.adjudicated_kind"
        f" else {labels}.reviewer_kind end)"
    )


#: The judgement that counts for claim ``c`` under one judge (``:judge``): its latest verdict.
JUDGE_PICK = """(
    select x.id from judgements x
    where x.claim_id = c.id and x.judge = :judge and x.verdict is not null
    order by x.at desc, x.id desc limit 1)"""
#: Claim ``c``'s label under that judge: the people's (``l``), else the judge's (``j``).
JUDGE_LABEL = f"coalesce({human_verdict('l')}, j.verdict)"
#: The invention kind that goes with ``JUDGE_LABEL``.
JUDGE_LABEL_KIND = (
    f"case when {human_verdict('l')} is not null then {human_kind('l')} else j.invention_kind end"
)


def in_control(a: str, share: str) -> str:
    """Whether answer row ``a`` is in the control sample of ``share``: scanned, not flagged,
    and its ``control_point`` (a hash of its id) below the share (docs/report.md)."""
    return (
        f"({share} > 0 and {a}.scanned_at is not null"
        f" and not exists (select 1 from flags f where f.answer_id = {a}.id)"
        f" and control_point({a}.id) < {share})"
    )


#: Each live claim's cell under one judge (``:judge``), as the view ``claim_cells`` has
#: them (rules.sql) but with that judge's latest verdict for the judge's, and the label the
#: people's, else that verdict: the report's ``--judge NAME``.
JUDGE_CELLS = f"""
  select o.claim_id, o.answer_id,
    coalesce({JUDGE_LABEL}, '') as label, coalesce({JUDGE_LABEL_KIND}, '') as label_kind,
    coalesce(o.kind, '') as kind, coalesce(o.origins, '') as origin,
    coalesce(j.verdict, '') as judge_verdict,
    coalesce({human_verdict("l")}, '') as reviewer_verdict,
    {JUDGE_LABEL} is not null as is_labelled, {JUDGE_LABEL} is 'stated' as is_stated,
    {JUDGE_LABEL} is 'absent' as is_absent
  from claim_origins o join claims c on c.id = o.claim_id
  left join claim_labels l on l.claim_id = o.claim_id
  left join judgements j on j.id = {JUDGE_PICK}"""
