"""`groundtui scan`: flags stored with their specifics; re-running changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from groundtui.checks import unsourced_specifics
from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.models import CHECK_NAME
from groundtui.scan import scan_answers
from groundtui.store import Store
from tests.helpers.builders import dump, make_answer, write_jsonl

SOURCES = [
    {"id": "returns", "text": "Sofas can be returned within 14 days."},
    {"id": "refunds", "text": "Refunds take 5 working days."},
]


def _seed(db_path: Path, tmp_path: Path) -> None:
    records = [
        make_answer("CLEAN", response="Sofas can be returned within 14 days [1].", sources=SOURCES),
        make_answer(
            "INVENTED",
            response="Sofas can be returned within 30 days [1]. Refunds take 5 working days [2].",
            sources=SOURCES,
        ),
        # 5 is in source 2 only, but the sentence cites source 1: scoped, so flagged
        make_answer("MISCITED", response="Refunds take 5 working days [1].", sources=SOURCES),
    ]
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", records))])


def test_flags_hold_the_specifics_and_the_sources_searched(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    with Store(db_path) as store:
        result = scan_answers(store)
        flags = {
            r["answer_id"]: json.loads(r["details"])
            for r in store.query("select * from flags where check_name = ?", [CHECK_NAME])
        }
        unscanned = store.scalar("select count(*) from answers where scanned_at is null")
    assert (result.scanned, result.flagged) == (3, 2)
    assert set(flags) == {"INVENTED", "MISCITED"}
    (invented,) = flags["INVENTED"]["specifics"]
    assert (invented["text"], invented["kind"], invented["start"], invented["end"]) == (
        "30",
        "figure",
        29,
        31,
    )
    assert invented["sources"] == [1]
    response = "Sofas can be returned within 30 days [1]. Refunds take 5 working days [2]."
    assert response[invented["start"] : invented["end"]] == invented["text"]
    assert flags["MISCITED"]["specifics"][0]["text"].startswith("5")
    assert flags["MISCITED"]["specifics"][0]["sources"] == [1]
    assert unscanned == 0


def test_rerunning_changes_nothing(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    with Store(db_path) as store:
        scan_answers(store)
    before = dump(db_path)
    with Store(db_path) as store:
        again = scan_answers(store)
    assert (again.scanned, again.flagged) == (0, 0)
    assert dump(db_path) == before
    with Store(db_path) as store:
        rescan = scan_answers(store, rescan=True)
        flags = store.query("select answer_id, details from flags order by answer_id")
    assert (rescan.scanned, rescan.flagged) == (3, 2)
    assert [f["answer_id"] for f in flags] == ["INVENTED", "MISCITED"]


def test_new_answers_are_scanned_on_the_next_run(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    with Store(db_path) as store:
        scan_answers(store)
        import_files(
            store,
            [
                str(
                    write_jsonl(
                        tmp_path / "b.jsonl",
                        [make_answer("LATER", response="Call 0800 123 4567 [1].", sources=SOURCES)],
                    )
                )
            ],
        )
        result = scan_answers(store)
    assert (result.scanned, result.flagged) == (1, 1)


def test_cli_prints_scanned_flagged_and_rate(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    out = CliRunner().invoke(cli, ["scan", "--db", str(db_path)])
    assert out.exit_code == 0
    assert "Scanned 3 answers: 2 flagged (66.7%)" in out.output
    again = CliRunner().invoke(cli, ["scan", "--db", str(db_path)])
    assert "Scanned 0 answers: 0 flagged (n/a); 2 flagged in the database." in again.output


def test_a_scan_ends_naming_the_answers_it_flagged(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    out = CliRunner().invoke(cli, ["scan", "--db", str(db_path)])
    flagged = out.output.splitlines()[-1]
    assert flagged.startswith("Flagged: ") and flagged.endswith(".")
    with Store(db_path) as store:
        ids = {r["answer_id"] for r in store.query("select answer_id from flags")}
    assert set(flagged.removeprefix("Flagged: ").removesuffix(".").split(", ")) == ids


def test_a_scan_tells_its_progress_after_each_batch(db_path: Path, tmp_path: Path) -> None:
    _seed(db_path, tmp_path)
    told: list[tuple[int, int, int]] = []
    with Store(db_path) as store:
        scan_answers(store, progress=lambda *counts: told.append(counts))
    assert told == [(3, 2, 3)]


def test_answers_sharing_sources_across_batches_get_their_own_flags(
    db_path: Path, tmp_path: Path, monkeypatch
) -> None:
    # Small batches and a two-source index cache: sources are reused across answers and
    # batches, and dropped and read again, without one answer's result leaking to another.
    import groundtui.scan as scan

    monkeypatch.setattr(scan, "_BATCH", 3)
    monkeypatch.setattr(scan, "_INDEXES", 2)
    docs = [{"id": f"doc-{i}", "text": f"Order {i} ships within {i + 2} days."} for i in range(4)]
    records, expected = [], {}
    for n in range(20):
        first, second = n % 4, (n * 3 + 1) % 4
        days = n % 5 + 2  # stated when it is first + 2
        response = f"It ships within {days} days [1]. Order {second} too [2]."
        sources = [docs[first], docs[second]]
        records.append(make_answer(f"A-{n:02d}", response=response, sources=sources))
        found = unsourced_specifics(response, [s["text"] for s in sources])
        if found:
            expected[f"A-{n:02d}"] = [s.to_dict() for s in found]
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "shared.jsonl", records))])
        result = scan_answers(store)
        flags = {
            r["answer_id"]: json.loads(r["details"])["specifics"]
            for r in store.query("select * from flags where check_name = ?", [CHECK_NAME])
        }
    assert 0 < len(expected) < 20
    assert (result.scanned, result.flagged) == (20, len(expected))
    assert flags == expected
