"""Prove a change to the mechanical check keeps its output: the same Specific lists as a base.

Runs ``unsourced_specifics`` (and ``find_specifics``) of two copies of ``groundtui`` in
separate processes over the same inputs and compares every result::

    .venv/bin/python bench/check_equivalence.py                  # this tree against main
    .venv/bin/python bench/check_equivalence.py --base e9a3db2   # against any commit
    .venv/bin/python bench/check_equivalence.py --self-test      # broken copies must differ

The inputs: the demo answers (``groundtui/sample_data/answers.jsonl``); answers of each
``bench/scan.py`` shape over several seeds; and seeded fuzz cases built from the spellings the
check reads (numbers respelled, dates in many formats, names, markers, invented values),
some over long sources (past ``resume.RESUME_FROM``) whose ``SourceIndex`` is kept across
several responses, as the judge keeps it across a claim's cross-checks. The base is
extracted with ``git archive`` into a temporary folder; nothing in the repository is
touched. ``--self-test`` runs the same comparison against copies of this tree with a small
deliberate change each, and fails unless every one is caught.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent

#: Small deliberate changes for ``--self-test``: (file, text, replacement).
MUTATIONS = [
    ("groundtui/checks/values.py", "TRIES = 24", "TRIES = 4"),
    ("groundtui/checks/index.py", 'value[:2] == "20"', 'value[:2] == "19"'),
    # a resumed search taking a find that the search from the sentence's start would not
    ("groundtui/checks/resume.py", "if value and self._held(need):", "if value:"),
    # (A DigitRuns that proves too much is not among them: a value wrongly "absent" as
    # written is still found by the source's index, the authority, so the output holds.)
]

# --- the inputs ---------------------------------------------------------------------------


def demo_cases() -> list[dict]:
    """The demo answers, each against its sources (and once with its own numbering)."""
    cases = []
    path = ROOT / "groundtui" / "sample_data" / "answers.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        answer = json.loads(line)
        sources = [s["text"] for s in answer.get("sources", [])]
        cases.append({"responses": [answer["response"]], "sources": sources})
        numbers = list(range(len(sources), 0, -1))
        cases.append({"responses": [answer["response"]], "sources": sources, "numbers": numbers})
    return cases


def shape_cases(per_shape: int, seeds: list[int]) -> list[dict]:
    """Answers of each ``bench/scan.py`` shape, generated as it generates them."""
    sys.path.insert(0, str(BENCH))
    import answers_expert
    import answers_news
    import answers_retail

    cases = []
    for generate in (
        answers_retail.generate_answer,
        answers_news.generate_answer,
        answers_expert.generate_answer,
    ):
        for seed in seeds:
            rng = random.Random(seed)
            for _ in range(per_shape):
                response, sources = generate(rng)
                cases.append({"responses": [response], "sources": sources})
    return cases


_MONTHS = (
    "January February March April May June July August September October November December"
).split()
_NAMES = [
    "Harbor Home Goods", "Dana Whitfield", "Bank of the West", "North Ridge", "Oak & Ivy",
    "AT&T", "Galaxy S24", "COVID-19", "Émile Zola", "O'Neil", "Van der Berg", "Aria Sofa",
    "Lakeside Depot", "Priya Natarajan", "The Nimbus", "Kestrel Bay",
]  # fmt: skip
_WORDS = {
    2: "two", 3: "three", 5: "five", 7: "seven", 12: "twelve", 14: "fourteen", 25: "twenty-five",
    30: "thirty", 60: "sixty", 90: "ninety", 100: "a hundred", 1200: "one thousand two hundred",
}  # fmt: skip
_NOUNS = ["days", "units", "items", "stores", "customers", "hours", "percent", "points", "km"]
_FILLER = [
    "Our team reviews every request.", "See the FAQ for details.", "Terms apply; see below.",
    "Most of Harbor Home Goods is open.", "One of the couriers calls first.", "\n",
    "Recently the policy changed.", "1. Log in.\n2. Open the order.", "(2) then confirm;",
    "Visit www.example.com/p/2024 or mail help@example.com.", "At first, nothing changed.",
]  # fmt: skip


def _number_spellings(rng: random.Random, n: int) -> list[str]:
    """Ways to write the number ``n``."""
    out = [str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n}.00", f"${n}", f"{n} USD", f"€{n}"]
    if n in _WORDS:
        out.append(_WORDS[n])
    if n >= 1000 and n % 100 == 0:
        out += [f"{n / 1000:g}k", f"{n / 1000:g} thousand"]
    if n < 100:
        out += [f"{n}%", f"{n} percent", f"{n}th", f"0{n}"]
    return out


def _date_spellings(rng: random.Random, y: int, m: int, d: int) -> list[str]:
    """Ways to write the date ``y-m-d`` (and its parts)."""
    name = _MONTHS[m - 1]
    return [
        f"{y}-{m:02d}-{d:02d}", f"{name} {d}, {y}", f"{d} {name} {y}", f"{name[:3]}. {d}",
        f"{d}/{m}/{y % 100:02d}", f"{m:02d}/{d:02d}/{y}", f"{d}-{m}-{y % 100}", f"{name} {y}",
        f"{name} {d}", f"{d} {name}", f"{name} {d} and {d + 1}", f"{d}–{d + 2} {name}",
        f"the {d}th", str(y), f"in {name}", f"{y}/{m:02d}/{d:02d}", f"{name} {d}th, {y}",
    ]  # fmt: skip


def _value(rng: random.Random) -> list[str]:
    """One value's spellings: a number, a date, a time, a range, a phone or a version."""
    kind = rng.random()
    if kind < 0.4:
        n = rng.choice([*_WORDS, rng.randint(0, 99), rng.randint(100, 99999), 2024, 2025])
        return _number_spellings(rng, n)
    if kind < 0.7:
        y, m, d = rng.randint(2019, 2026), rng.randint(1, 12), rng.randint(1, 28)
        return _date_spellings(rng, y, m, d)
    if kind < 0.8:
        h = rng.randint(1, 23)
        return [f"{h}:00", f"{h:02d}:30", f"{h % 12 or 12} pm", f"{h % 12 or 12}:30am",
                f"{h % 12 or 12}.30 p.m."]  # fmt: skip
    if kind < 0.9:
        a = rng.randint(1, 30)
        b = a + rng.randint(1, 9)
        return [f"{a}–{b}", f"{a}-{b}", f"{a} to {b}", f"{a} - {b}", f"${a}-${b}"]
    return ["0800 123 4567", "(555) 123-4567", "+44 20 7946 0958", "2.4.1", "v3.1.0", "49.99"]


def _sentence(rng: random.Random, spelling: str) -> str:
    noun = rng.choice(_NOUNS)
    name = rng.choice(_NAMES)
    return rng.choice(
        [
            f"{name} offers {spelling} {noun}.",
            f"Since {spelling}, {name} has grown.",
            f"The limit is {spelling} {noun} at {name}.",
            f"{name} said {spelling}.",
            f"Expect {spelling} {noun}, then {rng.randint(1, 40)} more.",
        ]
    )


def _marker(rng: random.Random, n_sources: int) -> str:
    k = rng.randint(0, n_sources + 1)
    return rng.choice(
        ["", "", f" [{k}]", f"[{k}]", f" [{k}, {k + 1}]", f" [ {k} ]", f" [1-{k}]", " [0]"]
    )


def fuzz_cases(n: int, seed: int) -> list[dict]:
    """``n`` seeded cases: sources stating values, responses restating, respelling or
    inventing them; one case in eight over long sources shared by several responses."""
    rng = random.Random(seed)
    cases = []
    for i in range(n):
        n_sources = rng.randint(1, 3)
        facts = [_value(rng) for _ in range(rng.randint(2, 8))]
        sources = []
        for _ in range(n_sources):
            parts = [
                _sentence(rng, rng.choice(f)) if rng.random() < 0.8 else rng.choice(_FILLER)
                for f in facts
            ]
            rng.shuffle(parts)
            sources.append(" ".join(parts))
        long = i % 8 == 0
        if long:  # past RESUME_FROM: searches resume, indexes keep their place
            filler = " ".join(rng.choice(_FILLER) for _ in range(40))
            sources = [
                " ".join(
                    s if rng.random() < 0.5 else filler + " " + _sentence(rng, rng.choice(f))
                    for f in facts * 20
                )
                for s in sources
            ]
        responses = []
        for _ in range(3 if long else 1):
            parts = []
            for f in facts:
                roll = rng.random()
                if roll < 0.4:
                    spelling = f[0]  # as the first spelling
                elif roll < 0.8:
                    spelling = rng.choice(f)  # respelled
                else:
                    spelling = rng.choice(_value(rng))  # invented
                parts.append(_sentence(rng, spelling)[:-1] + _marker(rng, n_sources) + ".")
            if rng.random() < 0.3:
                parts.insert(rng.randrange(len(parts) + 1), rng.choice(_FILLER))
            responses.append(" ".join(parts))
        case: dict = {"responses": responses, "sources": sources, "shared": long}
        if rng.random() < 0.1:
            case["numbers"] = rng.sample(range(1, 6), n_sources)
        cases.append(case)
    return cases


def piece_cases(n: int, seed: int) -> list[dict]:
    """``n`` cases of text strung from pieces the check reads, as ``tests/unit/test_checks.py``
    fuzzes it (separators, non-ASCII digits, half-written dates and markers)."""
    pieces = [
        *"0123456789", "12", "200", "2024", "2025", "0800", "4567", "1,200", "49.99", "2.4.1",
        "3–5", "3-5", "18:00", "6:30", " pm", " am", "%", " percent", "$", "€", "USD ",
        " million", "k", " to ", " and ", "thirty", "-five", " hundred", "first", " one",
        "March ", " May ", "Jan", "Harbor", " Home", " Goods", "The ", "'s", "[1]", "[2]",
        "[1, 3]", "[9]", ". ", ", ", "\n", "\n2. ", " ", "\u00a0", "\u2009", "٣", "²", "Dr. ",
        "(", ")", " a.m.", "Bank of the West", "COVID-19", "05/03/2024", "5-3-24", "+44 ",
        "[1-2]", "[0]", "www.x.com/a1", "O'Neil", "1st", "Sept. ", "a hundred", "one of", "bn",
        " thousand", "January 30", " through ", "Recently ", " & ", "**", "(2) ", "; ",
        "[ 1 ]", "[1; 2]", "800 555 0199", "12 000", " is ", "ed ", "30th", "January 3–5",
        "Jan. 3-5", "3–5 May", " 3 to 5 ", "ann@b.com", "5018", "52025 ", "March 30, 2025",
    ]  # fmt: skip
    rng = random.Random(seed)

    def text(k: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(k))

    cases = []
    for _ in range(n):
        sources = [text(rng.randint(0, 60)) for _ in range(rng.randint(0, 3))]
        responses = [text(rng.randint(1, 40)) for _ in range(rng.randint(1, 2))]
        cases.append({"responses": responses, "sources": sources, "shared": rng.random() < 0.5})
    return cases


def long_cases(n: int, seed: int) -> list[dict]:
    """``n`` cases over sources past ``resume.RESUME_FROM``, built to repeat values (inside
    longer numbers too, more often than a search as written tries), each source's
    ``SourceIndex`` kept across three responses, as ``tests/unit/test_checks.py`` fuzzes resuming."""
    pieces = [
        "18", "5018", "18 ", "30", " 30 days", "2024", "2025", "52025 ", "1,200", "1200",
        "3–5", "3 to 5", "January 30", "March 30, 2025", "Harbor Home", "Harbor Home Goods",
        "thirty", "[12]", "(12) ", "example.com/p/18", "6 pm", "18:00", ". ", "; ", " [1]",
        " [2]", " [1, 2]", " [12]", " ", " ", "\n", "days ", "The ", "since ", "5018 " * 30,
        "52025 " * 30, "Harbor Homes " * 25, "Filler text. " * 300,
    ]  # fmt: skip
    rng = random.Random(seed)

    def text(k: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(k))

    cases = []
    for _ in range(n):
        sources = []
        for _ in range(rng.randint(1, 2)):
            source = text(60)
            while len(source) < 33_000:
                source += text(60)
            sources.append(source)
        responses = [text(rng.randint(1, 40)) for _ in range(3)]
        cases.append({"responses": responses, "sources": sources, "shared": True})
    return cases


def resume_cases(n: int, seed: int) -> list[dict]:
    """``n`` cases where a resumed search finds a value as a whole token that the search
    from the sentence's start leaves to an index that lacks it (a year inside a date, after
    more non-whole occurrences than a search tries), as ``tests/unit/test_checks.py`` builds it."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        year, price = str(rng.randint(2000, 2099)), str(rng.randint(10, 99))
        month = rng.choice(_MONTHS)
        source = (
            "Codes " + f"5{year} " * rng.randint(20, 40) + f"Price {price} in {month} 3, {year}. "
            + "Filler. " * rng.randint(4100, 6000)
        )  # fmt: skip
        responses = [
            f"Price {price} [1]. Since {year} [1].",
            f"Since {year} [1].",
            f"Price {price} and since {year} [1].",
        ]
        rng.shuffle(responses)
        cases.append({"responses": responses, "sources": [source], "shared": rng.random() < 0.5})
    return cases


def all_cases(args: argparse.Namespace) -> dict[str, list[dict]]:
    """Every input, by family."""
    seeds = list(range(1, args.seeds + 1))
    return {
        "demo": demo_cases(),
        "shapes": shape_cases(args.per_shape, seeds),
        "fuzz": fuzz_cases(args.fuzz, 101),
        "pieces": piece_cases(args.fuzz, 202),
        "long": long_cases(args.fuzz // 10, 303),
        "resume": resume_cases(args.fuzz // 100, 404),
    }


# --- the worker: one tree, in its own process ----------------------------------------------


def work(cases_path: str, out_path: str, eager: bool = False) -> None:
    """Run the check of the ``groundtui`` on ``sys.path`` over the cases; write results.

    With ``eager``, a long text's ``DigitRuns`` are built at its first question (not after
    ``_BUILD_AFTER``), so that the fuzz's few questions per source go through them too.
    """
    from groundtui.checks import SourceIndex, find_specifics, index, unsourced_specifics

    if eager and hasattr(index, "_BUILD_AFTER"):
        index._BUILD_AFTER = 0  # type: ignore[attr-defined]

    families = json.loads(Path(cases_path).read_text(encoding="utf-8"))
    results: dict[str, list] = {}
    started = time.perf_counter()
    for family, cases in families.items():
        out = results[family] = []
        for case in cases:
            sources = case["sources"]
            shared = [SourceIndex(s) for s in sources] if case.get("shared") else None
            numbers = case.get("numbers")
            row = []
            for response in case["responses"]:
                found = unsourced_specifics(response, shared or sources, numbers)
                row.append([[s.text, s.start, s.end, s.kind, list(s.sources)] for s in found])
                if shared is None:
                    read = find_specifics(response)
                    row.append([[s.text, s.start, s.end, s.kind, list(s.sources)] for s in read])
            out.append(row)
    seconds = time.perf_counter() - started
    Path(out_path).write_text(json.dumps({"results": results, "seconds": seconds}))


def run_tree(tree: Path, cases_path: Path, out_path: Path, eager: bool = False) -> dict:
    """The results of the check in ``tree``, computed in a separate process."""
    subprocess.run(
        [sys.executable, __file__, "--worker", str(cases_path), str(out_path)]
        + (["--eager"] if eager else []),
        check=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        cwd=tree,
    )
    return json.loads(out_path.read_text(encoding="utf-8"))


def compare(base: dict, new: dict, families: dict[str, list[dict]], show: int) -> int:
    """Print per-family counts of cases and differing cases; return the differences."""
    total = 0
    for family, cases in families.items():
        a, b = base["results"][family], new["results"][family]
        differ = [k for k in range(len(cases)) if a[k] != b[k]]
        responses = sum(len(c["responses"]) for c in cases)
        print(
            f"  {family:<7} {len(cases):>7,} cases {responses:>7,} responses  {len(differ):>5} differ"
        )
        for k in differ[:show]:
            print(f"    e.g. {json.dumps(cases[k])[:300]}\n      base {a[k]}\n      new  {b[k]}")
        total += len(differ)
    return total


def extract(ref: str, folder: Path) -> Path:
    """``groundtui`` at git ``ref``, extracted into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "groundtui"], check=True, capture_output=True
    ).stdout
    folder.mkdir()
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def broken_copy(mutation: tuple[str, str, str], folder: Path) -> Path:
    """This tree's ``groundtui`` with one deliberate change."""
    shutil.copytree(ROOT / "groundtui", folder / "groundtui")
    path, old, new = mutation
    text = (folder / path).read_text(encoding="utf-8")
    assert text.count(old) == 1, mutation
    (folder / path).write_text(text.replace(old, new), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", nargs=2, metavar=("CASES", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument("--base", default="main", help="git ref to compare with [main]")
    parser.add_argument("--per-shape", type=int, default=2000, help="answers per shape and seed")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per shape")
    parser.add_argument("--fuzz", type=int, default=20000, help="cases per fuzz family")
    parser.add_argument("--show", type=int, default=3, help="differing cases to print")
    parser.add_argument("--self-test", action="store_true", help="broken copies must differ")
    parser.add_argument("--eager", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        work(*args.worker, eager=args.eager)
        return
    families = all_cases(args)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases_path = folder / "cases.json"
        cases_path.write_text(json.dumps(families), encoding="utf-8")
        new = run_tree(ROOT, cases_path, folder / "new.json")
        eager = run_tree(ROOT, cases_path, folder / "eager.json", eager=True)
        if args.self_test:
            missed = 0
            for k, mutation in enumerate(MUTATIONS):
                tree = broken_copy(mutation, folder / f"broken{k}")
                broken = run_tree(tree, cases_path, folder / f"broken{k}.json", eager=True)
                print(f"broken copy: {mutation[0]}: {mutation[1]!r} -> {mutation[2]!r}")
                found = compare(eager, broken, families, 0)
                print(f"  caught: {found} differing cases" if found else "  NOT CAUGHT")
                missed += not found
            raise SystemExit(1 if missed else 0)
        base_tree = extract(args.base, folder / "base")
        base = run_tree(base_tree, cases_path, folder / "base.json")
        print(f"this tree against {args.base}:")
        differ = compare(base, new, families, args.show)
        print(
            f"this tree, each long text's DigitRuns built at its first question, against {args.base}:"
        )
        differ += compare(base, eager, families, args.show)
        print(f"check time in the worker: base {base['seconds']:.1f} s, new {new['seconds']:.1f} s")
        print("identical output" if not differ else f"{differ} cases differ")
        raise SystemExit(1 if differ else 0)


if __name__ == "__main__":
    main()
