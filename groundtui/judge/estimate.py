"""``groundtui judge --dry-run``: what a run would spend, computed without a call or a write.

The answers are the ones the run would take (docs/judge.md): the unscanned ones are
checked here in memory, as the run's scan would check them, and nothing is stored. For
each answer the prompts the run would send are built and their tokens counted by the
judge's counter (litellm's, offline); a call whose exact prompt is in the completion cache
is free and counted apart, as is a prompt the run asks twice (the judge asks once):

- an answer without claims: its extraction call, exact; its claims are estimated by the
  offline judge's extraction (sentences and clauses, their citation markers) and each
  costs a verification against the source it would cite;
- an answer with claims: a verification per claim still lacking this judge's verdict, exact;
- the provenance cross-check: at most one more call for a claim another source might state
  (:func:`groundtui.judge.provenance.provenance_candidate`), paid only when the claim is
  not stated: reported as a bound, apart.

Completion tokens are estimated: an extraction's reply as the JSON of the estimated claims,
a verification's as ``VERIFY_REPLY_TOKENS``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from groundtui.checks import unsourced_specifics
from groundtui.judge.answers import (
    AnswerContext,
    claims_needing_verdict,
    load_answer,
    new_claim_rows,
    select_answers,
    stored_claims,
)
from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.llm.fences import KEYED
from groundtui.judge.llm.prompts import (
    CLAIMS_PER_CALL,
    claims_messages,
    extraction_messages,
    verification_messages,
)
from groundtui.judge.provenance import provenance_candidate
from groundtui.store import Store, claim_row, control_point

VERIFY_REPLY_TOKENS = 60
"""Completion tokens a verification reply is taken to cost: a verdict, a quote and a reason."""


@dataclass
class Estimate:
    """What a run would spend; ``cost`` None when the model has no price in litellm's list."""

    answers: int = 0
    unscanned: int = 0
    """Of ``answers``, those the run's scan would check first (checked here, not stored)."""
    extractions: int = 0
    claims: int = 0
    """Claims the run would verify."""
    estimated_claims: int = 0
    """Of ``claims``, those not extracted yet: estimated by the offline extraction."""
    calls: int = 0
    """Extraction and verification calls, cache hits excluded."""
    cached: int = 0
    """Calls whose exact prompt the completion cache already answers (free)."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = 0.0
    cross_checks: int = 0
    """At most this many more calls: the provenance cross-checks."""
    cross_check_tokens: int = 0
    cross_check_cost: float | None = 0.0
    model: bool = True
    """False for a judge that calls no model (the offline one): nothing to pay."""


def planned_answers(
    store: Store,
    judge: Any,
    *,
    all_answers: bool = False,
    rejudge: bool = False,
    limit: int | None = None,
) -> tuple[list[str], int]:
    """The answers a run would judge, in its order, and how many of them are unscanned."""
    candidates = select_answers(store, judge, all_answers=True, rejudge=rejudge)
    share = float(store.settings.get("control_share"))
    # Of the scanned answers, those a run takes: select_answers' own rule (flagged, the
    # control sample, answers with claims reviewers made, or every one with --all).
    taken = set(
        select_answers(store, judge, all_answers=all_answers, rejudge=rejudge, control_share=share)
    )
    state = {
        r["id"]: (r["scanned"], r["flagged"])
        for r in store.query(
            "select id, scanned_at is not null as scanned,"
            " exists(select 1 from flags f where f.answer_id = answers.id) as flagged"
            " from answers"
        )
    }
    chosen: list[str] = []
    first: set[str] = set()
    unscanned = 0
    for answer_id in candidates:
        if limit is not None and len(chosen) >= limit:
            break
        scanned, flagged = state[answer_id]
        if scanned:
            wanted = answer_id in taken
        else:  # the run scans it first: as the scan would (its response already numbered)
            answer = load_answer(store, answer_id)
            flagged = bool(
                unsourced_specifics(
                    answer.response, [s.text for s in answer.sources], answer.numbers
                )
            )
            wanted = all_answers or flagged or control_point(answer_id) < share
        if wanted:
            chosen.append(answer_id)
            unscanned += 0 if scanned else 1
            if flagged:
                first.add(answer_id)
    chosen.sort(key=lambda a: a not in first)  # the run's order: flagged ones first
    return chosen, unscanned


def estimate(
    store: Store,
    judge: Any,
    *,
    all_answers: bool = False,
    rejudge: bool = False,
    limit: int | None = None,
) -> Estimate:
    """What ``judge`` would spend on the answers a run would take; nothing is written.

    A judge without ``count_tokens`` (the offline one) makes no calls: only the answers and
    claims are counted.
    """
    ids, unscanned = planned_answers(
        store, judge, all_answers=all_answers, rejudge=rejudge, limit=limit
    )
    counting = hasattr(judge, "count_tokens")
    e = Estimate(answers=len(ids), unscanned=unscanned, model=counting)
    seen: set[str] = set()
    cross_prompt = 0
    for answer_id in ids:
        answer = load_answer(store, answer_id)
        claims = stored_claims(store, answer_id)
        if claims:
            needed = claims_needing_verdict(store, judge, answer_id, rejudge=rejudge)
            todo = [(c["text"], c, bool(c["dangling"])) for c in claims if c["id"] in needed]
        else:
            e.extractions += 1
            guessed = new_claim_rows(answer, extract_claims(answer.response), "estimate")
            todo = [(r.text, claim_row(r, ""), r.dangling) for r in guessed]
            e.estimated_claims += len(todo)
            if counting:
                reply = json.dumps(
                    {
                        "claims": [
                            {"text": t, "kind": None, "citation": c["citation"]} for t, c, _ in todo
                        ]
                    }
                )
                messages = extraction_messages(
                    answer.question, answer.response, len(answer.sources), KEYED
                )
                _charge(e, judge, messages, reply, seen)
        e.claims += len(todo)
        if counting and not getattr(judge, "per_claim", True):
            _charge_batched(
                e, judge, answer, [(t, c) for t, c, dangling in todo if not dangling], seen
            )
            continue
        for text, claim, dangling in todo:
            if dangling or not counting:
                continue
            source, cross = _sources(answer, claim, text)
            if source is None:
                continue
            _charge(e, judge, verification_messages(text, source, KEYED), None, seen)
            if cross is None:
                continue
            messages = verification_messages(text, cross, KEYED)
            asked = json.dumps(messages, sort_keys=True)
            if asked not in seen:
                seen.add(asked)
                e.cross_checks += 1
                cross_prompt += judge.count_tokens(messages)
    if counting:
        e.cross_check_tokens = cross_prompt
        e.cost = judge.price(e.prompt_tokens, e.completion_tokens)
        e.cross_check_cost = judge.price(cross_prompt, e.cross_checks * VERIFY_REPLY_TOKENS)
    return e


def _charge_batched(
    e: Estimate, judge: Any, answer: AnswerContext, todo: list[tuple[str, dict]], seen: set[str]
) -> None:
    """Count the batched verifications of ``todo`` (text, claim row), as the pipeline asks
    them: the answer's sources once, at most ``CLAIMS_PER_CALL`` claims a call."""
    keys = list(dict.fromkeys(s.key for s in answer.sources))
    if not keys:
        return
    asked = []
    for text, claim in todo:
        cited = answer.cited_all(claim) if claim["citation"] is not None else None
        if claim["citation"] is not None and cited is None:
            continue
        numbers = (cited.keys or (cited.key,)) if cited is not None else keys
        asked.append((text, tuple(keys.index(k) + 1 for k in numbers)))
    by_key = {s.key: s.text for s in answer.sources}
    sources = [by_key[k] for k in keys]
    for i in range(0, len(asked), CLAIMS_PER_CALL):
        batch = asked[i : i + CLAIMS_PER_CALL]
        reply = VERIFY_REPLY_TOKENS * len(batch)
        _charge(e, judge, claims_messages(sources, batch, KEYED), None, seen, reply)


def _sources(answer: AnswerContext, claim: dict, text: str) -> tuple[str | None, str | None]:
    """The text claim row ``claim`` is verified against (the pipeline's choice), and the one
    its cross-check would ask."""
    if claim["citation"] is None:
        return (answer.joined_sources if answer.sources else None), None
    cited = answer.cited_all(claim)
    if cited is None:
        return None, None
    other = provenance_candidate(answer, text, cited)
    return cited.text, (other.text if other else None)


def _charge(
    e: Estimate,
    judge: Any,
    messages: list[dict],
    reply: str | None,
    seen: set[str],
    reply_tokens: int = VERIFY_REPLY_TOKENS,
) -> None:
    """Count one call of ``messages``: free when its exact prompt is cached, or asked
    earlier in the same run (the judge asks once and reads the rest from its cache)."""
    key = json.dumps(messages, sort_keys=True)
    if key in seen or judge.cached(messages):
        e.cached += 1
        return
    seen.add(key)
    e.calls += 1
    e.prompt_tokens += judge.count_tokens(messages)
    e.completion_tokens += (
        judge.count_tokens([{"role": "assistant", "content": reply}])
        if reply is not None
        else reply_tokens
    )


def describe(e: Estimate, judge_name: str) -> str:
    """The dry run's lines."""

    def dollars(value: float | None) -> str:
        return (
            "unknown (no price for this model in litellm's list)"
            if value is None
            else (f"about ${value:.4f}")
        )

    scanned = (
        f" ({e.unscanned:,} not scanned yet: checked here as the run would)"
        if (e.unscanned)
        else ""
    )
    estimated = (
        f", {e.estimated_claims:,} of them estimated before extraction"
        if (e.estimated_claims)
        else ""
    )
    lines = [
        f"Dry run of {judge_name}: nothing was called or written.",
        f"Answers: {e.answers:,}{scanned}; claims to verify: {e.claims:,}{estimated}.",
    ]
    if not e.model:
        lines.append("Calls: none: the offline judge calls no model; cost: $0.")
        return "\n".join(lines)
    lines += [
        f"Calls: {e.calls:,} ({e.extractions:,} extractions, the rest verifications), "
        f"{e.cached:,} more answered by the cache for free.",
        f"Prompt tokens: {e.prompt_tokens:,}; completion tokens: about {e.completion_tokens:,}; "
        f"cost: {dollars(e.cost)}.",
    ]
    if e.cross_checks:
        lines.append(
            f"Provenance cross-checks: at most {e.cross_checks:,} more calls "
            f"({e.cross_check_tokens:,} prompt tokens, {dollars(e.cross_check_cost)}), "
            "one for each claim another source may state, if its cited source does not."
        )
    return "\n".join(lines)
