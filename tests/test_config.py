"""``groundtui config``: settings kept in the database, shared by everyone on it, and the
import's size limits that read them."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.store import SETTINGS, Store
from tests.helpers.builders import make_answer, write_jsonl


def _config(db, *args):
    return CliRunner().invoke(cli, ["config", "--db", str(db), *args])


def test_settings_print_as_key_value_lines_and_are_shared_through_the_file(db_path):
    Store(db_path).close()
    assert _config(db_path).output == (
        "max_answer_chars 1000000\nmax_source_chars 5000000\noverlap 0.0\nlease_minutes 15\n"
        "guidelines \ncontrol_share 0.05\n"
    )
    assert _config(db_path, "max_answer_chars", "5,000").output == "max_answer_chars 5000\n"
    with Store(db_path) as other:  # another process, another connection: the same value
        assert other.settings.get("max_answer_chars") == 5000
    assert _config(db_path, "max_answer_chars").output == "max_answer_chars 5000\n"


def test_a_bad_key_or_value_is_one_line_and_exit_2(db_path):
    Store(db_path).close()
    for args, said in [
        (["colour", "blue"], "no setting 'colour'; the settings are: max_answer_chars"),
        (["max_source_chars", "many"], "max_source_chars: 'many' is not a whole number"),
        (["max_source_chars", "0"], "max_source_chars: 0 is not a whole number from 1 to"),
    ]:
        result = _config(db_path, *args)
        assert result.exit_code == 2 and result.output.startswith(f"groundtui: {said}")
        assert len(result.output.splitlines()) == 1
    assert _config(db_path, "max_source_chars").output == "max_source_chars 5000000\n"


def test_an_answer_or_a_source_over_the_limits_is_a_bad_line(db_path, tmp_path):
    with Store(db_path) as store:
        store.settings.set("max_answer_chars", "100")
        store.settings.set("max_source_chars", "60")
        long_response = make_answer("A-2", response="Sofas can be returned within 14 days. " * 3)
        long_source = make_answer("A-3")
        long_source["sources"][1]["text"] = "Refunds are issued within 5 working days. " * 2
        path = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1"), long_response, long_source])
        result = import_files(store, [str(path)], skip_invalid=True)
    assert [str(b) for b in result.bad] == [
        f"{path}:2: field 'response': 114 characters, over max_answer_chars (100; "
        "`groundtui config max_answer_chars N` changes it)",
        f"{path}:3: field 'sources.1.text': 84 characters, over max_source_chars (60; "
        "`groundtui config max_source_chars N` changes it)",
    ]
    assert result.answers == 1


def test_the_help_lists_every_setting():
    """`config --help` listed five settings: control_share, which `config` prints, was not."""
    shown = CliRunner().invoke(cli, ["config", "--help"]).output
    assert [
        name for name in SETTINGS if f"\n  {name}: {SETTINGS[name].values}, " not in shown
    ] == []


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("lease_minutes", "5000000000", "5000000000 is not a whole number from 1 to 10,080"),
        ("lease_minutes", "10081", "10081 is not a whole number from 1 to 10,080"),
        ("max_answer_chars", "99999999999999999999999", "is not a whole number from 1 to"),
        ("max_source_chars", "100_000_001", "is not a whole number from 1 to 100,000,000"),
        ("overlap", "nan", "nan is not between 0 and 1"),
        ("control_share", "inf", "inf is not between 0 and 1"),
        ("control_share", "1.5", "1.5 is not between 0 and 1"),
    ],
)
def test_every_setting_is_bounded(db_path, key, value, said):
    """`config lease_minutes 5000000000` was accepted, and the review UI then never opened
    an answer; `config max_answer_chars 99999999999999999999999` was accepted."""
    Store(db_path).close()
    result = _config(db_path, key, value)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"groundtui: {key}: ") and said in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert _config(db_path, key).output == f"{key} {SETTINGS[key].default}\n"
    top = SETTINGS[key].high
    assert _config(db_path, key, str(top)).exit_code == 0  # the bound itself is taken


def _write_setting(db_path, key, value):
    """A value written into the settings table by another program, not by `config`."""
    conn = sqlite3.connect(db_path)
    conn.execute("insert or replace into settings (key, value) values (?, ?)", [key, value])
    conn.commit()
    conn.close()


BAD = {
    "overlap": ("2", "2 is not between 0 and 1"),
    "control_share": ("nan", "nan is not between 0 and 1"),
    "max_answer_chars": ("abc", "'abc' is not a whole number"),
    "lease_minutes": ("5000000000", "5000000000 is not a whole number from 1 to 10,080"),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "key"),
    [
        *[(["config"], key) for key in BAD],
        *[(["import", "{jsonl}"], key) for key in BAD],
        *[(["review"], key) for key in BAD],
        (["report"], "overlap"),
        (["report"], "control_share"),
        (["judge", "--heuristic"], "control_share"),
        (["judge", "--heuristic", "--dry-run"], "control_share"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_a_bad_value_in_the_database_is_one_line_naming_the_setting(
    db_path, tmp_path, command, key, a_terminal, monkeypatch
):
    """A bad setting written into the database directly: `report`, `import`, `config` and
    `judge` ended in a traceback. Each command that reads the setting names it."""

    def no_ui(*args):
        raise AssertionError("the review UI opened with a bad setting")

    monkeypatch.setattr("groundtui.tui.app.ReviewApp.run", no_ui)  # refused before, or fail
    value, said = BAD[key]
    jsonl = write_jsonl(tmp_path / "in.jsonl", [make_answer("A-1")])
    with Store(db_path) as store:
        import_files(store, [str(jsonl)])
    _write_setting(db_path, key, value)
    args = [a.format(jsonl=jsonl) for a in command]
    result = CliRunner().invoke(cli, [*args, "--db", str(db_path)])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"groundtui: {db_path} holds a bad value for the setting {key}: {said}; "
        f"set it with `groundtui config {key} VALUE`\n"
    )


def test_config_fixes_a_bad_value_in_the_database(db_path):
    """The fix the sentence gives works, and one bad setting does not block another's."""
    Store(db_path).close()
    _write_setting(db_path, "overlap", "2")
    _write_setting(db_path, "control_share", "nan")
    assert _config(db_path, "lease_minutes").output == "lease_minutes 15\n"
    assert _config(db_path, "overlap", "0.2").output == "overlap 0.2\n"
    assert _config(db_path, "control_share", "0.1").output == "control_share 0.1\n"
    assert _config(db_path).exit_code == 0
