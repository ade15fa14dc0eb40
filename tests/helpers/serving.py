"""For the tests of ``groundtui serve``: a database of a few answers of three claims each,
and a real ``groundtui serve`` process."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from groundtui.importing.files import import_files
from groundtui.store import Store
from tests.helpers.builders import make_answer, write_jsonl


def three_claim_answers(n: int) -> list[dict]:
    claim = {"kind": "figure", "citation": 1, "verdict": "stated", "judge": "prod"}
    return [
        make_answer(
            f"W-{i:03}",
            claims=[
                {**claim, "text": "Sofas can be returned within 14 days."},
                {**claim, "text": "Refunds take 5 days.", "citation": 2},
                {
                    **claim,
                    "text": "Returns are free.",
                    "verdict": "absent",
                    "invention_kind": "confident_generalisation",
                },
            ],
        )
        for i in range(n)
    ]


def serve_db(tmp_path: Path, answers: int = 6) -> Path:
    path = tmp_path / "serve.db"
    with Store(path) as store:
        jsonl = write_jsonl(tmp_path / "a.jsonl", three_claim_answers(answers))
        assert import_files(store, [str(jsonl)]).exit_code == 0
    return path


ROOT = Path(__file__).resolve().parents[2]


class Served:
    """A ``groundtui serve`` process on a free port of 127.0.0.1, and what it logged.

    ``args`` are added to its command line, ``env`` to its environment (which its sessions
    inherit)."""

    def __init__(
        self, db: Path, args: tuple[str, ...] = (), env: dict[str, str] | None = None
    ) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "groundtui", "serve", "--db", str(db), "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        self.first = first = self.process.stdout.readline()
        """The first line it printed: where it serves, and its caps."""
        self.url = first.split(" on ", 1)[1].split()[0].rstrip("/")
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def children(self) -> list[int]:
        """Process ids of the server's children: its sessions' review processes."""
        pid = self.process.pid
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(p) for p in text.split()]

    @property
    def origin(self) -> dict[str, str]:
        """The ``Origin`` header of the server's own page: a browser's websocket sends it."""
        return {"Origin": self.url}

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs: a zombie (ended, not yet reaped: a session whose server
    was killed waits for whoever adopts it, which in a container may never come) has not."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False
