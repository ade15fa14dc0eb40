"""The control sample: `judge` also judges a stable share of the unflagged answers."""

from __future__ import annotations

from click.testing import CliRunner

from groundtui import report
from groundtui.cli import cli
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.store import control_point
from tests.judge.helpers import answer

CLEAN = "You can return items within 30 days of delivery [1]."


async def test_judge_takes_the_flagged_answers_and_the_control_sample(store, load):
    ids = [f"C-{i}" for i in range(40)]
    load(answer("A-flagged"), *(answer(i, response=CLEAN) for i in ids))
    store.settings.set("control_share", "0.25")
    sample = {i for i in ids if control_point(i) < 0.25}
    assert 3 <= len(sample) <= 20  # the hash spreads ids: a share, not all or none

    stats = await judge_answers(store, HeuristicJudge())

    judged = {r["answer_id"] for r in store.query("select distinct answer_id from claims")}
    assert judged == {"A-flagged"} | sample
    assert stats.answers == 1 + len(sample)
    r = report.compute(store)
    assert r["coverage"] == {
        "answers": 41,
        "scanned": 41,
        "flagged": 1,
        "judged": 1 + len(sample),
        "reviewed": 0,
    }
    assert r["control"]["answers"] == r["control"]["judged"] == len(sample)
    # The clean answers' one claim is stated by its source: no miss, an interval above 0.
    assert (r["control"]["with_unstated_claim"], r["control"]["rate"]) == (0, 0.0)
    assert r["control"]["ci"][0] == 0.0 < r["control"]["ci"][1] < 1.0
    assert r.coverage is not None
    assert report.coverage_line(r.coverage).startswith(
        f"judged {1 + len(sample)} of 41 answers: the flagged ones and {len(sample)} unflagged"
        " of the control sample; `groundtui judge --all` for the rest"
    )


async def test_control_share_zero_judges_the_flagged_ones_only(store, load):
    load(answer("A-flagged"), *(answer(f"C-{i}", response=CLEAN) for i in range(40)))
    store.settings.set("control_share", "0")
    stats = await judge_answers(store, HeuristicJudge())
    assert stats.answers == 1
    coverage = report.compute(store).coverage
    assert coverage is not None
    line = report.coverage_line(coverage)
    assert line.startswith("judged 1 of 41 answers: the flagged ones; `groundtui judge --all`")


def test_control_share_is_a_setting_between_0_and_1(store):
    runner = CliRunner()
    db = store.path
    assert runner.invoke(cli, ["config", "control_share", "--db", db]).output == (
        "control_share 0.05\n"
    )
    bad = runner.invoke(cli, ["config", "control_share", "2", "--db", db])
    assert bad.exit_code == 2 and "between 0 and 1" in bad.output
    assert runner.invoke(cli, ["config", "control_share", "0.1", "--db", db]).exit_code == 0
    assert store.settings.get("control_share") == 0.1
