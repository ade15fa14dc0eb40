"""Fixtures for the judge: a real OpenAI-compatible server, a store, answers imported as JSONL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from groundtui.importing.files import import_files
from groundtui.judge.llm import LLMJudge
from groundtui.judge.llm.cache import CompletionCache
from groundtui.store import Store
from tests.helpers.builders import write_jsonl
from tests.judge.fake_openai import FakeOpenAI
from tests.judge.helpers import MODEL


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    """A fresh chat-completions server on 127.0.0.1, answering sensibly until scripted."""
    fake = FakeOpenAI().start()
    yield fake
    fake.stop()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A store in a temporary database file."""
    with Store(tmp_path / "groundtui.db") as s:
        yield s


@pytest.fixture
def load(store: Store, tmp_path: Path) -> Callable[..., None]:
    """Import answer records into ``store`` through a JSONL file, as a user would."""
    counter = iter(range(1000))

    def _load(*records: dict) -> None:
        path = write_jsonl(tmp_path / f"answers-{next(counter)}.jsonl", list(records))
        result = import_files(store, [str(path)])
        assert not result.bad, result.bad

    return _load


@pytest.fixture
def make_judge(server: FakeOpenAI, store: Store) -> Callable[..., LLMJudge]:
    """An LLM judge on the fake server: short timeouts, one retry, the store's cache; one
    claim per verification call unless ``per_claim=False`` (the batched default)."""

    def _make(**overrides: Any) -> LLMJudge:
        options: dict[str, Any] = {
            "api_base": server.url,
            "api_key": "test",
            "timeout": 2.0,
            "retries": 1,
            "concurrency": 4,
            "cache": CompletionCache(store),
            "per_claim": True,
        }
        options.update(overrides)
        return LLMJudge(MODEL, **options)

    return _make
