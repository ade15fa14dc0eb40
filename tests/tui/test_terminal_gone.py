"""A review outlives no terminal (docs/review.md "When the terminal goes"): real
``groundtui review`` processes on a pseudo-terminal, which the test then closes (as a
killed tmux or a dropped SSH connection does) or hangs up by signal. Each process must end
by itself and free the answer it opened. Also what such a process writes to its terminal:
no hyperlink made from an answer's text."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.helpers.builders import imported_db, make_answer

# Real review processes on real pseudo-terminals.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
MARK = "Quokkaplex"
"""A word of the answer: once it is on the terminal, the answer is drawn."""
URL = "https://tracker.example/p?id=1"
RAW_LINK = "\x1b]8;;https://evil.example/\x1b\\click here\x1b]8;;\x1b\\"
"""An OSC 8 hyperlink written into the answer's text itself."""


def _db(tmp_path: Path) -> Path:
    claim = {"kind": "figure", "citation": 1, "verdict": "stated", "judge": "prod"}
    answer = make_answer(
        "T-1",
        question=f"Where is my {MARK} order? See {URL}",
        response=f"{MARK} orders ship in 2 days, tracked at {URL} [1]. {RAW_LINK} [2].",
        claims=[
            {**claim, "text": f"{MARK} orders ship in 2 days, tracked at {URL}."},
            {**claim, "text": f"{RAW_LINK}.", "citation": 2},
        ],
    )
    return imported_db(tmp_path, "gone", [answer])


class Terminal:
    """A ``groundtui review`` on a new pseudo-terminal of 120×40, and what it wrote."""

    def __init__(self, process: subprocess.Popen, main: int) -> None:
        self.process, self.main = process, main
        self.shown = b""

    def read_until(self, done: Callable[[], bool], timeout: float = 60.0) -> None:
        """Read what the process writes until ``done()`` (the terminal must not fill up)."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, (
                f"timed out; the terminal ends {self.shown[-800:]!r}"
            )
            if select.select([self.main], [], [], 0.1)[0]:
                try:
                    self.shown += os.read(self.main, 65536)
                except OSError:  # EIO: the process closed its end
                    return

    @property
    def text(self) -> bytes:
        """What the process wrote, its colours and cursor moves left out (a word may be
        written in pieces)."""
        return re.sub(rb"\x1b\[[0-9;?<>=$]*[A-Za-z~]", b"", self.shown)

    def close(self) -> None:
        """Close the terminal: its device hangs up (a killed tmux, a closed window)."""
        if self.main >= 0:
            os.close(self.main)
            self.main = -1


@contextmanager
def review_on_a_terminal(db: Path, session_leader: bool) -> Iterator[Terminal]:
    """``groundtui review --reviewer hugo`` with a pseudo-terminal as its stdin, stdout and
    stderr. ``session_leader``: the terminal is the process's controlling terminal, so
    closing it sends SIGHUP too; else the process is outside the terminal's session (as a
    process a closed tmux left behind was), and nothing but the hung-up device tells it."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

    def controlling() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        [sys.executable, "-m", "groundtui", "review", "--db", str(db), "--reviewer", "hugo"],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"},
        start_new_session=session_leader,
        preexec_fn=controlling if session_leader else None,
    )
    os.close(child)
    terminal = Terminal(process, main)
    try:
        yield terminal
    finally:
        terminal.close()
        if process.poll() is None:
            process.kill()
        process.wait()


def leases(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from leases where reviewer = 'hugo'").fetchone()[0]


@pytest.mark.parametrize("session_leader", [True, False], ids=["with SIGHUP", "without SIGHUP"])
def test_closing_its_terminal_ends_the_review_and_frees_the_answer_it_opened(
    tmp_path: Path, session_leader: bool
) -> None:
    db = _db(tmp_path)
    with review_on_a_terminal(db, session_leader) as terminal:
        terminal.read_until(lambda: MARK.encode() in terminal.text and leases(db) == 1)
        terminal.close()
        # It ends by itself, within seconds (the timeout only bounds a failure), having
        # freed its answer: ended by the signal's default instead, it would keep it.
        terminal.process.wait(timeout=60)
    assert leases(db) == 0


def test_a_hangup_signal_ends_the_review_and_frees_the_answer_it_opened(tmp_path: Path) -> None:
    db = _db(tmp_path)
    with review_on_a_terminal(db, session_leader=False) as terminal:
        terminal.read_until(lambda: MARK.encode() in terminal.text and leases(db) == 1)
        terminal.process.send_signal(signal.SIGHUP)
        terminal.read_until(lambda: terminal.process.poll() is not None)
    assert leases(db) == 0


def test_no_hyperlink_is_written_for_an_answers_text(tmp_path: Path) -> None:
    """The answer's URL is drawn as text, and the OSC 8 hyperlink its text carries is drawn
    as visible characters (``\\x1b]8;;…``): the terminal receives no hyperlink at all."""
    db = _db(tmp_path)
    shown_link = b"\\x1b]8;;https://evil.example/"  # the stand-in, then the rest as text

    with review_on_a_terminal(db, session_leader=False) as terminal:
        terminal.read_until(
            lambda: shown_link in terminal.text and b"tracker.example/p?id=1" in terminal.text
        )
        os.write(terminal.main, b"q")
        terminal.read_until(lambda: terminal.process.poll() is not None)
    assert b"\x1b]8;" not in terminal.shown
