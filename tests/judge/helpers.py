"""Test data and queries shared by the judge tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.store import Store
from tests.helpers.builders import write_jsonl

MODEL = "openai/test-model"

RETURNS = (
    "Returns policy. You can return items within 30 days of delivery. "
    "Refunds are paid to the original card."
)
DELIVERY = "Delivery policy. Standard delivery takes 3 to 5 working days."


def answer(answer_id: str = "A-1", **overrides: Any) -> dict:
    """An answer whose first sentence its source states and whose second it does not."""
    record: dict[str, Any] = {
        "id": answer_id,
        "question": "Can I return a sofa?",
        "response": (
            "You can return items within 30 days of delivery [1]. "
            "Refunds take 5 working days [1]. Let me know if I can help!"
        ),
        "sources": [{"id": "returns", "origin": "help-centre", "text": RETURNS}],
    }
    record.update(overrides)
    return record


def judgements(store: Store, judge: str = MODEL) -> list[dict]:
    """Judgements by ``judge``, by answer, claim and order made, with their claim's text."""
    return store.query(
        "select j.*, c.text as claim_text from judgements j join claims c on c.id = j.claim_id"
        " where j.judge = ? order by c.answer_id, c.ordinal, j.id",
        [judge],
    )


def imported_db(tmp_path: Path, *records: dict) -> str:
    """A database file holding ``records``, imported through the command line."""
    path = tmp_path / "groundtui.db"
    data = write_jsonl(tmp_path / "a.jsonl", list(records))
    result = CliRunner().invoke(cli, ["import", str(data), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return str(path)
