"""The LLM judge: claims extracted and verified by any model litellm can call.

litellm is imported inside the judge, never at import time, with its cost map read from
the installed package so that importing it never reaches for the network.

Retries (read from litellm 1.110's source, ``litellm/main.py`` and ``llms/openai/openai.py``):
``num_retries=N`` is handed to the OpenAI SDK client as ``max_retries``, which retries 408,
409, 429, 5xx, timeouts and connection errors with exponential backoff (0.5 s doubling to
8 s, jittered) and honours ``Retry-After``/``retry-after-ms`` up to two minutes; the
``@client`` wrapper then sees the error as already retried and does not send it again. So
for OpenAI-compatible APIs (``openai/``, ``azure/``, vLLM, a proxy, any ``--api-base``)
litellm covers backoff and Retry-After. Providers litellm calls through its own HTTP
handler (``anthropic/``, ``ollama/``...) get only the wrapper's tenacity retries, which
ignore Retry-After. That is the one case written by hand here: a rate-limit error that
still carries a Retry-After after litellm gave up is waited out and tried again, at most
``rate_limit_waits`` times.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from typing import Any

from groundtui.judge.base import ExtractedClaim, Extraction, JudgeError, Usage, Verification
from groundtui.judge.cache import CachedCompletion, CompletionCache, cache_key
from groundtui.judge.prompts import (
    PROMPT_VERSION,
    ExtractionReply,
    ReplyError,
    VerificationReply,
    extraction_messages,
    parse_reply,
    repair_messages,
    verification_messages,
)

_MAX_RETRY_AFTER = 60.0
"""Longest Retry-After we wait out by hand, in seconds; longer ones fail the call."""


class JudgeUnavailable(Exception):
    """The model cannot be used at all (unknown model, missing key, unreachable API base).

    Unlike :class:`JudgeError`, which costs one claim, this stops the run: every call would
    fail the same way.
    """


def load_litellm() -> Any:
    """Import litellm quietly and offline (its cost map from the package, no banners)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    # Its logging worker warns on stderr when one process runs several event loops (tests,
    # a TUI worker): noise in our output, not a problem in our use.
    logging.getLogger("LiteLLM").setLevel(logging.ERROR)
    return litellm


class LLMJudge:
    """A judge backed by one litellm model (SPEC §3).

    Args:
        model: any litellm model string, e.g. ``openai/gpt-4o-mini``; also the judge's name.
        api_base: the API's base URL (a proxy, ollama, a local server), or None.
        api_key: the key, or None to let litellm read the provider's variable.
        concurrency: most calls in flight at once.
        timeout: seconds for one HTTP attempt.
        retries: litellm's ``num_retries`` for 429, 5xx, timeouts and connection errors.
        rate_limit_waits: extra attempts after litellm gave up on a 429 with Retry-After.
        cache: where valid replies are kept, so a re-run makes no call; None for none.

    Raises:
        JudgeUnavailable: the model string names no provider, or the provider's key is unset.
    """

    prompt_version = PROMPT_VERSION

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
    ) -> None:
        self.name = model
        self.model = model
        self.api_base = api_base
        self.api_key = api_key
        self.concurrency = concurrency
        self.timeout = timeout
        self.retries = retries
        self.rate_limit_waits = rate_limit_waits
        self.cache = cache
        self._litellm = load_litellm()
        self._semaphore: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reached = False
        self._pending: dict[str, asyncio.Lock] = {}
        self._check_config()

    def _check_config(self) -> None:
        litellm = self._litellm
        try:
            litellm.get_llm_provider(self.model)
        except Exception:
            raise JudgeUnavailable(
                f"unknown model {self.model!r}: give a litellm model string with its provider, "
                "e.g. openai/gpt-4o-mini or ollama/llama3.1"
            ) from None
        if self.api_key is None:
            env = litellm.validate_environment(model=self.model, api_base=self.api_base)
            keys = [k for k in env.get("missing_keys", []) if k.endswith("_KEY")]
            if keys:
                hint = " (any value will do for a local server)" if self.api_base else ""
                raise JudgeUnavailable(
                    f"{self.model} needs {', '.join(keys)} set in the environment or .env{hint}"
                )

    # -- the Judge protocol ----------------------------------------------------------

    async def extract(self, question: str, response: str, n_sources: int) -> Extraction:
        """Split ``response`` into claims with one call (SPEC §3, extraction)."""
        reply, usage = await self._ask(
            extraction_messages(question, response, n_sources), ExtractionReply
        )
        claims = [
            ExtractedClaim(c.text.strip(), c.kind, c.citation)
            for c in reply.claims
            if c.text.strip()
        ]
        return Extraction(claims, usage)

    async def verify(self, claim: str, source: str) -> Verification:
        """Verify ``claim`` against ``source`` alone with one call (SPEC §3, verification)."""
        reply, usage = await self._ask(verification_messages(claim, source), VerificationReply)
        return Verification(
            reply.verdict, reply.evidence, reply.invention_kind, reply.rationale, usage
        )

    # -- calls -----------------------------------------------------------------------

    async def _ask(self, messages: list[dict], schema: type) -> tuple[Any, Usage]:
        """A valid reply of ``schema``: from the cache, else a call and at most one repair."""
        if self.cache is None:
            return await self._ask_model(messages, schema, None)
        key = cache_key(self.model, self.prompt_version, messages)
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
                return await self._ask_model(messages, schema, key)
        finally:
            if self._pending.get(key) is lock and not lock.locked():
                del self._pending[key]

    async def _ask_model(
        self, messages: list[dict], schema: type, key: str | None
    ) -> tuple[Any, Usage]:
        usage = Usage()
        content = await self._call(messages, usage)
        try:
            reply = parse_reply(content, schema)
        except ReplyError as first:
            content = await self._call(repair_messages(messages, content or "", str(first)), usage)
            try:
                reply = parse_reply(content, schema)
            except ReplyError as second:
                raise _failed(f"invalid reply, and again after a repair: {second}", usage) from None
        if self.cache is not None and key is not None:
            spent = CachedCompletion(
                content or "", usage.prompt_tokens, usage.completion_tokens, usage.cost
            )
            self.cache.put(key, self.model, self.prompt_version, spent)
        return reply, usage

    def _slots(self) -> asyncio.Semaphore:
        # A semaphore belongs to the loop it first waits on; a judge may outlive a loop
        # (tests, several `asyncio.run`s), so make one per loop.
        loop = asyncio.get_running_loop()
        if self._semaphore is None or self._loop is not loop:
            self._semaphore, self._loop = asyncio.Semaphore(self.concurrency), loop
        return self._semaphore

    async def _call(self, messages: list[dict], usage: Usage) -> str | None:
        """One completion (litellm retrying inside it), its cost counted into ``usage``."""
        litellm = self._litellm
        async with self._slots():
            waits = 0
            while True:
                try:
                    response = await litellm.acompletion(
                        model=self.model,
                        messages=messages,
                        api_base=self.api_base,
                        api_key=self.api_key,
                        response_format={"type": "json_object"},
                        temperature=0,
                        drop_params=True,
                        timeout=self.timeout,
                        num_retries=self.retries,
                    )
                    break
                except litellm.RateLimitError as exc:
                    wait = _retry_after(exc)
                    if wait is None or waits >= self.rate_limit_waits:
                        raise self._classify(exc, usage) from None
                    waits += 1
                    await asyncio.sleep(wait)
                except Exception as exc:
                    raise self._classify(exc, usage) from None
        self._reached = True
        usage.calls += 1
        tokens = getattr(response, "usage", None)
        usage.prompt_tokens += int(getattr(tokens, "prompt_tokens", 0) or 0)
        usage.completion_tokens += int(getattr(tokens, "completion_tokens", 0) or 0)
        # A model litellm has no price for (a local one, say) costs what we cannot know: 0.
        with contextlib.suppress(Exception):
            usage.cost += float(litellm.completion_cost(completion_response=response) or 0.0)
        try:
            return response.choices[0].message.content
        except (AttributeError, IndexError):
            return None

    def _classify(self, exc: Exception, usage: Usage) -> Exception:
        """A failure of the whole judge (stop the run) or of this one call (cost one claim)."""
        litellm = self._litellm
        text = describe_error(exc)
        where = f" at {self.api_base}" if self.api_base else ""
        if isinstance(exc, litellm.AuthenticationError | litellm.PermissionDeniedError):
            return JudgeUnavailable(f"{self.model}{where} refused the key: {text}")
        if isinstance(exc, litellm.NotFoundError):
            return JudgeUnavailable(f"{self.model}{where} was not found: {text}")
        if isinstance(exc, litellm.BadRequestError) and "LLM Provider NOT provided" in str(exc):
            return JudgeUnavailable(f"unknown model {self.model!r}: {text}")
        unreachable = isinstance(exc, litellm.APIConnectionError) or (
            "connection error" in str(exc).lower() and not isinstance(exc, litellm.Timeout)
        )
        if unreachable and not self._reached:
            # Before any call got through, a refused connection is a wrong --api-base or a
            # server that is down, not one unlucky claim.
            return JudgeUnavailable(f"cannot reach {self.model}{where or ''}: {text}")
        return _failed(text, usage)


def _failed(message: str, usage: Usage) -> JudgeError:
    err = JudgeError(message)
    err.usage = usage  # type: ignore[attr-defined]  # what the failed claim still cost
    return err


def _retry_after(exc: Exception) -> float | None:
    headers = getattr(exc, "litellm_response_headers", None) or getattr(
        getattr(exc, "response", None), "headers", None
    )
    if not headers:
        return None
    value = headers.get("retry-after-ms")
    scale = 1000.0
    if value is None:
        value, scale = headers.get("retry-after"), 1.0
    try:
        wait = float(value) / scale
    except (TypeError, ValueError):
        return None
    return wait if 0 <= wait <= _MAX_RETRY_AFTER else None


_PREFIX = re.compile(r"^(?:litellm\.\w+:\s*)?(?:\w+Error:\s*)?(?:\w+Exception\s*-\s*)?")


def describe_error(exc: Exception) -> str:
    """litellm's error as one line, without its class-name prefixes and retry footnote."""
    text = str(getattr(exc, "message", None) or exc).strip()
    text = re.sub(r"\s*LiteLLM Retried: \d+ times?.*$", "", text, flags=re.DOTALL)
    text = _PREFIX.sub("", text).strip()
    first = text.splitlines()[0] if text else type(exc).__name__
    status = getattr(exc, "status_code", None)
    kind = "timed out" if "timeout" in type(exc).__name__.lower() else None
    parts = [first[:300]]
    if kind and "timed out" not in first.lower():
        parts.append(kind)
    if isinstance(status, int) and status >= 400 and str(status) not in first:
        parts.append(f"HTTP {status}")
    return "; ".join(parts)
