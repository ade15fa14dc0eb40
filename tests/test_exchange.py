"""``export --format answers`` and its import: a database's work moved and merged (docs/export.md,
"Moving and merging work"), driven through the command line as a team would."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.store import Store, bulk_load
from groundtui.store import read_counts as read_work
from tests.helpers.builders import make_answer, write_jsonl

SAMPLE = Path(__file__).parent.parent / "groundtui" / "sample_data" / "answers.jsonl"
COUNTED = (
    "answers",
    "sources",
    "answer_sources",
    "claims",
    "judgements",
    "reviews",
    "adjudications",
    "answer_marks",
    "flags",
    "extractions",
    "reviewers",
    "claim_edits",
)


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def report(db: Path) -> dict:
    return json.loads(run("report", "--json", "--db", str(db)))


def counts(db: Path) -> dict[str, int]:
    with Store(db) as store:
        found = {t: store.scalar(f"select count(*) from {t}") for t in COUNTED}
        for retired in ("dismissed", "replaced", "undone"):
            found[retired] = store.scalar(
                "select count(*) from claims where retired = ?", [retired]
            )
        return found


def worked(tmp_path: Path) -> Path:
    """The demo's answers imported, scanned and judged, then reviewed by a team, which
    corrected some claims (dismissed, edited, split, added, one dismissal undone)."""
    db = tmp_path / "team.db"
    run("import", str(SAMPLE), "--db", str(db))
    run("config", "overlap", "0.3", "--db", str(db))
    run("judge", "--heuristic", "--all", "--db", str(db))
    with Store(db) as store:
        claims = [r["id"] for r in store.query("select id from claims order by id limit 12")]
        store.labels.add_review(
            claims[0],
            "dana",
            "absent",
            "plausible_specifics",
            "a note",
            at="2026-12-01T10:00:00.000000Z",
        )
        store.labels.add_review(
            claims[1], "Lee", "stated", blind=True, at="2026-12-01T10:01:00.000000Z"
        )
        store.labels.add_review(
            claims[1], "dana", "partial", "bridging_inference", at="2026-12-01T10:02:00.000000Z"
        )
        store.labels.add_review(claims[2], "dana", "stated", at="2026-12-01T10:03:00.000000Z")
        store.labels.add_review(
            claims[2], "dana", None, at="2026-12-01T10:04:00.000000Z"
        )  # withdrawn
        store.team.add_adjudication(claims[1], "kim", "stated", at="2026-12-01T11:00:00.000000Z")
        answer = store.scalar("select answer_id from claims where id = ?", [claims[0]])
        store.labels.add_mark(answer, "dana", False, at="2026-12-01T10:05:00.000000Z")
        store.corrections.dismiss(claims[3], "dana")
        _, edited = store.corrections.edit(claims[4], "dana", "An edited claim.")
        store.labels.add_review(edited, "dana", "absent", "plausible_specifics")
        text = store.scalar("select text from claims where id = ?", [claims[5]])
        store.corrections.split(claims[5], "Lee", len(text) // 2)
        store.corrections.add(answer, "Lee", (0, 12))
        store.corrections.undo(store.corrections.dismiss(claims[6], "Lee"), "Lee")
    return db


@pytest.mark.slow
def test_an_export_imported_elsewhere_reproduces_the_report(tmp_path: Path) -> None:
    source = worked(tmp_path)
    exported = tmp_path / "work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(source))
    first = json.loads(exported.read_text(encoding="utf-8").splitlines()[0])
    assert first["groundtui"] == "answers/1" and first["claims"][0]["judgements"]
    assert report(source)["dismissed"] == 1

    moved = tmp_path / "moved.db"
    run("config", "overlap", "0.3", "--db", str(moved))  # settings belong to a database
    out = run("import", str(exported), "--db", str(moved))
    assert "read as answers exported with their work" in out
    assert report(moved) == report(source)
    assert counts(moved) == counts(source)
    # Through a pipe, as the README shows: nothing is new the second time.
    exported_again = run("export", "--format", "answers", "--db", str(source))
    result = CliRunner().invoke(cli, ["import", "-", "--db", str(moved)], input=exported_again)
    assert result.exit_code == 0, result.output
    assert "Imported 0 answers" in result.stdout and "0 reviews" in result.stdout
    assert counts(moved) == counts(source)
    assert report(moved) == report(source)


@pytest.mark.slow
def test_two_reviewers_databases_merge_into_one(tmp_path: Path) -> None:
    base = tmp_path / "base.db"
    run("import", str(SAMPLE), "--db", str(base))
    run("judge", "--heuristic", "--all", "--db", str(base))
    dana, lee = tmp_path / "dana.db", tmp_path / "lee.db"
    shutil.copy(base, dana)
    shutil.copy(base, lee)
    with Store(dana) as store:
        store.labels.add_review(
            "HS-0001#1", "dana", "absent", "plausible_specifics", at="2026-12-01T10:00:00.000000Z"
        )
    with Store(lee) as store:
        store.labels.add_review("HS-0001#1", "lee", "stated", at="2026-12-01T10:30:00.000000Z")
        store.labels.add_review("HS-0002#1", "lee", "partial", at="2026-12-01T10:31:00.000000Z")
        store.labels.add_mark("HS-0002", "lee", True, at="2026-12-01T10:32:00.000000Z")
    merged = tmp_path / "merged.db"
    for db in (dana, lee):
        path = tmp_path / f"{db.stem}.jsonl"
        run("export", "--format", "answers", "-o", str(path), "--db", str(db))
        run("import", str(path), "--db", str(merged))
    both, before = counts(merged), counts(base)
    assert both["reviews"] == before["reviews"] + 3
    assert both["answer_marks"] == before["answer_marks"] + 1
    for table in ("answers", "sources", "claims", "judgements", "flags", "extractions"):
        assert both[table] == before[table], table  # the same rows, not added twice
    with Store(merged) as store:
        labels = {
            r["reviewer"]: r["verdict"]
            for r in store.query(
                "select reviewer, verdict from reviews where claim_id = 'HS-0001#1'"
            )
        }
        assert labels == {"dana": "absent", "lee": "stated"}
        # The latest label wins, as it would have on one database.
        assert store.scalar("select label from claim_labels where claim_id = 'HS-0001#1'") == (
            "stated"
        )


def test_a_claim_new_to_the_database_takes_the_next_number(tmp_path: Path) -> None:
    response = "Sofas can be returned within 14 days [1]. Refunds take 5 days [2]."
    one = make_answer(response=response, claims=[{"text": "Refunds take 5 days."}])
    other = make_answer(
        response=response,
        claims=[
            {"text": "Sofas can be returned within 14 days."},
            {"text": "Refunds take 5 days."},
        ],
    )
    first, second = tmp_path / "one.db", tmp_path / "two.db"
    run("import", str(write_jsonl(tmp_path / "one.jsonl", [one])), "--db", str(first))
    run("import", str(write_jsonl(tmp_path / "two.jsonl", [other])), "--db", str(second))
    exported = tmp_path / "two-work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(second))
    run("import", str(exported), "--db", str(first))
    with Store(first) as store:
        rows = store.query("select id, text from claims order by ordinal")
    assert [(r["id"], r["text"]) for r in rows] == [
        ("A-1#1", "Refunds take 5 days."),
        ("A-1#2", "Sofas can be returned within 14 days."),
    ]


def test_an_answer_with_other_content_is_a_bad_line_and_nothing_is_written(tmp_path: Path) -> None:
    db, other = tmp_path / "a.db", tmp_path / "b.db"
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(db))
    changed = make_answer(question="Another question?")
    run("import", str(write_jsonl(tmp_path / "b.jsonl", [changed])), "--db", str(other))
    exported = tmp_path / "b-work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(other))
    before = counts(db)
    result = CliRunner().invoke(cli, ["import", str(exported), "--db", str(db)])
    assert result.exit_code == 2
    assert f"{exported}:1: id 'A-1' is already in the database with different content" in (
        result.stderr
    )
    assert counts(db) == before


def test_a_bad_record_is_named_by_line_and_field(tmp_path: Path) -> None:
    source = tmp_path / "a.db"
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(source))
    lines = run("export", "--format", "answers", "--db", str(source)).splitlines()
    record = json.loads(lines[0])
    record["claims"] = [
        {
            "text": "x",
            "kind": "figure",
            "reviews": [{"reviewer": "dana", "verdict": "maybe", "at": "2026-12-01T10:00:00Z"}],
        }
    ]
    bad = write_jsonl(tmp_path / "bad.jsonl", [record])
    result = CliRunner().invoke(cli, ["import", str(bad), "--db", str(tmp_path / "new.db")])
    assert result.exit_code == 2
    assert "bad.jsonl:1: field 'claims.0.reviews.0.verdict': 'maybe' is not one of" in (
        result.stderr
    )
    assert not (tmp_path / "new.db").exists()


@pytest.mark.parametrize(
    "at, said",
    [
        ("yesterday", "'yesterday' is not ISO 8601 with a zone"),
        ("2026-12-01T10:00:00", "must be ISO 8601 with a zone"),
    ],
)
def test_a_row_time_without_a_zone_is_named_by_line_and_field(
    tmp_path: Path, at: str, said: str
) -> None:
    source = tmp_path / "a.db"
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(source))
    record = json.loads(run("export", "--format", "answers", "--db", str(source)).splitlines()[0])
    record["claims"] = [
        {
            "text": "x",
            "kind": "figure",
            "reviews": [{"reviewer": "dana", "verdict": "stated", "at": at}],
        }
    ]
    bad = write_jsonl(tmp_path / "bad.jsonl", [record])
    result = CliRunner().invoke(cli, ["import", str(bad), "--db", str(tmp_path / "new.db")])
    assert result.exit_code == 2
    assert f"bad.jsonl:1: field 'claims.0.reviews.0.at': {said}" in result.stderr
    assert not (tmp_path / "new.db").exists()


def _judged_claim(evidence: list[int]) -> dict:
    judgement = {
        "judge": "j",
        "prompt_version": "1",
        "verdict": "stated",
        "evidence": evidence,
        "at": "2026-12-01T10:00:00Z",
    }
    return {"text": "Sofas", "kind": "policy", "citation": [1], "judgements": [judgement]}


def _edit(**fields: object) -> dict:
    return {"reviewer": "dana", "at": "2026-12-01T10:00:00Z", **fields}


@pytest.mark.parametrize(
    ("claims", "edits", "said"),
    [
        pytest.param(
            [_judged_claim([0, 10**7])],
            [],
            "claims[0].judgements[0].evidence [0, 10000000] is outside source 1 (49 characters)",
            id="evidence-past-its-source",
        ),
        pytest.param(
            [_judged_claim([0, 5])] * 3,
            [_edit(action="dismiss", claim=99)],
            "field 'edits.0.claim': 99 names no claim of the record's 3",
            id="edit-of-claim-99-of-3",
        ),
        pytest.param(
            [_judged_claim([0, 5])],
            [_edit(action="split", claim=0, made=[0, 7])],
            "field 'edits.0.made.1': 7 names no claim of the record's 1",
            id="edit-made-claim-7-of-1",
        ),
        pytest.param(
            [_judged_claim([0, 5])],
            [_edit(action="undo", reverts=0)],
            "field 'edits.0.reverts': 0 names no earlier correction",
            id="undo-of-itself",
        ),
    ],
)
def test_a_record_naming_what_is_not_there_is_a_bad_line(
    tmp_path: Path, claims: list, edits: list, said: str
) -> None:
    """Evidence past the end of its source, and an edit of claim 99 of 3, were stored."""
    source = tmp_path / "a.db"
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(source))
    record = json.loads(run("export", "--format", "answers", "--db", str(source)).splitlines()[0])
    record["claims"], record["edits"] = claims, edits
    bad = write_jsonl(tmp_path / "bad.jsonl", [record])
    result = CliRunner().invoke(cli, ["import", str(bad), "--db", str(tmp_path / "new.db")])
    assert result.exit_code == 2, result.output
    assert f"bad.jsonl:1: {said}" in result.stderr
    assert not (tmp_path / "new.db").exists()


def test_answers_export_refuses_the_claim_filters(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(db))
    for option in (["--reviewed-only"], ["--splits", "train=1"], ["--with-judge-labels"]):
        result = CliRunner().invoke(
            cli, ["export", "--format", "answers", *option, "--db", str(db)]
        )
        assert result.exit_code != 0
        assert (
            "--reviewed-only, --all, --judge, --splits, --with-judge-labels and the verdict "
            "filters do not apply to it\n"
        ) in result.stderr


@pytest.mark.slow
def test_the_answers_export_as_parquet_imports_the_same(tmp_path: Path) -> None:
    source = worked(tmp_path)
    exported = tmp_path / "work.parquet"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(source))
    moved = tmp_path / "moved.db"
    run("config", "overlap", "0.3", "--db", str(moved))
    out = run("import", str(exported), "--db", str(moved))
    assert "read as answers exported with their work" in out
    assert report(moved) == report(source)
    assert counts(moved) == counts(source)


@pytest.mark.slow
def test_an_answer_new_to_the_database_keeps_its_claims_ids_and_places(tmp_path: Path) -> None:
    """claim_id is the label export's join key, stable across runs: moving work into a new
    database renumbered a split's or an added claim's answer in list order (HS-…#2 became
    #5), so the two databases' label exports named one claim two ways."""
    source = worked(tmp_path)
    exported = tmp_path / "work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(source))
    moved = tmp_path / "moved.db"
    run("import", str(exported), "--db", str(moved))
    assert run("export", "--all", "--db", str(moved)) == run("export", "--all", "--db", str(source))
    query = "select id, ordinal, text from claims order by id"
    with Store(source) as a, Store(moved) as b:
        assert b.query(query) == a.query(query)


def test_an_answers_record_in_a_file_read_as_json_lines_is_a_bad_line(tmp_path: Path) -> None:
    """A file is detected by its first 64 KB: a record of `export --format answers` after
    plain lines was read as a plain answer, its judgements dropped, its dismissed and
    replaced claims imported as live ones, and its other keys stuffed into meta."""
    source = worked(tmp_path)
    exported = run("export", "--format", "answers", "--db", str(source)).splitlines()
    record = next(line for line in exported if '"retired"' in line)
    mixed = write_jsonl(tmp_path / "mixed.jsonl", [make_answer("Z-1")])
    with mixed.open("a", encoding="utf-8") as out:
        out.write(record + "\n")
    result = CliRunner().invoke(cli, ["import", str(mixed), "--db", str(tmp_path / "m.db")])
    assert result.exit_code == 2
    assert (
        f"{mixed}:2: a record of export --format answers in a file read as JSON Lines: "
        "import it in a file of its own"
    ) in result.output


@pytest.mark.slow
@pytest.mark.parametrize("bulk_min", [1, 10_000], ids=["bulk", "per-row-triggers"])
def test_a_merge_beside_new_answers_keeps_the_report_counts_a_recount_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bulk_min: int
) -> None:
    """A merge's rows go in by the import's copy, with the report's triggers on or off
    (a recount after), and its claims are labelled after them: the adjudicated claim's
    label is the adjudication's. A reviewer new to the database (kim, who adjudicated)
    takes the spelling of the plain answers beside the merge, whose rows are copied first."""
    from groundtui.importing import files
    from groundtui.report import cubes

    monkeypatch.setattr(files, "BULK_MIN", bulk_min)
    source = worked(tmp_path)
    exported = tmp_path / "work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(source))
    base = tmp_path / "base.db"
    run("import", str(SAMPLE), "--db", str(base))
    review = {"reviewer": "KIM", "verdict": "absent", "at": "2026-12-01T09:00:00Z"}
    plain = write_jsonl(
        tmp_path / "new.jsonl",
        [make_answer("N-1", claims=[{"text": "Sofas can be returned", "reviews": [review]}])],
    )
    with Store(base) as store:
        result = files.import_files(store, [str(plain), str(exported)])
        assert (result.bad, result.answers) == ([], 1)
        assert cubes.read_cubes(store.db.conn) == cubes.full_cubes(store.db.conn)
        kept = read_work(store.db.conn)  # the queue's and the team's counts too
        with bulk_load(store.db):  # nothing written: every count recounted from scratch
            pass
        assert read_work(store.db.conn) == kept
        (adjudicated,) = store.query("select claim_id, adjudicator from adjudications")
        assert adjudicated["adjudicator"] == "KIM"
        assert store.scalar(
            "select label from claim_labels where claim_id = ?", [adjudicated["claim_id"]]
        ) == ("stated")
        assert store.scalar("select reviewer from reviews where claim_id = 'N-1#1'") == "KIM"
    expected = counts(source)
    got = counts(base)
    assert (got["answers"], got["claims"]) == (expected["answers"] + 1, expected["claims"] + 1)


KILLED_MERGE = """
import sys
from groundtui.importing.files import import_files
from groundtui.store import Store

store = Store(sys.argv[1])
copy = store.imports.copy_spool

def copied_then_wait(**kwargs):
    written = copy(**kwargs)
    print("copied", flush=True)
    sys.stdin.readline()  # killed here, before the commit
    return written

store.imports.copy_spool = copied_then_wait
import_files(store, [sys.argv[2]])
"""


@pytest.mark.slow
def test_a_merge_killed_after_its_copy_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    """The merge's rows are spooled, copied and labelled in the import's one transaction:
    killed before it commits, the import leaves nothing, and the next one writes it all."""
    import signal
    import subprocess
    import sys

    from tests.helpers.builders import dump

    source = worked(tmp_path)
    exported = tmp_path / "work.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(source))
    base = tmp_path / "base.db"
    run("import", str(SAMPLE), "--db", str(base))
    merged = tmp_path / "merged.db"
    shutil.copy(base, merged)
    run("import", str(exported), "--db", str(merged))
    before = dump(base)
    importer = subprocess.Popen(
        [sys.executable, "-c", KILLED_MERGE, str(base), str(exported)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert importer.stdout is not None and importer.stderr is not None
    try:
        assert importer.stdout.readline() == "copied\n", importer.stderr.read()
        importer.send_signal(signal.SIGKILL)
        importer.wait(timeout=30)
    finally:
        if importer.poll() is None:
            importer.kill()
        importer.communicate()
    assert dump(base) == before
    run("import", str(exported), "--db", str(base))
    assert counts(base) == counts(merged)


def test_a_merge_labels_claims_it_touched_in_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy labels a merge's claims a chunk at a time: with the ids of the next chunk
    still being read from the spool, the first chunk's labels failed as "locked"."""
    from groundtui.store import ImportWrites

    monkeypatch.setattr(ImportWrites, "relabel_chunk", 1)
    base = tmp_path / "base.db"
    run("import", str(SAMPLE), "--db", str(base))
    lee = tmp_path / "lee.db"
    shutil.copy(base, lee)
    with Store(lee) as store:
        store.labels.add_review("HS-0001#1", "quinn", "absent", at="2026-12-01T10:30:00.000000Z")
        store.labels.add_review("HS-0002#1", "quinn", "absent", at="2026-12-01T10:31:00.000000Z")
        store.labels.add_review("HS-0003#1", "quinn", "absent", at="2026-12-01T10:32:00.000000Z")
    exported = tmp_path / "lee.jsonl"
    run("export", "--format", "answers", "-o", str(exported), "--db", str(lee))
    run("import", str(exported), "--db", str(base))
    with Store(base) as store:
        labels = store.query(
            "select claim_id, label from claim_labels where reviewer = 'quinn' order by claim_id"
        )
    assert [(r["claim_id"], r["label"]) for r in labels] == [
        ("HS-0001#1", "absent"),
        ("HS-0002#1", "absent"),
        ("HS-0003#1", "absent"),
    ]
