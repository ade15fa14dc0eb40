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
    reason="ray is not installed: `make test` makes .venv-ray with it "
    "(or pip install -e '.[ray]')")
SAMPLE = ROOT / "groundtui" / "sample_data" / "answers.jsonl"
ARGS = ["--id", "answer_id", "--response", "answer", "--sources", "docs"]
TIMEOUT = 240


def _scan(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [str(RAY_PYTHON), "-m", "groundtui", "scan-table", *args], env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"scan-table --engine ray did not finish in {TIMEOUT} s: {args}")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    answers = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    table = pa.Table.from_pylist([
        {"answer_id": a["id"], "answer": a["response"],
         "docs": [{"id": s["id"], "text": s["text"]} for s in a["sources"]]} for a in answers])
    path = tmp_path_factory.mktemp("lake") / "answers.parquet"
    pq.write_table(table, path, row_group_size=20)
    return path


def _rows(folder: Path) -> list[dict]:
    return sorted(pq.read_table(folder).to_pylist(), key=lambda r: r["answer_id"])


def test_ray_writes_what_the_local_engine_writes(lake: Path, tmp_path: Path) -> None:
    local = _scan(str(lake), "-o", str(tmp_path / "local"), *ARGS, "--workers", "1")
    assert local.returncode == 0, local.stderr
    ray = _scan(str(lake), "-o", str(tmp_path / "ray"), *ARGS, "--engine", "ray",
                "--workers", "1")
    assert ray.returncode == 0, ray.stderr
    assert "engine ray" in ray.stdout and "Checked 100 answers" in ray.stdout
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "local")


def test_ray_with_a_pool_of_every_core_and_flagged_only_finishes(
    lake: Path, tmp_path: Path,
) -> None:
    # two actors on two cores: Ray gets a CPU beyond the pool, so its own tasks still run
    ray = _scan(str(lake), "-o", str(tmp_path / "ray"), *ARGS, "--engine", "ray",
                "--workers", "2", "--flagged-only")
    assert ray.returncode == 0, ray.stderr
    rows = _rows(tmp_path / "ray")
    assert rows and all(r["flagged"] for r in rows)
    assert f"wrote {len(rows)} rows" in ray.stdout
