"""`groundtui scan-table --engine ray`, for real on a local Ray, each run under a hard timeout.

Each run is a subprocess in its own session: a run that hangs (an actor pool that starves
Ray's own tasks does) is killed with everything it started, and the test fails saying so.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.helpers.builders import refund_rows, table_with_a_damaged_row_group, table_with_bad_rows

ROOT = Path(__file__).resolve().parents[1]


def _ray_python() -> str | None:
    """The Python that has Ray: ``make test``'s own environment for it (``.venv-ray``, kept
    apart because Ray's data extra brings pandas, which sqlite-utils then imports in every
    command, half a second each), else this one if Ray is here."""
    kept = ROOT / ".venv-ray" / "bin" / "python"
    if kept.exists():
        return str(kept)
    return sys.executable if importlib.util.find_spec("ray") is not None else None


RAY_PYTHON = _ray_python()
pytestmark = pytest.mark.skipif(
    RAY_PYTHON is None,
    reason="ray is not installed: `make test` makes .venv-ray with it (or pip install -e '.[ray]')",
)
SAMPLE = ROOT / "groundtui" / "sample_data" / "answers.jsonl"
ARGS = ["--id", "answer_id", "--response", "answer", "--sources", "docs"]
TIMEOUT = 240


def _scan(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [str(RAY_PYTHON), "-m", "groundtui", "scan-table", *args],
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"scan-table --engine ray did not finish in {TIMEOUT} s: {args}")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo answers in two files, one in a folder named as a partition (``day=1``),
    whose name must not become a column: the local engine reads none from it."""
    answers = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    table = pa.Table.from_pylist(
        [
            {
                "answer_id": a["id"],
                "question": a["question"],
                "answer": a["response"],
                "docs": [{"id": s["id"], "text": s["text"]} for s in a["sources"]],
            }
            for a in answers
        ]
    )
    folder = tmp_path_factory.mktemp("lake")
    (folder / "day=1").mkdir()
    pq.write_table(table.slice(0, 60), folder / "day=1" / "a.parquet", row_group_size=20)
    pq.write_table(table.slice(60), folder / "b.parquet", row_group_size=15)
    return folder


def _rows(folder: Path) -> list[dict]:
    return sorted(pq.read_table(folder).to_pylist(), key=lambda r: r["answer_id"])


@pytest.mark.slow
def test_ray_writes_what_the_local_engine_writes(lake: Path, tmp_path: Path) -> None:
    args = [*ARGS, "--question", "question", "--workers", "1"]
    local = _scan(str(lake), "-o", str(tmp_path / "local"), *args)
    assert local.returncode == 0, local.stderr
    ray = _scan(str(lake), "-o", str(tmp_path / "ray"), *args, "--engine", "ray")
    assert ray.returncode == 0, ray.stderr
    assert "engine ray" in ray.stdout and "Checked 100 answers" in ray.stdout
    # the same rows and columns; Ray's parts hold them in an order of its own
    assert pq.read_table(tmp_path / "ray").schema == pq.read_table(tmp_path / "local").schema
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "local")
    flagged = sum(r["flagged"] for r in _rows(tmp_path / "local"))
    assert f"{flagged} flagged" in ray.stdout and "wrote 100 rows" in ray.stdout


@pytest.mark.slow
def test_ray_names_bad_rows_by_row_group_and_row_as_the_local_engine_does(
    tmp_path: Path,
) -> None:
    path = table_with_bad_rows(tmp_path / "answers.parquet")
    ray = _scan(
        str(path),
        "-o",
        str(tmp_path / "out"),
        *ARGS,
        "--engine",
        "ray",
        "--workers",
        "1",
        "--flagged-only",
    )
    assert ray.returncode == 1, ray.stderr
    shown = [line for line in ray.stderr.splitlines() if line.startswith("groundtui:")]
    assert shown == [
        f"groundtui: {path}: row group 0, row 2 (row 2 of the file): the response is null",
        f"groundtui: {path}: row group 1, row 2 (row 5 of the file): the source list is null",
        f"groundtui: {path}: row group 1, row 3 (row 6 of the file): source 2 has no text",
    ]
    assert "Checked 3 answers" in ray.stdout and "3 bad rows" in ray.stdout
    # nothing flagged: an empty part still says the output's columns
    written = pq.read_table(tmp_path / "out")
    assert written.num_rows == 0
    assert written.column_names == ["answer_id", "answer", "docs", "flagged", "specifics"]


@pytest.mark.slow
def test_a_schema_mismatch_stops_before_ray_starts(tmp_path: Path) -> None:
    path = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist([{"answer_id": "A1", "answer": 7, "docs": ["x"]}]), path)
    ray = _scan(str(path), "-o", str(tmp_path / "out"), *ARGS, "--engine", "ray")
    assert ray.returncode == 2 and ray.stdout == ""
    assert ray.stderr == f"groundtui: {path}: column 'answer' is int64, not text\n"


@pytest.mark.slow
def test_ray_with_a_pool_of_every_core_and_flagged_only_finishes(
    lake: Path,
    tmp_path: Path,
) -> None:
    # two actors on two cores: Ray gets a CPU beyond the pool, so its read and write tasks
    # still run
    ray = _scan(
        str(lake),
        "-o",
        str(tmp_path / "ray"),
        *ARGS,
        "--engine",
        "ray",
        "--workers",
        "2",
        "--flagged-only",
    )
    assert ray.returncode == 0, ray.stderr
    rows = _rows(tmp_path / "ray")
    assert rows and all(r["flagged"] for r in rows)
    assert f"wrote {len(rows)} rows" in ray.stdout and f"{len(rows)} flagged" in ray.stdout
    local = _scan(str(lake), "-o", str(tmp_path / "local"), *ARGS, "--flagged-only")
    assert local.returncode == 0, local.stderr
    assert _rows(tmp_path / "local") == rows


@pytest.mark.slow
def test_a_file_ray_cannot_read_is_counted_and_the_other_files_are_written(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "lake"
    folder.mkdir()
    pq.write_table(pa.Table.from_pylist(refund_rows(4, "G")), folder / "a-good.parquet")
    damaged = table_with_a_damaged_row_group(folder / "b-damaged.parquet")
    ray = _scan(
        str(folder), "-o", str(tmp_path / "out"), *ARGS, "--engine", "ray", "--workers", "1"
    )
    assert ray.returncode == 1, ray.stderr
    shown = [line for line in ray.stderr.splitlines() if line.startswith("groundtui:")]
    # Ray Data skips the read it cannot finish: one row group, the others are checked
    assert len(shown) == 1 and shown[0].startswith(
        f"groundtui: {damaged}: 2 rows not checked: Ray Data could not read them (row group 1: "
    )
    assert "Traceback" not in ray.stderr
    assert "Checked 6 answers" in ray.stdout and "2 bad rows" in ray.stdout
    assert sorted(pq.read_table(tmp_path / "out").column("answer_id").to_pylist()) == [
        "A0",
        "A1",
        "G0",
        "G1",
        "G2",
        "G3",
    ]
