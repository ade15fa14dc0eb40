"""Which answers a judge still has work on; an answer as the pipeline sees it; its claims as
rows, with spans located and citations resolved.

docs/formats.md and "The judge": citation ``n`` means the source numbered ``n`` (``sources[n-1]``
unless the input numbers its sources); a claim may cite several; a citation naming no source
of the answer is *dangling*; a claim with no citation, from the judge or from a marker near
its span, is *uncited*.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property

from groundtui.judge.base import ExtractedClaim, Judge
from groundtui.judge.spans import locate_claim
from groundtui.models import Answer
from groundtui.store import (
    IMPORT_JUDGE,
    ClaimRow,
    Store,
    citation_columns,
    cited_keys,
    in_control,
    source_key,
)
from groundtui.text.cited import cited_places, joined
from groundtui.text.kinds import infer_kind
from groundtui.text.markers import citations_near, distinct, source_index


@dataclass(frozen=True)
class SourceText:
    """One source of an answer, or several a claim cites, joined (``keys`` has each)."""

    key: str
    text: str
    keys: tuple[str, ...] = ()
    """The keys of the sources joined in ``text``; empty for one source (``key``)."""


@dataclass(frozen=True)
class AnswerContext:
    """What judging one answer needs: its texts and its sources in the order they came."""

    id: str
    question: str
    response: str
    sources: tuple[SourceText, ...]
    numbers: tuple[int, ...]
    """Each source's citation number: its place from 1 unless the input numbered it."""

    def cited(self, citation: int | None) -> SourceText | None:
        """The source ``[citation]`` names, or None when it names none of this answer's."""
        index = source_index(citation, self.numbers)
        return None if index is None else self.sources[index]

    def cited_all(self, claim: dict) -> SourceText | None:
        """What claim row ``claim`` is verified against: the source it cites, or the sources
        it cites joined by blank lines, only those (docs/judge.md); None if it cites
        none of this answer's."""
        keys = json.loads(claim["cited_keys"] or "[]")
        places = cited_places(claim["citation"], keys, [s.key for s in self.sources], self.numbers)
        if places is None:
            return None
        if len(places) == 1 and len(distinct(keys)) <= 1:
            return self.sources[places[0]]
        cited = [self.sources[i] for i in places]
        return SourceText(distinct(keys)[0], joined(s.text for s in cited), distinct(keys))

    @cached_property
    def joined_sources(self) -> str:
        """Every source's text, in citation order: what an uncited claim is verified against.

        Joined once per answer: a new copy per uncited claim would be built, then hashed and
        compared in full by the judge's per-source caches, a pass over the sources per claim.
        """
        return joined(s.text for s in self.sources)


def load_answer(store: Store, answer_id: str) -> AnswerContext:
    """The answer ``answer_id`` with its sources."""
    answer = store.answers.as_cited(answer_id)
    if answer is None:
        raise KeyError(f"no answer {answer_id}")
    sources = tuple(SourceText(s["key"], s["text"]) for s in answer.sources)
    numbers = tuple(s["cited_as"] for s in answer.sources)
    return AnswerContext(answer_id, answer.question, answer.response, sources, numbers)


def answer_context(answer: Answer) -> AnswerContext:
    """``answer``, not stored, as :func:`load_answer` reads it once stored: its response with
    markers naming a source by id read as its number, its sources keyed as the store keys
    them, each with its citation number."""
    sources = tuple(SourceText(source_key(s.id, s.text), s.text) for s in answer.sources)
    return AnswerContext(
        answer.id, answer.question, answer.cited_response(), sources, tuple(answer.numbers())
    )


def stored_claims(store: Store, answer_id: str) -> list[dict]:
    """The answer's claims that count (none a reviewer dismissed or replaced), in order."""
    return store.query(
        "select * from claims where answer_id = ? and retired is null"
        " order by ordinal, span_start, id",
        [answer_id],
    )


def resolve(
    answer: AnswerContext, span: tuple[int, int] | None, citations: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """``(citations, cited keys)`` of a claim citing ``citations`` (or none).

    Without citations of its own, a claim takes the markers in or right after its span.
    """
    if not citations and span is not None:
        citations = distinct(citations_near(answer.response, span[0], span[1]))
    return citations, cited_keys(citations, answer.numbers, [s.key for s in answer.sources])


def new_claim_rows(
    answer: AnswerContext, extracted: list[ExtractedClaim], extracted_by: str
) -> list[ClaimRow]:
    """Rows for the claims a judge extracted from ``answer``: ids ``<answer id>#<n>``."""
    rows = []
    for ordinal, claim in enumerate((c for c in extracted if c.text.strip()), start=1):
        text = claim.text.strip()
        span, located = locate_claim(text, answer.response, claim.span)
        citations, keys = resolve(answer, span, distinct(claim.citations))
        rows.append(
            ClaimRow(
                id=f"{answer.id}#{ordinal}",
                answer_id=answer.id,
                ordinal=ordinal,
                text=text,
                kind=claim.kind.value if claim.kind else infer_kind(text),
                citations=citations,
                cited_keys=keys,
                span=span,
                located=located,
                extracted_by=extracted_by,
            )
        )
    return rows


def relocated(answer: AnswerContext, claim: dict) -> dict | None:
    """New span and citation columns for an imported claim the importer could not place.

    The importer finds spans verbatim or normalised; a fuzzy match may still place the
    claim, and markers near that span may give it the citations it lacked. None when
    nothing changes.
    """
    if claim["located"] != "unlocated":
        return None
    span, located = locate_claim(claim["text"], answer.response)
    if span is None:
        return None
    changes: dict = {"span_start": span[0], "span_end": span[1], "located": located}
    if claim["citation"] is None:
        changes.update(citation_columns(*resolve(answer, span, ())))
    return changes


# A claim needs a verdict from judge (:judge, :version) unless it has one, or (without
# --rejudge) it came with an imported verdict; a retired claim (dismissed, or replaced by
# an edit or a split) needs none. A claim a reviewer made (an edit, a split, an addition)
# is a new claim, with no verdict yet.
_NEEDS_VERDICT = f"""
    c.retired is null and not exists (select 1 from judgements j where j.claim_id = c.id and j.judge = :judge
                and j.prompt_version = :version and j.verdict is not null)
    and (:rejudge or not exists (select 1 from judgements j where j.claim_id = c.id
                and j.prompt_version = '{IMPORT_JUDGE}' and j.verdict is not null))
"""


def select_answers(
    store: Store,
    judge: Judge,
    *,
    all_answers: bool = False,
    rejudge: bool = False,
    limit: int | None = None,
    control_share: float = 0.0,
) -> list[str]:
    """Ids of the answers ``judge`` still has work on, flagged ones first, then import order.

    Without ``all_answers`` only flagged answers, and the control sample: the scanned,
    unflagged answers whose ``control_point`` (a hash of the id) is below
    ``control_share``, so the report can say what the check misses. An answer has work when it has no claims
    and this judge (name and prompt version) has not extracted it yet (a failed extraction
    does not count: the next run tries again), or when it has a claim without a verdict
    from this judge; a claim with an imported verdict counts as judged unless ``rejudge``.
    An answer this judge extracted no claims from is done.
    """
    rows = store.query(
        f"""
        select a.id, exists(select 1 from flags f where f.answer_id = a.id) as flagged
        from answers a
        where (:all or exists(select 1 from flags f where f.answer_id = a.id)
               or exists(select 1 from claim_edits e where e.answer_id = a.id
                         and e.made is not null)
               or {in_control("a", ":control")})
          and ((not exists (select 1 from claims c where c.answer_id = a.id)
                and not exists (select 1 from extractions e where e.answer_id = a.id
                                and e.judge = :judge and e.prompt_version = :version
                                and e.error is null))
               or exists (select 1 from claims c where c.answer_id = a.id
                          and {_NEEDS_VERDICT}))
        order by flagged desc, a.seq
        limit :limit
        """,
        {
            "all": int(all_answers),
            "control": control_share,
            "judge": judge.name,
            "version": judge.prompt_version,
            "rejudge": int(rejudge),
            "limit": -1 if limit is None else limit,
        },
    )
    return [r["id"] for r in rows]


def claims_needing_verdict(
    store: Store, judge: Judge, answer_id: str, *, rejudge: bool = False
) -> set[str]:
    """Ids of the answer's claims that still need a verdict from ``judge``."""
    rows = store.query(
        f"select c.id from claims c where c.answer_id = :answer and {_NEEDS_VERDICT}",
        {
            "answer": answer_id,
            "judge": judge.name,
            "version": judge.prompt_version,
            "rejudge": int(rejudge),
        },
    )
    return {r["id"] for r in rows}
