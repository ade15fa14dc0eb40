"""Print the heuristic judge's table of common words (``groundtui/judge/heuristic/common.py``).

Run from the repository root (with it on ``PYTHONPATH``)::

    PYTHONPATH=. .venv/bin/python bench/common_words.py > /tmp/table.txt

Reads only the **train** half of ``../shared/data/factcheck_gpt/claims.jsonl`` (the same
split as ``bench/heuristic_judge.py``): for each stemmed content word, how many claim groups'
sources use it. A word used by the sources of many unrelated claims is common in web
passages and says little about whether a source states a claim; the words used by at least
12 groups are printed in tiers by that count, as the module declares them.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from bench.heuristic_judge import DATA, is_train
from groundtui.judge.heuristic.words import content_tokens

TIERS = (60, 25, 12)
"""Lowest number of claim groups for each tier, most common first, of the train half's 338."""
WEIGHTS = (0.25, 0.375, 0.5)
"""The weight the module gives each tier."""


def tiers(records: list[dict]) -> tuple[int, list[list[str]]]:
    """The number of claim groups in ``records`` and the words of each tier, by how many
    groups' sources use them; floors scale with the number of groups (for folds)."""
    groups: dict[object, set[str]] = defaultdict(set)
    for record in records:
        groups[record["meta"]["claim_group"]] |= content_tokens(record["source_text"])
    used = Counter(t for tokens in groups.values() for t in tokens)
    scale = len(groups) / 338
    out: list[list[str]] = []
    upper = None
    for floor in TIERS:
        low = floor * scale
        out.append(sorted(t for t, n in used.items() if n >= low and (upper is None or n < upper)))
        upper = low
    return len(groups), out


def table(records: list[dict]) -> dict[str, float]:
    """The rarity table ``records`` give, as ``common.RARITY`` holds it."""
    return {
        w: weight for weight, tier in zip(WEIGHTS, tiers(records)[1], strict=True) for w in tier
    }


def main() -> int:
    if not DATA.exists():
        print(f"data missing: {DATA.resolve()}; nothing to do")
        return 0
    records = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    n, words = tiers([r for r in records if is_train(r)])
    print(f"# {n} claim groups of the train half")
    for floor, tier in zip(TIERS, words, strict=True):
        print(f"# used by {floor}+ groups: {len(tier)} words")
        print(" ".join(tier))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
