"""A database of a few answers of three claims each, for the browser-session tests."""

from __future__ import annotations

from pathlib import Path

from groundtui.importer import import_files
from groundtui.store import Store
from tests.builders import make_answer, write_jsonl


def three_claim_answers(n: int) -> list[dict]:
    claim = {"kind": "figure", "citation": 1, "verdict": "stated", "judge": "prod"}
    return [
        make_answer(f"W-{i:03}", claims=[
            {**claim, "text": "Sofas can be returned within 14 days."},
            {**claim, "text": "Refunds take 5 days.", "citation": 2},
            {**claim, "text": "Returns are free.", "verdict": "absent",
             "invention_kind": "confident_generalisation"},
        ])
        for i in range(n)
    ]


def serve_db(tmp_path: Path, answers: int = 6) -> Path:
    path = tmp_path / "serve.db"
    with Store(path) as store:
        jsonl = write_jsonl(tmp_path / "a.jsonl", three_claim_answers(answers))
        assert import_files(store, [str(jsonl)]).exit_code == 0
    return path
