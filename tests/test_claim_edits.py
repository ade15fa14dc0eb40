"""Reviewers' corrections of claims (docs/review.md: `E`, `S`, `A`, `x`): what each
writes, what the report counts, what the export shows, and what the next judge verifies."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.report import compute
from groundtui.report.cubes import full_cubes, read_cubes
from groundtui.store import CorrectionError, Store
from tests.helpers.builders import imported_db, make_answer

RESPONSE = (
    "The sofa has a 5-year guarantee [2], which covers sagging deeper than 3 cm [1]. "
    "Refunds take 5 days [2]. Let me know if I can help with anything else!"
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """One answer judged by the heuristic judge: its claims have verdicts."""
    sources = [
        {
            "id": "guarantee",
            "origin": "help-centre",
            "text": "Sagging deeper than 3 cm is covered.",
        },
        {
            "id": "refunds",
            "origin": "pdf-archive",
            "text": "Every sofa has a 5-year guarantee. Refunds take 5 days.",
        },
    ]
    path = imported_db(tmp_path, "a", [make_answer("A-1", response=RESPONSE, sources=sources)])
    with Store(path) as store:
        asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
        assert store.scalar("select count(*) from claims") >= 2
    return path


def live(store: Store) -> list[dict]:
    return store.query("select * from claims where retired is null order by ordinal, span_start")


def exact(store: Store) -> None:
    assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


def test_a_dismissed_claim_leaves_every_count_and_undo_brings_it_back(db: Path) -> None:
    with Store(db) as store:
        before = compute(store)
        claim = live(store)[0]
        store.labels.add_review(claim["id"], "dana", "absent", "plausible_specifics")
        edit = store.corrections.dismiss(claim["id"], "dana")
        after = compute(store)
        exact(store)
        assert after["claims"] == before["claims"] - 1 and after["dismissed"] == 1
        assert after["reviewed_claims"] == 0 and after["verdicts"]["absent"] == 0
        assert store.query("select action, claim_id, reviewer from claim_edits") == [
            {"action": "dismiss", "claim_id": claim["id"], "reviewer": "dana"}
        ]
        store.corrections.undo(edit, "dana")
        exact(store)
        again = compute(store)
        assert again["claims"] == before["claims"] and again["dismissed"] == 0
        assert again["verdicts"]["absent"] == 1
        assert [e["action"] for e in store.corrections.of_answer("A-1")] == ["dismiss", "undo"]


def test_an_edit_replaces_the_claim_with_an_unjudged_one_the_next_judge_verifies(
    db: Path,
) -> None:
    with Store(db) as store:
        claim = live(store)[0]
        _, new_id = store.corrections.edit(claim["id"], "dana", "Refunds take 5 days")
        exact(store)
        row = store.query("select * from claims where id = ?", [new_id])[0]
        assert new_id == "A-1#" + str(len(store.query("select id from claims")))
        assert row["extracted_by"] == "dana" and row["retired"] is None
        assert store.scalar("select retired from claims where id = ?", [claim["id"]]) == "replaced"
        assert (
            store.scalar("select judge_verdict from claim_labels where claim_id = ?", [new_id])
            is None
        )
        # Not flagged, and not asked for with --all: the edited claim is verified anyway.
        store.db.execute("delete from flags")
        asyncio.run(judge_answers(store, HeuristicJudge()))
        assert (
            store.scalar("select judge_verdict from claim_labels where claim_id = ?", [new_id])
            == "stated"
        )
        assert (
            store.scalar("select count(*) from judgements where claim_id = ?", [claim["id"]]) == 1
        )
        exact(store)


def test_a_split_cites_each_part_by_its_own_marker(db: Path) -> None:
    with Store(db) as store:
        # A compound claim citing [2] alone, as a judge may extract it.
        text = RESPONSE[: RESPONSE.index(" Refunds")]
        _, compound_id = store.corrections.edit(live(store)[0]["id"], "dana", text)
        compound = store.query("select * from claims where id = ?", [compound_id])[0]
        assert (compound["span_start"], compound["citations"]) == (0, "[2]")
        cut = compound["text"].index(", which")
        _, (first, second) = store.corrections.split(compound["id"], "dana", cut + 1)
        parts = {
            c["id"]: c
            for c in store.query("select * from claims where id in (?, ?)", [first, second])
        }
        assert parts[first]["text"].startswith("The sofa has a 5-year guarantee [2]")
        assert json.loads(parts[first]["citations"]) == [2]
        assert json.loads(parts[second]["citations"]) == [1]
        assert parts[second]["text"].startswith("which covers sagging")
        exact(store)
        with pytest.raises(CorrectionError):
            store.corrections.split(first, "dana", 0)  # nothing before the cut
        edit = store.corrections.of_answer("A-1")[-1]["id"]
        store.corrections.undo(edit, "dana")
        assert store.scalar("select retired from claims where id = ?", [compound["id"]]) is None
        assert store.scalar("select retired from claims where id = ?", [first]) == "undone"
        exact(store)


def test_a_split_of_a_reworded_claim_over_a_marker_keeps_both_parts_in_place(
    tmp_path: Path,
) -> None:
    """A judge's claim is often its sentence reworded, markers left out: here one over
    "… guarantee [2], which covers …". Cut after "guarantee", its first part is nowhere
    verbatim in the response; it takes the rest of the claim's span up to the second part
    (found), so neither is "not found in the response" and both stay in reading order."""
    text = "The sofa's 5-year guarantee covers sagging deeper than 3 cm."
    end = RESPONSE.index(" [1]")
    claim = {"text": text, "kind": "policy", "citation": 2, "span": [0, end]}
    db = imported_db(tmp_path, "reworded", [make_answer("R-1", response=RESPONSE, claims=[claim])])
    with Store(db) as store:
        (before,) = live(store)
        _, (first, second) = store.corrections.split(before["id"], "dana", text.index("covers"))
        one, two = live(store)
    assert [one["id"], two["id"]] == [first, second]  # in reading order
    assert one["text"] == "The sofa's 5-year guarantee" and two["text"].startswith("covers")
    assert RESPONSE[one["span_start"] : one["span_end"]] == (
        "The sofa has a 5-year guarantee [2], which"
    )
    assert RESPONSE[two["span_start"] : two["span_end"]] == "covers sagging deeper than 3 cm"
    assert (one["located"], two["located"]) == ("fuzzy", "exact")
    assert json.loads(one["citations"]) == [2] and json.loads(two["citations"]) == [1]


def test_an_added_claim_is_the_selected_span_with_the_markers_near_it(db: Path) -> None:
    with Store(db) as store:
        start = RESPONSE.index("Refunds")
        _, added = store.corrections.add("A-1", "lee", (start, start + len("Refunds take 5 days")))
        row = store.query("select * from claims where id = ?", [added])[0]
        assert row["text"] == "Refunds take 5 days" and json.loads(row["citations"]) == [2]
        assert row["extracted_by"] == "lee"
        exact(store)
        with pytest.raises(CorrectionError):
            store.corrections.add("A-1", "lee", (3, 3))


def test_export_leaves_dismissed_claims_out_unless_all(db: Path) -> None:
    with Store(db) as store:
        hedge = live(store)[-1]
        store.corrections.dismiss(hedge["id"], "dana")
        start = RESPONSE.index("Refunds")
        _, added = store.corrections.add("A-1", "lee", (start, start + 19))

    def export(*flags: str) -> list[dict]:
        result = CliRunner().invoke(cli, ["export", *flags, "--db", str(db)])
        assert result.exit_code == 0, result.output
        return [json.loads(line) for line in result.stdout.splitlines()]

    plain, every = export(), export("--all")
    assert hedge["id"] not in {r["claim_id"] for r in plain}
    assert len(every) == len(plain) + 1
    dismissed = next(r for r in every if r["claim_id"] == hedge["id"])
    assert dismissed["label"] == "not_a_claim" and dismissed["invention_kind"] is None
    assert (dismissed["label_source"], dismissed["supported"]) == ("reviewer", 0)  # dana's
    mine = next(r for r in plain if r["claim_id"] == added)
    assert mine["judge"] is None and mine["label"] is None
    assert mine["label_source"] is None and mine["supported"] is None  # no label yet
    report = json.loads(CliRunner().invoke(cli, ["report", "--json", "--db", str(db)]).stdout)
    assert report["dismissed"] == 1


def test_a_retired_claim_cannot_be_corrected_again(db: Path) -> None:
    with Store(db) as store:
        claim = live(store)[0]
        store.corrections.dismiss(claim["id"], "dana")
        with pytest.raises(CorrectionError, match="dismissed"):
            store.corrections.edit(claim["id"], "dana", "text")


def test_a_database_from_before_corrections_is_migrated(db: Path) -> None:
    with Store(db) as store:
        expected = compute(store, with_team=False)
        # As m007 left it: no claim_edits, no claims.retired, counts that know neither.
        for kind, name in store.db.execute(
            "select type, name from sqlite_master where type in ('trigger', 'view')"
        ).fetchall():
            store.db.execute(f"drop {kind} {name}")
        store.db.execute("drop index claims_retired")
        store.db.execute("drop table claim_edits")
        store.db.execute("alter table claims drop column retired")
        store.db.execute("delete from _migrations where name = 'm008_claim_edits'")
        store.db.conn.commit()
    with Store(db) as store:
        assert "retired" in store.db.table("claims").columns_dict
        assert compute(store, with_team=False) == expected
        store.corrections.dismiss(live(store)[0]["id"], "dana")
        exact(store)
        assert compute(store, with_team=False)["dismissed"] == 1


def test_a_correction_in_one_database_merges_into_another(db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    other.write_bytes(db.read_bytes())
    with Store(other) as store:
        claims = live(store)
        store.corrections.dismiss(claims[-1]["id"], "lee")
        store.corrections.edit(claims[0]["id"], "lee", "Refunds take 5 days")
    runner = CliRunner()
    exported = runner.invoke(cli, ["export", "--format", "answers", "--db", str(other)])
    assert exported.exit_code == 0, exported.output
    merged = runner.invoke(cli, ["import", "-", "--db", str(db)], input=exported.stdout)
    assert merged.exit_code == 0, merged.output

    def report(path: Path) -> dict:
        result = runner.invoke(cli, ["report", "--json", "--db", str(path)])
        return json.loads(result.stdout)

    assert report(db) == report(other)
    assert report(db)["dismissed"] == 1
    with Store(db) as store:
        assert [e["action"] for e in store.corrections.of_answer("A-1")] == ["dismiss", "edit"]
        assert (
            store.scalar("select retired from claims where id = ?", [claims[0]["id"]]) == "replaced"
        )
        exact(store)
