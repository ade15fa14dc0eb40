"""`groundtui delete`: answers go with every row that belongs to them, and the counts follow."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.report import cubes
from groundtui.store import Store, StoreError, now_iso
from tests.helpers.builders import dump, imported_db, make_answer

SHARED = {
    "id": "returns-v3",
    "origin": "help-centre",
    "text": "Sofas can be returned within 14 days of delivery.",
}
REFUNDS = {
    "id": "refunds",
    "origin": "pdf-archive",
    "text": "Refunds are issued within 5 working days.",
}


#: Tables with rows of an answer, and the column that names it (a claim id starts with it).
OWNED = {
    "answer_sources": "answer_id",
    "claims": "answer_id",
    "judgements": "claim_id",
    "reviews": "claim_id",
    "claim_labels": "answer_id",
    "answer_marks": "answer_id",
    "flags": "answer_id",
    "extractions": "answer_id",
    "agg_answer_state": "answer_id",
    "agg_claim_rr": "claim_id",
    "claim_edits": "answer_id",
}


def records() -> list[dict]:
    """P-1 and P-3 are to be deleted, K-2 and K-4 kept; P-1 and K-2 share a source."""
    return [
        make_answer(
            "P-1",
            meta={"user_id": "u-1"},
            response="Sofas can be returned within 14 days [1]. Zanzibar delivery costs £49 [2].",
            sources=[
                SHARED,
                {
                    "id": "secret-1",
                    "origin": "email-export",
                    "text": "CONFIDENTIAL-1: Zanzibar orders ship by sea.",
                },
            ],
        ),
        make_answer(
            "K-2",
            meta={"user_id": "u-2"},
            response="Sofas can be returned within 14 days [1]. Refunds take 5 "
            "working days [2]. Delivery costs £30.",
            sources=[SHARED, REFUNDS],
        ),
        make_answer(
            "P-3",
            meta={"user": {"id": "u-42"}, "n": 42},
            response="Orders to Quokka Island take 9 days [1] and cost £12 [1].",
            sources=[
                {
                    "id": "private-3",
                    "origin": "price-list",
                    "text": "CONFIDENTIAL-3: Quokka Island orders take 9 days.",
                }
            ],
        ),
        make_answer(
            "K-4",
            meta={"user_id": "u-4", "n": 43},
            response="Refunds take 5 working days [1]. We refund in 2 days [1].",
            sources=[REFUNDS],
        ),
    ]


def build(folder: Path, name: str, answers: list[dict]) -> Path:
    """A database of ``answers`` judged by the heuristic judge (so scanned and flagged),
    each claim labelled by two reviewers and each answer marked; each answer's first claim
    edited and, of two or more, its last dismissed."""
    path = imported_db(folder, name, answers)
    with Store(path) as store:
        asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
        for answer in store.query("select id from answers order by seq"):
            ids = [
                r["id"]
                for r in store.query(
                    "select id from claims where answer_id = ? order by ordinal", [answer["id"]]
                )
            ]
            store.corrections.edit(ids[0], "alice", f"{answer['id']}: as edited")
            if len(ids) > 1:
                store.corrections.dismiss(ids[-1], "alice")
        for claim in store.query("select id from claims where retired is null order by id"):
            store.labels.add_review(claim["id"], "alice", "stated")
            store.labels.add_review(claim["id"], "bob", "absent", "bridging_inference")
        for answer in store.query("select id from answers order by seq"):
            store.labels.add_mark(answer["id"], "alice", answer["id"].endswith("2"))
    return path


def run(*args: str):
    return CliRunner().invoke(cli, ["delete", *args])


def summary(output: str) -> dict[str, int]:
    """``{kind: rows}`` from a delete's summary lines."""
    found = (line.split() for line in output.splitlines() if line.startswith("  "))
    return {words[0]: int(words[1].replace(",", "")) for words in found}


def report_json(path: Path) -> dict:
    result = CliRunner().invoke(cli, ["report", "--json", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = build(tmp_path_factory.mktemp("built"), "full", records())
    with Store(path) as store:  # the test data holds every kind of row a delete removes
        for table, column in OWNED.items():
            held = {r[0] for r in store.db.execute(f"select substr({column}, 1, 3) from {table}")}
            assert {"P-1", "P-3"} <= held, table
    return path


@pytest.fixture
def full(built: Path, tmp_path: Path) -> Path:
    """A copy of the built database (closed, so one file) for one test to change."""
    return Path(shutil.copy(built, tmp_path / "full.db"))


def test_delete_by_id_and_by_meta_leaves_the_rest_as_if_never_imported(
    full: Path, tmp_path: Path
) -> None:
    first = run("--answer", "P-1", "--db", str(full))
    assert first.exit_code == 0, first.output
    assert first.output.splitlines()[0] == "Deleted 1 answer: P-1"
    second = run("--where", "meta.user.id=u-42", "--db", str(full))
    assert second.exit_code == 0, second.output
    assert second.output.splitlines()[0] == "Deleted 1 answer: P-3"

    # No row anywhere holds their ids or their text; the counts tables included.
    rows = dump(full)
    for gone in ("P-1", "P-3", "Zanzibar", "Quokka", "CONFIDENTIAL"):
        assert not [line for line in rows if gone in line], gone
    with Store(full) as store:
        keys = {r["source_id"] for r in store.query("select source_id from sources")}
        assert keys == {"returns-v3", "refunds"}  # the shared source stays
        assert cubes.read_cubes(store.db.conn) == cubes.full_cubes(store.db.conn)
    never = build(tmp_path, "never", [r for r in records() if r["id"].startswith("K")])
    assert report_json(full) == report_json(never)


def test_the_summary_counts_every_kind_of_row(full: Path) -> None:
    with Store(full) as store:
        claims = store.scalar("select count(*) from claims where answer_id = 'P-1'")
        reviews = store.scalar(
            "select count(*) from reviews r join claims c on c.id ="
            " r.claim_id where c.answer_id = 'P-1'"
        )
        judged = store.scalar(
            "select count(*) from judgements j join claims c on c.id ="
            " j.claim_id where c.answer_id = 'P-1'"
        )
        first = store.scalar("select id from claims where answer_id = 'P-1' limit 1")
        store.team.add_adjudication(first, "lead", "absent", "plausible_specifics")
        assert store.team.take_lease("P-1", "alice", now=now_iso(), minutes=15, share=1.0).granted
    result = run("--answer", "P-1", "--db", str(full))
    assert summary(result.output) == {
        "answers": 1,
        "answer_sources": 2,
        "claims": claims,
        "claim_edits": 2,
        "judgements": judged,
        "reviews": reviews,
        "adjudications": 1,
        "claim_labels": claims,
        "answer_marks": 1,
        "leases": 1,
        "flags": 1,
        "extractions": 1,
        "sources": 1,
        "completions": 0,
    }
    with Store(full) as store:  # nothing of P-1 is left behind
        assert store.scalar("select count(*) from leases where answer_id = 'P-1'") == 0
        assert store.scalar("select count(*) from adjudications where claim_id = ?", [first]) == 0
    assert "  sources" in result.output and "(1 kept: other answers cite them)" in result.output


def test_dry_run_writes_nothing_and_says_what_a_real_run_does(full: Path) -> None:
    before, rows = digest(full), dump(full)
    dry = run("--where", "meta.n=42", "--dry-run", "--db", str(full))
    assert dry.exit_code == 0, dry.output
    assert digest(full) == before and dump(full) == rows
    real = run("--where", "meta.n=42", "--db", str(full))
    assert dry.output.startswith("Would delete 1 answer: P-3")
    assert real.output == dry.output.replace("Would delete", "Deleted")


def test_an_option_right_after_answer_is_refused_not_taken_as_an_id(full: Path) -> None:
    """`delete --answer --dry-run P-1` took "--dry-run" as the id --answer wants and P-1 as
    one more: P-1 was deleted for real, and the summary said "not found: --dry-run"."""
    before, rows = digest(full), dump(full)
    for option in ("--dry-run", "--where", "--db"):
        result = run("--answer", option, "P-1", "--db", str(full))
        assert result.exit_code == 2
        assert f"--answer took '{option}' for an id" in result.output
    assert digest(full) == before and dump(full) == rows


def test_an_id_not_stored_is_reported_and_the_others_go(full: Path) -> None:
    result = run("--answer", "P-1", "nobody", "--answer", "P-3", "--db", str(full))
    assert result.exit_code == 0, result.output
    assert "groundtui: not found: nobody" in result.output
    assert "Deleted 2 answers: P-1, P-3" in result.output
    again = run("--answer", "P-1", "--db", str(full))
    assert again.exit_code == 0 and "nothing deleted" in again.output


def test_ids_are_nfc_normalised_as_the_importer_does(tmp_path: Path) -> None:
    name = "Zoë-1"
    path = imported_db(tmp_path, "nfc", [make_answer(unicodedata.normalize("NFD", name))])
    result = run("--answer", unicodedata.normalize("NFD", name), "--db", str(path))
    assert result.exit_code == 0 and f"Deleted 1 answer: {name}" in result.output
    with Store(path) as store:
        assert store.scalar("select count(*) from answers") == 0


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("meta.user_id", "u-2", ["K-2"]),
        ("meta.n", "42", ["P-3"]),  # a number compares as its JSON
        ("meta.n", "42.0", []),
        ("meta.user", '{"id":"u-42"}', []),  # an object is not matched by its compact form...
        ("meta.user", '{"id": "u-42"}', ["P-3"]),  # ...but by the JSON the import stored
        ("meta.user.id", "u-42", ["P-3"]),
        ("meta.user_id", "u-", []),
        ("id", "K-4", ["K-4"]),
    ],
)
def test_where_selects_by_an_imported_field(
    full: Path, field: str, value: str, expected: list[str]
) -> None:
    with Store(full) as store:
        assert store.deletes.answers_where(field, value) == expected


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


@pytest.mark.parametrize(
    ("meta", "where"),
    [
        ({"user": _nfd("José")}, "meta.user=José"),  # stored decomposed, typed composed
        ({"user": "José"}, f"meta.user={_nfd('José')}"),  # and the other way round
        ({_nfd("usuário"): "u-1"}, "meta.usuário=u-1"),  # a key stored decomposed
        ({"tags": [_nfd("Zoë")]}, 'meta.tags=["Zoë"]'),  # a value read as its JSON
    ],
)
def test_where_compares_meta_in_nfc(tmp_path: Path, meta: dict, where: str) -> None:
    """`delete --where meta.user=José` missed the answer whose meta held "José" decomposed:
    a privacy request that leaves the person's answers behind."""
    path = imported_db(tmp_path, "nfd", [make_answer("K-1", meta=meta), make_answer("K-2")])
    with Store(path) as store:  # the import keeps meta as it was written
        assert json.loads(store.scalar("select meta from answers where id = 'K-1'")) == meta
    result = run("--where", where, "--db", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Deleted 1 answer: K-1"


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ('meta."a.b"=dotted', ["D-1"]),  # the key "a.b"
        ("meta.a.b=nested", ["D-2"]),  # the key b under the key a
        ('meta."a".b=nested', ["D-2"]),
        ('meta."say ""hi"""=quoted', ["D-3"]),  # a quote inside a quoted key is doubled
        ('meta."x=y"=equals', ["D-3"]),  # an = inside quotes is the key's
        ("meta.a.b=dotted", []),
    ],
)
def test_a_meta_key_holding_a_dot_is_addressed_in_quotes(
    tmp_path: Path, where: str, expected: list[str]
) -> None:
    """A meta key `a.b` could not be addressed: `meta.a.b` reads the key b under a."""
    path = imported_db(
        tmp_path,
        "dotted",
        [
            make_answer("D-1", meta={"a.b": "dotted"}),
            make_answer("D-2", meta={"a": {"b": "nested"}}),
            make_answer("D-3", meta={'say "hi"': "quoted", "x=y": "equals"}),
        ],
    )
    result = run("--where", where, "--dry-run", "--db", str(path))
    assert result.exit_code == 0, result.output
    if expected:
        assert result.output.splitlines()[0] == f"Would delete 1 answer: {expected[0]}"
    else:
        assert "nothing deleted" in result.output
    assert 'meta."a.b"' in " ".join(run("--help").output.split())  # --help says how


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--answer", "P-1", "--where", "id=P-1"],
        ["--where", "meta.user_id"],
        ["--where", "question=Can I"],
        ["--where", "meta.=x"],
        ["--where", "meta.user..id=x"],
        ["--where", 'meta."a.b=x'],
        ["--where", 'meta."a"b=x'],
        ["--where", 'meta.a"b=x'],
        ["P-1"],
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(full: Path, args: list[str]) -> None:
    rows = dump(full)
    result = run(*args, "--db", str(full))
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert result.output.startswith("groundtui: ")
    assert dump(full) == rows


def test_a_missing_database_is_one_line(tmp_path: Path) -> None:
    result = run("--answer", "x", "--db", str(tmp_path / "none.db"))
    assert result.exit_code == 2 and result.output.startswith("groundtui: no database")
    assert not (tmp_path / "none.db").exists()


def test_a_delete_is_all_or_nothing(full: Path) -> None:
    rows = dump(full)
    with Store(full) as store:
        # Sources go last but one: a failure there must undo everything before it.
        store.db.execute(
            "create temp trigger boom before delete on sources"
            " begin select raise(abort, 'boom'); end"
        )
        with pytest.raises(StoreError, match="boom"):
            store.deletes.forget(["P-1"])
    assert dump(full) == rows


def _secure_by_default() -> bool:
    import sqlite3

    return bool(sqlite3.connect(":memory:").execute("pragma secure_delete").fetchone()[0])


@pytest.mark.skipif(
    not _secure_by_default(),
    reason="earlier updates leave stale copies "
    "where SQLite's secure_delete is off by default (README: vacuum)",
)
def test_the_deleted_text_is_not_left_in_the_file(full: Path) -> None:
    """The delete zeroes what it frees (its own ``secure_delete``: the mutation "off" fails
    here); copies that earlier updates freed are zero only where that is SQLite's default."""
    assert b"Zanzibar" in full.read_bytes()
    assert run("--answer", "P-1", "--db", str(full)).exit_code == 0
    left = b"".join(p.read_bytes() for p in full.parent.glob("full.db*"))
    assert b"Zanzibar" not in left and b"CONFIDENTIAL-1" not in left
