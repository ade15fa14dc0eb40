"""groundtui installed as a user installs it (``pip install`` of the checkout, not editable,
in a fresh virtual environment): a test project's pytest run uses ``assert_grounded`` and
``--groundtui-db``, and ``groundtui review`` opens the answers it recorded."""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # it builds a virtual environment

ROOT = Path(__file__).resolve().parents[1]
MARK = "Quokkaplex"
"""A word of a recorded answer: once the review draws it, the answer is open."""
LEFT_OUT = (".venv", ".venv-ray", ".git", "build", "dist", "*.egg-info", "__pycache__", "*.db")

PROJECT_TEST = f"""
from groundtui.testing import assert_grounded

SOURCES = ["{MARK} orders ship within 3 days of payment."]

def test_ships_in_3_days():
    assert_grounded("{MARK} orders ship within 3 days of payment [1].", SOURCES)

def test_ships_in_2_days():
    assert_grounded("{MARK} orders ship within 2 days of payment [1].", SOURCES)
"""


def run(*command: str | Path, cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env = {k: v for k, v in env.items() if not k.startswith(("PYTEST_", "GROUNDTUI_"))}
    return subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


def test_a_fresh_install_records_a_test_run_that_review_opens(tmp_path: Path):
    # The checkout as a user has it, copied so that building it writes nothing here.
    source = tmp_path / "groundtui-src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_OUT))
    venv = tmp_path / "venv"
    made = run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    bin_ = venv / "bin"
    installed = run(bin_ / "pip", "install", "--quiet", source, "pytest", cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-3000:]

    project = tmp_path / "project"
    project.mkdir()
    (project / "test_shipping.py").write_text(textwrap.dedent(PROJECT_TEST), encoding="utf-8")
    tested = run(bin_ / "python", "-m", "pytest", "-q", "--groundtui-db", "run.db", cwd=project)
    assert tested.returncode == 1, tested.stdout + tested.stderr
    assert "1 failed, 1 passed" in tested.stdout
    assert "2 answers asserted: 2 claims, 1 stated, groundedness 0.500" in tested.stdout
    where = run(bin_ / "python", "-c", "import groundtui; print(groundtui.__file__)", cwd=project)
    assert where.stdout.startswith(str(venv)), "the installed groundtui, not the checkout"

    recorded = run(
        bin_ / "groundtui",
        "export",
        "--format",
        "answers",
        "--db",
        "run.db",
        "-o",
        "-",
        cwd=project,
    )
    assert recorded.returncode == 0, recorded.stderr
    assert "test_shipping.py::test_ships_in_2_days" in recorded.stdout
    assert MARK in _review(bin_ / "groundtui", project / "run.db")


def _review(groundtui: Path, db: Path) -> str:
    """What ``groundtui review`` draws on a 140×40 pseudo-terminal until the recorded
    answer is on it, then quit with ``q``: the screen's text, escapes left out."""
    import fcntl
    import re
    import struct
    import termios

    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    process = subprocess.Popen(
        [str(groundtui), "review", "--db", str(db), "--reviewer", "ci"],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**env, "TERM": "xterm-256color"},
        cwd=db.parent,
    )
    os.close(child)
    shown = b""

    def text() -> str:
        return re.sub(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]", "", shown.decode("utf-8", "replace"))

    def read_until(done: Callable[[], bool], what: str) -> None:
        # Read all the while: a terminal nobody reads fills up and blocks its writer.
        nonlocal shown
        deadline = time.monotonic() + 120
        while not done():
            assert time.monotonic() < deadline, f"{what}; the screen ends {text()[-1500:]!r}"
            if select.select([main], [], [], 0.2)[0]:
                try:
                    shown += os.read(main, 65536)
                except OSError:  # EIO: the process closed its end
                    return

    try:
        # The answer's own words: what else is drawn (its id among them) comes as the
        # terminal's updates of parts of lines, not as one run of text.
        read_until(lambda: MARK in text(), "the review never drew the recorded answer")
        os.write(main, b"q")
        read_until(lambda: process.poll() is not None, "q did not end the review")
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    return text()
