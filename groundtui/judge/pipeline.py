"""The judging pipeline (``groundtui judge``, docs/judge.md): answers in, a verdict per claim out.

For each answer it is asked to judge, the pipeline extracts claims unless the answer has
some (imported, or extracted by an earlier run), places each in the response, resolves its
citation, verifies it against its cited source alone, gives every claim that is not stated
an invention kind (the judge's, cross-checked by :mod:`groundtui.judge.invention_rules`), finds the
evidence quote in the source, and stores it all under the judge's name and prompt version.

Usage::

    stats = asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))

Answers are judged concurrently on one event loop; the judge bounds its own calls (the
LLM judge with a semaphore). Writes go through one :class:`Recorder` on the loop's thread,
each committed as it is made. One answer's failure never stops the others; a judge that
cannot work at all (:class:`JudgeUnavailable`) stops the run.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque

from groundtui.judge import invention_rules
from groundtui.judge.answers import (
    AnswerContext,
    SourceText,
    claims_needing_verdict,
    load_answer,
    new_claim_rows,
    relocated,
    select_answers,
    stored_claims,
)
from groundtui.judge.base import (
    ClaimsJudge,
    Judge,
    JudgeError,
    Usage,
    Verification,
    judging_answer,
)
from groundtui.judge.failures import JudgeUnavailable
from groundtui.judge.provenance import stated_elsewhere
from groundtui.judge.recorder import Progress, Recorder, RunStats
from groundtui.judge.spans import locate_evidence
from groundtui.models import InventionKind, Verdict
from groundtui.scan import scan_answers
from groundtui.store import Store

log = logging.getLogger(__name__)


async def judge_answers(
    store: Store,
    judge: Judge,
    *,
    all_answers: bool = False,
    rejudge: bool = False,
    limit: int | None = None,
    concurrency: int = 8,
    progress: Progress | None = None,
    stats: RunStats | None = None,
    max_cost: float | None = None,
) -> RunStats:
    """Scan unscanned answers, then judge the selected ones (see :func:`select_answers`).

    Args:
        store: the database, opened on this thread.
        judge: any :class:`~groundtui.judge.base.Judge`.
        all_answers: every answer with work left, not only flagged ones and the control
            sample (the ``control_share`` setting).
        rejudge: also judge claims that came with an imported verdict (both are kept).
        limit: judge at most this many answers.
        concurrency: answers in progress at once are twice this, so the judge's call slots
            stay busy while some answers wait for their extraction.
        progress: called with the running totals after every write.
        stats: totals to fill in (the caller keeps them if the run is interrupted).
        max_cost: dollars at which the run stops taking new work: no answer or claim is
            started once the running cost reaches it; calls in flight finish and are
            saved, and ``stats.stopped_at_cost`` says so. A re-run goes on.

    Raises:
        JudgeUnavailable: the judge cannot work at all; what was finished is saved.
    """
    stats = stats or RunStats()
    # The clock starts here, not when the caller made ``stats``: building the judge (litellm
    # takes seconds to import) is not judging.
    stats.started = time.perf_counter()
    stats.judge, stats.prompt_version = judge.name, judge.prompt_version
    stats.max_cost = max_cost
    scan_answers(store)
    ids = select_answers(
        store,
        judge,
        all_answers=all_answers,
        rejudge=rejudge,
        limit=limit,
        control_share=float(store.setting("control_share")),
    )
    stats.answers = len(ids)
    recorder = Recorder(store, judge, stats, progress)
    if progress is not None:
        progress(stats)
    await Pipeline(store, judge, recorder, rejudge=rejudge).run(ids, workers=2 * concurrency)
    return stats


def _cites(claim: dict) -> str:
    """The markers a claim row cites, as written: "[2]", "[1][7]"."""
    numbers = json.loads(claim["citations"] or "[]") or [claim["citation"]]
    return "".join(f"[{n}]" for n in numbers)


class Pipeline:
    """Judges answers one claim at a time, writing through ``recorder``."""

    def __init__(
        self, store: Store, judge: Judge, recorder: Recorder, *, rejudge: bool = False
    ) -> None:
        self.store = store
        self.judge = judge
        self.recorder = recorder
        self.rejudge = rejudge

    async def run(self, answer_ids: list[str], workers: int) -> None:
        """Judge ``answer_ids`` with up to ``workers`` answers in progress at once."""
        queue = deque(answer_ids)
        tasks = [
            asyncio.create_task(self._worker(queue))
            for _ in range(min(max(1, workers), len(answer_ids)))
        ]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def _stopping(self) -> bool:
        """Whether the run's budget is spent (``--max-cost``): start nothing more."""
        stats = self.recorder.stats
        if stats.over_budget:
            stats.stopped_at_cost = stats.max_cost
            return True
        return False

    async def _worker(self, queue: deque[str]) -> None:
        while queue and not self._stopping():
            answer_id = queue.popleft()
            try:
                await self.judge_answer(answer_id)
            except JudgeUnavailable:
                raise
            except Exception as exc:  # a bug on one answer must not stop the others
                log.exception("judging answer %s failed", answer_id)
                self.recorder.stats.note_error(f"{answer_id}: {type(exc).__name__}: {exc}")
                self.recorder.stats.failures += 1
                self.recorder.answer_finished(False)

    async def judge_answer(self, answer_id: str) -> None:
        """Extract (if need be) and verify the claims of one answer, storing as it goes."""
        judging_answer.set(answer_id)  # this worker's task, and the claims' tasks it starts
        answer = load_answer(self.store, answer_id)
        claims = stored_claims(self.store, answer_id)
        # An answer whose every claim a reviewer dismissed is not extracted again.
        if not claims and not self.store.scalar(
            "select 1 from claims where answer_id = ? limit 1", [answer_id]
        ):
            started = time.perf_counter()
            try:
                extracted = await self.judge.extract(
                    answer.question, answer.response, len(answer.sources)
                )
            except JudgeError as exc:
                self.recorder.extraction_failed(
                    answer_id, str(exc), exc.usage, time.perf_counter() - started
                )
                return
            rows = new_claim_rows(answer, extracted.claims, extracted_by=self.judge.name)
            self.recorder.claims(answer_id, rows, extracted.usage, time.perf_counter() - started)
            claims = stored_claims(self.store, answer_id)
        else:
            for claim in claims:
                if (changes := relocated(answer, claim)) is not None:
                    self.recorder.relocated(claim["id"], changes)
                    claim.update(changes)
        needed = claims_needing_verdict(self.store, self.judge, answer_id, rejudge=self.rejudge)
        todo = [c for c in claims if c["id"] in needed]
        if isinstance(self.judge, ClaimsJudge) and not self.judge.per_claim:
            results = await self._judge_claims(self.judge, answer, todo)
        else:
            results = await asyncio.gather(*(self._judge_claim(answer, c) for c in todo))
        if None in results:  # the budget ran out: left, unfinished, for the next run
            return
        self.recorder.answer_finished(all(results))

    async def _judge_claim(self, answer: AnswerContext, claim: dict) -> bool | None:
        """Judge and record one claim: True when it got a verdict, False when its judging
        failed, None when the budget was spent before it started."""
        if self._stopping():
            return None
        started = time.perf_counter()
        usage = Usage()
        try:
            fields = await self._verdict(answer, claim, usage)
        except JudgeUnavailable:
            raise
        except JudgeError as exc:
            usage.add(exc.usage)
            self.recorder.failure(claim, str(exc), usage, time.perf_counter() - started)
            return False
        except Exception as exc:  # a bug on one claim must not stop its answer's others
            log.exception("judging claim %s failed", claim["id"])
            self.recorder.failure(
                claim,
                f"internal error: {type(exc).__name__}: {exc}",
                usage,
                time.perf_counter() - started,
            )
            return False
        self.recorder.judgement(claim, fields, usage, time.perf_counter() - started)
        return True

    async def _judge_claims(
        self, judge: ClaimsJudge, answer: AnswerContext, todo: list[dict]
    ) -> list[bool | None]:
        """Judge and record the claims ``todo`` of ``answer`` with batched verifications
        (``judge.verify_claims``): as :meth:`_judge_claim` gives for each. What the calls
        cost is recorded with the first claim they judged."""
        if self._stopping():
            return [None] * len(todo)
        started = time.perf_counter()
        results: list[bool | None] = []
        keys = list(dict.fromkeys(s.key for s in answer.sources))
        by_key = {s.key: s for s in answer.sources}
        asked: list[tuple[dict, tuple[int, ...]]] = []
        for claim in todo:
            if (fields := self._unverifiable(answer, claim)) is not None:
                self.recorder.judgement(claim, fields, Usage(), time.perf_counter() - started)
                results.append(True)
                continue
            cited = answer.cited_all(claim)
            cites = (
                tuple(keys.index(k) + 1 for k in (cited.keys or (cited.key,)))
                if cited is not None
                else tuple(range(1, len(keys) + 1))
            )
            asked.append((claim, cites))
        if not asked:
            return results
        sources = [by_key[k].text for k in keys]
        # A claim the reply lacks, or gives wrong, comes back as its JudgeError: it costs that
        # claim only. JudgeUnavailable (no key, no provider) stops the run, as per claim.
        verifications, usage = await judge.verify_claims(
            sources, [(c["text"], cites) for c, cites in asked]
        )
        for (claim, cites), verification in zip(asked, verifications, strict=True):
            seconds = time.perf_counter() - started
            if isinstance(verification, JudgeError):  # its cost is in ``usage`` already
                self.recorder.failure(claim, str(verification), usage, seconds)
                results.append(False)
            else:
                others = [
                    by_key[keys[n - 1]] for n in verification.also_stated_by if n not in cites
                ]
                fields = self._fields(answer, claim, verification, others[0] if others else None)
                self.recorder.judgement(claim, fields, usage, seconds)
                results.append(True)
            usage = Usage()  # the calls' cost goes with the first claim only
        return results

    def _unverifiable(self, answer: AnswerContext, claim: dict) -> dict | None:
        """The judgement columns for a claim no source can be asked about (a dangling
        citation, or uncited in an answer without sources), else None."""
        text = claim["text"]
        if claim["dangling"]:
            kind = InventionKind.FABRICATED_PROVENANCE.value
            return {
                "verdict": Verdict.ABSENT.value,
                "invention_kind": kind,
                "rule_invention_kind": kind,
                "rationale": f"dangling citation: cites {_cites(claim)} but the answer "
                f"has {len(answer.sources)} source(s); not sent for verification",
            }
        cited = answer.cited_all(claim)
        if cited is None and not answer.sources:
            kind = (
                invention_rules.rule_kind(text, "") or invention_rules.fallback_kind(claim["kind"])
            ).value
            return {
                "verdict": Verdict.ABSENT.value,
                "invention_kind": kind,
                "rationale": "uncited, and the answer has no sources to verify it against",
            }
        return None

    async def _verdict(self, answer: AnswerContext, claim: dict, usage: Usage) -> dict:
        """The judgement columns for ``claim``; ``usage`` accumulates what the calls cost."""
        if (fields := self._unverifiable(answer, claim)) is not None:
            return fields
        text = claim["text"]
        cited = answer.cited_all(claim)
        # An uncited claim is verified against all the answer's sources joined: weaker than
        # one cited source, and marked so on the claim (``uncited``) for the reviewer. A
        # claim citing several sources is verified against those joined, only those.
        source = cited.text if cited else answer.joined_sources
        verification = await self.judge.verify(text, source)
        usage.add(verification.usage)
        elsewhere = None
        if verification.verdict is Verdict.ABSENT and cited is not None:
            elsewhere = await stated_elsewhere(self.judge, answer, text, cited, usage)
        return self._fields(answer, claim, verification, elsewhere)

    def _fields(
        self,
        answer: AnswerContext,
        claim: dict,
        verification: Verification,
        elsewhere: SourceText | None,
    ) -> dict:
        """The judgement columns of ``verification`` of ``claim``; ``elsewhere``: another
        source of the answer found stating the claim (fabricated provenance)."""
        text = claim["text"]
        cited = answer.cited_all(claim)
        source = cited.text if cited else answer.joined_sources
        verdict = verification.verdict
        fields: dict = {"verdict": verdict.value, "rationale": verification.rationale}
        if verdict is not Verdict.STATED:
            if verdict is not Verdict.ABSENT or cited is None:
                elsewhere = None
            rule = invention_rules.rule_kind(text, source, stated_elsewhere=elsewhere is not None)
            kind = invention_rules.effective_kind(verification.invention_kind, rule, claim["kind"])
            if elsewhere is not None:
                fields["rationale"] = invention_rules.provenance_note(
                    verification.rationale, elsewhere.key
                )
            fields.update(
                invention_kind=kind.value,
                rule_invention_kind=rule.value if rule else None,
                provenance_source_key=elsewhere.key if elsewhere else None,
            )
        span = locate_evidence(verification.evidence, source, verification.evidence_span)
        if span is not None:
            fields["evidence_text"] = source[span[0] : span[1]]
            if cited is not None and not cited.keys:  # offsets into joined sources name none
                fields["evidence_start"], fields["evidence_end"] = span
        elif verification.evidence.strip():
            quote = verification.evidence.strip()[:200]
            fields["rationale"] = (
                f"{verification.rationale} [quoted evidence not found in the source: {quote!r}]"
            ).strip()
        return fields
