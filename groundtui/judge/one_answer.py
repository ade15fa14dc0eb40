"""One answer judged: its claims extracted and placed, each verified against what it cites
alone, and every claim that is not stated given its invention kind by the rules.

The one path from an answer to its verdicts. ``groundtui judge`` (the pipeline, over a
database) and ``groundtui.judge()`` (one answer, no database) both run it; each hands the
results, as they come, to its own :class:`Sink`: the pipeline's recorder writes each to the
database at once, the library's collects them into a judgement.

It knows its judge only through the :class:`~groundtui.judge.base.Judge` protocol (and
:class:`~groundtui.judge.base.ClaimsJudge`, for a judge that verifies an answer's claims
together).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Protocol

from groundtui.judge import invention_rules
from groundtui.judge.answers import AnswerContext, SourceText, new_claim_rows, relocated
from groundtui.judge.base import ClaimsJudge, Judge, JudgeError, Usage, Verification, batched
from groundtui.judge.failures import JudgeUnavailable
from groundtui.judge.provenance import stated_elsewhere
from groundtui.judge.spans import locate_evidence
from groundtui.models import InventionKind, Verdict
from groundtui.store import ClaimRow, claim_row, now_iso

log = logging.getLogger(__name__)


class Sink(Protocol):
    """Where one answer's results go, each as it is made (the pipeline's ``Recorder``)."""

    def claims(self, answer_id: str, rows: list[ClaimRow], usage: Usage, seconds: float) -> None:
        """The claims extracted from the answer (perhaps none), with what extracting cost."""

    def relocated(self, claim_id: str, changes: dict) -> None:
        """A claim the answer came with, placed where the import could not place it."""

    def extraction_failed(self, answer_id: str, error: str, usage: Usage, seconds: float) -> None:
        """No claims could be extracted: ``error`` says why."""

    def judgement(self, claim: dict, fields: dict, usage: Usage, seconds: float) -> None:
        """A verdict on ``claim``: ``fields`` are the ``judgements`` columns."""

    def failure(self, claim: dict, error: str, usage: Usage, seconds: float) -> None:
        """The judging of ``claim`` failed (it costs that claim only)."""


def _cites(claim: dict) -> str:
    """The markers a claim row cites, as written: "[2]", "[1][7]"."""
    numbers = json.loads(claim["citations"] or "[]") or [claim["citation"]]
    return "".join(f"[{n}]" for n in numbers)


class AnswerJudging:
    """Judges the claims of answers with ``judge``, handing every result to ``sink``.

    Claims are dicts with the ``claims`` table's columns (``id``, ``text``, ``kind``,
    ``citation``, ``citations``, ``cited_keys``, ``dangling``), as stored or as
    :meth:`extract` makes them.

    Args:
        judge: any judge.
        sink: where claims, verdicts and failures go.
        stopping: asked before each claim or batch is started: True when the run's budget is
            spent (``--max-cost``), so nothing more is started.
    """

    def __init__(
        self, judge: Judge, sink: Sink, stopping: Callable[[], bool] = lambda: False
    ) -> None:
        self.judge = judge
        self.sink = sink
        self.stopping = stopping

    async def extract(self, answer: AnswerContext) -> list[dict] | None:
        """The claims the judge extracts from ``answer``, placed in its response with their
        citations resolved, handed to the sink; None when extraction failed (the sink told)."""
        started = time.perf_counter()
        try:
            extracted = await self.judge.extract(
                answer.question, answer.response, len(answer.sources)
            )
        except JudgeError as exc:
            self.sink.extraction_failed(
                answer.id, str(exc), exc.usage, time.perf_counter() - started
            )
            return None
        rows = new_claim_rows(answer, extracted.claims, extracted_by=self.judge.name)
        self.sink.claims(answer.id, rows, extracted.usage, time.perf_counter() - started)
        at = now_iso()
        return [claim_row(row, at) for row in rows]

    def place(self, answer: AnswerContext, claims: list[dict]) -> None:
        """Place the claims ``answer`` came with where the import could not (``relocated``),
        each change handed to the sink and made to its claim."""
        for claim in claims:
            if (changes := relocated(answer, claim)) is not None:
                self.sink.relocated(claim["id"], changes)
                claim.update(changes)

    async def verify(self, answer: AnswerContext, claims: list[dict]) -> bool | None:
        """Verify ``claims`` of ``answer``, handing each verdict or failure to the sink.

        Returns:
            True when every claim got a verdict, False when the judging of one failed, None
            when the budget was spent before one was started (left for the next run).
        """
        judge = batched(self.judge)
        if judge is None:
            results = await asyncio.gather(*(self._judge_claim(answer, c) for c in claims))
        else:
            results = await self._judge_claims(judge, answer, claims)
        if None in results:
            return None
        return all(results)

    async def _judge_claim(self, answer: AnswerContext, claim: dict) -> bool | None:
        """Judge one claim: True when it got a verdict, False when its judging failed, None
        when the budget was spent before it started."""
        if self.stopping():
            return None
        started = time.perf_counter()
        usage = Usage()
        try:
            fields = await self._verdict(answer, claim, usage)
        except JudgeUnavailable:
            raise
        except JudgeError as exc:
            usage.add(exc.usage)
            self.sink.failure(claim, str(exc), usage, time.perf_counter() - started)
            return False
        except Exception as exc:  # a bug on one claim must not stop its answer's others
            log.exception("judging claim %s failed", claim["id"])
            self.sink.failure(
                claim,
                f"internal error: {type(exc).__name__}: {exc}",
                usage,
                time.perf_counter() - started,
            )
            return False
        self.sink.judgement(claim, fields, usage, time.perf_counter() - started)
        return True

    async def _judge_claims(
        self, judge: ClaimsJudge, answer: AnswerContext, todo: list[dict]
    ) -> list[bool | None]:
        """Judge the claims ``todo`` of ``answer`` with batched verifications
        (``judge.verify_claims``): as :meth:`_judge_claim` gives for each. What the calls
        cost goes with the first claim they judged."""
        if self.stopping():
            return [None] * len(todo)
        started = time.perf_counter()
        results: list[bool | None] = []
        keys = list(dict.fromkeys(s.key for s in answer.sources))
        by_key = {s.key: s for s in answer.sources}
        asked: list[tuple[dict, tuple[int, ...]]] = []
        for claim in todo:
            if (fields := self._unverifiable(answer, claim)) is not None:
                self.sink.judgement(claim, fields, Usage(), time.perf_counter() - started)
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
                self.sink.failure(claim, str(verification), usage, seconds)
                results.append(False)
            else:
                others = [
                    by_key[keys[n - 1]] for n in verification.also_stated_by if n not in cites
                ]
                fields = self._fields(answer, claim, verification, others[0] if others else None)
                self.sink.judgement(claim, fields, usage, seconds)
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
