"""``groundtui.judge`` and ``groundtui judge`` give the same verdicts on the same answers: the
demo's hundred, judged by the heuristic judge and by a model on the local server, once
with their claims extracted and once with the claims they came with (verdicts taken off)
verified. One path from an answer to a verdict (groundtui.judge.one_answer)."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

import groundtui
from groundtui.cli import cli
from groundtui.store import Store
from tests.helpers.builders import write_jsonl
from tests.judge.fake_openai import FakeOpenAI
from tests.judge.helpers import MODEL

JUDGED = ("verdict", "judge", "evidence", "rationale", "invention_kind", "reviews")


def demo_answers(claims: bool) -> list[dict]:
    """The demo's answers, without their claims, or with them but not their verdicts."""
    text = (files("groundtui") / "sample_data" / "answers.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines()]
    for record in records:
        if not claims:
            record.pop("claims", None)
        for claim in record.get("claims") or []:
            for key in JUDGED:
                claim.pop(key, None)
    return records


def by_the_command(tmp_path: Path, records: list[dict], *options: str) -> list[tuple]:
    """Each claim and its verdict, as `groundtui import` then `groundtui judge --all` store them."""
    db = tmp_path / "cli.db"
    runner = CliRunner(env={"OPENAI_API_KEY": "test", "GROUNDTUI_MODEL": None})
    data = write_jsonl(tmp_path / "answers.jsonl", records)
    assert runner.invoke(cli, ["import", str(data), "--db", str(db)]).exit_code == 0
    judged = runner.invoke(cli, ["judge", "--all", "--db", str(db), *options])
    assert judged.exit_code == 0, judged.output
    with Store(db) as store:
        rows = store.query(
            "select c.answer_id, c.text, c.kind, c.citations, j.verdict, j.invention_kind,"
            " j.evidence_text, j.rationale from claims c join judgements j on j.claim_id = c.id"
            " join answers a on a.id = c.answer_id order by a.seq, c.ordinal"
        )
    return [
        (
            r["answer_id"],
            r["text"],
            r["kind"],
            tuple(json.loads(r["citations"] or "[]")),
            r["verdict"],
            r["invention_kind"],
            r["evidence_text"],
            r["rationale"],
        )
        for r in rows
    ]


def by_the_library(records: list[dict], **options) -> list[tuple]:
    """Each claim and its verdict, as ``groundtui.judge_many`` returns them."""
    return [
        (
            judgement.answer.id if judgement.answer else None,
            c.text,
            c.kind.value,
            c.citations,
            c.verdict.value if c.verdict else None,
            c.invention_kind.value if c.invention_kind else None,
            c.evidence.text if c.evidence else None,
            c.rationale,
        )
        for judgement in groundtui.judge_many(records, **options)
        for c in judgement.claims
    ]


@pytest.mark.slow
@pytest.mark.parametrize("claims", [False, True], ids=["extracted", "as they came"])
def test_the_heuristic_judge_gives_the_commands_verdicts(tmp_path: Path, claims: bool):
    records = demo_answers(claims)
    expected = by_the_command(tmp_path, records, "--heuristic")
    assert len(expected) > 200
    assert by_the_library(records) == expected


@pytest.mark.slow
@pytest.mark.parametrize("claims", [False, True], ids=["extracted", "as they came"])
def test_a_model_gives_the_commands_verdicts(tmp_path: Path, server: FakeOpenAI, claims: bool):
    records = demo_answers(claims)
    expected = by_the_command(tmp_path, records, "--model", MODEL, "--api-base", server.url)
    calls = server.requests
    assert len(expected) > 200 and calls >= 100
    found = by_the_library(records, model=MODEL, api_base=server.url, api_key="test")
    assert found == expected
    assert server.requests == 2 * calls  # the same calls again: nothing cached between them
    assert {v for *_, v, _, _, _ in expected} >= {"stated", "absent"}
