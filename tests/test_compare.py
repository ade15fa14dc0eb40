"""`groundtui report --compare A B` and `groundtui judges` on the report's hand-worked fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.report.compare import JudgeRef, UnknownJudge, compare, judges, resolve
from groundtui.store import Store
from tests.test_report import LATER, build

LATEST = "2031-01-01T00:00:00.000000Z"


@pytest.fixture
def store(tmp_path: Path):
    """The report's fixture, where "second" also judged the four claims people labelled:
    A1#1 stated, A1#2 partial, A2#2 partial, A3#1 contradicted; and once more, A1#1 absent
    under a second prompt version."""
    with Store(tmp_path / "fixture.db") as s:
        build(s, tmp_path)
        for claim, verdict in [
            ("A1#1", "stated"),
            ("A1#2", "partial"),
            ("A2#2", "partial"),
            ("A3#1", "contradicted"),
        ]:
            s.labels.add_judgement(claim, "second", "v1", verdict=verdict, at=LATER)
        s.labels.add_judgement("A1#1", "second", "v2", verdict="absent", at=LATEST)
        yield s


def test_two_judges_on_the_claims_both_judged(store: Store) -> None:
    """prod judged 10 claims, second@v1 6 of them. The pairs (prod, second): A1#1 (stated,
    stated), A1#2 (partial, partial), A2#2 (absent, partial), A3#1 (contradicted,
    contradicted), A4#1 (absent, stated), A8#1 (stated, partial): p_o = 3/6; rows 2 stated,
    1 partial, 2 absent, 1 contradicted, columns 2, 3, 0, 1: p_e = 8/36, kappa = 5/14.
    People labelled A1#1 stated, A1#2 stated, A2#2 absent, A3#1 contradicted: prod agrees
    on 3 of 4 (kappa 2/3, as the report says); second@v1 on 2 (p_e 3/16, kappa 5/13)."""
    result = compare(store, resolve(store, "prod"), resolve(store, "second@v1"))
    assert result["judges"] == ["prod", "second@v1"]
    assert result["claims"] == {"both": 6, "only_a": 4, "only_b": 0}
    agreement = result["agreement"]
    assert (agreement["n"], agreement["raw"]) == (6, 0.5)
    assert agreement["kappa"] == pytest.approx(5 / 14)
    assert agreement["confusion"]["absent"] == {
        "stated": 1,
        "contradicted": 0,
        "absent": 0,
        "partial": 1,
    }
    low, high = agreement["ci"]
    assert low <= 5 / 14 <= high
    people = result["vs_reviewer"]
    assert people["prod"]["kappa"] == pytest.approx(2 / 3) and people["prod"]["n"] == 4
    assert people["second@v1"]["kappa"] == pytest.approx(5 / 13)
    assert people["second@v1"]["raw"] == 0.5


def test_a_name_alone_means_its_latest_verdicts_whatever_the_version(store: Store) -> None:
    """second's latest on A1#1 is v2's absent: against prod's stated, one agreement fewer."""
    result = compare(store, JudgeRef("prod", None), resolve(store, "second"))
    assert resolve(store, "second") == JudgeRef("second", None)
    assert result["agreement"]["raw"] == pytest.approx(2 / 6)
    versions = compare(store, resolve(store, "second@v1"), resolve(store, "second@v2"))
    assert versions["claims"] == {"both": 1, "only_a": 5, "only_b": 0}
    assert versions["agreement"]["confusion"]["stated"]["absent"] == 1


def test_the_claims_only_the_second_judge_judged_are_counted_apart(store: Store) -> None:
    """Turned around, second@v2 (one claim) against second@v1 (six): only_b is the five."""
    result = compare(store, resolve(store, "second@v2"), resolve(store, "second@v1"))
    assert result["claims"] == {"both": 1, "only_a": 0, "only_b": 5}
    assert result["agreement"]["n"] == 1
    assert result["agreement"]["confusion"]["absent"]["stated"] == 1


def test_an_unknown_judge_or_version_names_those_there_are(store: Store) -> None:
    with pytest.raises(UnknownJudge, match="prod@import, second@v1, second@v2"):
        resolve(store, "second@v9")
    result = CliRunner().invoke(cli, ["report", "--compare", "prod", "nobody", "--db", store.path])
    assert result.exit_code == 2 and result.output.startswith("groundtui: no verdicts by 'nobody'")


def test_compare_on_the_command_line(store: Store) -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli, ["report", "--compare", "prod", "second@v1", "--json", "--db", store.path]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["claims"] == {"both": 6, "only_a": 4, "only_b": 0}
    text = runner.invoke(
        cli,
        ["report", "--compare", "prod", "second@v1", "--db", store.path],
        env={"COLUMNS": "160"},
    )
    assert "6 claims judged by both; 4 by the first only, 0 by the second only" in text.output
    assert "kappa 0.357" in text.output


def test_judges_lists_each_judge_and_prompt_version(store: Store) -> None:
    rows = {(r["judge"], r["prompt_version"]): r for r in judges(store)}
    assert set(rows) == {("prod", "import"), ("second", "v1"), ("second", "v2")}
    assert rows[("prod", "import")]["claims"] == 10
    assert (rows[("second", "v1")]["claims"], rows[("second", "v1")]["failures"]) == (6, 1)
    out = CliRunner().invoke(cli, ["judges", "--db", store.path], env={"COLUMNS": "160"})
    assert out.exit_code == 0 and "second" in out.output and "v2" in out.output
    listed = json.loads(CliRunner().invoke(cli, ["judges", "--json", "--db", store.path]).output)
    assert [[r["judge"], r["prompt_version"], r["claims"]] for r in listed] == [
        ["prod", "import", 10],
        ["second", "v1", 6],
        ["second", "v2", 1],
    ]


def test_a_dismissed_claim_leaves_the_comparison(store: Store) -> None:
    """A4#1 (absent, stated) dismissed by a reviewer: 5 pairs left, 3 of them agreeing."""
    store.corrections.dismiss("A4#1", "dana")
    result = compare(store, resolve(store, "prod"), resolve(store, "second@v1"))
    assert (result["agreement"]["n"], result["agreement"]["raw"]) == (5, 0.6)


def test_judges_at_80_columns_shows_whole_judge_names(store: Store) -> None:
    """The names are what `report --compare` and `--judge` take: at 80 columns the table cut
    them ("openai/gp…"), the cost and time columns taking the room."""
    name, version = "openai/gpt-4o-mini-2024-07-18", "verify-v3"
    store.labels.add_judgement("A1#1", name, version, verdict="stated", at=LATEST)
    out = CliRunner().invoke(cli, ["judges", "--db", store.path], env={"COLUMNS": "80"})
    assert out.exit_code == 0
    assert name in out.output and version in out.output, out.output
