"""The LLM judge: any model litellm can call, its prompts, its completion cache, its slots."""

from groundtui.judge.llm.judge import LLMJudge
from groundtui.judge.llm.provider import load_litellm

__all__ = ["LLMJudge", "load_litellm"]
