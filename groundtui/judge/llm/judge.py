"""The LLM judge: claims extracted and verified by any model litellm can call.

litellm is imported inside the judge, never at import time, with its cost map read from
the installed package so that importing it never reaches for the network.

Retries (read from litellm 1.110's source, ``litellm/main.py`` and ``llms/openai/openai.py``):
``num_retries=N`` is handed to the OpenAI SDK client as ``max_retries``, which retries 408,
409, 429, 5xx, timeouts and connection errors with exponential backoff (0.5 s doubling to
8 s, jittered) and honours ``Retry-After``/``retry-after-ms`` up to two minutes; the
``@client`` wrapper then sees the error as already retried and does not send it again
(against the test server: N + 1 requests in all, the waits as the server asked). So
for OpenAI-compatible APIs (``openai/``, ``azure/``, vLLM, a proxy, any ``--api-base``)
litellm covers backoff and Retry-After. Providers litellm calls through its own HTTP
handler (``anthropic/``, ``ollama/``...) get only the wrapper's tenacity retries, which
ignore Retry-After. That is the one case written by hand here: a rate-limit error that
still carries a Retry-After after litellm gave up is waited out and tried again, at most
``rate_limit_waits`` times.

At most ``concurrency`` calls are in flight (:class:`~groundtui.judge.slots.PrioritySlots`),
waiting calls served extraction first, then verification, then cross-checks. Cache hits
take no slot.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

from pydantic import BaseModel

from groundtui.judge.base import (
    EXTRACT,
    ExtractedClaim,
    Extraction,
    JudgeError,
    Usage,
    Verification,
    call_priority,
)
from groundtui.judge.failures import classify, retry_after
from groundtui.judge.llm import fences
from groundtui.judge.llm.cache import CachedCompletion, CompletionCache, cache_key
from groundtui.judge.llm.prompts import (
    CLAIMS_PER_CALL,
    PER_CLAIM_VERSION,
    PROMPT_VERSION,
    ClaimsReply,
    ClaimsReplyFormat,
    ExtractionReply,
    ReplyError,
    VerificationReply,
    claim_verdicts,
    claims_messages,
    extraction_messages,
    parse_reply,
    repair_messages,
    verification_messages,
)
from groundtui.judge.llm.provider import (
    MARKED_PROVIDERS,
    cached_tokens,
    check_config,
    cost,
    load_litellm,
    supports,
)
from groundtui.judge.llm.slots import PrioritySlots

JUDGE_SETS = frozenset(
    {
        "model",
        "messages",
        "api_base",
        "api_key",
        "response_format",
        "temperature",
        "drop_params",
        "timeout",
        "num_retries",
        "stream",
        "n",
    }
)
"""The ``litellm.acompletion`` arguments the judge gives every call itself (the API's own
parameters, or fixed so that every judgement is made the same way)."""

#: The reply model a call is validated as, so each caller reads its own fields typed.
_Reply = TypeVar("_Reply", bound=BaseModel)


class LLMJudge:
    """A judge backed by one litellm model (README "Commands").

    Args:
        model: any litellm model string, e.g. ``openai/gpt-4o-mini``; also the judge's name.
        api_base: the API's base URL (a proxy, ollama, a local server), or None.
        api_key: the key, or None to let litellm read the provider's variable.
        concurrency: most calls in flight at once.
        timeout: seconds for one HTTP attempt.
        retries: litellm's ``num_retries`` for 429, 5xx, timeouts and connection errors.
        rate_limit_waits: extra attempts after litellm gave up on a 429 with Retry-After.
        cache: where valid replies are kept, so a re-run makes no call; None for none.
        per_claim: verify one claim per call (``--verify per-claim``) instead of the
            claims of an answer together (:meth:`verify_claims`).
        need_key: refuse a provider whose key is unset; False for a dry run, which calls
            nothing.
        options: further keyword arguments for every ``litellm.acompletion`` call (an
            ``api_version``, ``extra_headers``...), part of every cache key; none of those
            the judge sets itself (``JUDGE_SETS``).

    Raises:
        JudgeUnavailable: the model string names no provider, or the provider's key is unset.
    """

    def __init__(
        self,
        model: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        concurrency: int = 8,
        timeout: float = 60.0,
        retries: int = 3,
        rate_limit_waits: int = 1,
        cache: CompletionCache | None = None,
        per_claim: bool = False,
        need_key: bool = True,
        options: dict[str, Any] | None = None,
    ) -> None:
        if clash := sorted(JUDGE_SETS & set(options or {})):
            raise ValueError(
                f"the judge sets {', '.join(clash)} itself, the same for every judgement: "
                "leave it out"
            )
        self.options = dict(options or {})
        self.name = model
        self.per_claim = per_claim
        self.prompt_version = PER_CLAIM_VERSION if per_claim else PROMPT_VERSION
        """Recorded with every judgement and part of every cache key: the two modes' replies
        are told apart."""
        self.model = model
        self.api_base = api_base
        self.api_key = api_key
        self.concurrency = concurrency
        self.timeout = timeout
        self.retries = retries
        self.rate_limit_waits = rate_limit_waits
        self.cache = cache
        self._litellm = load_litellm()
        self._slots_of: tuple[asyncio.AbstractEventLoop, PrioritySlots] | None = None
        self._reached = False
        self._pending: dict[str, asyncio.Lock] = {}
        check_config(self._litellm, model, api_base, api_key if need_key else "")
        self.structured = supports(self._litellm, "supports_response_schema", model)
        """Whether replies are asked for with their JSON schema (``response_format``), as
        litellm says the model supports; else as any JSON object."""
        provider = self._litellm.get_llm_provider(model)[1]
        self.cache_marks = provider in MARKED_PROVIDERS and supports(
            self._litellm, "supports_prompt_caching", model
        )
        """Whether the fixed instructions are marked for the provider's prompt cache
        (Anthropic's ``cache_control``); OpenAI and others cache prefixes unasked."""

    # -- the Judge protocol ----------------------------------------------------------

    async def extract(self, question: str, response: str, n_sources: int) -> Extraction:
        """Split ``response`` into claims with one call (docs/judge.md "With a model":
        extraction)."""
        reply, usage = await self._ask(
            extraction_messages(question, response, n_sources),
            extraction_messages(question, response, n_sources, fences.KEYED),
            ExtractionReply,
            EXTRACT,
        )
        claims = [
            ExtractedClaim(c.text.strip(), c.kind, c.citations())
            for c in reply.claims
            if c.text.strip()
        ]
        return Extraction(claims, usage)

    async def verify(self, claim: str, source: str) -> Verification:
        """Verify ``claim`` against ``source`` alone with one call (docs/judge.md "With a
        model": verification)."""
        reply, usage = await self._ask(
            verification_messages(claim, source),
            verification_messages(claim, source, fences.KEYED),
            VerificationReply,
            call_priority.get(),
        )
        return Verification(
            reply.verdict, reply.evidence, reply.invention_kind, reply.rationale, usage
        )

    async def verify_claims(
        self, sources: list[str], claims: list[tuple[str, tuple[int, ...]]]
    ) -> tuple[list[Verification | JudgeError], Usage]:
        """Verify several claims of one answer, each against the ``sources`` it cites
        (numbers from 1), at most ``CLAIMS_PER_CALL`` per call (docs/judge.md "With a model":
        verification). A claim missing or invalid in a reply is asked again alone.

        Returns:
            for each claim, in order, its verification (``also_stated_by`` the other
            sources stating it) or the error that cost it; and what all the calls cost,
            counted in none of the verifications' or errors' own usage.
        """
        usage = Usage()
        results: list[Verification | JudgeError | None] = [None] * len(claims)
        batches = [
            list(range(i, min(i + CLAIMS_PER_CALL, len(claims))))
            for i in range(0, len(claims), CLAIMS_PER_CALL)
        ]
        await asyncio.gather(
            *(self._verify_batch(sources, claims, b, results, usage) for b in batches)
        )
        alone = [i for i, r in enumerate(results) if r is None]
        await asyncio.gather(
            *(self._verify_batch(sources, claims, [i], results, usage) for i in alone)
        )
        return [
            r if r is not None else JudgeError("no valid verdict for this claim") for r in results
        ], usage

    async def _verify_batch(
        self,
        sources: list[str],
        claims: list[tuple[str, tuple[int, ...]]],
        batch: list[int],
        results: list[Verification | JudgeError | None],
        usage: Usage,
    ) -> None:
        """Ask about the claims ``batch`` (indices into ``claims``), filling ``results``; a
        claim left None is to be asked again (or, asked alone, gets the error)."""
        asked = [claims[i] for i in batch]
        try:
            reply, spent = await self._ask(
                claims_messages(sources, asked),
                claims_messages(sources, asked, fences.KEYED),
                ClaimsReply,
                call_priority.get(),
                ClaimsReplyFormat,
            )
        except JudgeError as exc:
            usage.add(exc.usage)
            if len(batch) == 1:
                results[batch[0]] = exc
            return
        usage.add(spent)
        found = claim_verdicts(reply, len(batch))
        for n, i in enumerate(batch, 1):
            if (entry := found.get(n)) is not None:
                also = tuple(k for k in entry.also_stated_by if 1 <= k <= len(sources))
                results[i] = Verification(
                    entry.verdict,
                    entry.evidence,
                    entry.invention_kind,
                    entry.rationale,
                    also_stated_by=also,
                )
            elif len(batch) == 1:
                results[i] = JudgeError("the reply gave no valid verdict for the claim")

    # -- calls -----------------------------------------------------------------------

    async def _ask(
        self,
        messages: list[dict],
        keyed: list[dict],
        schema: type[_Reply],
        priority: int,
        reply_format: type[BaseModel] | None = None,
    ) -> tuple[_Reply, Usage]:
        """A valid reply of ``schema`` to ``messages``: from the cache, under the key of
        ``keyed`` (the same prompt fenced with the cache's tags), else a call and at most
        one repair. ``reply_format``: the schema asked for, when not ``schema`` itself."""
        if self.cache is None:
            return await self._ask_model(messages, schema, None, priority, reply_format)
        key = cache_key(self.model, self.prompt_version, keyed, self.api_base, self.options)
        # One call per distinct prompt: a second claim with the same text and source (in
        # another answer, say) waits for the first and then reads its reply from the cache.
        lock = self._pending.setdefault(key, asyncio.Lock())
        try:
            async with lock:
                if (hit := self.cache.get(key)) is not None:
                    try:
                        return parse_reply(hit.content, schema), Usage(cached=1)
                    except ReplyError:
                        pass  # stored under an older schema: ask again
                return await self._ask_model(messages, schema, key, priority, reply_format)
        finally:
            if self._pending.get(key) is lock and not lock.locked():
                del self._pending[key]

    async def _ask_model(
        self,
        messages: list[dict],
        schema: type[_Reply],
        key: str | None,
        priority: int,
        reply_format: type[BaseModel] | None = None,
    ) -> tuple[_Reply, Usage]:
        usage = Usage()
        asked = reply_format or schema
        content = await self._call(messages, usage, priority, asked)
        try:
            reply = parse_reply(content, schema)
        except ReplyError as first:
            repair = repair_messages(messages, content or "", str(first))
            content = await self._call(repair, usage, priority, asked)
            try:
                reply = parse_reply(content, schema)
            except ReplyError as second:
                raise JudgeError(
                    f"invalid reply, and again after a repair: {second}", usage
                ) from None
        if self.cache is not None and key is not None:
            spent = CachedCompletion(
                content or "", usage.prompt_tokens, usage.completion_tokens, usage.cost
            )
            self.cache.put(key, self.model, self.prompt_version, spent)
        return reply, usage

    def _slots(self) -> PrioritySlots:
        # Futures belong to the loop that made them; a judge may outlive a loop (tests,
        # several `asyncio.run`s), so make the slots afresh for each loop.
        loop = asyncio.get_running_loop()
        if self._slots_of is None or self._slots_of[0] is not loop:
            self._slots_of = (loop, PrioritySlots(self.concurrency))
        return self._slots_of[1]

    async def _call(
        self, messages: list[dict], usage: Usage, priority: int, schema: type[BaseModel]
    ) -> str | None:
        """One completion in one of the judge's slots, its cost counted into ``usage``."""
        slots = self._slots()
        await slots.acquire(priority)
        try:
            response = await self._complete(self.marked(messages), usage, schema)
        finally:
            slots.release()
        self._reached = True
        usage.calls += 1
        tokens = getattr(response, "usage", None)
        usage.prompt_tokens += int(getattr(tokens, "prompt_tokens", 0) or 0)
        usage.completion_tokens += int(getattr(tokens, "completion_tokens", 0) or 0)
        usage.cached_prompt_tokens += cached_tokens(tokens)
        usage.cost += cost(self._litellm, response)
        try:
            return response.choices[0].message.content
        except (AttributeError, IndexError):
            return None

    def response_format(self, schema: type[BaseModel]) -> dict:
        """The reply's JSON schema where the model supports it, else any JSON object."""
        if not self.structured:
            return {"type": "json_object"}
        return {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()},
        }

    def marked(self, messages: list[dict]) -> list[dict]:
        """``messages`` with the fixed instructions marked for the provider's prompt cache.

        The system message and the last worked example (the end of the prefix every
        verification shares) get ``cache_control``; the data never does. Unchanged for a
        provider that caches without marks.
        """
        if not self.cache_marks:
            return messages
        last_fixed = 0 if len(messages) < 3 else len(messages) - 2
        marked = []
        for i, message in enumerate(messages):
            if (i == 0 and message["role"] == "system") or (i == last_fixed and i > 0):
                block = {
                    "type": "text",
                    "text": message["content"],
                    "cache_control": {"type": "ephemeral"},
                }
                message = {**message, "content": [block]}
            marked.append(message)
        return marked

    def cached(self, keyed: list[dict]) -> bool:
        """Whether the completion cache already holds the reply to the prompt ``keyed`` (built
        with ``fences.KEYED``): a free call."""
        if self.cache is None:
            return False
        key = cache_key(self.model, self.prompt_version, keyed, self.api_base, self.options)
        return self.cache.get(key) is not None

    def count_tokens(self, messages: list[dict]) -> int:
        """Prompt tokens of ``messages`` by litellm's counter, offline (no tokenizer download)."""
        return int(self._litellm.token_counter(model=self.model, messages=messages))

    def price(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        """Dollars for that many tokens by litellm's price list; None for an unpriced model."""
        try:
            prompt, completion = self._litellm.cost_per_token(
                model=self.model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
            )
        except Exception:  # litellm raises for a model it has no price for
            return None
        return float(prompt) + float(completion)

    async def _complete(self, messages: list[dict], usage: Usage, schema: type[BaseModel]) -> Any:
        """litellm's acompletion, retrying inside; a 429 it gave up on waited out by hand."""
        litellm = self._litellm
        waits = 0
        while True:
            try:
                return await litellm.acompletion(
                    model=self.model,
                    messages=messages,
                    api_base=self.api_base,
                    api_key=self.api_key,
                    response_format=self.response_format(schema),
                    temperature=0,
                    drop_params=True,
                    timeout=self.timeout,
                    num_retries=self.retries,
                    **self.options,
                )
            except litellm.RateLimitError as exc:
                wait = retry_after(exc)
                if wait is None or waits >= self.rate_limit_waits:
                    raise classify(
                        litellm, exc, usage, self.model, self.api_base, self._reached
                    ) from None
                waits += 1
                await asyncio.sleep(wait)
            except Exception as exc:
                raise classify(
                    litellm, exc, usage, self.model, self.api_base, self._reached
                ) from None
