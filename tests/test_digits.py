"""Digits of every script (groundtui/text/digits.py): the mechanical check and the heuristic
judge read a figure's value, so "３０", "٣٠", "३०", "𝟑𝟎" and "³⁰" are 30 against a source's
"14 days"; a letter that only looks like a digit is never read as the source's figure."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.checks import SourceIndex, unsourced_specifics
from groundtui.cli import cli
from groundtui.judge.heuristic.judge import HeuristicJudge
from groundtui.models import CHECK_NAME
from groundtui.store import Store
from groundtui.text.digits import read_digits, reads_digits_as_written
from tests.helpers.builders import make_answer, write_jsonl

THIRTY = {
    "fullwidth": "３０",
    "Arabic-Indic": "٣٠",
    "Devanagari": "३०",
    "mathematical bold": "𝟑𝟎",
    "superscript": "³⁰",
    "Bengali": "৩০",
    "Thai": "๓๐",
}
FOURTEEN = "Refunds are accepted within 14 days of delivery."
SAID_30 = "Refunds are accepted within 30 days of delivery."


@pytest.mark.parametrize("thirty", THIRTY.values(), ids=THIRTY.keys())
def test_thirty_in_any_script_is_flagged_against_fourteen_at_its_place_as_written(
    thirty: str,
) -> None:
    response = f"Refunds are accepted within {thirty} days of delivery [1]."
    as_text: list[str] = [FOURTEEN]
    indexed: list[SourceIndex] = [SourceIndex(FOURTEEN)]
    for sources in (as_text, indexed):
        (found,) = unsourced_specifics(response, sources)
        assert (found.text, found.kind) == (thirty, "figure")
        assert response[found.start : found.end] == thirty
    # and it is the figure a source in either script gives
    assert unsourced_specifics(response, [SAID_30]) == []
    assert unsourced_specifics(SAID_30.replace(".", " [1]."), [response]) == []


def test_a_figure_inside_chinese_or_japanese_text_is_read() -> None:
    """No space comes before a number in CJK text: "は" then "３０" starts a figure."""
    response = "返金は３０日以内です [1]。"
    (found,) = unsourced_specifics(response, ["返金は14日以内です。"])
    assert found.text == "３０" and response[found.start : found.end] == "３０"
    assert unsourced_specifics(response, ["返金は30日以内です。"]) == []
    assert unsourced_specifics("价格为３，０００元 [1]。", ["价格为3,000元。"]) == []
    assert [
        s.text for s in unsourced_specifics("价格为３，５００元 [1]。", ["价格为3,000元。"])
    ] == ["３，５００"]


def test_a_letter_that_looks_like_a_digit_is_never_the_sources_figure() -> None:
    """The Cyrillic "з" reads as 3 to a person: the check reads the letter as a letter and the
    "0" after it as a figure of its own, which "30 days" does not give."""
    response = "Refunds are accepted within з0 days of delivery [1]."
    assert [s.text for s in unsourced_specifics(response, [SAID_30])] == ["0"]
    assert [s.text for s in unsourced_specifics(response, [FOURTEEN])] == ["0"]
    # a Latin letter before a digit is one token, as it always was: "A380" holds no figure
    found = unsourced_specifics("The A380 flies [1].", ["The A320 flies."])
    assert [(s.text, s.kind) for s in found] == [("A380", "name")]


def test_an_exponent_or_footnote_mark_after_a_number_is_no_digit_of_it() -> None:
    assert unsourced_specifics("It costs $49.99¹ [1].", ["It costs $49.99."]) == []
    assert [s.text for s in unsourced_specifics("About 10³ units [1].", ["About 1000 units."])] == [
        "10"
    ]
    assert unsourced_specifics("About 10³ units [1].", ["About 10³ units."]) == []


@pytest.mark.parametrize("thirty", [*THIRTY.values(), "з0"], ids=[*THIRTY.keys(), "Cyrillic з"])
def test_the_heuristic_judge_reads_the_figure_not_the_glyphs(thirty: str) -> None:
    judge = HeuristicJudge()
    claim = f"Refunds are accepted within {thirty} days of delivery."
    against_14 = judge.verify_sync(claim, FOURTEEN)
    assert against_14.verdict.value == "contradicted", against_14.rationale
    against_30 = judge.verify_sync(claim, SAID_30)
    assert (against_30.verdict.value == "stated") == (thirty != "з0"), against_30.rationale


def test_scan_and_judge_heuristic_through_the_cli(tmp_path: Path) -> None:
    """As a user runs them: each answer writes 30 in another script (or з0) against a source
    that says 14 days; scan flags every one, the judge states none."""
    forms = {**THIRTY, "CJK": "返金は３０日以内です", "Cyrillic": "з0"}
    records = []
    for name, thirty in forms.items():
        response = (
            f"{thirty} [1]。"
            if name == "CJK"
            else f"Refunds are accepted within {thirty} days [1]."
        )
        source = "返金は14日以内です。" if name == "CJK" else FOURTEEN
        records.append(
            make_answer(name, response=response, sources=[{"id": "returns", "text": source}])
        )
    db = tmp_path / "digits.db"
    runner = CliRunner()
    jsonl = write_jsonl(tmp_path / "answers.jsonl", records)
    for args in (["import", str(jsonl)], ["scan"], ["judge", "--heuristic", "--all"]):
        run = runner.invoke(cli, [*args, "--db", str(db)])
        assert run.exit_code == 0, run.output
    with Store(db) as store:
        flagged = {
            r["answer_id"]: [s["text"] for s in json.loads(r["details"])["specifics"]]
            for r in store.query("select * from flags where check_name = ?", [CHECK_NAME])
        }
    expected = {name: [thirty] for name, thirty in THIRTY.items()}
    assert flagged == {**expected, "CJK": ["３０"], "Cyrillic": ["0"]}
    run = runner.invoke(cli, ["export", "--db", str(db)])
    verdicts = {
        json.loads(line)["answer_id"]: json.loads(line)["judge_verdict"]
        for line in run.stdout.splitlines()
    }
    assert set(verdicts) == set(forms)
    assert "stated" not in verdicts.values(), verdicts


def test_reading_digits_keeps_every_offset_and_reads_its_own_output_as_written() -> None:
    """A seeded fuzz of digits, superscripts, signs and letters: the text read is as long as
    the text, read again unchanged, and the check (which reads a text until it reads as
    written) ends on it."""
    pieces = [*"3０٣३𝟑³⁰₂①，％＄зaは .…", "\u0301", "\u00a0"]  # fmt: skip
    rng = random.Random(46)
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        read = read_digits(text)
        assert len(read) == len(text)
        # the quick test agrees with the text read in full (a "٣" after it forces the reading)
        assert reads_digits_as_written(text) == (read_digits(text + " ٣")[:-2] == text)
        assert read_digits(read) == read and reads_digits_as_written(read)
        unsourced_specifics(text + " [1].", ["14 days"])
