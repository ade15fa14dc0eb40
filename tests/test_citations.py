"""Citations as teams write them (docs/formats.md): a claim citing several sources, a source
named by its id, sources carrying their own numbers; what the store, the check and the report
make of them."""

from __future__ import annotations

import json
from pathlib import Path

from groundtui.checks import unsourced_specifics
from groundtui.importing.files import import_files
from groundtui.judge.heuristic import HeuristicJudge
from groundtui.judge.pipeline import judge_answers
from groundtui.report import compute
from groundtui.scan import scan_answers
from groundtui.store import Store
from groundtui.text.markers import numbered
from tests.helpers.builders import imported_db, make_answer, write_jsonl

RETURNS = "Sofas can be returned within 14 days of delivery."
REFUNDS = "Refunds are issued within 5 working days."


def _claims(path: Path) -> list[dict]:
    with Store(path) as store:
        return store.query(
            "select c.id, c.citation, c.citations, c.uncited, c.dangling,"
            " (select json_group_array(s.source_id) from json_each(c.cited_keys) k"
            "  join sources s on s.key = k.value) as cited"
            " from claims c order by c.answer_id, c.ordinal"
        )


def _cited(path: Path) -> list[tuple]:
    return [(json.loads(c["citations"] or "null"), json.loads(c["cited"])) for c in _claims(path)]


def test_a_claim_cites_a_list_of_sources(tmp_path: Path) -> None:
    record = make_answer(
        claims=[
            {"text": "Sofas can be returned within 14 days.", "citation": [1, 2]},
            {"text": "Refunds take 5 days.", "citation": 2},
        ]
    )
    path = imported_db(tmp_path, "list", [record])
    assert _cited(path) == [([1, 2], ["returns-v3", "refunds"]), ([2], ["refunds"])]
    first = _claims(path)[0]
    assert (first["citation"], first["uncited"], first["dangling"]) == (1, 0, 0)


def test_markers_naming_several_sources_cite_each(tmp_path: Path) -> None:
    response = "Sofas can be returned within 14 days [1][2]. Refunds take 5 days [1, 2]."
    record = make_answer(
        response=response,
        claims=[
            {"text": "Sofas can be returned within 14 days."},
            {"text": "Refunds take 5 days."},
        ],
    )
    path = imported_db(tmp_path, "markers", [record])
    both = ["returns-v3", "refunds"]
    assert _cited(path) == [([1, 2], both), ([1, 2], both)]


def test_a_citation_may_name_a_source_by_its_id(tmp_path: Path) -> None:
    record = make_answer(
        claims=[
            {"text": "Refunds take 5 days.", "citation": "refunds"},
            {
                "text": "Sofas can be returned within 14 days.",
                "citation": ["returns-v3", "refunds"],
            },
            {"text": "Sofas can be returned within 14 days.", "citation": "no-such-source"},
        ]
    )
    path = imported_db(tmp_path, "ids", [record])
    assert _cited(path)[:2] == [([2], ["refunds"]), ([1, 2], ["returns-v3", "refunds"])]
    dangling = _claims(path)[2]
    assert (dangling["dangling"], dangling["uncited"], json.loads(dangling["cited"])) == (1, 0, [])


def test_sources_keep_their_order_and_their_own_numbers(tmp_path: Path) -> None:
    # As a tracing tool gives them: "[4]", "[1]" in arbitrary order, with gaps.
    record = make_answer(
        response="Refunds take 5 days [4]. Sofas can be returned within 14 days [1].",
        sources=[
            {"id": "refunds", "text": REFUNDS, "number": 4},
            {"id": "returns-v3", "text": RETURNS, "number": 1},
        ],
        claims=[
            {"text": "Refunds take 5 days."},
            {"text": "Sofas can be returned within 14 days."},
        ],
    )
    path = imported_db(tmp_path, "numbers", [record])
    assert _cited(path) == [([4], ["refunds"]), ([1], ["returns-v3"])]
    with Store(path) as store:
        rows = store.answers.sources("A-1")
        assert [(s["position"], s["number"], s["source_id"]) for s in rows] == [
            (1, 4, "refunds"),
            (2, 1, "returns-v3"),
        ]
        # The check reads "[4]" as the source numbered 4: both figures are sourced.
        assert scan_answers(store, all_answers=True).flagged == 0


def test_the_check_follows_the_sources_own_numbers() -> None:
    response = "Refunds take 5 days [4]. Sofas can be returned within 14 days [1]."
    assert unsourced_specifics(response, [REFUNDS, RETURNS], numbers=[4, 1]) == []
    swapped = unsourced_specifics(response, [REFUNDS, RETURNS], numbers=[1, 4])
    assert [(s.text, s.sources) for s in swapped] == [("5", (4,)), ("14", (1,))]
    # A marker naming no number of the answer cites nothing.
    [gap] = unsourced_specifics("Refunds take 5 days [2].", [REFUNDS], numbers=[4])
    assert (gap.text, gap.sources) == ("5", ())


def test_two_sources_with_one_number_are_a_bad_line(tmp_path: Path) -> None:
    record = make_answer(
        sources=[
            {"id": "a", "text": RETURNS, "number": 1},
            {"id": "b", "text": REFUNDS, "number": 1},
        ]
    )
    with Store(tmp_path / "db.db") as store:
        result = import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [record]))])
        assert [b.reason for b in result.bad] == ["two sources of the answer have the same number"]
        assert store.scalar("select count(*) from answers") == 0


def test_the_report_counts_a_claim_under_each_origin_it_cites(tmp_path: Path) -> None:
    record = make_answer(
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "citation": [1, 2],
                "verdict": "stated",
            },
            {
                "text": "Refunds take 5 days.",
                "citation": 2,
                "verdict": "absent",
                "invention_kind": "plausible_specifics",
            },
        ]
    )
    path = imported_db(tmp_path, "report", [record])
    with Store(path) as store:
        maintained = compute(store)
        recounted = compute(store, judge="import")
    for report in (maintained, recounted):
        assert report["claims"] == 2  # each claim once overall
        by_source = report["by_source"]
        assert by_source["help-centre"]["claims"] == 1
        assert by_source["help-centre"]["claim_level"] == 1.0
        assert by_source["pdf-archive"]["claims"] == 2
        assert by_source["pdf-archive"]["claim_level"] == 0.5
        assert by_source["help-centre"]["answers"] == by_source["pdf-archive"]["answers"] == 1
    # Re-citing the claim to one source moves its counts, as the recount would have them.
    with Store(path) as store:
        keys = [r["key"] for r in store.query("select key from sources order by source_id")]
        with store.transaction():
            store.db.execute(
                "update claims set cited_keys = ?, source_key = ? where id = 'A-1#2'",
                [json.dumps([keys[1]]), keys[1]],
            )  # returns-v3, help-centre
        moved = compute(store)
        assert moved["by_source"]["help-centre"]["claims"] == 2
        assert moved["by_source"]["pdf-archive"]["claims"] == 1
        assert moved["by_source"] == compute(store, judge="import")["by_source"]


def test_markers_may_name_sources_by_id(tmp_path: Path) -> None:
    response = "Sofas can be returned within 14 days [returns-v3]. Refunds take 5 days [refunds]."
    record = make_answer(
        response=response,
        claims=[
            {"text": "Sofas can be returned within 14 days."},
            {"text": "Refunds take 5 days."},
        ],
    )
    path = imported_db(tmp_path, "id-markers", [record])
    assert _cited(path) == [([1], ["returns-v3"]), ([2], ["refunds"])]
    with Store(path) as store:
        # Read as citations: the "3" of "returns-v3" is no figure, and both figures are sourced.
        assert scan_answers(store, all_answers=True).flagged == 0
    swapped = response.replace("[returns-v3]", "[refunds_]").replace("[refunds]", "[returns-v3]")
    [specific] = unsourced_specifics(
        numbered(swapped, ["returns-v3", "refunds"]), [RETURNS, REFUNDS]
    )
    assert (specific.text, specific.sources) == ("5", (1,))


async def test_the_judge_reads_markers_naming_sources_by_id(tmp_path: Path) -> None:
    response = "Sofas can be returned within 14 days [returns-v3]. Refunds take 5 days [refunds]."
    path = imported_db(tmp_path, "judge-ids", [make_answer(response=response)])
    with Store(path) as store:
        await judge_answers(store, HeuristicJudge(), all_answers=True)
    assert _cited(path) == [([1], ["returns-v3"]), ([2], ["refunds"])]


def test_a_citation_of_an_id_two_sources_share_is_a_bad_line(tmp_path: Path) -> None:
    """Two chunks of one document may share an id; citing that id names either, so it is
    refused, by a claim or by a marker; cited by number, the answer imports."""
    chunks = [{"id": "policy", "text": RETURNS}, {"id": "policy", "text": REFUNDS}]
    by_claim = make_answer(
        "A-1",
        sources=chunks,
        response="Refunds take 5 days [2].",
        claims=[{"text": "Refunds take 5 days.", "citation": "policy"}],
    )
    by_marker = make_answer("A-2", sources=chunks, response="Refunds take 5 days [policy].")
    by_number = make_answer("A-3", sources=chunks, response="Refunds take 5 days [2].")
    with Store(tmp_path / "db.db") as store:
        path = write_jsonl(tmp_path / "a.jsonl", [by_claim, by_marker, by_number])
        result = import_files(store, [str(path)], skip_invalid=True)
        assert [b.reason for b in result.bad] == [
            "claims[0].citation names 'policy', the id of two sources of the answer: "
            "cite them by number",
            "the response cites [policy], the id of two sources of the answer: cite them by number",
        ]
        assert store.query("select id from answers") == [{"id": "A-3"}]
