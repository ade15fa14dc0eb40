"""litellm as the LLM judge uses it: imported quietly and offline, asked before any call
whether a model can be called at all and what it supports, and read after a call for the
reply's cached tokens and cost. litellm is imported only inside ``load_litellm``, never at
import time.
"""

from __future__ import annotations

import contextlib
import logging
import os
import warnings
from typing import Any
from urllib.parse import urlparse

from groundtui.judge.failures import JudgeUnavailable


def load_litellm() -> Any:
    """Import litellm quietly and offline (its cost map from the package, no banners)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    # Count tokens with the tokenizers litellm ships, never one fetched from Hugging Face.
    litellm.disable_hf_tokenizer_download = True
    # Cancelled mid-call (Ctrl-C), litellm drops the provider coroutine it made in a worker
    # thread without awaiting it, and Python warns on stderr when it is collected.
    warnings.filterwarnings(
        "ignore",
        message=r"coroutine '\w+\.a(?:sync_)?completion' was never awaited",
        category=RuntimeWarning,
    )
    # Its logging worker warns on stderr when one process runs several event loops (tests,
    # a TUI worker): noise in our output, not a problem in our use.
    logging.getLogger("LiteLLM").setLevel(logging.ERROR)
    return litellm


def check_config(litellm: Any, model: str, api_base: str | None, api_key: str | None) -> None:
    """Refuse a judge that could make no call: a base URL that is not http(s), a model
    string naming no provider, or a provider whose key is unset (and none given).

    Raises:
        JudgeUnavailable: in one sentence saying what to give instead.
    """
    if api_base is not None:
        try:
            url = urlparse(api_base)
            _ = url.port  # an out-of-range or non-numeric port raises here
        except ValueError:  # "http://[::1": an unclosed IPv6 bracket, a bad port
            url = None
        if url is None or url.scheme not in ("http", "https") or not url.netloc:
            raise JudgeUnavailable(
                f"--api-base {api_base!r} is not an http(s) URL, e.g. "
                "http://localhost:11434 or https://api.example.com/v1"
            )
    try:
        litellm.get_llm_provider(model)
    except Exception:
        raise JudgeUnavailable(
            f"unknown model {model!r}: give a litellm model string with its provider, "
            "e.g. openai/gpt-4o-mini or ollama/llama3.1"
        ) from None
    if api_key is None:
        env = litellm.validate_environment(model=model, api_base=api_base)
        keys = [k for k in env.get("missing_keys", []) if k.endswith("_KEY")]
        if keys:
            hint = " (any value will do for a local server)" if api_base else ""
            raise JudgeUnavailable(
                f"{model} needs {', '.join(keys)} set in the environment or .env{hint}"
            )


#: Providers that cache a prompt's prefix only where the request marks it.
MARKED_PROVIDERS = frozenset({"anthropic", "bedrock", "vertex_ai", "vertex_ai_beta"})


def supports(litellm: Any, feature: str, model: str) -> bool:
    """What litellm's model list says of ``model`` (False where it does not know it)."""
    try:
        return bool(getattr(litellm.utils, feature)(model=model))
    except Exception:
        return False


def cached_tokens(tokens: Any) -> int:
    """Prompt tokens a reply says came from the provider's cache (OpenAI's field, which
    litellm also fills from Anthropic's ``cache_read_input_tokens``)."""
    details = getattr(tokens, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    if cached is None:
        cached = getattr(tokens, "cache_read_input_tokens", None)
    try:
        return int(cached or 0)
    except (TypeError, ValueError):
        return 0


def cost(litellm: Any, response: Any) -> float:
    """What ``response`` cost by litellm's price list; 0 for a model it has no price for."""
    # acompletion has already run litellm.completion_cost on the response and kept the result
    # in its hidden params; reading it halves the CPU a call spends on pricing.
    hidden = getattr(response, "_hidden_params", None) or {}
    cost = hidden.get("response_cost")
    if cost is None:
        with contextlib.suppress(Exception):
            cost = litellm.completion_cost(completion_response=response)
    try:
        return float(cost or 0.0)
    except (TypeError, ValueError):
        return 0.0
