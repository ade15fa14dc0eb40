"""How a model call failed: for one claim (:class:`~groundtui.judge.base.JudgeError`) or for
the whole run (:class:`JudgeUnavailable`).

litellm raises its own exception classes, named after HTTP statuses; these helpers turn
them into one readable line, read a rate limit's Retry-After, and tell a failure of the
run from a failure of one call.
"""

from __future__ import annotations

import re
from typing import Any

from groundtui.judge.base import JudgeError, Usage

_MAX_RETRY_AFTER = 60.0
"""Longest Retry-After we wait out by hand, in seconds; longer ones fail the call."""


class JudgeUnavailable(Exception):
    """The model cannot be used at all (unknown model, missing key, unreachable API base).

    Unlike :class:`JudgeError`, which costs one claim, this stops the run: every call would
    fail the same way.
    """


def retry_after(exc: Exception) -> float | None:
    """Seconds the API asked us to wait (``retry-after-ms`` or ``Retry-After``), up to a
    minute; None when it did not say, or asked for longer."""
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
    text = re.sub(r" ssl:<[^>]*>", "", _PREFIX.sub("", text)).strip()
    first = (text.splitlines()[0] if text else type(exc).__name__).rstrip(".")
    parts = [first[:300]]
    if "timeout" in type(exc).__name__.lower() and "timed out" not in first.lower():
        parts.append("timed out")
    # litellm gives connection failures status 500; only a status the API sent is worth saying.
    status = getattr(exc, "status_code", None)
    reached = "connect" not in first.lower()
    if reached and isinstance(status, int) and status >= 400 and str(status) not in first:
        parts.append(f"HTTP {status}")
    return "; ".join(parts)


def classify(
    litellm: Any, exc: Exception, usage: Usage, model: str, api_base: str | None, reached: bool
) -> Exception:
    """A failure of the whole judge (stop the run) or of this one call (cost one claim).

    Args:
        litellm: the loaded litellm, whose exception classes ``exc`` is one of.
        exc: what the call raised.
        usage: what the call cost, carried by the ``JudgeError``.
        model: the model called, to name it.
        api_base: the base URL called, or None.
        reached: whether any call of this judge has got through.
    """
    text = describe_error(exc)
    where = f" at {api_base}" if api_base else ""
    if isinstance(exc, litellm.AuthenticationError | litellm.PermissionDeniedError):
        return JudgeUnavailable(f"{model}{where} refused the key: {text}")
    if isinstance(exc, litellm.NotFoundError):
        return JudgeUnavailable(f"{model}{where} was not found: {text}")
    if isinstance(exc, litellm.BadRequestError) and "LLM Provider NOT provided" in str(exc):
        return JudgeUnavailable(f"unknown model {model!r}: {text}")
    unreachable = isinstance(exc, litellm.APIConnectionError) or (
        "connection error" in str(exc).lower() and not isinstance(exc, litellm.Timeout)
    )
    if unreachable and not reached:
        # Before any call got through, a refused connection is a wrong --api-base or a
        # server that is down, not one unlucky claim.
        return JudgeUnavailable(f"cannot reach {model}{where or ''}: {text}")
    return JudgeError(text, usage)
