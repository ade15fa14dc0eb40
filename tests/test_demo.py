"""The demo: the bundled sample data imports cleanly and shows every part of the product."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui import report
from groundtui.cli import cli
from groundtui.demo import build_demo
from groundtui.importing.files import import_files
from groundtui.models import InventionKind, Verdict
from groundtui.store import Store

SAMPLE = files("groundtui") / "sample_data" / "answers.jsonl"
BUILDER = Path(__file__).resolve().parents[1] / "sample_data" / "build_corpus.py"


def test_the_sample_data_imports_cleanly(db_path: Path) -> None:
    with Store(db_path) as store:
        result = import_files(store, [str(SAMPLE)])
    assert result.bad == []
    assert 80 <= result.answers <= 120
    assert 20 <= store_count(db_path, "select count(distinct source_id) from sources") <= 40


def test_the_sample_data_is_what_its_builder_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``answers.jsonl`` is made by ``build_corpus.py``: an edit by hand would be lost on a rebuild."""
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script puts the repository first
    spec = importlib.util.spec_from_file_location("build_corpus", BUILDER)
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "build_corpus", builder)  # its dataclasses look it up
    spec.loader.exec_module(builder)
    folder = tmp_path / "sample_data"
    folder.mkdir()
    monkeypatch.setattr(builder, "HERE", folder)  # the script writes beside itself
    monkeypatch.setattr(builder, "OUT", folder / "answers.jsonl")
    builder.main()
    written = (folder / "answers.jsonl").read_bytes()
    assert written == SAMPLE.read_bytes(), "run sample_data/build_corpus.py and commit its output"


def store_count(db_path: Path, sql: str) -> int:
    with Store(db_path) as store:
        return store.scalar(sql)


def test_the_demo_report_has_every_verdict_kind_quadrant_and_four_origins(db_path: Path) -> None:
    built = build_demo(db_path)
    assert built.flagged > 0 and built.judged_claims > 0
    with Store(db_path) as store:
        # The sample's second reviewer labelled without seeing the first's; the reviewers'
        # kappa counts the overlap's answers: here, every answer.
        store.settings.set("overlap", "1")
        numbers = report.compute(store)
        judges = {r["judge"] for r in store.query("select distinct judge from judgements")}
        dangling = store.scalar("select count(*) from claims where dangling = 1")
        uncited = store.scalar("select count(*) from claims where uncited = 1")
    assert all(numbers["verdicts"][v.value] > 0 for v in Verdict), numbers["verdicts"]
    assert all(numbers["invention_kinds"][k.value] > 0 for k in InventionKind)
    quadrants = {k: v for k, v in numbers["quadrants"].items() if k != "correctness_unknown"}
    assert all(count > 0 for count in quadrants.values()), quadrants
    assert len(numbers["by_source"]) >= 4
    assert numbers["flags"]["flagged"] > 0
    for pair in ("judge_vs_reviewer", "reviewer_vs_reviewer"):
        assert numbers["agreement"][pair]["kappa"] is not None
    assert {"heuristic", "atlas-judge-v1"} <= judges
    assert dangling > 0 and uncited > 0


def test_building_twice_changes_nothing(db_path: Path) -> None:
    first = build_demo(db_path)
    second = build_demo(db_path)
    assert (second.answers, second.claims, second.flagged) == (
        first.answers,
        first.claims,
        first.flagged,
    )
    assert second.judged_claims == 0


def test_the_demo_command_builds_and_the_ui_starts(tmp_path: Path) -> None:
    target = tmp_path / "demo.db"
    out = CliRunner().invoke(cli, ["demo", "--db", str(target), "--no-ui"])
    assert out.exit_code == 0, out.output
    assert str(target) in out.output
    assert "claims judged now by the heuristic judge" in out.output


@pytest.mark.slow
async def test_the_demo_ui_opens_on_the_first_answer(db_path: Path) -> None:
    from groundtui.tui import make_app

    await asyncio.to_thread(build_demo, db_path)  # it runs its own event loop
    app = make_app(str(db_path), "tester")
    async with app.run_test(size=(140, 44)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await pilot.pause()
    with Store(db_path) as store:
        row = store.query("select reviewer, verdict from reviews where origin = 'ui'")
    assert row == [{"reviewer": "tester", "verdict": "stated"}]


def test_the_demo_says_where_its_database_is_before_the_ui_and_ignores_groundtui_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a_terminal: None
) -> None:
    real = tmp_path / "real.db"
    monkeypatch.setenv("GROUNDTUI_DB", str(real))
    target = tmp_path / "demo.db"
    said_before_ui: list[str] = []

    class NoUI:
        notice = ""

        def run(self) -> None:
            said_before_ui.append(self.notice)

    def no_ui(*args, **kwargs):
        return NoUI()

    runner = CliRunner()
    monkeypatch.setattr("groundtui.tui.make_app", no_ui)
    out = runner.invoke(cli, ["demo", "--db", str(target)])
    assert out.exit_code == 0, out.output
    first = out.output.splitlines()[0]
    assert first == f"Building the demo database at {target} …"
    assert said_before_ui[-1] == f"Demo database: {target}"  # shown in the UI as it opens
    assert out.output.index(f"Opening the review UI on {target}") < out.output.index(
        "The demo database is at"
    )
    assert not real.exists()  # $GROUNDTUI_DB is not where the demo goes
    again = runner.invoke(cli, ["demo", "--db", str(target), "--no-ui"])
    assert again.output.startswith(f"Opening the demo database at {target}")
    assert "$GROUNDTUI_DB is not used" in runner.invoke(cli, ["demo", "--help"]).output
