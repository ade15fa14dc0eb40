"""The check's two scopes side by side: a specific looked for anywhere in a cited source
(``scope="source"``, the default) or only in the window that holds its sentence's other words
(``scope="sentence"``, docs/check.md).

Run from the repository root::

    .venv/bin/python bench/check_scope.py

On the demo's labelled claims (``groundtui/sample_data/answers.jsonl``): a specific flagged
inside a claim people call ``stated`` is a false flag; a claim people call
``plausible_specifics`` (contradicted, absent or partial) is caught when a specific inside it
is flagged. Prints, for each scope, the flags, the false flags, the claims caught of those,
and the time; then how many answers of each ``bench/scan.py`` shape each scope flags.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's groundtui, not an installed one

from groundtui.checks import unsourced_specifics  # noqa: E402

DEMO = ROOT / "groundtui" / "sample_data" / "answers.jsonl"


def demo(scope: str) -> None:
    records = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    flags = false = caught = invented = 0
    start = time.perf_counter()
    for r in records:
        found = unsourced_specifics(r["response"], [s["text"] for s in r["sources"]], scope=scope)
        flags += len(found)
        for claim in r.get("claims", []):
            a, b = claim["span"]
            inside = [s for s in found if a <= s.start < b]
            if claim["verdict"] == "stated":
                false += len(inside)
            elif claim.get("invention_kind") == "plausible_specifics":
                invented += 1
                caught += bool(inside)
    seconds = time.perf_counter() - start
    print(
        f"demo, scope={scope}: {flags} flags, {false} inside claims people call stated;"
        f" {caught} of {invented} plausible-specifics claims caught ({seconds * 1e3:.0f} ms)"
    )


def shapes(scope: str) -> None:
    import random

    sys.path.insert(0, str(ROOT / "bench"))
    from scan import SHAPES  # a sibling script, not a package

    for shape, generate in SHAPES.items():
        rng = random.Random(1)
        answers = [generate(rng) for _ in range(500)]
        start = time.perf_counter()
        flagged = sum(bool(unsourced_specifics(r, s, scope=scope)) for r, s in answers)
        seconds = time.perf_counter() - start
        print(f"  {shape}, scope={scope}: {flagged} of 500 answers flagged, {seconds:.2f} s")


def main() -> int:
    for scope in ("source", "sentence"):
        demo(scope)
    for scope in ("source", "sentence"):
        shapes(scope)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
