"""``groundtui demo``: the bundled sample data, imported, scanned and judged, ready to review.

Offline and keyless: the answers that came without claims are judged by the heuristic judge.
Building twice into the same database changes nothing (import, scan and judge are all
idempotent), so ``--db`` can point at a demo database that already exists.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path

from groundtui.importing.files import import_files
from groundtui.scan import scan_answers
from groundtui.store import Store, StoreError


@dataclass
class DemoBuild:
    """What building the demo database did."""

    path: Path
    answers: int
    claims: int
    flagged: int
    judged_claims: int


def build_demo(path: Path) -> DemoBuild:
    """Import the sample answers into ``path``, scan them, and judge those without claims."""
    from groundtui.judge.heuristic import HeuristicJudge
    from groundtui.judge.pipeline import judge_answers
    from groundtui.judge.recorder import RunStats

    # Read from the installed package, so `pip install` users get the demo too.
    resource = files("groundtui") / "sample_data" / "answers.jsonl"
    with as_file(resource) as sample, Store(path, check=True) as store:
        _refuse_other_answers(store, sample)
        imported = import_files(store, [str(sample)])
        if imported.bad:
            raise StoreError(
                f"{path} already holds other answers ({imported.bad[0].reason}); "
                "give the demo a new --db"
            )
        scan_answers(store)
        stats = RunStats()
        asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True, stats=stats))
        return DemoBuild(
            path=path,
            answers=store.scalar("select count(*) from answers"),
            claims=store.scalar("select count(*) from claims"),
            flagged=store.scalar("select count(*) from flags"),
            judged_claims=stats.claims,
        )


def _refuse_other_answers(store: Store, sample: Path) -> None:
    """Refuse a database holding any answer the sample lacks: a team's database, whose
    report the sample's hundred answers would change, is never filled with them.

    Raises:
        StoreError: naming one such answer.
    """
    ids = [json.loads(line)["id"] for line in sample.read_text(encoding="utf-8").splitlines()]
    other = store.scalar(
        "select id from answers where id not in (select value from json_each(?)) limit 1",
        [json.dumps(ids)],
    )
    if other is not None:
        raise StoreError(
            f"{store.path} already holds answers of its own (such as {other[:60]!r}); the demo "
            "never adds its sample to them: give the demo a new --db"
        )
