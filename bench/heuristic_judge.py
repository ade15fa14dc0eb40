"""Benchmark the heuristic judge's ``verify`` against people on Factcheck-Bench.

Run from the repository root::

    .venv/bin/python bench/heuristic_judge.py            # figures for the shipped thresholds
    .venv/bin/python bench/heuristic_judge.py --sweep    # tune thresholds on the train half
    .venv/bin/python bench/heuristic_judge.py --cv       # 5 folds by claim group in train
    .venv/bin/python bench/heuristic_judge.py --frontier # precision against balance by `stated`
    .venv/bin/python bench/heuristic_judge.py --ceiling  # the best weighing of every measurement

Prints n, four-way raw agreement and Cohen's kappa, the 4x4 confusion matrix, binary
(stated vs not) balanced accuracy, raw agreement and kappa, the share of its ``stated`` that
people call stated (its precision), and verify calls per second,
for all records and for a train/test split by a hash of the claim group (every source of
one claim falls in the same half, so a rule tuned on train is measured on unseen claims).

Then the same figures on two small sets of answers, their claims extracted by the judge and
verified against the sources they cite, as ``groundtui judge --heuristic`` does, each
matched to its label: ``travel`` (``bench/data/travel_insurance.jsonl``, 27 claims labelled
before the judge was first run on them, held out from its tuning) and ``hr`` (the tests'
``tests/data/hr_policy.jsonl``, 28 claims, with the cases heuristic-9 and -10 were built for: not held
out). Both were written and labelled by the judge's developer: neither is public.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import json
import math
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's groundtui, not an installed one

from groundtui.judge.heuristic import HeuristicJudge, Thresholds, decide  # noqa: E402
from groundtui.judge.heuristic.common import rarity  # noqa: E402
from groundtui.judge.heuristic.matching import match  # noqa: E402

FACTCHECK = Path("shared") / "data" / "factcheck_gpt" / "claims.jsonl"


def _data() -> Path:
    """Factcheck-Bench beside the repository, or beside its main checkout when this tree
    is a git worktree elsewhere (its ``..`` holds no ``shared``)."""
    here = ROOT.parent / FACTCHECK
    if here.exists():
        return here
    common = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--path-format=absolute", "--git-common-dir"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return Path(common).parent.parent / FACTCHECK if common else here


DATA = _data()
SETS = {
    "travel": ROOT / "bench" / "data" / "travel_insurance.jsonl",
    "hr": ROOT / "tests" / "data" / "hr_policy.jsonl",
}
"""Small labelled sets of whole answers, by name (the module's docstring says whose)."""
LABELS = ["stated", "partial", "contradicted", "absent"]


def kappa(pairs: list[tuple[str, str]]) -> float | None:
    """Cohen's kappa of (judge, human) pairs; ``None`` with no data or chance agreement 1."""
    n = len(pairs)
    if not n:
        return None
    observed = sum(a == b for a, b in pairs) / n
    left, right = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    chance = sum(left[k] * right[k] for k in left) / (n * n)
    return None if chance == 1 else (observed - chance) / (1 - chance)


def balanced_accuracy(pairs: list[tuple[str, str]]) -> float:
    """Mean recall over the human classes."""
    recalls = []
    for cls in sorted({b for _, b in pairs}):
        gold = [a for a, b in pairs if b == cls]
        recalls.append(sum(a == cls for a in gold) / len(gold))
    return sum(recalls) / len(recalls)


def is_train(record: dict) -> bool:
    """Half the claim groups, chosen by hash: stable across runs and machines."""
    key = str(record.get("meta", {}).get("claim_group", record["id"]))
    return hashlib.sha256(key.encode()).digest()[0] % 2 == 0


def judge_all(judge: HeuristicJudge, records: list[dict]) -> tuple[list[str], float]:
    start = time.perf_counter()
    out = [judge.verify_sync(r["claim"], r["source_text"]).verdict.value for r in records]
    return out, time.perf_counter() - start


def figures(predicted: list[str], records: list[dict]) -> dict:
    four = list(zip(predicted, (r["label"] for r in records), strict=True))
    two = [
        ("stated" if a == "stated" else "not", "stated" if b == "stated" else "not")
        for a, b in four
    ]
    return {
        "n": len(four),
        "raw4": sum(a == b for a, b in four) / len(four),
        "kappa4": kappa(four),
        "bal2": balanced_accuracy(two),
        "raw2": sum(a == b for a, b in two) / len(two),
        "kappa2": kappa(two),
        "precision": _precision(four),
        "pairs": four,
    }


def _precision(pairs: list[tuple[str, str]]) -> float | None:
    """The share of the judge's ``stated`` that people call stated (None: it said none)."""
    said = [b for a, b in pairs if a == "stated"]
    return sum(b == "stated" for b in said) / len(said) if said else None


def fmt(x: float | None) -> str:
    return "null" if x is None else f"{x:.3f}"


def print_figures(title: str, f: dict, matrix: bool = False) -> None:
    print(
        f"{title:<6} n={f['n']:<5} four-way raw={fmt(f['raw4'])} kappa={fmt(f['kappa4'])}"
        f" | binary balanced acc={fmt(f['bal2'])} raw={fmt(f['raw2'])} kappa={fmt(f['kappa2'])}"
        f" | stated precision={fmt(f['precision'])}"
    )
    if matrix:
        counts = Counter(f["pairs"])
        print("  confusion (rows: people, columns: heuristic)")
        print("  " + " " * 13 + "".join(f"{p:>13}" for p in LABELS))
        for gold in LABELS:
            print(f"  {gold:<13}" + "".join(f"{counts[(p, gold)]:>13}" for p in LABELS))


def report(judge: HeuristicJudge, records: list[dict]) -> None:
    predicted, seconds = judge_all(judge, records)
    mean_size = sum(len(r["source_text"]) for r in records) / len(records)
    print(f"prompt_version={judge.prompt_version} thresholds={judge.thresholds}")
    print_figures("all", figures(predicted, records), matrix=True)
    train = [i for i, r in enumerate(records) if is_train(r)]
    test = [i for i, r in enumerate(records) if not is_train(r)]
    for title, idx in (("train", train), ("test", test)):
        print_figures(title, figures([predicted[i] for i in idx], [records[i] for i in idx]))
    print(
        f"speed: {len(records) / seconds:,.0f} verify/s over the data"
        f" ({seconds / len(records) * 1e3:.3f} ms each, mean source {mean_size:,.0f} chars)"
    )
    speed_3kb(judge, records)


def speed_3kb(judge: HeuristicJudge, records: list[dict]) -> None:
    """verify against ~3 KB sources: first claim per source (index built), then the rest."""
    sources, claims = [], [r["claim"] for r in records[:200]]
    for i in range(0, len(records) - 6, 6):
        sources.append(" ".join(r["source_text"] for r in records[i : i + 6])[:3000])
    sources = sources[:100]
    start = time.perf_counter()
    for source in sources:
        judge.verify_sync(claims[0], source)  # builds the source's index
    cold = (time.perf_counter() - start) / len(sources)
    start = time.perf_counter()
    for source in sources[:20]:
        for claim in claims[1:51]:
            judge.verify_sync(claim, source)
    warm = (time.perf_counter() - start) / (20 * 50)
    print(
        f"3 KB sources: {cold * 1e3:.3f} ms for a source's first claim, {warm * 1e3:.3f} ms each after"
    )


def labelled_answers(judge: HeuristicJudge, title: str, path: Path) -> None:
    """Figures on a set of answers judged as the pipeline judges them: the judge's claims,
    each matched by text to a label of the ``*_labels.json`` beside ``path``."""
    labels = json.loads(path.with_name(path.stem + "_labels.json").read_text(encoding="utf-8"))
    said, people = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        answer = json.loads(line)
        sources = [s["text"] for s in answer["sources"]]
        extraction = asyncio.run(judge.extract("", answer["response"], len(sources)))
        for claim in extraction.claims:
            wanted = [x for x in labels[answer["id"]] if x["claim"] in claim.text]
            if not wanted:
                continue
            cites = claim.citations or tuple(range(1, len(sources) + 1))
            said.append(_verdict(judge, claim.text, sources, cites))
            people.append({"label": wanted[0]["label"]})
    print_figures(title, figures(said, people))


def _verdict(judge: HeuristicJudge, claim: str, sources: list[str], cites: tuple[int, ...]) -> str:
    """The verdict the pipeline records: through ``verify_claims`` where the judge has it,
    else (an older judge) against the cited sources joined."""
    if hasattr(judge, "verify_claims"):
        [verification], _ = asyncio.run(judge.verify_claims(sources, [(claim, cites)]))
        return verification.verdict.value
    cited = "\n\n".join(sources[n - 1] for n in cites)
    return judge.verify_sync(claim, cited).verdict.value


def sweep(records: list[dict]) -> None:
    """Grid-search thresholds on the train half by four-way kappa; report both halves.

    Matching does not depend on the thresholds, so each record is matched once.
    """
    matches = [match(r["claim"], r["source_text"]) for r in records]
    train = [i for i, r in enumerate(records) if is_train(r)]
    test = [i for i, r in enumerate(records) if not is_train(r)]

    def score(t: Thresholds, idx: list[int]) -> dict:
        verdicts = [decide(matches[i], t).value for i in idx]
        return figures(verdicts, [records[i] for i in idx])

    grid = [x / 20 for x in range(4, 21)]
    results = []
    for stated, partial, conflict in itertools.product(grid, grid, grid):
        if partial <= stated:
            t = Thresholds(stated, partial, conflict=conflict)
            results.append((score(t, train)["kappa4"] or 0.0, t))
    results.sort(key=lambda kt: -kt[0])
    for k, t in results[:8]:
        held = score(t, test)
        print(
            f"{t} train kappa4={k:.3f} | test kappa4={fmt(held['kappa4'])}"
            f" kappa2={fmt(held['kappa2'])} bal2={fmt(held['bal2'])}"
        )


def frontier(records: list[dict]) -> None:
    """The precision of ``stated`` beside binary balanced accuracy, for each ``stated``
    threshold, on the train half (where it is chosen: the highest keeping balanced accuracy
    at 0.65 or more) and the test half (only measured)."""
    matches = [match(r["claim"], r["source_text"]) for r in records]
    halves = {
        "train": [i for i, r in enumerate(records) if is_train(r)],
        "test": [i for i, r in enumerate(records) if not is_train(r)],
    }
    for stated in (0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 1.0):
        t = Thresholds(stated=stated, short=max(stated, Thresholds().short))
        cells = []
        for title, idx in halves.items():
            f = figures([decide(matches[i], t).value for i in idx], [records[i] for i in idx])
            cells.append(f"{title} precision={fmt(f['precision'])} bal2={fmt(f['bal2'])}")
        print(f"stated={stated:.2f} " + " | ".join(cells))


def folds(records: list[dict], train: list[int], k: int = 5) -> list[list[int]]:
    """``train`` in ``k`` folds by claim group (by hash, as the halves), for cross-validation."""
    out: list[list[int]] = [[] for _ in range(k)]
    for i in train:
        key = str(records[i].get("meta", {}).get("claim_group", records[i]["id"]))
        out[hashlib.sha256(b"fold" + key.encode()).digest()[0] % k].append(i)
    return out


def cross_validate(records: list[dict]) -> None:
    """Thresholds chosen by binary balanced accuracy on four folds of train, measured on
    the fifth: the figure to expect on unseen claims of the same kind, without the test half.
    """
    matches = [match(r["claim"], r["source_text"]) for r in records]
    train = [i for i, r in enumerate(records) if is_train(r)]
    grid = [Thresholds(s / 20, p / 20) for s in range(6, 17) for p in range(6, 17) if p <= s]

    def bal2(t: Thresholds, idx: list[int]) -> float:
        verdicts = [decide(matches[i], t).value for i in idx]
        return float(figures(verdicts, [records[i] for i in idx])["bal2"])

    parts = folds(records, train)
    held: list[float] = []
    for k, part in enumerate(parts):
        rest = [i for j, p in enumerate(parts) if j != k for i in p]
        best = max(grid, key=lambda t: bal2(t, rest))
        held.append(bal2(best, part))
        print(
            f"fold {k}: chosen {best.stated:.2f}/{best.partial:.2f}, held-out bal2={held[-1]:.3f}"
        )
    shipped = [bal2(Thresholds(), p) for p in parts]
    print(
        f"cross-validated bal2 (thresholds chosen per fold) {sum(held) / len(held):.3f};"
        f" shipped thresholds on the same folds {sum(shipped) / len(shipped):.3f}"
    )
    print(f"with the rarity table built from four folds too: {nested(records, parts):.3f}")


def nested(records: list[dict], parts: list[list[int]]) -> float:
    """Mean bal2 of the shipped thresholds on each fold, with ``common.RARITY`` rebuilt from
    the other four folds (``bench/common_words.py``): nothing of a fold tunes its figure."""
    from bench.common_words import table
    from groundtui.judge.heuristic.common import RARITY

    shipped = dict(RARITY)
    scores = []
    try:
        for k, part in enumerate(parts):
            rest = [records[i] for j, p in enumerate(parts) if j != k for i in p]
            RARITY.clear()
            RARITY.update(table(rest))
            verdicts = [
                decide(match(records[i]["claim"], records[i]["source_text"]), Thresholds())
                for i in part
            ]
            scores.append(figures([v.value for v in verdicts], [records[i] for i in part])["bal2"])
    finally:
        RARITY.clear()
        RARITY.update(shipped)
    return sum(scores) / len(scores)


def measurements(m) -> list[float]:
    """Every measurement ``match`` makes of a claim, as numbers."""
    unmatched = [rarity(t) for t in m.unmatched]
    start, end = m.evidence
    return [
        m.coverage,
        len(m.matched) / (m.items or 1),
        len(unmatched),
        max(unmatched, default=0.0),
        sum(unmatched),
        m.items,
        (end - start) / 500,
        m.negation,
        *(
            len(part)
            for part in (
                m.missing,
                m.conflicts,
                m.unsourced,
                m.generalisations,
                m.bridging,
                m.changed_names,
                m.rare_missing,
                m.items_missing,
                m.restrictions,
            )
        ),
    ]


def ceiling(records: list[dict]) -> None:
    """What the rules' measurements can do at best: a logistic regression over all of them
    (stated or not), fitted on the train half by gradient descent, and the precision of its
    ``stated`` beside balanced accuracy on the test half, for each cut-off. (Written out:
    no fitting library is a dependency, and a thousand rows need none.)"""
    rows = [measurements(match(r["claim"], r["source_text"])) for r in records]
    truth = [r["label"] == "stated" for r in records]
    train = [i for i, r in enumerate(records) if is_train(r)]
    test = [i for i, r in enumerate(records) if not is_train(r)]
    width = len(rows[0])
    mean = [sum(rows[i][j] for i in train) / len(train) for j in range(width)]
    spread = [
        max(1e-9, (sum((rows[i][j] - mean[j]) ** 2 for i in train) / len(train)) ** 0.5)
        for j in range(width)
    ]
    z = [[(x - a) / b for x, a, b in zip(row, mean, spread, strict=True)] for row in rows]
    weights, bias = [0.0] * width, 0.0
    for _ in range(600):
        grad, grad_bias = [0.0] * width, 0.0
        for i in train:
            p = 1 / (1 + math.exp(-(sum(w * x for w, x in zip(weights, z[i], strict=True)) + bias)))
            grad_bias += p - truth[i]
            grad = [g + (p - truth[i]) * x for g, x in zip(grad, z[i], strict=True)]
        step = 0.5 / len(train)
        weights = [w - step * (g + 0.01 * w) for w, g in zip(weights, grad, strict=True)]
        bias -= step * grad_bias
    score = [sum(w * x for w, x in zip(weights, row, strict=True)) + bias for row in z]
    for cut in (-0.5, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25):
        cells = []
        for title, idx in (("train", train), ("test", test)):
            said = ["stated" if score[i] >= cut else "absent" for i in idx]
            f = figures(said, [records[i] for i in idx])
            cells.append(f"{title} precision={fmt(f['precision'])} bal2={fmt(f['bal2'])}")
        print(f"cut={cut:+.2f} " + " | ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--sweep", action="store_true", help="tune thresholds on the train half")
    parser.add_argument(
        "--cv", action="store_true", help="cross-validate the threshold choice inside train"
    )
    parser.add_argument(
        "--frontier", action="store_true", help="precision of stated against balance, by threshold"
    )
    parser.add_argument(
        "--ceiling",
        action="store_true",
        help="the best any weighing of the rules' measurements does (a logistic regression)",
    )
    args = parser.parse_args()
    if not args.data.exists():
        print(f"data missing: {args.data.resolve()} (see ../shared/data/README.md); nothing to do")
        return 0
    records = [
        json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line
    ]
    if args.sweep:
        sweep(records)
    elif args.frontier:
        frontier(records)
    elif args.cv:
        cross_validate(records)
    elif args.ceiling:
        ceiling(records)
    else:
        report(HeuristicJudge(), records)
        for title, path in SETS.items():
            labelled_answers(HeuristicJudge(), title, path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
