"""``assert_grounded`` and the pytest plugin's ``--groundtui-db`` (docs/python.md "In pytest"):
the assertion called directly, then real pytest runs of a small test project, with and
without the option, in one process and with pytest-xdist workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from groundtui.store import Store
from groundtui.testing import assert_grounded

RETURNS = "Returns policy. You can return items within 30 days of delivery."
GROUNDED = "You can return items within 30 days of delivery [1]."
INVENTED = GROUNDED + " Delivery takes 9 working days [1]."


def test_a_grounded_answer_passes_and_returns_its_judgement():
    judgement = assert_grounded(GROUNDED, [RETURNS])
    assert judgement.groundedness == 1.0


def test_an_answer_short_of_its_minimum_fails_with_a_table_of_its_claims():
    with pytest.raises(AssertionError) as failed:
        assert_grounded(INVENTED, [RETURNS], question="Returns?")
    lines = str(failed.value).splitlines()
    assert lines[0] == (
        "groundedness 0.50 (1 of 2 claims stated) is under min_groundedness 1; "
        "judge heuristic (heuristic-10)"
    )
    header = next(line for line in lines if "claim" in line and "evidence" in line)
    assert header.split() == ["#", "claim", "verdict", "kind", "evidence"]
    table = "\n".join(lines)
    assert "stated" in table and "absent" in table and "plausible_specifics" in table
    assert "[1] 'You can return items within 30" in table
    assert lines[-1] == "the mechanical check flags: '9' (figure)"
    assert assert_grounded(INVENTED, [RETURNS], min_groundedness=0.5).stated == 1


def test_the_table_shows_the_answers_text_inert():
    with pytest.raises(AssertionError) as failed:
        assert_grounded("Delivery \x1b[31mtakes 9 days [1].", [RETURNS])
    assert "\x1b" not in str(failed.value) and "\\x1b[31mtakes" in str(failed.value)


def test_a_minimum_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match="min_groundedness"):
        assert_grounded(GROUNDED, [RETURNS], min_groundedness=2)


PROJECT_TEST = f"""
import pytest
from groundtui.testing import assert_grounded

SOURCES = [{RETURNS!r}]

def test_grounded():
    assert_grounded({GROUNDED!r}, SOURCES)

def test_invented():
    assert_grounded({INVENTED!r}, SOURCES)

@pytest.mark.parametrize("days", [30, 60])
def test_days(days):
    assert_grounded(f"You can return items within {{days}} days of delivery [1].", SOURCES)
"""


def pytest_run(project: Path, *args: str) -> subprocess.CompletedProcess:
    """pytest over ``project`` in a process of its own, plugins from entry points as
    installed (none from this repository's conftest)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "test_bot.py").write_text(textwrap.dedent(PROJECT_TEST), encoding="utf-8")
    return folder


def recorded(db: Path) -> dict[str, dict]:
    """Each recorded answer's test, judge and verdicts, by its id."""
    with Store(db) as store:
        answers = store.query("select id, meta from answers order by seq")
        verdicts = store.query(
            "select c.answer_id, j.verdict, j.judge from claims c"
            " join judgements j on j.claim_id = c.id order by c.answer_id, c.ordinal"
        )
    found = {a["id"]: {**json.loads(a["meta"]), "verdicts": []} for a in answers}
    for row in verdicts:
        found[row["answer_id"]]["verdicts"].append((row["verdict"], row["judge"]))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_every_answer_asserted_is_recorded_with_its_tests_node_id(project: Path, workers):
    done = pytest_run(project, "--groundtui-db", "run.db", *workers)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 failed, 2 passed" in done.stdout
    assert "claim stated) is under min_groundedness 1" in done.stdout  # test_days[60]'s table
    answers = recorded(project / "run.db")
    tests = sorted(a["test"] for a in answers.values())
    assert tests == [
        "test_bot.py::test_days[30]",
        "test_bot.py::test_days[60]",
        "test_bot.py::test_grounded",
        "test_bot.py::test_invented",
    ]
    for answer_id, answer in answers.items():
        assert answer_id.startswith(answer["test"] + "#") and answer["judge"] == "heuristic"
        assert {judge for _, judge in answer["verdicts"]} == {"heuristic"}
    invented = next(a for a in answers.values() if a["test"].endswith("test_invented"))
    assert [v for v, _ in invented["verdicts"]] == ["stated", "absent"]
    summary = done.stdout.split(" groundtui ", 1)[1]
    assert (
        "4 answers asserted: 5 claims, 3 stated, groundedness 0.600, 2 short of their "
        "minimum; cost $0.0000"
    ) in summary
    assert f"4 new answers recorded in {project / 'run.db'}" in summary
    with Store(project / "run.db") as store:  # the check ran: the failures are flagged
        assert store.scalar("select count(*) from flags") == 2

    again = pytest_run(project, "--groundtui-db", "run.db", *workers)
    assert "0 new answers recorded" in again.stdout
    assert recorded(project / "run.db") == answers


@pytest.mark.slow
def test_without_the_option_the_plugin_does_nothing(project: Path):
    done = pytest_run(project)
    assert "2 failed, 2 passed" in done.stdout
    assert " groundtui " not in done.stdout
    assert not list(project.glob("*.db"))
    # Loaded in every pytest run where groundtui is installed: it imports pytest alone.
    code = (
        "import sys\nimport groundtui.pytest_plugin\n"
        "print(sorted(m for m in sys.modules if m.startswith('groundtui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['groundtui', 'groundtui.pytest_plugin']"


@pytest.mark.slow
def test_a_database_that_cannot_be_made_is_a_usage_error(project: Path):
    done = pytest_run(project, "--groundtui-db", "no/such/folder/run.db")
    assert done.returncode == 4
    assert "--groundtui-db: cannot create database" in done.stderr
