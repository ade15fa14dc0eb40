"""`groundtui import`: every bad input names its line and leaves the database as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundtui.importing.files import InputError, import_files
from groundtui.store import Store
from tests.helpers.builders import dump, make_answer, write_jsonl


@pytest.fixture
def seeded(db_path: Path, tmp_path: Path) -> Path:
    """A database already holding answer A-0 (so conflicts with the database can be tested)."""
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "seed.jsonl", [make_answer("A-0")]))])
    return db_path


BAD_LINES = [
    pytest.param("{not json", "not JSON", id="not-json"),
    pytest.param("[1, 2]", "not a JSON object", id="not-an-object"),
    pytest.param(
        json.dumps({"id": "X", "question": "q", "sources": []}),
        "missing field 'response'",
        id="missing-field",
    ),
    pytest.param(json.dumps(make_answer("X", correct="yes")), "field 'correct'", id="wrong-type"),
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "t", "kind": "vibe"}])),
        "'vibe' is not one of",
        id="kind-vocabulary",
    ),
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "t", "verdict": "yes"}])),
        "field 'claims.0.verdict'",
        id="verdict-vocabulary",
    ),
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "t", "invention_kind": "x"}])),
        "field 'claims.0.invention_kind'",
        id="invention-kind-vocabulary",
    ),
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "t", "span": [0, 10_000]}])),
        "span [0, 10000] is outside the response",
        id="span-out-of-range",
    ),
    pytest.param(
        json.dumps(
            make_answer("X", claims=[{"text": "t", "citation": 2, "evidence": [0, 10_000]}])
        ),
        "evidence [0, 10000] is outside source 2",
        id="evidence-out-of-range",
    ),
    pytest.param(
        json.dumps(make_answer("A-1")),
        "id 'A-1' appears twice in the input",
        id="id-twice-in-input",
    ),
    pytest.param(
        json.dumps(make_answer("A-0", question="Another question?")),
        "id 'A-0' is already in the database with a different question",
        id="conflict-with-database",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("line", "reason"), BAD_LINES)
def test_a_bad_line_is_named_and_nothing_is_written(
    seeded: Path, tmp_path: Path, line: str, reason: str
) -> None:
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), make_answer("A-2"), line])
    before = dump(seeded)
    with Store(seeded) as store:
        result = import_files(store, [str(path)])
    assert len(result.bad) == 1
    assert str(result.bad[0]).startswith(f"{path}:3: ")
    assert reason in result.bad[0].reason
    assert result.exit_code == 2
    assert dump(seeded) == before


def test_skip_invalid_imports_the_good_lines(seeded: Path, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), "{oops", make_answer("A-2")])
    with Store(seeded) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
        ids = [r["id"] for r in store.query("select id from answers order by id")]
    assert ids == ["A-0", "A-1", "A-2"]
    assert [(b.line, b.reason.split(" (")[0]) for b in result.bad] == [(2, "not JSON")]
    assert result.exit_code == 1


def test_skip_invalid_with_every_line_bad_imports_nothing(db_path: Path, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "in.jsonl", ["{", "[]"])
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert result.exit_code == 2


def test_reimporting_the_same_file_changes_nothing(db_path: Path, tmp_path: Path) -> None:
    record = make_answer(
        "A-1",
        claims=[
            {
                "text": "Sofas can be returned within 14 days",
                "verdict": "stated",
                "reviews": [
                    {"reviewer": "dana", "verdict": "stated", "at": "2026-11-30T10:12:00Z"}
                ],
            }
        ],
    )
    path = write_jsonl(tmp_path / "in.jsonl", [record, make_answer("A-2")])
    with Store(db_path) as store:
        first = import_files(store, [str(path)])
    before = dump(db_path)
    with Store(db_path) as store:
        second = import_files(store, [str(path)])
    assert (first.answers, first.sources, first.claims, first.reviews) == (2, 2, 1, 1)
    assert (second.answers, second.unchanged, second.exit_code) == (0, 2, 0)
    assert dump(db_path) == before


def test_all_files_are_one_transaction(db_path: Path, tmp_path: Path) -> None:
    good = write_jsonl(tmp_path / "good.jsonl", [make_answer("A-1")])
    bad = write_jsonl(tmp_path / "bad.jsonl", ["{"])
    with Store(db_path) as store:
        result = import_files(store, [str(good), str(bad)])
        assert store.scalar("select count(*) from answers") == 0
    assert [b.file for b in result.bad] == [str(bad)]


def test_a_missing_file_raises_before_anything_is_written(db_path: Path, tmp_path: Path) -> None:
    good = write_jsonl(tmp_path / "good.jsonl", [make_answer("A-1")])
    with Store(db_path) as store, pytest.raises(InputError, match="no such file"):
        import_files(store, [str(good), str(tmp_path / "missing.jsonl")])
    with Store(db_path) as store:
        assert store.scalar("select count(*) from answers") == 0


def test_a_200_kb_response_and_hostile_text_are_kept_byte_exact(
    db_path: Path, tmp_path: Path
) -> None:
    hostile = "[bold red]SALE[/] \x1b[31mred\x1b[0m \u202eevil\u202c tab\there \u2028 nul-free "
    response = hostile + ("All sofas ship free [1]. " * 8200)
    assert len(response) > 200_000
    record = make_answer(
        "BIG", response=response, sources=[{"id": "s", "text": hostile + " [link](x) <b>"}]
    )
    path = write_jsonl(tmp_path / "in.jsonl", [record])
    with Store(db_path) as store:
        assert import_files(store, [str(path)]).exit_code == 0
        row = store.query("select response from answers where id = 'BIG'")[0]
        text = store.query("select text from sources")[0]["text"]
    assert row["response"] == response
    assert text == hostile + " [link](x) <b>"


def test_missing_spans_and_citations_are_located(db_path: Path, tmp_path: Path) -> None:
    response = (
        "Sofas can be returned within 14 days [1]. Refunds   take 5 days [2]. Hi [9]. Yo [0]."
    )
    record = make_answer(
        "A-1",
        response=response,
        claims=[
            {"text": "Sofas can be returned within 14 days."},
            {"text": "refunds take 5 days", "kind": "figure"},
            {"text": "Hi"},
            {"text": "Something said nowhere"},
            {"text": "Yo"},
        ],
    )
    path = write_jsonl(tmp_path / "in.jsonl", [record])
    with Store(db_path) as store:
        import_files(store, [str(path)])
        claims = store.query("select * from claims order by ordinal")
    first, second, third, fourth, fifth = claims
    assert (
        response[first["span_start"] : first["span_end"]] == "Sofas can be returned within 14 days"
    )
    assert (first["citation"], first["kind"], first["located"]) == (1, "figure", "normalised")
    assert response[second["span_start"] : second["span_end"]] == "Refunds   take 5 days"
    assert second["citation"] == 2 and second["source_key"].startswith("refunds@")
    assert (third["citation"], third["dangling"], third["source_key"]) == (9, 1, None)
    assert (fourth["located"], fourth["uncited"], fourth["span_start"]) == ("unlocated", 1, None)
    assert (fifth["citation"], fifth["dangling"], fifth["source_key"]) == (0, 1, None)  # not [-1]


@pytest.mark.parametrize("before", ["İ ", "İİİ "])  # "İ".lower() is two characters
def test_a_claim_is_located_after_letters_whose_lowercase_is_longer(
    db_path: Path,
    tmp_path: Path,
    before: str,
) -> None:
    """A Turkish dotted capital I before a claim found ignoring case shifted its span (the
    wrong words highlighted) or, near the end of the response, crashed the import with an
    IndexError traceback."""
    response = before + "Visit  Istanbul now [1]."
    record = make_answer("A-1", response=response, claims=[{"text": "visit istanbul now"}])
    with Store(db_path) as store:
        assert import_files(store, [str(write_jsonl(tmp_path / "in.jsonl", [record]))]).answers
        [claim] = store.query("select * from claims")
    assert response[claim["span_start"] : claim["span_end"]] == "Visit  Istanbul now"
    assert (claim["located"], claim["citation"]) == ("normalised", 1)


def test_imported_labels_become_judgements_and_reviews(db_path: Path, tmp_path: Path) -> None:
    record = make_answer(
        "A-1",
        claims=[
            {
                "text": "Refunds take 5 days",
                "citation": 2,
                "verdict": "partial",
                "invention_kind": "bridging_inference",
                "evidence": [0, 7],
                "judge": "prod-judge-v2",
                "reviews": [
                    {
                        "reviewer": "dana",
                        "verdict": "stated",
                        "note": "fine",
                        "at": "2026-11-30T10:12:00+01:00",
                    }
                ],
            }
        ],
    )
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "in.jsonl", [record]))])
        judgement = store.query("select * from judgements")[0]
        review = store.query("select * from reviews")[0]
        label = store.query("select * from claim_labels")[0]
    assert (judgement["judge"], judgement["verdict"], judgement["evidence_text"]) == (
        "prod-judge-v2",
        "partial",
        "Refunds",
    )
    assert (review["reviewer"], review["at"], review["origin"]) == (
        "dana",
        "2026-11-30T09:12:00.000000Z",
        "import",
    )
    assert (label["label"], label["judge_verdict"], label["note"]) == ("stated", "partial", "fine")


@pytest.mark.parametrize("bulk_min", [1, 10_000], ids=["bulk", "per-row-triggers"])
def test_report_counts_match_a_recount_after_import(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bulk_min: int
) -> None:
    from groundtui.importing import files
    from groundtui.report import cubes

    monkeypatch.setattr(files, "BULK_MIN", bulk_min)
    records = [
        make_answer(
            f"A-{i}",
            correct=bool(i % 2),
            claims=[
                {
                    "text": "Sofas can be returned within 14 days",
                    "verdict": ["stated", "absent"][i % 2],
                    "reviews": [
                        {"reviewer": "dana", "verdict": "stated", "at": "2026-11-30T10:12:00Z"}
                    ]
                    if i % 3 == 0
                    else [],
                }
            ],
        )
        for i in range(6)
    ]
    with Store(db_path) as store:
        import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", records[:3]))])
        import_files(store, [str(write_jsonl(tmp_path / "b.jsonl", records[3:]))])
        assert cubes.read_cubes(store.db.conn) == cubes.full_cubes(store.db.conn)
        assert store.scalar("select sum(n) from agg_claims") == 6


@pytest.mark.slow
def test_concurrent_imports_of_one_file_write_each_answer_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    target = tmp_path / "race.db"
    Store(target).close()
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer(f"A-{i}") for i in range(300)])
    cmd = [sys.executable, "-m", "groundtui", "import", str(path), "--db", str(target)]
    procs = [
        subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outs
    assert sorted(o[0].split(";")[0] for o in outs) == [
        "Imported 0 answers, 0 sources, 0 claims, 0 reviews",
        "Imported 0 answers, 0 sources, 0 claims, 0 reviews",
        "Imported 300 answers, 2 sources, 0 claims, 0 reviews",
    ]
    with Store(target) as store:
        assert store.scalar("select count(*) from answers") == 300


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(b"\xef\xbb\xbf" + json.dumps(make_answer("BOM")).encode(), None, id="bom"),
        pytest.param(
            json.dumps(make_answer("NAN", meta={"score": float("nan")})).encode(),
            "not JSON (NaN is not a JSON value)",
            id="nan",
        ),
        pytest.param(b"\xff\xfe{}", "not UTF-8", id="not-utf8"),
    ],
)
def test_encoding_edges(db_path: Path, tmp_path: Path, raw: bytes, expected: str | None) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(raw + b"\n")
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    if expected is None:
        assert (result.answers, result.bad) == (1, [])
    else:
        assert expected in result.bad[0].reason


def test_evidence_on_a_claim_whose_citation_is_inferred(db_path: Path, tmp_path: Path) -> None:
    response = "Sofas can be returned within 14 days [1]."
    ok = make_answer(
        "OK",
        response=response,
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "verdict": "stated",
                "evidence": [0, 5],
            }
        ],
    )
    out = make_answer(
        "OUT",
        response=response,
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "verdict": "stated",
                "evidence": [0, 500],
            }
        ],
    )
    uncited = make_answer(
        "UNCITED",
        response="Sofas can be returned.",
        claims=[{"text": "Sofas can be returned.", "verdict": "stated", "evidence": [0, 5]}],
    )
    zero = make_answer(
        "ZERO",
        response="Sofas can be returned [0].",
        claims=[{"text": "Sofas can be returned", "verdict": "stated", "evidence": [0, 5]}],
    )
    path = write_jsonl(tmp_path / "in.jsonl", [ok, out, uncited, zero])
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
        evidence = store.scalar("select evidence_text from judgements")
    assert [(b.line, b.reason) for b in result.bad] == [
        (2, "claims[0].evidence [0, 500] is outside source 1 (49 characters)"),
        (3, "claims[0].evidence is given but the claim cites no source of the answer"),
        (4, "claims[0].evidence is given but the claim cites no source of the answer"),
    ]
    assert evidence == "Sofas"


def test_bad_lines_are_listed_in_command_line_order(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    first = write_jsonl(tmp_path / "first.jsonl", ["{", make_answer("A-1")])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{\n[]\n")))
    with Store(db_path) as store:
        result = import_files(store, [str(first), "-"])
    assert [str(b).split(": ")[0] for b in result.bad] == [f"{first}:1", "<stdin>:1", "<stdin>:2"]


@pytest.mark.parametrize(
    "second, reason",
    [
        pytest.param(
            make_answer("X" * 100_000),
            "id 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…' (100,000 characters) "
            "appears twice in the input (first at {path}:1)",
            id="id-twice",
        ),
        pytest.param(
            make_answer("A-2", claims=[{"text": "Refunds take 5 days.", "verdict": "Z" * 100_000}]),
            "field 'claims.0.verdict': 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ…' "
            "(100,000 characters) is not one of 'stated', 'contradicted', 'absent' or 'partial'",
            id="verdict",
        ),
    ],
)
def test_a_bad_line_quotes_a_long_value_shortened(
    db_path: Path, tmp_path: Path, second: dict, reason: str
) -> None:
    """A value the data gives is quoted in a bad line's message: 100 KB of it was printed
    whole, one line per bad line."""
    first = second if second["id"] != "A-2" else make_answer("A-1")
    path = write_jsonl(tmp_path / "a.jsonl", [first, second])
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [bad.reason for bad in result.bad] == [reason.format(path=path)]


@pytest.mark.parametrize("citation", [1.5, True, {"n": 1}, [1, [2]], [None]])
def test_a_citation_of_a_wrong_type_is_one_sentence_naming_the_field(
    db_path: Path, tmp_path: Path, citation: object
) -> None:
    """It was three of pydantic's, naming its union's branches as fields
    ('claims.0.citation.list[union[int,str]]')."""
    claim = {"text": "Refunds take 5 days.", "citation": citation}
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer("A-1", claims=[claim])])
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [bad.reason for bad in result.bad] == [
        "field 'claims.0.citation': must be a source's number, its id, or a list of them"
    ]


def _one_claim_reviewed_by(n: int, answer_id: str) -> dict:
    reviews = [
        {
            "reviewer": f"r{i}",
            "verdict": ("stated", "absent")[i % 2],
            "at": f"2026-11-01T{i // 60 // 60:02}:{i // 60 % 60:02}:{i % 60:02}Z",
        }
        for i in range(n)
    ]
    claim = {"text": "Sofas can be returned within 14 days.", "citation": 1, "reviews": reviews}
    return make_answer(answer_id, claims=[claim])


def _steps_to_import(tmp_path: Path, n: int) -> int:
    """SQLite's virtual-machine steps (in thousands) to import one claim of ``n`` reviewers
    into a database of 50 answers: the work, counted, not timed."""
    db = tmp_path / f"{n}.db"
    with Store(db) as store:
        others = [make_answer(f"B-{i}") for i in range(50)]
        assert import_files(store, [str(write_jsonl(tmp_path / f"b{n}.jsonl", others))]).written
        steps = [0]

        def count() -> int:
            steps[0] += 1
            return 0

        store.db.conn.set_progress_handler(count, 1000)
        path = write_jsonl(tmp_path / f"{n}.jsonl", [_one_claim_reviewed_by(n, "A-1")])
        assert import_files(store, [str(path)]).reviews == n
        store.db.conn.set_progress_handler(None, 0)
        pair = store.db.execute("select count(*) from agg_claim_rr").fetchone()[0]
        assert pair == 1  # the claim's first two reviewers counted as a pair, in either path
    return steps[0]


def test_many_reviews_of_one_claim_import_in_work_linear_in_their_number(tmp_path: Path):
    """A claim of 600 reviewers held the write lock 30 s (2,000: 12 minutes): each review's
    trigger read every other reviewer's latest label. Doubling the reviews now about
    doubles the work, where it was eight times (measured in SQLite's steps)."""
    small, large = _steps_to_import(tmp_path, 200), _steps_to_import(tmp_path, 400)
    assert large < 3 * small, (small, large)
