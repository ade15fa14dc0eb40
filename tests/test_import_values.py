"""Values Python's json reads but the product cannot hold are bad lines that name their
field, and ``--skip-invalid`` still imports every good line beside them."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from groundtui.importing.files import import_files
from groundtui.store import Store
from tests.helpers.builders import make_answer, write_jsonl


def _nested(depth: int) -> dict:
    top: dict = {}
    node = top
    for _ in range(depth):
        node["x"] = {}
        node = node["x"]
    return top


def _review(at: str) -> dict:
    return {
        "text": "Refunds take 5 days.",
        "reviews": [{"reviewer": "dana", "verdict": "stated", "at": at}],
    }


# json.dumps writes a lone surrogate as the escape "\ud800", as a producer would.
UNHOLDABLE = [
    pytest.param(
        json.dumps(make_answer("X", question="q\ud800")),
        "field 'question': holds a lone surrogate (U+D800), which is not text",
        id="lone-surrogate",
    ),
    pytest.param(
        json.dumps(make_answer("X", meta=_nested(900))),
        "field 'meta': nested deeper than 64 levels",
        id="nested-900-deep",
    ),
    pytest.param(
        json.dumps(make_answer("X", claims=[_review("0001-01-01T00:00:00+14:00")])),
        "field 'claims.0.reviews.0.at': 0001-01-01T00:00:00+14:00 is outside the "
        "years 1-9999 in UTC",
        id="review-before-year-1",
    ),
    pytest.param(
        json.dumps(make_answer("X")).replace('"sources"', '"n": ' + "9" * 5000 + ', "sources"'),
        "field 'n': a number of 5,000 digits is out of range",
        id="5000-digits",
    ),
    pytest.param(
        json.dumps(make_answer("X", meta={"v": 1})).replace('"v": 1', '"v": 1e400'),
        "field 'meta.v': 1e400 is out of range",
        id="float-overflow",
    ),
    pytest.param(
        json.dumps(make_answer("X", meta={"v": 1})).replace('"v": 1', '"v": 9223372036854775808'),
        "field 'meta.v': 9223372036854775808 is out of range",
        id="int64-overflow",
    ),
    pytest.param(
        '{"id": "X", "question": ', "not JSON (Expecting value, column 25)", id="truncated"
    ),
    # SQLite's JSON functions end a string at a NUL: the report's by-source counts and the
    # export's source_ids, which read sources' keys and origins through them, would split
    # "web\0x" into "web" and lose the source.
    pytest.param(
        json.dumps(make_answer("X\u0000")),
        "field 'id': holds a NUL character (U+0000), which an id cannot hold",
        id="nul-in-answer-id",
    ),
    pytest.param(
        json.dumps(make_answer("X", sources=[{"id": "s\u0000", "text": "Refunds take 5 days."}])),
        "field 'sources.0.id': holds a NUL character (U+0000), which an id cannot hold",
        id="nul-in-source-id",
    ),
    pytest.param(
        json.dumps(
            make_answer(
                "X", sources=[{"id": "s", "origin": "web\u0000x", "text": "Refunds take 5 days."}]
            )
        ),
        "field 'sources.0.origin': holds a NUL character (U+0000), which an origin cannot hold",
        id="nul-in-origin",
    ),
    # A claim citing such an id was a traceback, with or without --skip-invalid.
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "Refunds.", "citation": "refunds\u0000"}])),
        "field 'claims.0.citation': holds a NUL character (U+0000), which an id cannot hold",
        id="nul-in-cited-id",
    ),
    pytest.param(
        json.dumps(make_answer("X", claims=[{"text": "Refunds.", "citation": [1, "\u0000"]}])),
        "field 'claims.0.citation': holds a NUL character (U+0000), which an id cannot hold",
        id="nul-in-a-list-of-cited-ids",
    ),
]


@pytest.mark.parametrize("line, reason", UNHOLDABLE)
def test_an_unholdable_value_is_a_bad_line_naming_its_field(db_path, tmp_path, line, reason):
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), line, make_answer("A-2")])
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
        assert [str(b) for b in result.bad] == [f"{path}:2: {reason}"]
        assert result.exit_code == 2 and store.scalar("select count(*) from answers") == 0
        skipped = import_files(store, [str(path)], skip_invalid=True)
        assert skipped.exit_code == 1 and skipped.answers == 2
        ids = [r[0] for r in store.db.execute("select id from answers order by id")]
        assert ids == ["A-1", "A-2"]


def test_a_citation_too_large_to_store_is_a_dangling_citation(db_path, tmp_path):
    claim = {"text": "Sofas can be returned within 14 days.", "citation": 10**21}
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1", claims=[claim])])
    with Store(db_path) as store:
        assert import_files(store, [str(path)]).exit_code == 0
        row = store.db.execute(
            "select citation, dangling, uncited, source_key from claims"
        ).fetchone()
    assert row == (2**63 - 1, 1, 0, None)


def test_one_id_spelled_composed_and_decomposed_is_one_answer(db_path, tmp_path):
    composed, decomposed = "Caf\u00e9-1", "Cafe\u0301-1"
    first = write_jsonl(tmp_path / "a.jsonl", [make_answer(composed)])
    second = write_jsonl(tmp_path / "b.jsonl", [make_answer(decomposed)])
    with Store(db_path) as store:
        assert import_files(store, [str(first)]).exit_code == 0
        again = import_files(store, [str(second)])
        assert again.exit_code == 0 and again.unchanged == 1
        assert [r[0] for r in store.db.execute("select id from answers")] == [composed]
    both = write_jsonl(tmp_path / "c.jsonl", [make_answer(composed), make_answer(decomposed)])
    with Store(Path(tmp_path / "other.db")) as store:
        result = import_files(store, [str(both)])
    assert [b.reason for b in result.bad] == [
        f"id {composed!r} appears twice in the input (first at {both}:1)"
    ]


def test_a_nul_in_a_cited_id_is_a_bad_row_of_csv(db_path, tmp_path):
    """It was a traceback in CSV too."""
    path = tmp_path / "in.csv"
    claims = [{"text": "Refunds.", "citation": "refunds\u0000"}]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "question", "response", "sources", "claims"])
        for answer_id, cited in (("A-1", []), ("A-2", claims), ("A-3", [])):
            sources = json.dumps(make_answer()["sources"])
            writer.writerow([answer_id, "q", "Refunds.", sources, json.dumps(cited)])
    reason = "field 'claims.0.citation': holds a NUL character (U+0000), which an id cannot hold"
    with Store(db_path) as store:
        assert [str(b) for b in import_files(store, [str(path)]).bad] == [f"{path}:3: {reason}"]
        skipped = import_files(store, [str(path)], skip_invalid=True)
        assert (skipped.exit_code, skipped.answers) == (1, 2)


def test_a_line_past_the_cap_is_a_bad_line_read_no_further(db_path, tmp_path):
    """A 100 MB question was accepted, and took 1 GB to import."""
    huge = json.dumps(make_answer("X", question="q" * (16 * 2**20)))
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), huge, make_answer("A-2")])
    with Store(db_path) as store:
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [str(b) for b in result.bad] == [f"{path}:2: longer than 16 MiB, the most a line holds"]
    assert result.answers == 2


@pytest.mark.parametrize(
    ("field", "items"),
    [
        ("sources", [{"id": f"s{i}", "text": "Refunds."} for i in range(1001)]),
        ("claims", [{"text": "Refunds."}] * 1001),
    ],
)
def test_an_answer_with_over_1000_sources_or_claims_is_a_bad_line(db_path, tmp_path, field, items):
    """100,000 sources were accepted: the review screen took 44 s and 2 GB to open them."""
    path = write_jsonl(tmp_path / "in.jsonl", [make_answer("X", **{field: items})])
    with Store(db_path) as store:
        result = import_files(store, [str(path)])
    assert [b.reason for b in result.bad] == [
        f"field '{field}': List should have at most 1000 items after validation, not 1001"
    ]
