"""groundtui from Python (docs/python.md): ``check``, ``judge`` with the heuristic judge, and
``Database``, each held to the command that does the same (the model's calls are in
tests/judge/test_api_judge.py)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import groundtui
from groundtui.checks import unsourced_specifics
from groundtui.cli import cli
from groundtui.models import Verdict
from groundtui.store import Store
from tests.helpers.builders import make_answer, write_jsonl

RETURNS = "Returns policy. You can return items within 30 days of delivery."
REFUNDS = "Refunds are paid to the original card within 5 working days."
GROUNDED = "You can return items within 30 days of delivery [1]."
INVENTED = "You can return items within 30 days of delivery [1]. Delivery takes 9 working days [2]."


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_the_check_loads_neither_textual_nor_litellm():
    code = (
        "import sys, groundtui\n"
        "found = groundtui.check('Returns within 60 days [1].', ['Returns within 30 days.'])\n"
        "print([s.text for s in found], sorted(m for m in ('textual', 'litellm')"
        " if m in sys.modules))"
    )
    assert _run(code) == "['60'] []"


def test_the_heuristic_judge_loads_neither_textual_nor_litellm():
    code = (
        "import sys, groundtui\n"
        f"j = groundtui.judge({INVENTED!r}, [{RETURNS!r}, {REFUNDS!r}])\n"
        "print(j.groundedness, sorted(m for m in ('textual', 'litellm') if m in sys.modules))"
    )
    assert _run(code) == "0.5 []"


def test_importing_groundtui_loads_none_of_its_parts():
    code = (
        "import sys, groundtui\nprint(sorted(m for m in sys.modules if m.startswith('groundtui')))"
    )
    assert _run(code) == "['groundtui']"


def test_every_public_name_is_there():
    for name in groundtui.__all__:
        assert getattr(groundtui, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        groundtui.nothing  # noqa: B018


def test_check_is_the_mechanical_check():
    response = "Sofas can be returned within 30 days [1]. Delivery is free over £1,200 [2]."
    sources = ["Sofas can be returned within 14 days.", "Free delivery on orders over £1200."]
    assert groundtui.check(response, sources) == unsourced_specifics(response, sources)
    assert [s.text for s in groundtui.check(response, sources)] == ["30"]


def test_check_reads_sources_given_as_dicts_and_markers_naming_their_ids():
    response = "Sofas can be returned within 30 days [returns]. Refunds take 5 days [refunds]."
    sources = [
        {"id": "returns", "title": "Returns", "text": "Sofas can be returned within 30 days."},
        {"id": "refunds", "text": "Refunds take 7 days."},
    ]
    found = groundtui.check(response, sources)
    assert [(s.text, s.sources) for s in found] == [("5", (2,))]


def test_check_refuses_one_text_where_a_list_belongs():
    with pytest.raises(ValueError, match="a list of texts"):
        # a str is a Sequence of str to a type checker: only check itself can refuse it
        groundtui.check("30 days [1].", "Returns within 30 days.")


def test_judge_gives_each_claim_its_verdict_evidence_and_kind():
    judgement = groundtui.judge(INVENTED, [RETURNS, REFUNDS], question="Can I return it?")
    first, second = judgement.claims
    assert (first.verdict, second.verdict) == (Verdict.STATED, Verdict.ABSENT)
    assert first.citations == (1,) and second.citations == (2,)
    assert second.invention_kind == "plausible_specifics" and second.kind == "figure"
    assert first.evidence is not None and first.evidence.source == 1
    assert RETURNS[first.evidence.start : first.evidence.end] == first.evidence.text
    assert judgement.groundedness == 0.5 and judgement.stated == 1
    assert judgement.cost == 0 and judgement.judge == "heuristic"
    assert [s.text for s in judgement.specifics] == ["9"]
    as_dict = json.loads(json.dumps(judgement.to_dict()))
    assert as_dict["groundedness"] == 0.5
    assert [c["verdict"] for c in as_dict["claims"]] == ["stated", "absent"]
    assert as_dict["claims"][0]["evidence"]["source"] == 1


def test_evidence_for_a_claim_citing_two_sources_names_the_one_holding_it():
    response = "You can return items within 30 days of delivery [1][2]."
    judgement = groundtui.judge(response, [REFUNDS, RETURNS])
    [claim] = judgement.claims
    assert claim.verdict == "stated" and claim.citations == (1, 2)
    assert claim.evidence is not None and claim.evidence.source == 2
    assert RETURNS[claim.evidence.start : claim.evidence.end] == claim.evidence.text


def test_an_answer_without_claims_has_no_groundedness():
    judgement = groundtui.judge("", [RETURNS])
    assert judgement.claims == [] and judgement.groundedness is None


@pytest.mark.parametrize(
    ("response", "sources", "said"),
    [
        (GROUNDED, [""], "sources.0.text"),
        (None, [RETURNS], "response"),
        (GROUNDED, [{"title": "no text"}], "sources.0.text"),
        (GROUNDED, [3], r"sources\[0\]"),
    ],
)
def test_judge_refuses_what_import_refuses_naming_the_field(response, sources, said):
    with pytest.raises(ValueError, match=said):
        groundtui.judge(response, sources)


def test_options_for_a_model_without_a_model_are_refused():
    with pytest.raises(ValueError, match="give model="):
        groundtui.judge(GROUNDED, [RETURNS], api_base="http://127.0.0.1:9")


async def test_ajudge_and_judge_from_inside_an_event_loop_agree():
    awaited = await groundtui.ajudge(INVENTED, [RETURNS, REFUNDS])
    # Called synchronously from a coroutine: a loop of its own in a thread.
    called = groundtui.judge(INVENTED, [RETURNS, REFUNDS])
    assert awaited.to_dict() == called.to_dict()
    assert asyncio.get_running_loop().is_running()


def test_judge_many_keeps_the_order_and_the_verdicts_an_answer_came_with():
    with_verdict = make_answer(
        "A-2",
        response=GROUNDED,
        sources=[{"id": "returns", "text": RETURNS}],
        claims=[{"text": "You can return items within 30 days.", "verdict": "absent"}],
    )
    items = [
        {"id": "A-1", "response": INVENTED, "sources": [RETURNS, REFUNDS]},
        with_verdict,
        {"response": GROUNDED, "sources": [RETURNS], "meta": {"k": 1}},
    ]
    first, second, third = groundtui.judge_many(items, concurrency=2)
    assert first.answer is not None and first.answer.id == "A-1"
    assert [c.verdict for c in first.claims] == ["stated", "absent"]
    # The verdict it came with stands, as `groundtui judge` leaves it (without --rejudge).
    [claim] = second.claims
    assert (claim.verdict, claim.judge) == ("absent", "import")
    assert third.answer is not None and third.answer.id.startswith("h-")
    assert third.answer.meta == {"k": 1} and third.groundedness == 1.0


def test_judge_many_names_a_bad_item_by_its_place():
    with pytest.raises(ValueError, match=r"items\[1\]: missing field 'response'"):
        groundtui.judge_many([{"response": GROUNDED, "sources": [RETURNS]}, {"sources": []}])


def _cli(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_database_add_imports_and_checks_as_import_and_scan_do(tmp_path: Path):
    db = groundtui.Database(tmp_path / "api.db")
    records = [
        make_answer("A-1"),
        make_answer("A-2", response="Sofas can be returned within 90 days [1]."),
    ]
    added = db.add(records)
    assert (added.stored, added.flagged, added.unchanged) == (["A-1", "A-2"], ["A-2"], [])
    assert db.add(records[0]).unchanged == ["A-1"]  # one answer, given alone, already there

    by_cli = tmp_path / "cli.db"
    _cli("import", str(write_jsonl(tmp_path / "a.jsonl", records)), "--db", str(by_cli))
    _cli("scan", "--db", str(by_cli))
    for path in (db.path, by_cli):
        with Store(path) as store:
            assert store.query("select answer_id from flags") == [{"answer_id": "A-2"}]
    report = db.report()
    assert report == json.loads(_cli("report", "--json", "--db", str(by_cli)))
    assert report["answers"] == 2


def test_database_add_adds_nothing_when_one_answer_is_bad(tmp_path: Path):
    db = groundtui.Database(tmp_path / "api.db")
    with pytest.raises(ValueError, match=r"answers:2: missing field 'question'") as refused:
        db.add([make_answer("A-1"), {"id": "A-2", "response": "", "sources": []}])
    assert "nothing added: 1 bad answer" in str(refused.value)
    with Store(db.path) as store:
        assert store.scalar("select count(*) from answers") == 0
    kept = db.add([make_answer("A-1"), {"id": "A-2"}], skip_invalid=True)
    assert kept.stored == ["A-1"]
    assert [(ident, why.split(":")[:2]) for ident, why in kept.refused] == [
        ("A-2", ["answers", "2"])
    ]
    with pytest.raises(ValueError, match="already in the database with a different response"):
        db.add([make_answer("A-3"), make_answer("A-1", response="Something else [1].")])
    with Store(db.path) as store:  # the good one beside it was not added either
        assert store.scalar("select count(*) from answers where id = 'A-3'") == 0


def test_database_record_stores_a_judgement_as_groundtui_judge_would(tmp_path: Path):
    path = tmp_path / "api.db"
    db = groundtui.Database(path)
    [judgement] = groundtui.judge_many([make_answer("A-1")])
    assert db.record(judgement) is True
    assert db.record(judgement) is False  # there already: left as it is
    with Store(path) as store:
        rows = store.query(
            "select c.text, j.judge, j.prompt_version, j.verdict from claims c"
            " join judgements j on j.claim_id = c.id order by c.ordinal"
        )
    assert [(r["text"], r["verdict"]) for r in rows] == [
        (c.text, c.verdict) for c in judgement.claims
    ]
    assert {(r["judge"], r["prompt_version"]) for r in rows} == {("heuristic", "heuristic-10")}
    # The heuristic judge finds nothing left to judge: the answer is judged as it would be.
    result = CliRunner().invoke(cli, ["judge", "--all", "--heuristic", "--db", str(path)])
    assert "Nothing to judge" in result.stdout
    labels = db.labels()
    assert [row["judge_verdict"] for row in labels] == [c.verdict for c in judgement.claims]
    assert db.labels(judge_verdict="stated") == [r for r in labels if r["label"] == "stated"]


def test_database_labels_are_the_export_rows(tmp_path: Path):
    path = tmp_path / "api.db"
    db = groundtui.Database(path)
    db.add([make_answer("A-1"), make_answer("A-2", response="Refunds take 5 days [2].")])
    _cli("judge", "--all", "--db", str(path))
    exported = [json.loads(line) for line in _cli("export", "--db", str(path)).splitlines()]
    assert db.labels() == exported and len(exported) == 3
    with pytest.raises(ValueError, match="no judgements by 'nobody'"):
        db.labels(judge="nobody")


def test_a_coroutine_that_waits_after_all_is_run_again_on_an_event_loop():
    """The offline judge runs with no event loop (it never waits); one that waits is run
    again on a loop, from the start, rather than left half done."""
    from groundtui.api import _at_once

    started = []

    async def waits() -> str:
        started.append(1)
        await asyncio.sleep(0)
        return "finished"

    assert _at_once(waits) == "finished" and len(started) == 2
