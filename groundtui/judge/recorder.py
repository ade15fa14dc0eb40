"""Every write a judging run makes, from one place, and the run's running totals.

The store is one SQLite connection, owned by the thread that opened it: the event loop's.
Judging coroutines hand their results here as each call finishes; each write commits at
once, so an interrupted run keeps all it finished and loses only calls in flight.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from groundtui.judge.base import Named, Usage
from groundtui.store import ClaimRow, Store


@dataclass
class RunStats:
    """What one run did so far; the CLI draws its progress bar and summary from this."""

    judge: str = ""
    prompt_version: str = ""
    answers: int = 0
    """Answers selected for this run."""
    answers_done: int = 0
    """Answers whose every claim now has a verdict from this judge (or an imported one)."""
    answers_failed: int = 0
    """Answers left unfinished: extraction failed, or a claim's judging did."""
    claims_extracted: int = 0
    claims: int = 0
    """Verdicts written this run."""
    failures: int = 0
    """Claims whose judging failed, plus answers whose extraction failed."""
    verdicts: Counter[str] = field(default_factory=Counter)
    usage: Usage = field(default_factory=Usage)
    errors: list[str] = field(default_factory=list)
    """The first few failure messages, for the summary."""
    started: float = field(default_factory=time.perf_counter)
    max_cost: float | None = None
    """Dollars at which the run stops taking new work (``--max-cost``); None: no limit."""
    stopped_at_cost: float | None = None
    """The limit, once the running cost reached it: the run stopped, its work saved."""

    @property
    def over_budget(self) -> bool:
        """Whether the running cost has reached ``max_cost``."""
        return self.max_cost is not None and self.usage.cost >= self.max_cost

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens spent."""
        return self.usage.prompt_tokens + self.usage.completion_tokens

    @property
    def seconds(self) -> float:
        """Wall time since the run started."""
        return time.perf_counter() - self.started

    def note_error(self, message: str) -> None:
        """Keep ``message`` for the summary (the first five)."""
        if len(self.errors) < 5:
            self.errors.append(message)


Progress = Callable[[RunStats], None]


class Recorder:
    """Writes claims and judgements for one judge, updating ``stats`` and reporting progress."""

    def __init__(
        self, store: Store, judge: Named, stats: RunStats, progress: Progress | None = None
    ) -> None:
        self.store = store
        self.judge = judge
        self.stats = stats
        self.progress = progress

    def _changed(self) -> None:
        if self.progress is not None:
            self.progress(self.stats)

    def claims(self, answer_id: str, rows: list[ClaimRow], usage: Usage, seconds: float) -> None:
        """Store freshly extracted claims (perhaps none) with the extraction that made them.

        The extraction row is what marks the answer extracted by this judge: one with no
        claims is then done, and is not selected again.
        """
        self.store.judging.add_extraction(
            answer_id,
            self.judge.name,
            self.judge.prompt_version,
            rows,
            spent=_spent(usage, seconds),
        )
        self.stats.claims_extracted += len(rows)
        self.stats.usage.add(usage)
        self._changed()

    def relocated(self, claim_id: str, changes: dict) -> None:
        """Update an imported claim's span and citation columns."""
        self.store.judging.relocate_claim(claim_id, changes)

    def judgement(
        self,
        claim: dict,
        fields: dict,
        usage: Usage,
        seconds: float,
    ) -> None:
        """Store a verdict on ``claim`` with what judging it cost."""
        self.store.labels.add_judgement(
            claim["id"],
            self.judge.name,
            self.judge.prompt_version,
            **fields,
            **_spent(usage, seconds),
        )
        self.stats.claims += 1
        self.stats.verdicts[fields["verdict"]] += 1
        self.stats.usage.add(usage)
        self._changed()

    def failure(self, claim: dict, error: str, usage: Usage, seconds: float) -> None:
        """Store a failed judgement (verdict NULL, ``error`` set): the next run tries again."""
        self.store.labels.add_judgement(
            claim["id"],
            self.judge.name,
            self.judge.prompt_version,
            verdict=None,
            error=error[:2000],
            **_spent(usage, seconds),
        )
        self.stats.failures += 1
        self.stats.usage.add(usage)
        self.stats.note_error(f"{claim['id']}: {error}")
        self._changed()

    def extraction_failed(self, answer_id: str, error: str, usage: Usage, seconds: float) -> None:
        """Record an answer whose claims could not be extracted: the next run tries again."""
        self.store.judging.add_extraction(
            answer_id,
            self.judge.name,
            self.judge.prompt_version,
            None,
            error=error[:2000],
            spent=_spent(usage, seconds),
        )
        self.stats.failures += 1
        self.stats.answers_failed += 1
        self.stats.usage.add(usage)
        self.stats.note_error(f"{answer_id}: extraction: {error}")
        self._changed()

    def answer_finished(self, complete: bool) -> None:
        """Count an answer as done, or as left for the next run."""
        if complete:
            self.stats.answers_done += 1
        else:
            self.stats.answers_failed += 1
        self._changed()


def _spent(usage: Usage, seconds: float) -> dict:
    # Extractions and judgements each carry their own calls, so summing the rows of both
    # tables gives what the runs spent.
    return {
        "calls": usage.calls,
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "cost": usage.cost,
        "seconds": round(seconds, 4),
    }
