"""The judging pipeline (``groundtui judge``, docs/judge.md): answers in, a verdict per claim out.

For each answer it is asked to judge, the pipeline extracts claims unless the answer has
some (imported, or extracted by an earlier run), places each in the response, resolves its
citation, verifies it against its cited source alone, gives every claim that is not stated
an invention kind (the judge's, cross-checked by :mod:`groundtui.judge.invention_rules`), finds the
evidence quote in the source, and stores it all under the judge's name and prompt version.
The work on one answer is :class:`~groundtui.judge.one_answer.AnswerJudging`'s, which
``groundtui.judge()`` runs too, with no database; the pipeline chooses the answers, reads
them and their stored claims, and writes what it is handed.

Usage::

    stats = asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))

Answers are judged concurrently on one event loop; the judge bounds its own calls (the
LLM judge with a semaphore). Writes go through one :class:`Recorder` on the loop's thread,
each committed as it is made. One answer's failure never stops the others; a judge that
cannot work at all (:class:`JudgeUnavailable`) stops the run.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque

from groundtui.judge.answers import (
    claims_needing_verdict,
    load_answer,
    select_answers,
    stored_claims,
)
from groundtui.judge.base import Judge, for_answer
from groundtui.judge.failures import JudgeUnavailable
from groundtui.judge.one_answer import AnswerJudging
from groundtui.judge.recorder import Progress, Recorder, RunStats
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
        control_share=float(store.settings.get("control_share")),
    )
    stats.answers = len(ids)
    recorder = Recorder(store, judge, stats, progress)
    if progress is not None:
        progress(stats)
    await Pipeline(store, judge, recorder, rejudge=rejudge).run(ids, workers=2 * concurrency)
    return stats


class Pipeline:
    """Judges stored answers, one :class:`AnswerJudging` each, writing through ``recorder``."""

    def __init__(
        self, store: Store, judge: Judge, recorder: Recorder, *, rejudge: bool = False
    ) -> None:
        self.store = store
        self.judge = judge
        self.recorder = recorder
        self.rejudge = rejudge
        self.judging = AnswerJudging(judge, recorder, self._stopping)

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
        """Extract (if need be) and verify the claims of one stored answer, storing as it goes."""
        for_answer.set(answer_id)  # this worker's task, and the claims' tasks it starts
        answer = load_answer(self.store, answer_id)
        claims = stored_claims(self.store, answer_id)
        # An answer whose every claim a reviewer dismissed is not extracted again.
        if not claims and not self.store.scalar(
            "select 1 from claims where answer_id = ? limit 1", [answer_id]
        ):
            extracted = await self.judging.extract(answer)
            if extracted is None:
                return
            claims = extracted
        else:
            self.judging.place(answer, claims)
        needed = claims_needing_verdict(self.store, self.judge, answer_id, rejudge=self.rejudge)
        done = await self.judging.verify(answer, [c for c in claims if c["id"] in needed])
        if done is None:  # the budget ran out: left, unfinished, for the next run
            return
        self.recorder.answer_finished(done)
