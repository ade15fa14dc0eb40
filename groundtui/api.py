"""groundtui from Python (docs/python.md): the check, the judge and a database, as functions.

Each runs the command line's own code, never a second version of it: :func:`check` is the
check ``groundtui scan`` runs; :func:`judge` is ``groundtui judge``'s work on one answer
(:mod:`groundtui.judge.one_answer`: the same prompts, verification, fences, retries and
rules), collected in memory instead of written to a database; :meth:`Database.add` is
``groundtui import``'s checks and write path; :meth:`Database.report` and
:meth:`Database.labels` are ``report --json`` and ``export``.

Importing this module loads neither textual nor litellm; litellm is imported when a judge
is given a model, and the judge's modules when one is first asked for.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import Callable, Coroutine, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from groundtui.checks import SourceIndex, Specific, unsourced_specifics

if TYPE_CHECKING:
    from groundtui.importing.add import Added
    from groundtui.judge.base import Judge
    from groundtui.judge.judgement import Judgement
    from groundtui.models import Answer
    from groundtui.store import Store

T = TypeVar("T")

Sources = Sequence[str | Mapping[str, Any]]
"""An answer's sources in citation order (``[n]`` is the n-th): texts, or dicts with
``text`` and optionally ``id``, ``title``, ``origin``, ``number`` (the import shape's)."""

Verify = Literal["batched", "per-claim"]


def check(response: str, sources: Sources | Sequence[SourceIndex]) -> list[Specific]:
    """The figures, dates and names of ``response`` that the sources it cites do not give:
    the mechanical check (``groundtui.checks.unsourced_specifics``, docs/check.md).

    Args:
        response: the answer's text, citing its sources as ``[1]``, ``[2]``…
        sources: the source texts in citation order, ``SourceIndex`` objects, or dicts in
            the import shape (a marker naming a source by its ``id`` then counts).

    Returns:
        One ``Specific`` (``.text``, ``.start``, ``.end``, ``.kind``) per unsourced value.
    """
    if not isinstance(response, str):
        raise TypeError(f"response: a str, not {type(response).__name__}")
    listed = _listed(sources)
    if all(isinstance(s, str | SourceIndex) for s in listed):
        return unsourced_specifics(response, listed)
    from groundtui.scan import answer_specifics

    return answer_specifics(answer_of(response, listed))


def judge(
    response: str,
    sources: Sources,
    *,
    question: str | None = None,
    model: str | None = None,
    api_base: str | None = None,
    cache: str | os.PathLike[str] | None = None,
    verify: Verify = "batched",
    concurrency: int = 8,
    **litellm_options: Any,
) -> Judgement:
    """Extract one answer's claims and verify each against the sources it cites, as
    ``groundtui judge`` does, with no database.

    Args:
        response: the answer's text, citing its sources as ``[1]``, ``[2]``…
        sources: its sources in citation order: texts, or dicts with ``text`` (and ``id``,
            ``title``...).
        question: what was asked (the extraction reads it).
        model: any litellm model string (``openai/gpt-4o-mini``); None for the offline
            heuristic judge.
        api_base: the model's base URL (a proxy, a local server).
        cache: a groundtui database file to keep the model's replies in, as ``groundtui
            judge`` keeps them: the same call again is read from it, not paid for.
        verify: ``batched`` (an answer's claims in one call) or ``per-claim``, as
            ``groundtui judge --verify``.
        concurrency: model calls in flight at once.
        **litellm_options: for ``litellm.acompletion``: ``api_key``, ``timeout`` (seconds
            per attempt, 60), ``num_retries`` (3), and any other (``api_version``,
            ``extra_headers``...) but those the judge sets itself.

    Returns:
        The claims with their verdicts, the check's specifics and what it cost.

    Raises:
        ValueError: a response or source the import shape refuses, or an option the judge
            sets itself; says which.
        JudgeUnavailable: the model cannot be used at all (unknown, no key, unreachable).
    """

    def judging() -> Coroutine[Any, Any, Judgement]:
        return ajudge(
            response,
            sources,
            question=question,
            model=model,
            api_base=api_base,
            cache=cache,
            verify=verify,
            concurrency=concurrency,
            **litellm_options,
        )

    return _at_once(judging) if model is None else _run(judging())


async def ajudge(
    response: str,
    sources: Sources,
    *,
    question: str | None = None,
    model: str | None = None,
    api_base: str | None = None,
    cache: str | os.PathLike[str] | None = None,
    verify: Verify = "batched",
    concurrency: int = 8,
    **litellm_options: Any,
) -> Judgement:
    """:func:`judge`, awaited: for a service or a notebook that runs an event loop."""
    from groundtui.judge.judgement import judge_alone

    answer = answer_of(response, sources, question)
    with _judge(model, api_base, cache, verify, concurrency, litellm_options) as chosen:
        return await judge_alone(chosen, answer)


def judge_many(
    items: Iterable[Mapping[str, Any] | Answer],
    *,
    concurrency: int = 8,
    model: str | None = None,
    api_base: str | None = None,
    cache: str | os.PathLike[str] | None = None,
    verify: Verify = "batched",
    **litellm_options: Any,
) -> list[Judgement]:
    """Judge many answers at once, as :func:`judge` judges one; the results in their order.

    Args:
        items: answers in the import shape (``response``, ``sources``; ``question``,
            ``id`` and ``meta`` optional; sources may be plain texts) or ``Answer`` models.
        concurrency: model calls in flight at once; twice as many answers are in progress,
            so that calls wait for no extraction.
        model, api_base, cache, verify, litellm_options: as for :func:`judge`.

    Raises:
        ValueError: an item the import shape refuses, named by its place (``items[3]``),
            before anything is judged.
        JudgeUnavailable: the model cannot be used at all.
    """
    from groundtui.importing.claims import claim_rows
    from groundtui.judge.judgement import judge_alone

    answers = [_item(n, item) for n, item in enumerate(items)]
    if model is None:  # the offline judge: one answer after another, no event loop
        with _judge(model, api_base, cache, verify, concurrency, litellm_options) as offline:
            return [_at_once(partial(judge_alone, offline, a, claim_rows(a))) for a in answers]

    async def run() -> list[Judgement]:
        results: list[Judgement | None] = [None] * len(answers)
        queue = deque(range(len(answers)))
        with _judge(model, api_base, cache, verify, concurrency, litellm_options) as chosen:

            async def worker() -> None:
                while queue:
                    n = queue.popleft()
                    answer = answers[n]
                    results[n] = await judge_alone(chosen, answer, claim_rows(answer))

            await asyncio.gather(*(worker() for _ in range(min(2 * concurrency, len(answers)))))
        return [r for r in results if r is not None]

    return _run(run())


class Database:
    """A groundtui database file, as the commands keep it (created when first written).

    Each call opens the file and closes it again, so one ``Database`` may be used from any
    thread, and many processes may write the same file (each write waits up to ``timeout``
    seconds for another's lock).
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 60.0) -> None:
        self.path = os.fspath(path)
        self.timeout = timeout

    @contextmanager
    def _store(self, *, create: bool = False, reading: bool = False) -> Iterator[Store]:
        from groundtui.store import Store

        readonly = reading and os.path.exists(self.path) and not os.access(self.path, os.W_OK)
        with Store(self.path, create=create, readonly=readonly, timeout=self.timeout) as store:
            yield store

    def add(
        self,
        answers: Iterable[Mapping[str, Any] | Answer] | Mapping[str, Any] | Answer,
        *,
        skip_invalid: bool = False,
    ) -> Added:
        """Add ``answers`` through ``groundtui import``'s checks and the write path
        ``groundtui collect`` writes through, each checked as ``groundtui scan`` checks it:
        a flagged answer is in the review queue at once.

        Args:
            answers: one answer or many, each a dict in the import shape (docs/formats.md)
                or an ``Answer``.
            skip_invalid: add the good ones and list the bad in the result's ``refused``;
                without it nothing is added when one is bad.

        Returns:
            The ids ``stored``, ``flagged`` (of those stored, the check's), ``unchanged``
            (already there, the same) and ``refused`` (``(id, why)``).

        Raises:
            ValueError: an answer is bad (a missing field, a wrong type, an id already in
                the database with different content...) and ``skip_invalid`` is not set;
                nothing was added.
        """
        from groundtui.importing.add import add_answers
        from groundtui.models import Answer

        if isinstance(answers, Mapping | Answer):
            answers = [answers]
        given: list[Answer] = []
        refused: list[tuple[str, str]] = []
        for number, item in enumerate(answers, start=1):
            try:
                given.append(_given(item))
            except ValueError as exc:
                refused.append((_given_id(item) or "", f"answers:{number}: {exc}"))
        if refused and not skip_invalid:
            raise ValueError(_refused(refused))
        with self._store(create=True) as store:
            added = add_answers(store, given, all_or_nothing=not skip_invalid)
        added.refused[:0] = refused
        if added.refused and not skip_invalid:
            raise ValueError(_refused(added.refused))
        return added

    def record(self, judgement: Judgement) -> bool:
        """Add the answer ``judgement`` judged, with its claims and verdicts, as ``groundtui
        import`` then ``groundtui judge`` would have stored them (the judge's name, prompt
        version, calls and cost with each), checked as ``groundtui scan`` checks it.

        Returns:
            True when it was added; False when the database held it already (the same
            content): it is left as it is.

        Raises:
            ValueError: the database holds another answer with its id.
        """
        from groundtui.importing.add import add_answers
        from groundtui.judge.recorder import Recorder, RunStats

        answer = judgement.answer
        if answer is None:
            raise ValueError("this judgement holds no answer to record")
        with self._store(create=True) as store:
            added = add_answers(store, [answer], all_or_nothing=True)
            if added.refused:
                raise ValueError(_refused(added.refused))
            if added.stored:
                named = _Named(judgement.judge, judgement.prompt_version)
                judgement.replay(Recorder(store, named, RunStats()))
        return bool(added.stored)

    def report(self, *, judge: str | None = None) -> dict[str, Any]:
        """The groundedness report: what ``groundtui report --json`` prints (docs/report.md).

        Args:
            judge: whose verdicts count (a judge's name); None for each claim's latest.
        """
        from groundtui import report as reports

        with self._store(reading=True) as store:
            _known_judge(store, judge)
            return reports.compute(store, judge=judge)

    def labels(
        self,
        *,
        reviewed_only: bool = False,
        judge: str | None = None,
        judge_verdict: str | None = None,
        reviewer_verdict: str | None = None,
        all_claims: bool = False,
        human_only: bool = False,
    ) -> list[dict[str, Any]]:
        """The claim rows ``groundtui export`` writes (docs/export.md), filtered as its
        options filter them.

        Args:
            reviewed_only: claims a reviewer labelled (``--reviewed-only``).
            judge: whose verdicts fill the judge columns (``--judge``).
            judge_verdict: claims the judge gave this verdict (``--judge-verdict``).
            reviewer_verdict: claims people gave this verdict (``--reviewer-verdict``).
            all_claims: the claims reviewers dismissed too (``--all``).
            human_only: claims people labelled, as ``--format hf`` keeps them.
        """
        from groundtui.exporting.claim_rows import rows

        with self._store(reading=True) as store:
            _known_judge(store, judge)
            return list(
                rows(
                    store,
                    reviewed_only=reviewed_only,
                    judge=judge,
                    cell=(judge_verdict, reviewer_verdict),
                    all_claims=all_claims,
                    human_only=human_only,
                )
            )


def answer_of(
    response: str,
    sources: Sources,
    question: str | None = None,
    *,
    answer_id: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Answer:
    """An answer in the import shape from a response and its sources, checked as an import
    checks a line; its id made from its content unless given, as ``import`` makes one for
    a format that has none.

    Raises:
        ValueError: what the import shape refuses, naming the field.
    """
    record: dict[str, Any] = {"question": question or "", "response": response}
    record["sources"] = sources
    if answer_id is not None:
        record["id"] = answer_id
    if meta:
        record["meta"] = dict(meta)
    return _validated(record)


def _validated(record: dict[str, Any]) -> Answer:
    """``record`` (the import shape, its sources perhaps plain texts, its id perhaps
    missing) as an ``Answer``: a source given as text gets an id made from it, and the
    answer an id made from its content, as ``import`` gives them to formats without."""
    from groundtui.importing.files import parse_record
    from groundtui.importing.formats.base import stable_id, text_id

    record = dict(record)
    listed = []
    for n, source in enumerate(_listed(record.get("sources"))):
        if isinstance(source, str):
            source = {"id": text_id(source), "text": source}
        elif not isinstance(source, Mapping):
            raise ValueError(
                f"sources[{n}]: a text or a dict with a text, not {type(source).__name__}"
            )
        elif "id" not in source and isinstance(source.get("text"), str):
            source = {"id": text_id(source["text"]), **source}
        listed.append(source)
    record["sources"] = listed
    record.setdefault("question", "")
    texts = [s.get("text") for s in listed]
    fields = (record["question"], record.get("response"), *texts)
    if record.get("id") is None:
        # (made of what the answer holds; of what it lacks, an error names the field instead)
        usable = all(isinstance(f, str) for f in fields)
        record["id"] = stable_id(fields[0], fields[1], texts) if usable else "answer"
    return parse_record(record)


def _listed(sources: object) -> list:
    """``sources`` as a list, refusing one text given where a list of them belongs."""
    if isinstance(sources, str | bytes | Mapping) or not isinstance(sources, Iterable):
        raise ValueError(
            f"sources: a list of texts or of dicts with a text, not {type(sources).__name__}"
        )
    return list(sources)


def _item(n: int, item: object) -> Answer:
    """Item ``n`` of :func:`judge_many` as an ``Answer``; ``ValueError`` names its place."""
    from groundtui.models import Answer

    if isinstance(item, Answer):
        answer = item
    elif isinstance(item, Mapping):
        try:
            answer = _validated(dict(item))
        except ValueError as exc:
            raise ValueError(f"items[{n}]: {exc}") from None
    else:
        raise ValueError(f"items[{n}]: an answer dict or Answer, not {type(item).__name__}")
    return answer


def _given(item: object) -> Answer:
    """An item given to :meth:`Database.add` as an ``Answer``, read as ``import`` reads a
    record of the import shape."""
    from groundtui.importing.files import parse_record
    from groundtui.models import Answer

    if isinstance(item, Answer):
        return item
    if isinstance(item, Mapping):
        return parse_record(dict(item))
    raise ValueError(
        f"{type(item).__name__} is not an answer: give a dict in the import shape or an Answer"
    )


def _given_id(item: object) -> str | None:
    """The id an item given to :meth:`Database.add` names, if any."""
    ident = item.get("id") if isinstance(item, Mapping) else getattr(item, "id", None)
    return ident if isinstance(ident, str) and ident else None


@dataclass
class _Named:
    """A judge's name and prompt version, as the recorder writes them."""

    name: str
    prompt_version: str


@contextmanager
def _judge(
    model: str | None,
    api_base: str | None,
    cache: str | os.PathLike[str] | None,
    verify: Verify,
    concurrency: int,
    options: dict[str, Any],
) -> Iterator[Judge]:
    """The judge ``groundtui judge`` would build for these options; its cache open while
    it is in use."""
    if verify not in ("batched", "per-claim"):
        raise ValueError(f"verify: 'batched' or 'per-claim', not {verify!r}")
    if model is None:
        if api_base is not None or options:
            raise ValueError(
                "api_base and litellm options are for a model: give model=, e.g. "
                "'openai/gpt-4o-mini' (model=None is the offline heuristic judge)"
            )
        from groundtui.judge.heuristic import HeuristicJudge

        yield HeuristicJudge()
        return
    from groundtui.judge.llm import LLMJudge
    from groundtui.judge.llm.cache import CompletionCache
    from groundtui.store import Store

    options = dict(options)
    store = Store(os.fspath(cache)) if cache is not None else None
    try:
        yield LLMJudge(
            model,
            api_base=api_base,
            api_key=options.pop("api_key", None),
            timeout=float(options.pop("timeout", 60.0)),
            retries=int(options.pop("num_retries", 3)),
            concurrency=concurrency,
            cache=CompletionCache(store) if store is not None else None,
            per_claim=verify == "per-claim",
            options=options,
        )
    finally:
        if store is not None:
            store.close()


def _at_once(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine ``make()`` gives with no event loop, when it never waits.

    The offline judge's work never does (no call, no file), and a run of an event loop
    costs a twentieth of what judging an answer of the demo does (``bench/api.py``). One
    that waits after all is closed and made again to run on an event loop (:func:`_run`).
    """
    coroutine = make()
    try:
        coroutine.send(None)
    except StopIteration as finished:
        return finished.value
    coroutine.close()
    return _run(make())


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end from synchronous code, on an event loop of its own.

    Inside a running event loop (a notebook, an async service) another cannot run on the
    same thread, so the coroutine gets one in a thread; awaiting ``ajudge`` there needs none.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _known_judge(store: Store, judge: str | None) -> None:
    """Refuse a judge's name with no verdicts in ``store``, as ``report --judge`` does."""
    if judge is None:
        return
    from groundtui.report import judges

    known = judges(store)
    if judge not in known:
        listed = ", ".join(repr(name) for name in known) or "none yet"
        raise ValueError(f"no judgements by {judge!r} in {store.path}; judges: {listed}")


def _refused(refused: list[tuple[str, str]]) -> str:
    """Why answers were refused, in a sentence: the first few, each with its reason."""
    shown = "; ".join(why for _, why in refused[:3])
    more = f"; and {len(refused) - 3} more" if len(refused) > 3 else ""
    return f"nothing added: {len(refused)} bad answer(s): {shown}{more}"
