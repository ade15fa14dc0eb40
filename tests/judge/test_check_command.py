"""``groundtui check FILE…``: the gate for CI, with no database. The check alone, then with
``--judge`` (the heuristic judge, and a model on the local server)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from tests.helpers.builders import make_answer, write_jsonl
from tests.judge.fake_openai import FakeOpenAI
from tests.judge.helpers import MODEL, answer

ROOT = Path(__file__).resolve().parents[2]
FLAGGED = make_answer("A-2", response="Sofas can be returned within 90 days [1].")


def check(*args: str, env: dict | None = None):
    env = {"GROUNDTUI_MODEL": None, "GROUNDTUI_API_BASE": None, **(env or {})}
    return CliRunner(env=env).invoke(cli, ["check", *args], catch_exceptions=False)


def test_no_answer_flagged_is_exit_0_and_no_database_is_made(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = write_jsonl(tmp_path / "a.jsonl", [make_answer("A-1")])
    result = check(str(data))
    assert result.exit_code == 0
    assert result.stdout == "Checked 1 answer: 0 flagged.\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.jsonl"]


def test_a_flagged_answer_is_printed_with_its_specifics_and_exit_1(tmp_path: Path):
    data = write_jsonl(tmp_path / "a.jsonl", [make_answer("A-1"), FLAGGED])
    result = check(str(data))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "A-2: unsourced '90' (figure)",
        "Checked 2 answers: 1 flagged.",
    ]


def test_json_is_one_object_a_line_for_each_flagged_answer(tmp_path: Path):
    data = write_jsonl(tmp_path / "a.jsonl", [FLAGGED, make_answer("A-1")])
    result = check("--json", str(data))
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()
    assert json.loads(line) == {
        "id": "A-2",
        "specifics": [{"text": "90", "start": 29, "end": 31, "kind": "figure", "sources": [1]}],
    }
    assert "Checked 2 answers: 1 flagged." in result.stderr


def test_every_format_import_reads_is_checked(tmp_path: Path):
    for name in ("answers.csv", "ragas.jsonl", "openinference.jsonl", "langfuse.json"):
        result = check(str(ROOT / "tests" / "data" / name))
        assert result.exit_code in (0, 1), (name, result.output)
        assert "Checked" in result.stdout


def test_bad_input_is_named_on_stderr_and_exit_2(tmp_path: Path):
    data = write_jsonl(tmp_path / "a.jsonl", [FLAGGED, {"id": "A-3"}, FLAGGED, "not json"])
    result = check(str(data))
    assert result.exit_code == 2
    bad = result.stderr.splitlines()
    assert bad[0].startswith(f"groundtui: {data}:2: missing field 'question'")
    assert "appears twice in the input (first at" in bad[1]
    assert bad[2].startswith(f"groundtui: {data}:4: ")
    assert "3 bad lines" in result.stdout
    assert check(str(tmp_path / "missing.jsonl")).exit_code == 2


def test_the_judges_options_go_with_judge():
    result = check("--fail-under", "0.5", "x.jsonl")
    assert result.exit_code == 2
    assert "--fail-under is for --judge: add --judge" in result.stderr


def test_text_from_the_answers_is_inert(tmp_path: Path):
    hostile = make_answer("A-\x1b[2J", response="Sofas can be returned within 90 days [1].")
    result = check(str(write_jsonl(tmp_path / "a.jsonl", [hostile])))
    assert "\x1b" not in result.stdout and "A-\\x1b[2J: unsourced '90'" in result.stdout


def test_judge_fails_an_answer_under_fail_under(tmp_path: Path):
    data = write_jsonl(
        tmp_path / "a.jsonl", [answer("A-1"), answer("A-2", response=answer()["response"][:52])]
    )
    result = check("--judge", "--fail-under", "0.8", str(data))
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "A-1: unsourced '5' (figure); groundedness 0.50 (1 of 2 claims stated), under 0.8",
        "  absent (plausible_specifics): Refunds take 5 working days.",
        "Checked 2 answers: 1 flagged, 1 under 0.8.",
    ]
    passing = check("--judge", "--fail-under", "0.5", str(data))
    assert passing.exit_code == 1  # flagged all the same
    only_grounded = write_jsonl(tmp_path / "b.jsonl", [answer("A-2", response="Hi [1].")])
    assert check("--judge", str(only_grounded)).exit_code == 0


def test_judge_with_a_model_on_the_local_server(tmp_path: Path, server: FakeOpenAI):
    data = write_jsonl(tmp_path / "a.jsonl", [answer("A-1")])
    args = ["--judge", "--json", "--model", MODEL, "--api-base", server.url, str(data)]
    result = check(*args, env={"OPENAI_API_KEY": "test"})
    assert result.exit_code == 1, result.output
    [line] = result.stdout.splitlines()
    record = json.loads(line)
    assert record["id"] == "A-1" and record["groundedness"] == 0.5 and record["under"]
    judgement = record["judgement"]
    assert judgement["judge"] == MODEL
    assert [c["verdict"] for c in judgement["claims"]] == ["stated", "absent"]
    assert [c.kind for c in server.calls] == ["extract", "verify_claims"]


def test_a_model_that_cannot_be_used_is_one_line_and_exit_2(tmp_path: Path):
    data = write_jsonl(tmp_path / "a.jsonl", [answer("A-1")])
    result = check("--judge", "--model", MODEL, str(data), env={"OPENAI_API_KEY": None})
    assert result.exit_code == 2
    assert (
        result.stderr == f"groundtui: {MODEL} needs OPENAI_API_KEY set in the environment or .env\n"
    )
    assert result.stdout == ""


@pytest.mark.slow
@pytest.mark.parametrize("code", [0, 1])
def test_the_exit_code_gates_a_shell_pipeline(tmp_path: Path, code: int):
    records = [make_answer("A-1")] + ([FLAGGED] if code else [])
    data = write_jsonl(tmp_path / "a.jsonl", records)
    done = subprocess.run(
        [sys.executable, "-m", "groundtui", "check", "-"],
        input=data.read_text(),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == code, done.stderr
