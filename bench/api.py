"""What the library's calls cost: ``groundtui.check()`` and the heuristic ``groundtui.judge()``
per answer, and ``judge()`` against the work ``groundtui judge`` does on each answer.

Run from the repository root::

    .venv/bin/python bench/api.py --runs 5

Over the demo's 100 answers (their claims left out, so each is extracted), each answer's
least CPU time over ``--runs`` passes, summed, prints answers per CPU-second for:

- ``check()``: ``groundtui.check(response, sources)``, the sources as dicts;
- ``judge()``: ``groundtui.judge(response, sources, question=...)``, heuristic judge;
- the command's per-answer work: what ``groundtui judge`` does on each answer besides the
  database: the check (``scan``), then ``AnswerJudging``'s extraction, verification and
  rules (the heuristic judge never waits, so this runs with no event loop at all), on
  answers already read and checked;
- ``groundtui judge`` itself, end to end on a database of the same answers (its reads and
  writes included), for scale.

``judge()``'s overhead is its time over the per-answer work's, less one: what checking
the input, running on an event loop and building the ``Judgement`` add.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
import tempfile
import time
from importlib.resources import files
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import groundtui
from groundtui.judge.answers import answer_context
from groundtui.judge.base import Usage
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.one_answer import AnswerJudging
from groundtui.models import Answer
from groundtui.scan import answer_specifics


def demo_answers() -> list[dict]:
    """The demo's answers in the import shape, without the claims they came with."""
    text = (files("groundtui") / "sample_data" / "answers.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines()]
    for record in records:
        record.pop("claims", None)
    return records


class Dropped:
    """A sink that keeps nothing: the per-answer work without its database writes."""

    def claims(self, answer_id: str, rows: list, usage: Usage, seconds: float) -> None:
        pass

    def extraction_failed(self, answer_id: str, error: str, usage: Usage, seconds: float) -> None:
        pass

    def judgement(self, claim: dict, fields: dict, usage: Usage, seconds: float) -> None:
        pass

    def failure(self, claim: dict, error: str, usage: Usage, seconds: float) -> None:
        pass


def cpu(fn) -> float:
    """The CPU seconds ``fn`` took (this process's: steadier than wall time on a busy
    machine, and all of it is CPU work)."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def done(coroutine):
    """The value of a coroutine that never waits (the heuristic judge's work), without an
    event loop: the work alone, none of a loop's own."""
    try:
        coroutine.send(None)
    except StopIteration as finished:
        return finished.value
    raise RuntimeError("the coroutine waited: it needs an event loop")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--runs", type=int, default=12, help="passes (each order of the calls twice: 12)"
    )
    args = parser.parse_args()
    records = demo_answers()
    n = len(records)
    judging = AnswerJudging(HeuristicJudge(), Dropped())

    async def work(answer: Answer) -> None:
        answer_specifics(answer)
        context = answer_context(answer)
        claims = await judging.extract(context)
        if claims is not None:
            await judging.verify(context, claims)

    calls = {
        "check": [lambda r=r: groundtui.check(r["response"], r["sources"]) for r in records],
        "judge": [
            lambda r=r: groundtui.judge(r["response"], r["sources"], question=r["question"])
            for r in records
        ],
        "work": [lambda i=i: done(work(answers[i])) for i in range(n)],
    }
    # Each answer's least CPU time over the passes, summed. The calls are interleaved
    # answer by answer, so that a busy moment of the machine falls on each alike, and take
    # turns at going first: the judges keep caches of what they read last (a source's
    # words), so the call that follows another on the same answer finds them warm.
    least = {name: [float("inf")] * n for name in calls}
    orders = list(itertools.permutations(calls))
    for run in range(args.runs):
        order = orders[run % len(orders)]
        # The command reads each answer afresh from the database (new strings, whose hashes
        # the judges' caches must compute again); the library gets new ones from its
        # caller. So each pass gets new answers, made (and checked) before it, not timed.
        answers = [Answer.model_validate(r) for r in records]
        for i in range(n):
            for name in order:
                least[name][i] = min(least[name][i], cpu(calls[name][i]))
    check_s, judge_s, work_s = (sum(least[k]) for k in ("check", "judge", "work"))

    with tempfile.TemporaryDirectory() as folder:
        from groundtui.judge.pipeline import judge_answers
        from groundtui.store import Store

        def command(run: int) -> float:
            db = Path(folder) / f"bench-{run}.db"
            groundtui.Database(db).add(records)  # imported and scanned: not timed
            with Store(db) as store:
                return cpu(
                    lambda: asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
                )

        whole = min(command(run) for run in range(args.runs))

    print(f"{n} answers of the demo, each its least CPU time of {args.runs} passes")
    print(f"check(): {n / check_s:,.0f} answers/s ({check_s / n * 1e6:,.0f} µs an answer)")
    print(
        f"heuristic judge(): {n / judge_s:,.0f} answers/s ({judge_s / n * 1e3:,.2f} ms an answer)"
    )
    print(
        f"groundtui judge's per-answer work (check, extraction, verification, rules; no "
        f"database): {n / work_s:,.0f} answers/s ({work_s / n * 1e3:,.2f} ms an answer)"
    )
    print(f"judge() over the per-answer work: {judge_s / work_s - 1:+.1%} (target under 10%)")
    print(
        f"groundtui judge --all end to end on a database: {n / whole:,.0f} answers/s "
        f"({whole / n * 1e3:,.2f} ms an answer, its reads and writes included)"
    )


if __name__ == "__main__":
    main()
