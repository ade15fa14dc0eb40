"""Builders of test input, importable from any test folder as ``tests.helpers.builders``."""

from __future__ import annotations

import array
import fcntl
import json
import signal
import sqlite3
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from groundtui.importing.files import import_files
from groundtui.store import Store


def make_answer(answer_id: str = "A-1", **overrides: Any) -> dict:
    """A valid docs/formats.md record; ``overrides`` replace top-level keys."""
    record: dict[str, Any] = {
        "id": answer_id,
        "question": "Can I return a sofa after six weeks?",
        "response": "Sofas can be returned within 14 days [1]. Refunds take 5 days [2].",
        "sources": [
            {
                "id": "returns-v3",
                "title": "Returns policy",
                "origin": "help-centre",
                "text": "Sofas can be returned within 14 days of delivery.",
                "updated_at": "2025-01-10",
            },
            {
                "id": "refunds",
                "origin": "pdf-archive",
                "text": "Refunds are issued within 5 working days.",
            },
        ],
    }
    record.update(overrides)
    return record


def write_jsonl(path: Path, records: list[Any]) -> Path:
    """Write records (dicts are dumped as JSON, strings written as they are) one per line."""
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def refund_rows(count: int, prefix: str = "A") -> list[dict[str, Any]]:
    """``count`` rows for ``scan-table`` (columns ``answer_id``, ``answer``, ``docs``), ids
    ``<prefix>0``…, each answer flagged by nothing: its source states it."""
    return [
        {
            "answer_id": f"{prefix}{i}",
            "answer": "Refunds take 5 days [1].",
            "docs": ["Refunds take 5 days."],
        }
        for i in range(count)
    ]


def table_with_bad_rows(path: Path) -> Path:
    """A Parquet table of six ``refund_rows`` in two row groups of three: row 2 of row group
    0 has a null response, rows 2 and 3 of row group 1 a null source list and a null
    source; the other three are fine."""
    rows = refund_rows(6)
    rows[1]["answer"] = None
    rows[4]["docs"] = None
    rows[5]["docs"] = ["Refunds take 5 days.", None]
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=3)
    return path


def table_with_a_damaged_row_group(path: Path, rows: list[dict] | None = None) -> Path:
    """A Parquet table of four ``rows`` (by default ``refund_rows``) in two row groups of two,
    the page header of row group 1's second column overwritten: pyarrow cannot read that row
    group."""
    table = pa.Table.from_pylist(rows or refund_rows(4))
    pq.write_table(table, path, row_group_size=2)
    page = pq.ParquetFile(path).metadata.row_group(1).column(1).data_page_offset
    data = bytearray(path.read_bytes())
    data[page : page + 16] = b"\xff" * 16
    path.write_bytes(bytes(data))
    return path


def imported_db(folder: Path, name: str, records: list[Any]) -> Path:
    """``folder/name.db`` holding ``records``, imported from a JSONL file as a user would."""
    jsonl = write_jsonl(folder / f"{name}.jsonl", records)
    path = folder / f"{name}.db"
    with Store(path) as store:
        result = import_files(store, [str(jsonl)])
        assert not result.bad, result.bad
    return path


def dump(db_path: Path) -> list[str]:
    """Every row of every table, to compare a database before and after."""
    conn = sqlite3.connect(db_path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def packages_loaded(imports: list[str], packages: tuple[str, ...]) -> list[str]:
    """Which modules of ``packages`` a fresh interpreter has loaded after ``imports``."""
    code = (
        "import json, sys\n"
        + "".join(f"import {name}\n" for name in imports)
        + "print(json.dumps(sorted(m for m in sys.modules"
        + f" if m.split('.')[0] in {list(packages)!r})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def ctrl_c_as_at_a_terminal() -> None:
    """A child's ``preexec_fn``: Ctrl-C's default disposition, as a terminal's program has,
    though the suite may run where SIGINT is ignored (a background job: its children inherit
    that, and Python then leaves it ignored, so a Ctrl-C would do nothing)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(proc: subprocess.Popen, ready: Callable[[], bool], seconds: float = 300) -> str:
    """Press Ctrl-C in ``proc`` once ``ready()`` holds and return what it wrote on stderr;
    it is killed whatever happens.

    Never pressed before ``ready()``, however long that takes: a Ctrl-C while Python itself
    is still starting (``site``, ``runpy``: before any line of groundtui runs) ends the
    process by the signal, return code -2, as CPython ends any program; on a busy machine
    that start-up takes seconds. A process that ends, or is not ready in ``seconds``, fails
    the test saying so.
    """
    try:
        deadline = time.monotonic() + seconds
        while not ready():
            if proc.poll() is not None:
                raise AssertionError(
                    f"the process ended ({proc.returncode}) before it was ready to be "
                    f"interrupted: {proc.communicate()[1]}"
                )
            if time.monotonic() > deadline:
                raise AssertionError(f"the process was not ready to be interrupted in {seconds} s")
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        return proc.communicate(timeout=seconds)[1]
    finally:
        proc.kill()


def unread(pipe: IO[Any]) -> int:
    """How many bytes written to ``pipe`` (the writing end of a process's stdin) the process
    has not read yet (Linux's FIONREAD works on either end of a pipe)."""
    count = array.array("i", [0])
    fcntl.ioctl(pipe.fileno(), termios.FIONREAD, count)
    return count[0]
