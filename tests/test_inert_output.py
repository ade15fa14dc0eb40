"""Text from the data reaches the terminal inert: through the text report, the JSON report,
a refused ``--judge`` and the import's bad-line messages, no escape sequence, bidi control
or zero-width character arrives raw."""

from __future__ import annotations

import json

from click.testing import CliRunner

from groundtui.cli import cli
from tests.helpers.builders import make_answer, write_jsonl

CSI_CLEAR = "\x1b[2J"
OSC_TITLE = "\x1b]0;pwned\x07"
HOSTILE = f"help{CSI_CLEAR}centre{OSC_TITLE}\u202eevil\u200b\x9b31m"
RAW = ["\x1b", "\x07", "\u202e", "\u200b", "\x9b"]


def _db_with_hostile_origin(tmp_path):
    record = make_answer(
        "A-1",
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "citation": 1,
                "verdict": "stated",
                "judge": f"judge{OSC_TITLE}",
            }
        ],
    )
    record["sources"][0]["origin"] = HOSTILE
    db = tmp_path / "g.db"
    runner = CliRunner()
    result = runner.invoke(
        cli, ["import", "--db", str(db), str(write_jsonl(tmp_path / "a.jsonl", [record]))]
    )
    assert result.exit_code == 0, result.output
    return db


def test_the_text_report_shows_origins_inert(tmp_path):
    db = _db_with_hostile_origin(tmp_path)
    out = CliRunner().invoke(cli, ["report", "--db", str(db)]).output
    assert not [c for c in RAW if c in out]
    assert "help\\x1b[2Jcentre" in out.replace("\n", "")


def test_the_json_report_escapes_them_and_reads_back_the_same(tmp_path):
    db = _db_with_hostile_origin(tmp_path)
    out = CliRunner().invoke(cli, ["report", "--db", str(db), "--json"]).output
    assert not [c for c in RAW if c in out]
    assert HOSTILE in json.loads(out)["by_source"]


def test_a_refused_judge_names_the_judges_inert(tmp_path):
    db = _db_with_hostile_origin(tmp_path)
    result = CliRunner().invoke(cli, ["report", "--db", str(db), "--judge", f"x{CSI_CLEAR}"])
    assert result.exit_code == 2
    assert not [c for c in RAW if c in result.output]
    assert "judge\\x1b]0;pwned\\x07" in result.output


def test_a_bad_line_quoting_the_data_is_printed_inert(tmp_path):
    path = write_jsonl(tmp_path / "bad.jsonl", [make_answer(f"A{OSC_TITLE}", correct="yes")])
    result = CliRunner().invoke(cli, ["import", "--db", str(tmp_path / "g.db"), str(path)])
    assert result.exit_code == 2
    assert not [c for c in RAW if c in result.output]


def test_a_refused_judge_names_long_judge_names_shortened(tmp_path):
    """A judge named by the data with 100,000 characters was printed whole, in
    `report --judge X` and `report --compare X Y` refusing X."""
    record = make_answer(
        "A-1",
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "citation": 1,
                "verdict": "stated",
                "judge": "J" * 100_000,
            }
        ],
    )
    db = tmp_path / "g.db"
    path = write_jsonl(tmp_path / "a.jsonl", [record])
    assert CliRunner().invoke(cli, ["import", "--db", str(db), str(path)]).exit_code == 0
    for args in (["--judge", "x" * 100_000], ["--compare", "x" * 100_000, "y"]):
        result = CliRunner().invoke(cli, ["report", "--db", str(db), *args])
        assert result.exit_code == 2
        [line] = result.output.splitlines()
        assert len(line) < 400 and "JJJJ" in line and "xxxx" in line, line
