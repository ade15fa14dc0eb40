"""One grammar of text facts: the importer, the check and the heuristic judge read alike.

Over the demo corpus, and over it with its markers respelled at random (seeded), the
citation the importer infers for a claim, the sentence scope the mechanical check gives
its specifics and the citation the heuristic judge extracts agree; no marker's digits
are ever a specific.
"""

from __future__ import annotations

import ast
import json
import random
import re
import sqlite3
import sys
from pathlib import Path

import pytest

from groundtui.checks import find_specifics, unsourced_specifics
from groundtui.judge.heuristic.extract import extract_claims
from groundtui.judge.spans import locate_claim
from groundtui.text.markers import (
    MARKER,
    NO_SOURCE,
    citations_near,
    distinct,
    marker_citations,
)
from groundtui.text.sentences import sentence_spans
from tests.helpers.builders import imported_db, make_answer

CORPUS = Path(__file__).resolve().parents[1] / "sample_data" / "answers.jsonl"
SPELLINGS = ("[{a}]", "[ {a} ]", "[  {a}]", "[{a}, {b}]", "[{a}-{c}]", "[{a};{b}]", "[1{a}]")
"""Ways to write a marker citing ``a`` (``b``, ``c``: the next sources; "[1a]" dangles)."""


def _answers() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]


def _respelled(answer: dict, rng: random.Random) -> dict:
    """The answer with each "[n]" written in one of ``SPELLINGS``, chosen by ``rng``."""

    def spell(m: re.Match[str]) -> str:
        a = int(m[1])
        return rng.choice(SPELLINGS).format(a=a, b=a + 1, c=a + 2)

    return {**answer, "response": re.sub(r"\[(\d+)\]", spell, answer["response"])}


LINES = {
    "id": "lines",
    "response": "Refunds take 5 days.\n[2] Returns take 30 days.\n- Sofas: 14 days [1]\n"
    "Returns in 30 days. [  2] Exchanges in 60 days [1].",
    "sources": [{"text": "Sofas: 14 days."}, {"text": "Returns take 30 days."}],
}
CASES = [pytest.param(a, id=a["id"]) for a in [*_answers(), LINES]]
RNG = random.Random(12)
FUZZED = [pytest.param(_respelled(a, RNG), id=f"{a['id']}-respelled") for a in _answers()]


def _sentence_of(response: str, at: int) -> tuple[int, int]:
    return next((s, e) for s, e in sentence_spans(response) if s <= at < e)


@pytest.mark.parametrize("answer", CASES + FUZZED)
def test_the_importer_the_check_and_the_judge_read_one_citation(answer: dict) -> None:
    response = answer["response"]
    sources = [s["text"] for s in answer["sources"]]
    markers = [range(*m.span()) for m in MARKER.finditer(response)]
    specifics = find_specifics(response)
    for specific in specifics:
        # no marker's digits are a specific
        assert not any(specific.start in span for span in markers), specific
        # the check's scope is the sentence's markers, as the text module reads both
        start, end = _sentence_of(response, specific.start)
        assert specific.sources == tuple(sorted(set(marker_citations(response, start, end))))
    for specific in unsourced_specifics(response, sources):
        start, end = _sentence_of(response, specific.start)
        cited = set(marker_citations(response, start, end))
        every = range(1, len(sources) + 1)
        assert specific.sources == tuple(n for n in every if not cited or n in cited)
    for claim in extract_claims(response):
        found, _ = locate_claim(claim.text, response)  # as the pipeline places a claim
        assert found is not None, claim.text
        imported = distinct(citations_near(response, found[0], found[1]))
        if imported:  # a clause without a marker takes its sentence's
            assert claim.citations == imported, claim.text
        within = [s for s in specifics if found[0] <= s.start < found[1]]
        assert all(set(claim.citations) <= set(s.sources) for s in within), claim.text


def test_a_padded_marker_cites_its_source_and_is_no_figure() -> None:
    [specific] = unsourced_specifics("Returns in 30 days [  2].", ["Returns in 30 days.", "Other."])
    assert (specific.text, specific.sources) == ("30", (2,))


@pytest.mark.parametrize("digits", ["99999999999999999999", "9" * 5000, "0"])
def test_a_marker_naming_no_source_dangles(digits: str, tmp_path: Path) -> None:
    response = f"Refunds take 5 days [{digits}]."
    assert [s.text for s in find_specifics(response)] == ["5"]
    [specific] = unsourced_specifics(response, ["Refunds take 5 days."])
    assert specific.sources == ()
    [claim] = extract_claims(response)
    assert claim.citations == (NO_SOURCE,)
    record = make_answer(response=response, claims=[{"text": "Refunds take 5 days."}])
    db = sqlite3.connect(imported_db(tmp_path, "huge", [record]))
    try:
        rows = db.execute("select citation, uncited, dangling from claims").fetchall()
    finally:
        db.close()
    assert rows == [(NO_SOURCE, 0, 1)]


@pytest.mark.parametrize(
    ("marker", "numbers"),
    [("[2]", [2]), ("[ 2 ]", [2]), ("[  2]", [2]), ("[\t2]", [2]), ("[1, 2]", [1, 2]),
     ("[1-3]", [1, 2, 3]), ("[1–3]", [1, 2, 3]), ("[1;2]", [1, 2]), ("[12]", [12]),
     ("[1-900]", [1, 900]), ("[007]", [7])],
)  # fmt: skip
def test_every_spelling_of_a_marker_names_its_numbers(marker: str, numbers: list[int]) -> None:
    text = f"Refunds take 5 days {marker}."
    assert marker_citations(text) == numbers
    [specific] = find_specifics(text)
    assert (specific.text, specific.sources) == ("5", tuple(sorted(set(numbers))))


def test_the_text_module_imports_only_the_standard_library_and_itself() -> None:
    """Lazy imports inside functions too: every import statement of ``groundtui/text``."""
    folder = Path(__file__).resolve().parents[1] / "groundtui" / "text"
    imported: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
    outside = {m for m in imported if m.split(".")[0] not in sys.stdlib_module_names}
    assert {m for m in outside if not m.startswith("groundtui.text.")} == set()
    assert "groundtui.text.markers" in outside
