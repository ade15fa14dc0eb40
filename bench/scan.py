"""Benchmark the mechanical check against a Python port of the reference snippet.

The reference snippet this product starts from is "regex the figures and dates, then
``sources.join(' ').includes(s)``". This script generates answers of each shape (seeded),
times both over the same answers in the same run, and prints answers/second and the ratio::

    .venv/bin/python bench/scan.py --answers 2000 [--shape retail|news|expert]

The shapes (all by default): ``retail``, the demo's help-centre answers (``answers_retail``:
2 KB citing three sources of 2 KB); ``news``, short summaries dense in names
(``answers_news``: 540 characters citing 1.6 KB in 1–3 articles); ``expert``, long expert
answers (``answers_expert``: 1 KB citing 2.7 KB in 3–4 sources).

It also times a floor for any check that looks for names as well as figures: one regular
expression that only finds where the candidates are, and does nothing with them.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections.abc import Callable

import answers_expert  # sibling scripts, not a package
import answers_news
import answers_retail

from groundtui.checks import SourceIndex, unsourced_specifics

SHAPES = {
    "retail": answers_retail.generate_answer,
    "news": answers_news.generate_answer,
    "expert": answers_expert.generate_answer,
}

# --- the reference snippet, ported as written: regex, join, substring ------------------

_SNIPPET_RE = re.compile(
    r"\$?\d[\d,.]*%?"
    r"|\b(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December)\s+\d{1,2}(?:,\s*\d{4})?"
)


def snippet(response: str, sources: list[str]) -> list[str]:
    """The reference snippet: every regex hit not found verbatim in the joined sources."""
    joined = " ".join(sources)
    return [s for s in _SNIPPET_RE.findall(response) if s not in joined]


# --- a floor for any design: one pass that only finds where the candidates are ------------

#: Figures, capitalised words and their runs, common number words, citation markers and
#: sentence ends: what any check that looks for names as well as figures must at least find.
_CANDIDATES_RE = re.compile(
    r"\d[\d,.]*|[A-Z][\w'’]*(?: [A-Z][\w'’]*)*"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|hundred|thousand"
    r"|million)\b|\[\d+\]|[.!?]\s"
)


def candidates(response: str, sources: list[str]) -> list[tuple[int, int]]:
    """Where the candidates are, and nothing more: no reading, no looking up."""
    return [m.span() for m in _CANDIDATES_RE.finditer(response)]


def _rates(runs: dict[str, Callable[[int], object]], n: int, rounds: int) -> dict[str, float]:
    """Answers per second of each run, timed side by side and robust to a busy machine.

    The answers are cut into chunks of 50; each round times every run on each chunk in
    turn, so that all runs see the same load, and keeps each chunk's best time.
    """
    chunks = [range(i, min(i + 50, n)) for i in range(0, n, 50)]
    best = {name: [float("inf")] * len(chunks) for name in runs}
    for _ in range(rounds):
        for k, chunk in enumerate(chunks):
            for name, run in runs.items():
                start = time.perf_counter()
                for i in chunk:
                    run(i)
                best[name][k] = min(best[name][k], time.perf_counter() - start)
    return {name: n / sum(times) for name, times in best.items()}


def bench(shape: str, n: int, seed: int, rounds: int) -> None:
    """Generate ``n`` answers of ``shape``, time both checks on them, print the figures."""
    rng = random.Random(seed)
    answers = [SHAPES[shape](rng) for _ in range(n)]
    indexed = [(r, [SourceIndex(s) for s in ss]) for r, ss in answers]
    for response, indexes in indexed:  # warm them, as a pipeline caching them by source id
        unsourced_specifics(response, indexes)
    kb = sum(len(r) for r, _ in answers) / len(answers) / 1024
    skb = sum(len(s) for _, ss in answers for s in ss) / len(answers) / 1024
    flagged = sum(1 for r, s in answers if unsourced_specifics(r, s))
    naive = sum(1 for r, s in answers if snippet(r, s))
    print(f"== {shape}: {len(answers)} answers  response {kb:.2f} KB  sources {skb:.2f} KB each")
    print(f"flagged: unsourced_specifics {flagged}  snippet {naive}")
    rates = _rates(
        {
            "snippet": lambda i: snippet(*answers[i]),
            "candidates": lambda i: candidates(*answers[i]),
            "unsourced_specifics": lambda i: unsourced_specifics(*answers[i]),
            "cached": lambda i: unsourced_specifics(*indexed[i]),
        },
        len(answers),
        rounds,
    )
    ref = rates["snippet"]
    print(f"snippet              {ref:10,.0f} answers/s")
    ours = rates["unsourced_specifics"]
    print(f"unsourced_specifics  {ours:10,.0f} answers/s   ratio {ours / ref:.2f}")
    warm = rates["cached"]
    print(f"  with a SourceIndex kept per source  {warm:10,.0f} answers/s   ratio {warm / ref:.2f}")
    floor = rates["candidates"]
    print(
        f"finding candidates only (a floor)  {1e6 / floor:6.1f} µs an answer"
        f" against the snippet's {1e6 / ref:.1f} µs"
    )


def main(argv: list[str] | None = None) -> None:
    """Time both checks on each shape asked for and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=2000, help="answers to generate")
    parser.add_argument("--seed", type=int, default=7, help="random seed")
    parser.add_argument("--rounds", type=int, default=5, help="timed passes; best is kept")
    parser.add_argument("--shape", choices=[*SHAPES, "all"], default="all")
    args = parser.parse_args(argv)
    for shape in SHAPES if args.shape == "all" else [args.shape]:
        bench(shape, args.answers, args.seed, args.rounds)


if __name__ == "__main__":
    main()
