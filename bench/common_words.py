"""Print the heuristic judge's table of common words (``groundtui/judge/heuristic/common.py``).

Run from the repository root (with it on ``PYTHONPATH``)::

    PYTHONPATH=. .venv/bin/python bench/common_words.py > /tmp/table.txt

Reads only the **train** half of ``../shared/data/factcheck_gpt/claims.jsonl`` (the same
split as ``bench/heuristic_judge.py``): for each stemmed content word, how many claim groups'
sources use it. A word used by the sources of many unrelated claims is common in web
passages and says little about whether a source states a claim; the words used by at least
``FLOOR`` groups are printed in tiers by that count, as the module declares them.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from bench.heuristic_judge import DATA, is_train
from groundtui.judge.heuristic.words import content_tokens

TIERS = (60, 25, 12)
"""Lowest number of claim groups for each tier, most common first."""


def main() -> int:
    if not DATA.exists():
        print(f"data missing: {DATA.resolve()}; nothing to do")
        return 0
    groups: dict[object, set[str]] = defaultdict(set)
    for line in DATA.read_text(encoding="utf-8").splitlines():
        record = json.loads(line) if line else None
        if record and is_train(record):
            groups[record["meta"]["claim_group"]] |= content_tokens(record["source_text"])
    used = Counter(t for tokens in groups.values() for t in tokens)
    print(f"# {len(groups)} claim groups of the train half")
    upper = None
    for floor in TIERS:
        tier = sorted(t for t, n in used.items() if n >= floor and (upper is None or n < upper))
        print(f"# used by {floor}+ groups: {len(tier)} words")
        print(" ".join(tier))
        upper = floor
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
