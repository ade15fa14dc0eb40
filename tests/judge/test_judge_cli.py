"""``groundtui judge`` through click's CliRunner, against the fake server."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.llm.prompts import PROMPT_VERSION
from groundtui.store import Store
from tests.helpers.builders import write_jsonl
from tests.judge.fake_openai import Reply
from tests.judge.helpers import MODEL, answer


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A database holding two answers, one of them flagged by the mechanical check."""
    path = tmp_path / "groundtui.db"
    data = write_jsonl(
        tmp_path / "a.jsonl",
        [
            answer("A-1"),
            answer("A-2", response="You can return items within 30 days of delivery [1]."),
        ],
    )
    result = CliRunner().invoke(cli, ["import", str(data), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return str(path)


def run(*args: str, env: dict | None = None):
    env = {
        "OPENAI_API_KEY": "test",
        "GROUNDTUI_MODEL": None,
        "GROUNDTUI_API_BASE": None,
        **(env or {}),
    }
    return CliRunner().invoke(cli, ["judge", *args], env=env, catch_exceptions=False)


def test_judge_with_a_model_and_api_base(server, db):
    result = run("--db", db, "--model", MODEL, "--api-base", server.url, "--timeout", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Judged 1 of 1 answers with {MODEL} (prompt {PROMPT_VERSION})" in out
    assert "Verdicts: 1 stated, 0 contradicted, 1 absent, 0 partial." in out
    # One extraction, one verification of both claims together (the default, batched).
    assert "Calls: 2 made, 0 cached" in out and "Failures: 0." in out
    with Store(db) as store:
        assert store.scalar("select count(*) from judgements where judge = ?", [MODEL]) == 2

    again = run("--db", db, "--model", MODEL, "--api-base", server.url)
    assert again.exit_code == 0
    assert "Nothing to judge" in again.stdout and "--all" in again.stdout
    assert server.requests == 2


def test_model_and_api_base_from_the_environment_and_all(server, db):
    result = run(
        "--db", db, "--all", env={"GROUNDTUI_MODEL": MODEL, "GROUNDTUI_API_BASE": server.url}
    )
    assert result.exit_code == 0, result.output
    assert "Judged 2 of 2 answers" in result.stdout


def test_without_a_model_the_heuristic_judge(db):
    result = run("--db", db, "--all")
    assert result.exit_code == 0, result.output
    assert "with heuristic (prompt heuristic-" in result.stdout
    assert "Calls: 0 made" in result.stdout
    with Store(db) as store:
        assert store.scalar("select count(distinct judge) from judgements") == 1


def test_failures_are_summarised_with_exit_code_1(server, db):
    server.responder = lambda call: Reply("not json")
    result = run("--db", db, "--model", MODEL, "--api-base", server.url)
    assert result.exit_code == 1
    assert "Failures: 1; run `groundtui judge` again to retry them." in result.stdout
    assert "A-1: extraction: invalid reply" in result.stdout


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--model", "no-such-provider-model"], "unknown model 'no-such-provider-model'"),
        (["--model", MODEL, "--api-base", "localhost:8000"], "is not an http(s) URL"),
        (
            ["--model", MODEL, "--api-base", "http://127.0.0.1:{port}/v1", "--retries", "0"],
            "cannot reach openai/test-model at http://127.0.0.1:",
        ),
    ],
)
def test_user_errors_are_one_line(db, args, message):
    args = [a.replace("{port}", str(_closed_port())) for a in args]
    result = run("--db", db, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("groundtui: ") and message in lines[0]


def test_a_model_the_server_does_not_know_is_one_line(server, db):
    server.responder = lambda call: Reply(status=404, error="The model `nope` does not exist")
    result = run("--db", db, "--model", MODEL, "--api-base", server.url)
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert "was not found" in line and "does not exist" in line
    assert "Traceback" not in result.output


def test_a_missing_key_is_one_line(db):
    result = run("--db", db, "--model", "openai/gpt-4o-mini", env={"OPENAI_API_KEY": None})
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "groundtui: openai/gpt-4o-mini needs OPENAI_API_KEY set in the environment or .env"
    )


def test_an_unparseable_api_base_is_one_line(db):
    result = run("--db", db, "--model", MODEL, "--api-base", "http://[::1")
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("groundtui: --api-base 'http://[::1'") and "URL" in line


def test_limit_zero_is_refused(db):
    result = run("--db", db, "--all", "--limit", "0")
    assert result.exit_code == 2
    assert "Nothing to judge" not in result.output
    assert "--limit" in result.output
