"""What a long command shows on stderr while it runs (``judge``'s bar, ``import``'s and
``scan``'s counts), and ``judge``'s summary after."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)

from groundtui.judge.recorder import RunStats
from groundtui.models import Verdict

if TYPE_CHECKING:
    from groundtui.importing.files import ImportResult


class ProgressBar:
    """A rich progress bar over answers, with claims, calls, failures and cost beside it.

    Drawn on stderr, and only on a terminal, so stdout carries the summary alone. Use as a
    context manager and pass :meth:`update` as the pipeline's ``progress`` callback.
    """

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("judging"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("answers · {task.fields[detail]}"),
            TimeElapsedColumn(),
            console=self.console,
            transient=True,
            disable=not self.console.is_terminal,
        )
        self.task = self.progress.add_task("judging", total=None, detail="starting")

    def __enter__(self) -> ProgressBar:
        self.progress.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.progress.stop()

    def update(self, stats: RunStats) -> None:
        """Redraw from ``stats``."""
        detail = (
            f"{stats.claims} claims · {stats.usage.calls} calls · "
            f"{stats.failures} failures · ${stats.usage.cost:.4f}"
        )
        self.progress.update(
            self.task,
            total=stats.answers or None,
            completed=stats.answers_done + stats.answers_failed,
            detail=detail,
        )


def summary(stats: RunStats, *, all_answers: bool = False) -> str:
    """The lines printed when a run ends."""
    judge = f"{stats.judge} (prompt {stats.prompt_version})"
    if stats.answers == 0:
        scope = "answer" if all_answers else "flagged answer (and control-sample answer)"
        hint = "" if all_answers else " Use --all to judge answers that were not flagged too."
        return f"Nothing to judge: every {scope} has a verdict from {judge} on each claim.{hint}"
    verdicts = ", ".join(f"{stats.verdicts.get(v.value, 0)} {v.value}" for v in Verdict)
    usage = stats.usage
    cached = (
        f" of which {usage.cached_prompt_tokens:,} read from the provider's prompt cache"
        if usage.cached_prompt_tokens
        else ""
    )
    lines = [
        f"Judged {stats.answers_done} of {stats.answers} answers with {judge} in "
        f"{stats.seconds:.1f} s: {stats.claims} claims ({stats.claims_extracted} newly extracted).",
        f"Verdicts: {verdicts}.",
        f"Calls: {usage.calls} made, {usage.cached} cached; tokens: {stats.tokens:,} "
        f"({usage.prompt_tokens:,} prompt{cached}, {usage.completion_tokens:,} completion); "
        f"cost: ${usage.cost:.4f}.",
    ]
    if stats.stopped_at_cost is not None:
        lines.append(
            f"Stopped: the cost reached --max-cost ${stats.stopped_at_cost:.4f}; what was "
            "judged is saved: run `groundtui judge` again (with a higher --max-cost) to go on."
        )
    if stats.failures:
        lines.append(f"Failures: {stats.failures}; run `groundtui judge` again to retry them.")
        lines.extend(f"  {error}" for error in stats.errors)
    else:
        lines.append("Failures: 0.")
    return "\n".join(lines)


class Counting:
    """A rich spinner over work whose size is not known ahead (an import's records), or a
    bar over work whose size is (a scan's answers), with what it found so far and its rate.

    Drawn on stderr, and only on a terminal, as the judge's bar; used as a context manager.
    """

    def __init__(self, verb: str, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[detail]}"),
            TimeElapsedColumn(),
            console=self.console,
            transient=True,
            disable=not self.console.is_terminal,
        )
        self.task = self.progress.add_task(verb, total=None, detail="starting")

    def __enter__(self) -> Counting:
        self.progress.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.progress.stop()

    def _rate(self, done: int) -> str:
        elapsed = self.progress.tasks[0].elapsed or 0.0
        return f"{done / elapsed:,.0f}/s" if elapsed > 0.5 else "…/s"

    def imported(self, result: ImportResult, phase: str) -> None:
        """Redraw from an import's ``result`` so far, in ``phase`` (reading, writing)."""
        detail = (
            f"{result.read:,} records read · {result.prepared:,} answers · "
            f"{len(result.bad):,} bad lines · {self._rate(result.prepared)} answers"
        )
        self.progress.update(self.task, description=f"importing ({phase})", detail=detail)

    def scanned(self, scanned: int, flagged: int, total: int) -> None:
        """Redraw from a scan's counts: ``scanned`` of ``total`` answers, ``flagged`` of them."""
        detail = f"{scanned:,} of {total:,} answers · {flagged:,} flagged · {self._rate(scanned)}"
        self.progress.update(self.task, total=total or None, completed=scanned, detail=detail)


def first_few(names: list[str], count: int, shown: int = 5) -> str:
    """``a, b, c and 12 more``: the first few of ``count`` names, then how many more."""
    head = ", ".join(names[:shown])
    more = count - min(len(names), shown)
    return f"{head} and {more:,} more" if more > 0 else head
