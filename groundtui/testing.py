"""Groundedness as a test assertion (docs/python.md "In pytest")::

    from groundtui.testing import assert_grounded

    def test_the_returns_answer():
        assert_grounded(bot.answer("Can I return a sofa?"), bot.last_sources)

:func:`assert_grounded` judges the answer (:func:`groundtui.judge`) and fails with a table
of its claims when too few are stated. It needs no pytest; under pytest with
``--groundtui-db PATH`` (:mod:`groundtui.pytest_plugin`) every answer it judges is recorded
in that database with the test's node id, to open in ``groundtui review``.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from groundtui import api

if TYPE_CHECKING:
    from groundtui.judge.judgement import Judgement
    from groundtui.models import Answer

__all__ = ["assert_grounded"]


def assert_grounded(
    response: str,
    sources: api.Sources,
    *,
    question: str | None = None,
    model: str | None = None,
    min_groundedness: float = 1.0,
    api_base: str | None = None,
    **litellm_options: Any,
) -> Judgement:
    """Judge ``response`` against ``sources`` and fail unless at least ``min_groundedness``
    of its claims are stated by the sources they cite.

    Args:
        response: the answer's text, citing its sources as ``[1]``, ``[2]``…
        sources: its sources in citation order: texts, or dicts with ``text`` (and ``id``,
            ``title``...).
        question: what was asked.
        model: any litellm model string; None for the offline heuristic judge.
        min_groundedness: the least share of claims stated (claims stated / claims) that
            passes, from 0 to 1. An answer without claims passes; one that could not be
            judged fails.
        api_base, litellm_options: as for :func:`groundtui.judge`.

    Returns:
        The judgement, when the answer passes.

    Raises:
        AssertionError: the answer falls short, with a table of its claims (claim,
            verdict, kind, evidence).
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this one
    if not 0 <= min_groundedness <= 1:
        raise ValueError(f"min_groundedness: a share from 0 to 1, not {min_groundedness!r}")
    answer = api.answer_of(response, sources, question)
    recording = _recording
    if recording is not None:
        answer = recording.named(answer, model, api_base)
    [judgement] = api.judge_many([answer], model=model, api_base=api_base, **litellm_options)
    short = judgement.falls_short(min_groundedness)
    if recording is not None:
        recording.record(judgement, short)
    if short:
        raise AssertionError(explain(judgement, min_groundedness))
    return judgement


EVIDENCE_CHARS = 90
"""The most characters of a quote the table shows."""


def explain(judgement: Judgement, min_groundedness: float) -> str:
    """Why ``judgement`` falls short: a line, then a table of its claims (claim, verdict,
    kind, evidence), then what the mechanical check flags. Text from the answer and its
    sources is shown inert (its control characters visible)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from groundtui.text.inert import one_line, quoted

    by = f"judge {judgement.judge} ({judgement.prompt_version})"
    if judgement.error is not None:
        return f"the answer could not be judged by {by}: {one_line(judgement.error, 300)}"
    grounded = judgement.groundedness or 0.0
    claims = len(judgement.claims)
    head = (
        f"groundedness {grounded:.2f} ({judgement.stated} of {claims} "
        f"claim{'' if claims == 1 else 's'} stated) is under min_groundedness "
        f"{min_groundedness:g}; {by}"
    )
    table = Table("#", "claim", "verdict", "kind", "evidence", box=box.SIMPLE_HEAD)
    for n, claim in enumerate(judgement.claims, start=1):
        verdict = claim.verdict.value if claim.verdict else "failed"
        if claim.invention_kind is not None:
            verdict += f"\n{claim.invention_kind.value}"
        if claim.error is not None:
            evidence = f"error: {one_line(claim.error, EVIDENCE_CHARS)}"
        elif claim.evidence is not None:
            where = f"[{claim.evidence.source}] " if claim.evidence.source else ""
            evidence = where + quoted(one_line(claim.evidence.text, EVIDENCE_CHARS))
        else:
            evidence = "(none)"
        cites = "".join(f"[{c}]" for c in claim.citations) or "(uncited)"
        table.add_row(
            str(n),
            Text(f"{one_line(claim.text, 300)} {cites}"),
            Text(verdict),
            Text(claim.kind.value),
            Text(evidence),
        )
    out = io.StringIO()
    Console(file=out, width=120, color_system=None, force_terminal=False).print(table)
    lines = [head, *(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())]
    if judgement.specifics:
        found = ", ".join(f"{quoted(s.text)} ({s.kind})" for s in judgement.specifics)
        lines.append(f"the mechanical check flags: {one_line(found, 300)}")
    return "\n".join(lines)


@dataclass
class Totals:
    """What the answers asserted in a run came to."""

    answers: int = 0
    claims: int = 0
    stated: int = 0
    short: int = 0
    """Answers that fell short of their ``min_groundedness``."""
    recorded: int = 0
    """Answers added to the database (one already there, the same, is not added again)."""
    cost: float = 0.0

    def add(self, other: Totals) -> None:
        """Count ``other`` in (a pytest-xdist worker's totals)."""
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)

    def lines(self, path: str) -> list[str]:
        """The terminal summary's lines."""
        grounded = f"{self.stated / self.claims:.3f}" if self.claims else "n/a"
        return [
            f"{self.answers} answers asserted: {self.claims} claims, {self.stated} stated, "
            f"groundedness {grounded}, {self.short} short of their minimum; "
            f"cost ${self.cost:.4f}",
            f"{self.recorded} new answers recorded in {path}: groundtui review --db {path}",
        ]


class Recording:
    """Where the answers asserted in a pytest run are recorded (``--groundtui-db``), and
    the test being run; the plugin sets ``test`` around each test."""

    def __init__(self, path: str) -> None:
        self.database = api.Database(path)
        self.test: str | None = None
        self.totals = Totals()

    def named(self, answer: Answer, model: str | None, api_base: str | None) -> Answer:
        """``answer`` under an id naming the test that asserts it, with the test's node id
        and the judge in its ``meta``: the same content under another judge is another
        answer, and the same again is the same answer (recorded once)."""
        test = self.test or "(outside a test)"
        judge = model or "heuristic"
        digest = hashlib.sha256(f"{answer.id}\0{judge}\0{api_base or ''}".encode()).hexdigest()
        meta = {**answer.meta, "test": test, "judge": judge}
        return answer.model_copy(update={"id": f"{test}#{digest[:12]}", "meta": meta})

    def record(self, judgement: Judgement, short: bool) -> None:
        """Count ``judgement`` and add its answer, claims and verdicts to the database."""
        totals = self.totals
        totals.answers += 1
        totals.claims += len(judgement.claims)
        totals.stated += judgement.stated
        totals.short += short
        totals.cost += judgement.cost
        totals.recorded += self.database.record(judgement)


_recording: Recording | None = None
"""The run's recording, when the plugin was asked for one."""


def start_recording(path: str) -> Recording:
    """Record every answer :func:`assert_grounded` judges from now on in ``path``."""
    global _recording
    _recording = Recording(path)
    return _recording


def stop_recording() -> None:
    """Record no more."""
    global _recording
    _recording = None
