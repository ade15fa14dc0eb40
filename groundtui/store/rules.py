"""The report's rules as SQL, each written once (docs/report.md).

The triggers that keep the counts current (``triggers``), the full recount (``recount``),
the report's ``--judge`` recount and the export all build their queries from these, so a
claim's origin, an answer's status, its correctness and a judge's pick mean the same
everywhere. Each function takes the SQL names of the rows it reads and returns an
expression.
"""

from __future__ import annotations


def cites_its_source(c: str) -> str:
    """Whether claim row ``c`` counts under its cited source: not uncited, not dangling."""
    return f"coalesce({c}.uncited, 0) = 0 and coalesce({c}.dangling, 0) = 0"


def cited_sources(c: str) -> str:
    """The sources claim row ``c`` cites, as ``s`` rows to join (``from claims c, ...``): a
    claim citing several of one origin has a row for each."""
    return f"json_each({c}.cited_keys) k join sources s on s.key = k.value"


def origin_of(c: str) -> str:
    """The origins claim row ``c`` counts under: a JSON array of its cited sources' distinct
    origins, sorted (a claim citing several sources counts under each); null if it cites none.
    """
    origins = (
        "(select json_group_array(origin) from (select distinct s.origin"
        f" from {cited_sources(c)} order by 1))"
    )
    return f"(case when {cites_its_source(c)} then nullif({origins}, '[]') end)"


def status_of(a: str) -> str:
    """An answer's status from its state row ``a`` (claims, labelled, stated counts).

    ``none``: no claims; ``pending``: a claim without a label; ``grounded``: every claim
    stated; else ``ungrounded``.
    """
    return (
        f"(case when {a}.claims <= 0 then 'none' when {a}.labelled < {a}.claims"
        f" then 'pending' when {a}.stated >= {a}.claims then 'grounded'"
        " else 'ungrounded' end)"
    )


#: What ``report --by KEY`` groups an answer by, for each key but ``origin`` (a claim's):
#: ``day``, the day of its ``answered_at``, kept as UTC ISO 8601 text (weeks and months are
#: days added up); ``meta``, the value at the JSON path bound as ``:meta_path`` in its
#: ``meta``, a string as it is and any other value as its JSON text. Null: the answer has
#: no time, or no such value.
ANSWER_GROUPS = {
    "day": "substr({a}.answered_at, 1, 10)",
    "meta": (
        "(case json_type({a}.meta, :meta_path) when 'text' then json_extract({a}.meta, :meta_path)"
        " when 'null' then null else {a}.meta -> :meta_path end)"
    ),
}


def answer_group(a: str, key: str) -> str:
    """The group of answer row ``a`` under ``key`` (``day``, ``meta``), as ``ANSWER_GROUPS``
    says."""
    return ANSWER_GROUPS[key].format(a=a)


def correct_of(a: str) -> str:
    """``correct``, ``incorrect`` or ``unknown`` from a state row's effective correctness."""
    return (
        f"(case when {a}.correct is null then 'unknown' when {a}.correct"
        " then 'correct' else 'incorrect' end)"
    )


def effective_correct(answer: str, imported: str) -> str:
    """An answer's correctness: its latest mark (an explicit unknown included), else ``imported``.

    Args:
        answer: the answer's id.
        imported: the ``correct`` the answer was imported with.
    """
    marks = f"from answer_marks m where m.answer_id = {answer}"
    return (
        f"(case when exists (select 1 {marks}) then (select m.correct {marks}"
        f" order by m.at desc, m.id desc limit 1) else {imported} end)"
    )


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


def live_mark(m: str) -> str:
    """Whether correctness mark row ``m`` counts: neither an undo row nor undone by one
    (``m`` then ``u`` leaves none)."""
    return (
        f"{m}.reverts is null and not exists"
        f" (select 1 from answer_marks u where u.reverts = {m}.id)"
    )


def live_review(r: str) -> str:
    """Whether review row ``r`` is its reviewer's label on its claim now: the reviewer's
    latest row of the claim, and not a withdrawal (an undo, a label taken back)."""
    return (
        f"{r}.verdict is not null and {r}.id = (select x.id from reviews x"
        f" where x.claim_id = {r}.claim_id and x.reviewer = {r}.reviewer"
        " order by x.at desc, x.id desc limit 1)"
    )


def label_order(r: str) -> str:
    """Review row ``r``'s place in time: its ``at``, ties broken by its id, as one text
    that sorts as they do."""
    return f"({r}.at || '|' || printf('%012d', {r}.id))"


def first_label(claim: str, reviewer: str) -> str:
    """When ``reviewer`` first labelled ``claim`` (``label_order`` of their first row with
    a verdict), or null."""
    return (
        f"(select min({label_order('f')}) from reviews f where f.claim_id = {claim}"
        f" and f.reviewer = {reviewer} and f.verdict is not null)"
    )


def independent_label(claim: str, reviewer: str, other_first: str) -> str:
    """``reviewer``'s last verdict on ``claim`` made before they could see the other
    reviewer's: one made with the others' labels hidden (``independent``), or before the
    other's first label (``other_first``, a ``label_order``); null when they made none."""
    return (
        f"(select x.verdict from reviews x where x.claim_id = {claim} and x.reviewer = {reviewer}"
        f" and x.verdict is not null and (x.independent or {label_order('x')} < {other_first})"
        " order by x.at desc, x.id desc limit 1)"
    )


def queue_reviewed(s: str) -> str:
    """Whether the answer of work state row ``s`` (``groundtui.store.work``) is *reviewed*
    as the queue counts it: every claim has a reviewer's label; without claims, a live
    correctness mark stands (docs/review.md)."""
    return f"(case when {s}.rows > 0 then {s}.reviewed >= {s}.rows else {s}.marked > 0 end)"


def all_judged(s: str) -> str:
    """Whether the answer of work state row ``s`` is *judged* as the report's coverage
    counts it: every claim has a judge verdict; without claims, a judge extracted it
    without error (docs/report.md)."""
    return f"(case when {s}.rows > 0 then {s}.judged >= {s}.rows else {s}.extracted > 0 end)"


def all_decided(s: str) -> str:
    """Whether the answer of work state row ``s`` is *reviewed* as the report's coverage
    counts it: it has claims, each with a person's verdict (the adjudication or a
    reviewer's)."""
    return f"({s}.rows > 0 and {s}.decided >= {s}.rows)"


def done_by(ra: str, s: str) -> str:
    """Whether the reviewer of ``agg_reviewer_answers`` row ``ra`` labelled every live claim
    of its answer (state row ``s``): the answer counts as theirs in the team's line."""
    return f"({ra}.claims > 0 and {ra}.claims >= {s}.claims)"


def finished_by(ra: str, s: str) -> str:
    """Whether the reviewer of ``agg_reviewer_answers`` row ``ra`` finished its answer
    (state row ``s``): labelled every live claim, or, on an answer without claims, marked
    it. A finished answer stays its reviewer's; one labelled in part is theirs only while
    their lease lives (docs/team-review.md)."""
    return f"({done_by(ra, s)} or ({s}.claims <= 0 and {ra}.marks > 0))"
