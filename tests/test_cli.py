"""The command line, through click's CliRunner and once as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.store import Store
from tests.helpers.builders import (
    ctrl_c_as_at_a_terminal,
    interrupted,
    make_answer,
    packages_loaded,
    unread,
    write_jsonl,
)

COMMANDS = ["import", "scan", "judge", "review", "report", "export", "demo"]


def run(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), input=input, env=env)


def test_help_lists_every_command_of_the_spec() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for name in COMMANDS:
        assert f"  {name} " in result.output
    for name in COMMANDS:
        assert "--db" in run(name, "--help").output


def test_import_from_stdin_with_summary(db_path: Path) -> None:
    lines = "\n".join(json.dumps(make_answer(f"A-{i}")) for i in range(3))
    result = run("import", "-", "--db", str(db_path), input=lines)
    assert result.exit_code == 0, result.output
    assert "Imported 3 answers, 2 sources, 0 claims, 0 reviews; 0 unchanged; 0 lines skipped." in (
        result.output
    )
    again = run("import", "-", "--db", str(db_path), input=lines)
    assert "Imported 0 answers" in again.output and "3 unchanged" in again.output


def test_db_comes_from_the_environment(tmp_path: Path) -> None:
    target = tmp_path / "env.db"
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer()])
    result = run("import", str(path), env={"GROUNDTUI_DB": str(target)})
    assert result.exit_code == 0
    with Store(target) as store:
        assert store.scalar("select count(*) from answers") == 1


def test_bad_lines_exit_2_and_name_their_line(db_path: Path, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer(), "{"])
    result = run("import", str(path), "--db", str(db_path))
    assert result.exit_code == 2
    assert f"{path}:2: not JSON" in result.output
    assert "nothing imported" in result.output
    skipped = run("import", str(path), "--db", str(db_path), "--skip-invalid")
    assert skipped.exit_code == 1
    assert "1 line skipped" in skipped.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import", "nope.jsonl"], "nope.jsonl: no such file"),
        (["import", "{tmp}"], "is a folder, not a JSONL file"),
        (["import", "{jsonl}", "--db", "{tmp}"], "is a folder, not a database file"),
        (["import", "{jsonl}", "--db", "{tmp}/no/such/dir/x.db"], "no folder"),
        (["scan", "--db", "{tmp}/missing.db"], "no database at"),
        (
            ["import", "--bogus", "{jsonl}"],
            "No such option '--bogus'; see `groundtui import --help`",
        ),
        (["--bogus"], "groundtui: No such option '--bogus'; see `groundtui --help`"),
        (["judge", "--max-cost", "nan"], "'nan' is not a finite number; see `groundtui judge"),
    ],
)
def test_user_mistakes_are_one_line_without_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    jsonl = write_jsonl(tmp_path / "a.jsonl", [make_answer()])
    args = [a.format(tmp=tmp_path, jsonl=jsonl) for a in args]
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1, result.output  # click's usage errors too


@pytest.mark.slow
def test_end_to_end_as_a_subprocess(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer(), make_answer("A-2")])
    db = tmp_path / "sub.db"
    done = subprocess.run(
        [sys.executable, "-m", "groundtui", "import", str(path), "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Imported 2 answers" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "groundtui", "import", str(tmp_path / "x.jsonl"), "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and "no such file" in bad.stderr


@pytest.mark.slow
def test_review_without_a_terminal_says_so_instead_of_waiting_for_keys(tmp_path: Path) -> None:
    """In a script, a cron job or `ssh host` without -t, the UI waited for keys that could
    never come, at full CPU, until killed."""
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer()])
    db = tmp_path / "sub.db"
    assert run("import", str(path), "--db", str(db)).exit_code == 0
    before = db.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "groundtui", "review", "--db", str(db), "--reviewer", "dana"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "needs a terminal" in done.stderr and "groundtui serve" in done.stderr
    assert db.read_bytes() == before


def test_the_demo_without_a_terminal_builds_nothing(tmp_path: Path) -> None:
    target = tmp_path / "demo.db"
    result = run("demo", "--db", str(target))  # CliRunner's stdin is no terminal
    assert result.exit_code == 2
    assert "needs a terminal" in result.output
    assert not target.exists()
    assert run("demo", "--db", str(target), "--no-ui").exit_code == 0  # no UI, no terminal


@pytest.mark.slow
def test_core_modules_do_not_load_the_ui_or_litellm() -> None:
    core = [
        "store",
        "models",
        "importing.files",
        "text",
        "cli",
        "checks",
        "report",
        "exporting.claim_rows",
        "scan",
    ]
    core += ["demo", "judge.pipeline", "judge.llm", "judge.heuristic"]
    assert packages_loaded([f"groundtui.{name}" for name in core], ("textual", "litellm")) == []


def test_a_failed_import_into_a_new_database_leaves_no_file(tmp_path: Path) -> None:
    bad = write_jsonl(tmp_path / "bad.jsonl", ["{"])
    target = tmp_path / "new.db"
    assert run("import", str(bad), "--db", str(target)).exit_code == 2
    assert run("import", str(tmp_path / "missing.jsonl"), "--db", str(target)).exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]


@pytest.mark.parametrize("existing", [True, False])
def test_a_file_name_holding_a_newline_stays_on_its_line(tmp_path: Path, existing: bool) -> None:
    """A name is shown inert: its newline made the message two lines."""
    path = tmp_path / "a\nb.jsonl"
    if existing:
        write_jsonl(path, ["{"])
    result = run("import", str(path), "--db", str(tmp_path / "x.db"))
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert all(line.startswith("groundtui: ") for line in lines), lines
    assert f"{tmp_path}/a\\x0ab.jsonl" in lines[0]


def test_importing_nothing_into_a_new_database_leaves_no_file(tmp_path: Path) -> None:
    """``import /dev/null --db new.db`` left an empty database behind."""
    target = tmp_path / "new.db"
    result = run("import", os.devnull, "--db", str(target))
    assert result.exit_code == 0, result.output
    assert "Imported 0 answers" in result.output
    assert list(tmp_path.iterdir()) == []


def test_demo_refuses_a_database_holding_other_answers(tmp_path: Path) -> None:
    target = tmp_path / "mine.db"
    clash = make_answer("HS-0001", question="Something else entirely?")
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [clash])), "--db", str(target))
    result = run("demo", "--db", str(target), "--no-ui")
    assert result.exit_code == 2
    assert "already holds other answers" in result.output


_INTERRUPTED_WHILE_LOADING = """
import os, signal, sys
import groundtui.__main__ as entry
assert "groundtui.cli" not in sys.modules
# Ctrl-C a millisecond in: the CLI's modules take a tenth of a second to load.
signal.signal(signal.SIGALRM, lambda *_: os.kill(os.getpid(), signal.SIGINT))
signal.setitimer(signal.ITIMER_REAL, 0.001)
sys.argv = ["groundtui", "--help"]
entry.main()
"""


def test_ctrl_c_while_the_cli_is_still_loading_exits_130_saying_so() -> None:
    """The ``groundtui`` command's entry point catches a Ctrl-C before the CLI can."""
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_WHILE_LOADING],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "groundtui: interrupted"
    assert "Usage" not in done.stdout  # interrupted before the help was printed


@pytest.mark.slow
def test_ctrl_c_during_an_import_exits_130_saying_so_and_a_rerun_imports_everything(
    tmp_path: Path,
) -> None:
    """Ctrl-C is not click's "Aborted!" with exit code 1, which `import` uses for skipped lines."""
    db = tmp_path / "ctrl-c.db"
    lines = [json.dumps(make_answer(f"A-{i}")) for i in range(3)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen(  # reads stdin a line at a time, and waits for more
        [sys.executable, "-m", "groundtui", "import", "-", "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    assert proc.stdin is not None
    proc.stdin.write("\n".join(lines[:2]) + "\n")
    proc.stdin.flush()
    # Ctrl-C once the command has read the two lines: it is running, waiting for more
    stdin = proc.stdin
    err = interrupted(proc, lambda: unread(stdin) == 0)
    assert proc.returncode == 130, err
    assert err.strip() == "groundtui: interrupted", err
    if db.exists():  # nothing half-written
        with Store(db) as store:
            assert store.scalar("select count(*) from answers") == 0
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer(f"A-{i}") for i in range(3)])
    assert run("import", str(path), "--db", str(db)).exit_code == 0
    with Store(db) as store:
        assert store.scalar("select count(*) from answers") == 3


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["report"], ["report", "--json"], ["judges"], ["config"]])
def test_output_to_a_full_disk_is_one_line_not_a_traceback(
    tmp_path: Path, command: list[str]
) -> None:
    db = tmp_path / "full.db"
    assert (
        run(
            "import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(db)
        ).exit_code
        == 0
    )
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "groundtui", *command, "--db", str(db)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == "groundtui: cannot write the output: No space left on device\n"


def test_judge_refuses_heuristic_beside_a_model_given_on_the_command_line(
    db_path: Path, tmp_path: Path
) -> None:
    """Two judges named at once is a usage error; a model from GROUNDTUI_MODEL gives way."""
    source = tmp_path / "a.jsonl"
    write_jsonl(source, [make_answer("A-1")])
    assert run("import", str(source), "--db", str(db_path)).exit_code == 0
    both = run("judge", "--heuristic", "--model", "openai/gpt-4o", "--db", str(db_path))
    assert both.exit_code == 2
    assert "--heuristic and --model name two judges" in both.output
    with Store(db_path) as store:
        assert store.scalar("select count(*) from judgements") == 0
    env = {"GROUNDTUI_MODEL": "openai/gpt-4o"}
    offline = run("judge", "--heuristic", "--all", "--db", str(db_path), env=env)
    assert offline.exit_code == 0, offline.output
    with Store(db_path) as store:
        assert store.scalar("select count(*) from judgements where judge = 'heuristic'") > 0


def test_a_python_without_the_dependencies_is_told_what_to_install() -> None:
    """``python -S`` has no site-packages: click, sqlite-utils and the rest are missing."""
    done = subprocess.run(
        [sys.executable, "-S", "-m", "groundtui", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("groundtui: this Python lacks the package ")
    assert "pip install ." in done.stderr


@pytest.mark.slow
def test_the_demo_prints_commands_that_run_as_printed(tmp_path: Path) -> None:
    """Run as ``.venv/bin/groundtui`` from the repository, as ``make demo`` does: the
    commands it prints afterwards are that path, not a ``groundtui`` the PATH lacks."""
    script = Path(sys.executable).with_name("groundtui")
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k != "PATH"} | {"PATH": "/usr/bin:/bin"}
    db = tmp_path / "demo.db"
    done = subprocess.run(
        [str(script), "demo", "--db", str(db), "--no-ui"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    printed = done.stdout.split("`")[1::2]
    report = next(c for c in printed if " report " in c)
    again = subprocess.run(
        report.split(), cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert again.returncode == 0, (report, again.stderr)
    assert again.stdout.startswith("groundtui report")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["judge", "--max-cost", "nan"], "Invalid value for '--max-cost': 'nan' is not a finite"),
        (["judge", "--max-cost", "inf"], "Invalid value for '--max-cost': 'inf' is not a finite"),
        (["judge", "--timeout", "nan"], "Invalid value for '--timeout': 'nan' is not a finite"),
        (["leases", "--release", ""], "groundtui: --release: a reviewer needs a name"),
        (["leases", "--release", "  "], "groundtui: --release: a reviewer needs a name"),
    ],
)
def test_a_flag_value_no_number_or_name_is_refused(
    db_path: Path, tmp_path: Path, args: list[str], said: str
) -> None:
    """`judge --max-cost nan` and `leases --release ""` were accepted."""
    run("import", str(write_jsonl(tmp_path / "a.jsonl", [make_answer()])), "--db", str(db_path))
    result = run(*args, "--db", str(db_path))
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert "Traceback" not in result.output
