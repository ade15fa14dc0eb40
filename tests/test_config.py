"""``groundtui config``: settings kept in the database, shared by everyone on it, and the
import's size limits that read them."""

from __future__ import annotations

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.store import Store
from groundtui.store.settings import SETTINGS
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
        assert other.setting("max_answer_chars") == 5000
    assert _config(db_path, "max_answer_chars").output == "max_answer_chars 5000\n"


def test_a_bad_key_or_value_is_one_line_and_exit_2(db_path):
    Store(db_path).close()
    for args, said in [
        (["colour", "blue"], "no setting 'colour'; the settings are: max_answer_chars"),
        (["max_source_chars", "many"], "max_source_chars: 'many' is not a whole number"),
        (["max_source_chars", "0"], "max_source_chars: 0 is not a positive number"),
    ]:
        result = _config(db_path, *args)
        assert result.exit_code == 2 and result.output.startswith(f"groundtui: {said}")
        assert len(result.output.splitlines()) == 1
    assert _config(db_path, "max_source_chars").output == "max_source_chars 5000000\n"


def test_an_answer_or_a_source_over_the_limits_is_a_bad_line(db_path, tmp_path):
    with Store(db_path) as store:
        store.set_setting("max_answer_chars", "100")
        store.set_setting("max_source_chars", "60")
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
    assert [name for name in SETTINGS if f"\n  {name} " not in shown] == []
