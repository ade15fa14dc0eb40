"""What a run counts: its clock from when judging starts, and the calls a failed judgement spent."""

from __future__ import annotations

import time

from groundtui.judge.base import JudgeError, Usage
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.judge.recorder import RunStats
from tests.judge.fake_openai import Reply, default_responder
from tests.judge.helpers import RETURNS, answer, judgements


async def test_the_run_clock_starts_when_judging_starts(store):
    # Made long before the run, as the CLI makes it before importing litellm and building
    # the judge: that time is not judging, so the run must restart the clock it counts from.
    stats = RunStats(started=float("-inf"))
    before = time.perf_counter()
    await judge_answers(store, HeuristicJudge(), all_answers=True, stats=stats)
    assert before <= stats.started <= time.perf_counter()


def test_a_judge_error_carries_usage():
    assert JudgeError("x").usage == Usage()
    spent = Usage(calls=2)
    assert JudgeError("x", usage=spent).usage is spent


async def test_a_judge_error_costs_are_counted(server, store, load, make_judge):
    server.responder = lambda call: (
        Reply("not json") if call.kind != "extract" else default_responder(call)
    )
    load(
        answer(response="Refunds take 5 working days [1].", sources=[{"id": "r", "text": RETURNS}])
    )
    stats = await judge_answers(store, make_judge(), all_answers=True)
    [row] = judgements(store)
    assert row["verdict"] is None and row["calls"] == 2
    assert stats.usage.calls == 3
