"""``groundtui judge``: claims extracted and verified by a model, or the heuristic judge."""

from __future__ import annotations

import sys
from typing import Any

import click
from click.core import ParameterSource

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.cli.types import FiniteFloatRange

JUDGE_WRITE_WAIT = 300.0
"""Seconds a judge's write waits for another writer's lock before it fails."""


@click.command()
@click.option(
    "--model",
    envvar="GROUNDTUI_MODEL",
    help="Any litellm model string, e.g. openai/gpt-4o-mini [env: GROUNDTUI_MODEL].",
)
@click.option("--api-base", envvar="GROUNDTUI_API_BASE", help="Base URL of the model's API.")
@click.option(
    "--concurrency",
    type=click.IntRange(1, 256),
    default=8,
    show_default=True,
    help="Model calls in flight at once.",
)
@click.option(
    "--verify",
    type=click.Choice(["batched", "per-claim"]),
    default="batched",
    show_default=True,
    help="How a model verifies claims: an answer's claims together, each source sent once "
    "(batched), or one claim per call (per-claim).",
)
@click.option("--heuristic", is_flag=True, help="Use the offline heuristic judge.")
@click.option("--rejudge", is_flag=True, help="Also judge claims imported with a verdict.")
@click.option("--all", "all_", is_flag=True, help="Judge every answer, flagged ones first.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Judge at most N answers.",
)
@click.option(
    "--timeout",
    type=FiniteFloatRange(min=0.1),
    default=60.0,
    show_default=True,
    help="Seconds for one attempt of a model call.",
)
@click.option(
    "--retries",
    type=click.IntRange(0, 10),
    default=3,
    show_default=True,
    help="Retries of a call on 429, 5xx, timeouts (backing off, honouring Retry-After).",
)
@click.option(
    "--max-cost",
    type=FiniteFloatRange(min=0),
    default=None,
    metavar="USD",
    help="Stop once the running cost reaches USD: the dollars litellm's price list "
    "gives for the tokens each call used (the summary's cost; cache hits are "
    "free). Calls in flight finish; everything is saved; exit code 3; run again "
    "to go on.",
)
@click.option(
    "--dry-run",
    is_flag=True,
    help="Print what the run would spend and change nothing: answers, calls, "
    "prompt tokens (litellm's offline token counter on the exact prompts; claims "
    "not yet extracted are estimated by the offline judge's extraction), "
    "completion tokens (estimated) and cost (litellm's price list).",
)
@db_option
@user_errors
def judge(
    model: str | None,
    api_base: str | None,
    concurrency: int,
    verify: str,
    heuristic: bool,
    rejudge: bool,
    all_: bool,
    limit: int | None,
    timeout: float,
    retries: int,
    max_cost: float | None,
    dry_run: bool,
    db_path: str | None,
) -> None:
    """Extract claims and verify each against its cited source.

    Judges the flagged answers, and a control sample of the others (the control_share
    setting), that lack a verdict from this judge (--all: every answer, flagged first),
    after scanning answers not yet scanned. Without a model the offline
    heuristic judge is used. Finished work is saved as it goes: Ctrl-C, then run again.
    Exit code 0 when every claim got a verdict, 1 when some failed (run again to retry),
    3 when --max-cost stopped it.
    """
    import asyncio

    from groundtui.cli.progress import ProgressBar, summary
    from groundtui.judge.failures import JudgeUnavailable
    from groundtui.judge.pipeline import judge_answers
    from groundtui.judge.recorder import RunStats

    if (
        heuristic
        and model
        and click.get_current_context().get_parameter_source("model") is ParameterSource.COMMANDLINE
    ):  # (GROUNDTUI_MODEL gives way to it)
        raise click.UsageError("--heuristic and --model name two judges: give one")
    stats = RunStats()  # judge_answers starts its clock, after the judge is built
    # A verdict is paid for: a write that finds another writer (an import) holding the
    # lock waits for it, rather than costing the claim and a call again next run.
    with open_store(db_path, timeout=JUDGE_WRITE_WAIT, reading=dry_run) as store:
        if heuristic or not model:
            from groundtui.judge.heuristic import HeuristicJudge

            chosen: Any = HeuristicJudge()
        else:
            from groundtui.judge.llm import LLMJudge
            from groundtui.judge.llm.cache import CompletionCache

            try:
                chosen = LLMJudge(
                    model,
                    api_base=api_base,
                    concurrency=concurrency,
                    timeout=timeout,
                    retries=retries,
                    cache=CompletionCache(store),
                    per_claim=verify == "per-claim",
                    need_key=not dry_run,  # a dry run calls nothing
                )
            except JudgeUnavailable as exc:
                raise UserError(str(exc)) from None
        if dry_run:
            from groundtui.judge.estimate import describe, estimate

            planned = estimate(store, chosen, all_answers=all_, rejudge=rejudge, limit=limit)
            click.echo(describe(planned, f"{chosen.name} (prompt {chosen.prompt_version})"))
            return
        try:
            with ProgressBar() as bar:
                asyncio.run(
                    judge_answers(
                        store,
                        chosen,
                        all_answers=all_,
                        rejudge=rejudge,
                        limit=limit,
                        concurrency=concurrency,
                        progress=bar.update,
                        stats=stats,
                        max_cost=max_cost,
                    )
                )
        except JudgeUnavailable as exc:
            saved = f"; {stats.claims} verdicts of this run were saved" if stats.claims else ""
            raise UserError(f"{exc}{saved}") from None
        except KeyboardInterrupt:
            click.echo(
                f"groundtui: interrupted; {stats.claims} verdicts of this run were saved; "
                "run `groundtui judge` again to finish",
                err=True,
            )
            sys.exit(130)
    click.echo(summary(stats, all_answers=all_))
    if stats.stopped_at_cost is not None:
        sys.exit(3)
    sys.exit(1 if stats.failures else 0)
