"""Benchmark the LLM judge's pipeline against a local chat-completions server with fixed latency.

Run from the repository root::

    .venv/bin/python bench/judge.py                  # latencies 0.2 s and 1 s, concurrency 1, 8, 32
    .venv/bin/python bench/judge.py --latency 1 --concurrency 8
    .venv/bin/python bench/judge.py --heuristic-sizes 0.25 0.5 1 2   # MB; no server
    .venv/bin/python bench/judge.py --heuristic-sizes 0.25 1 --invented

The server (``tests/judge/fake_openai.py``) runs in its own process, so the CPU measured here
is ours and litellm's alone. For each latency and concurrency it prints the wall time of
``judge_answers`` (start-up, imports, the database import excluded) against the ideal,
calls × latency ÷ concurrency; calls per answer; verification calls per claim (the
provenance cross-check included: at most one per claim) and the claims found stated by
another source than the one they cite; the prompt characters of a verification
against the size of the source it cites; and CPU per call. A run under cProfile (timing
CPU) splits CPU per call between our code, litellm, the OpenAI SDK and the HTTP client.

``--bill`` instead prints the judge's bill on long, many-sourced expert answers
(``bench/answers_expert.py``: about 1 KB citing 3–4 sources of 2.7 KB in all), judged
against a local server playing the gold labels (a claim is stated by the sources holding
the source sentence it was written from): calls and prompt tokens per answer (tiktoken
``cl100k_base``, as litellm bundles it, over every message sent), the dollars per 1,000
answers at gpt-4o-mini's price in litellm's list, the fidelity of the stored verdicts to
the gold labels, and the dry run's estimate of prompt tokens beside what the run sent::

    .venv/bin/python bench/judge.py --bill 160            # batched (the default) and per-claim

``--heuristic-sizes`` instead times the offline heuristic judge, through the same pipeline,
on one answer of each size (its response and its one source that many MB each): the time
should grow linearly with the size. With ``--invented`` the claims that are not stated
invent values the source lacks (which the check must prove absent) instead of contradicting
one.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundtui.importing.files import import_files  # noqa: E402
from groundtui.judge.answers import load_answer, stored_claims  # noqa: E402
from groundtui.judge.llm import LLMJudge  # noqa: E402
from groundtui.judge.llm.cache import CompletionCache  # noqa: E402
from groundtui.judge.llm.prompts import verification_messages  # noqa: E402
from groundtui.judge.pipeline import judge_answers  # noqa: E402
from groundtui.store import Store  # noqa: E402
from tests.helpers.builders import write_jsonl  # noqa: E402

SERVER = ROOT / "tests" / "judge" / "fake_openai.py"
WARRANTY = "Sofas carry a guarantee against frame defects. "
ASSEMBLY = "Fitters assemble wardrobes on the day for a fee. "


def make_answers(n: int) -> list[dict]:
    """``n`` distinct answers, four claims each over four sources, so no prompt repeats.

    One claim is stated by its source, one contradicted, one cites the returns policy for
    what the delivery guide says (fabricated provenance, for the cross-check to find),
    and one cites the delivery guide correctly. The other two sources state none of them.
    """
    answers = []
    for i in range(n):
        returns = (
            f"Returns policy {i}. Items can be returned within {20 + i} days of delivery. "
            f"A collection fee of {5 + i} pounds applies to large items. "
            + "Refunds go back to the original payment method. "
            * 20
        )
        delivery = (
            f"Delivery guide {i}. Standard delivery takes {2 + i % 5} working days. "
            + "Couriers leave a card when nobody is home. " * 20
        )
        answers.append(
            {
                "id": f"B-{i}",
                "question": f"Question {i}: can I return my order?",
                "response": (
                    f"Items can be returned within {20 + i} days of delivery [1]. "
                    f"A collection fee of {9 + i} pounds applies to large items [1]. "
                    f"Standard delivery takes {2 + i % 5} working days [2]. "
                    f"Couriers leave a card {i} [1]."
                ),
                "sources": [
                    {"id": f"returns-{i}", "text": returns},
                    {"id": f"delivery-{i}", "text": f"{delivery} Couriers leave a card {i}."},
                    {"id": f"warranty-{i}", "text": f"Warranty {i}. " + WARRANTY * 20},
                    {"id": f"assembly-{i}", "text": f"Assembly {i}. " + ASSEMBLY * 20},
                ],
            }
        )
    return answers


def start_server(latency: float) -> tuple[subprocess.Popen, str]:
    """The fake server in its own process; returns it and its base URL."""
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), "--latency", str(latency)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    line = proc.stdout.readline() if proc.stdout else ""
    if not line.startswith("PORT "):
        proc.kill()
        raise SystemExit(f"the fake server did not start: {line!r}")
    return proc, f"http://127.0.0.1:{line.split()[1]}/v1"


def run_once(url: str, n_answers: int, concurrency: int, profile: cProfile.Profile | None):
    """Import ``n_answers`` into a fresh database and judge them; returns measurements."""
    with tempfile.TemporaryDirectory() as tmp:
        data = write_jsonl(Path(tmp) / "answers.jsonl", make_answers(n_answers))
        with Store(Path(tmp) / "bench.db") as store:
            import_files(store, [str(data)])
            judge = LLMJudge(
                "openai/bench-model",
                api_base=url,
                api_key="bench",
                concurrency=concurrency,
                timeout=30,
                retries=0,
                cache=CompletionCache(store),
            )
            run = judge_answers(store, judge, all_answers=True, concurrency=concurrency)
            cpu, wall = time.process_time(), time.perf_counter()
            if profile is not None:
                profile.enable()
            stats = asyncio.run(run)
            if profile is not None:
                profile.disable()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            prompts = prompt_sizes(store)
            bill = verification_bill(store)
    return stats, wall, cpu, prompts, bill


def verification_bill(store: Store) -> tuple[float, int]:
    """Verification calls per claim (cross-checks included), and claims found stated by a
    source other than the one they cite (fabricated provenance)."""
    claims = store.scalar("select count(*) from judgements") or 0
    calls = store.scalar("select coalesce(sum(calls), 0) from judgements") or 0
    moved = (
        store.scalar("select count(*) from judgements where provenance_source_key is not null") or 0
    )
    return (calls / claims if claims else 0.0), moved


def prompt_sizes(store: Store) -> tuple[float, float, float]:
    """Mean characters of a verification prompt, of its cited source, and of the rest."""
    rows = store.query(
        "select c.text as claim, s.text as source from claims c join sources s"
        " on s.key = c.source_key"
    )
    prompt = [
        sum(len(m["content"]) for m in verification_messages(r["claim"], r["source"])) for r in rows
    ]
    source = [len(r["source"]) for r in rows]
    return (
        statistics.mean(prompt),
        statistics.mean(source),
        statistics.mean(p - s for p, s in zip(prompt, source, strict=True)),
    )


_GROUPS = (
    ("/groundtui/", "groundtui"),
    ("/litellm/", "litellm"),
    ("/openai/", "openai SDK"),
    ("/httpx/", "http client"),
    ("/httpcore/", "http client"),
    ("/h11/", "http client"),
    ("/anyio/", "http client"),
    ("/aiohttp/", "http client"),
    ("/yarl/", "http client"),
    ("/multidict/", "http client"),
)


def _group(filename: str) -> str | None:
    for part, name in _GROUPS:
        if part in filename:
            return name
    return None  # stdlib, builtins, pydantic, sqlite-utils...: charged to whoever called them


def split_cpu(profile: cProfile.Profile) -> dict[str, float]:
    """CPU seconds by whose work it was: groundtui, litellm, the OpenAI SDK, the HTTP client.

    A function's own time goes to its package; time in the standard library, builtins and
    shared libraries (json, pydantic, sqlite) goes up to their callers, split by how much
    of it each caller caused, until it reaches one of those packages. What never does
    (the event loop's own work) is "event loop".
    """
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    pending = {func: row[2] for func, row in stats.items()}
    for _ in range(50):
        passed: dict = {}
        for func, mass in pending.items():
            name = _group(func[0])
            callers = stats.get(func, (0, 0, 0, 0, {}))[4]
            weight = sum(v[3] for v in callers.values())
            if name is None and weight > 0:
                for caller, v in callers.items():
                    passed[caller] = passed.get(caller, 0.0) + mass * v[3] / weight
            else:
                key = name or "event loop"
                totals[key] = totals.get(key, 0.0) + mass
        pending = {k: v for k, v in passed.items() if v > 1e-9}
        if not pending:
            break
    totals["event loop"] = totals.get("event loop", 0.0) + sum(pending.values())
    return totals


def big_answer(chars: int, invented: bool = False) -> dict:
    """One answer whose response and source are about ``chars`` characters each: claims
    that the source states, contradicts or lacks, spread through both texts.

    With ``invented``, each claim that is not stated invents its values instead of
    contradicting one: a number of days and a date that the source writes nowhere, each
    claim its own (no cache serves the next).
    """
    sentences, facts = [], []
    i = size = 0
    while size < chars:  # a running size: summing every sentence each turn was quadratic
        topic = ("sofa", "table", "lamp", "rug", "chair", "bed", "desk")[i % 7]
        fact = f"The {topic} model {i} ships within {i % 9 + 2} working days"
        facts.append(fact + ".")
        if i % 3:
            claim = fact
        elif invented:
            claim = (
                f"The {topic} model {i} ships within {100_000 + i} working days"
                f" from {_MONTHS[i % 12]} {i % 28 + 1}, {2030 + i % 60}"
            )
        else:
            claim = f"The {topic} model {i} ships within {i % 9 + 12} working days"
        sentences.append(f"{claim} [1].")
        size += len(sentences[-1]) + 1
        i += 1
    return {
        "id": f"BIG-{chars}",
        "question": "How long does delivery take?",
        "response": " ".join(sentences),
        "sources": [{"id": f"catalogue-{chars}", "text": " ".join(facts)}],
    }


_MONTHS = (
    "January February March April May June July August September October November December"
).split()


def heuristic_sizes(sizes_mb: list[float], invented: bool = False) -> None:
    """Time the heuristic judge on one answer of each size; print seconds and s per MB."""
    from groundtui.judge.heuristic import HeuristicJudge

    print(f"{'MB':>5} {'claims':>7} {'seconds':>8} {'s per MB':>9}")
    for mb in sizes_mb:
        with tempfile.TemporaryDirectory() as tmp:
            path = write_jsonl(Path(tmp) / "big.jsonl", [big_answer(int(mb * 1_000_000), invented)])
            with Store(Path(tmp) / "bench.db") as store:
                for limit in ("max_answer_chars", "max_source_chars"):  # past the defaults
                    store.settings.set(limit, str(int(mb * 2_000_000)))
                import_files(store, [str(path)])
                started = time.perf_counter()
                stats = asyncio.run(judge_answers(store, HeuristicJudge(), all_answers=True))
                seconds = time.perf_counter() - started
                claims = store.scalar("select count(*) from claims")
        print(f"{mb:>5.2f} {claims:>7,} {seconds:>8.1f} {seconds / mb:>9.1f}")
        del stats


def expert_answers(n: int) -> tuple[list[dict], dict[str, str]]:
    """``n`` seeded expert answers, and each claim's text mapped to the source sentence it
    was written from (a filler sentence to itself): what the gold labels are read from."""
    sys.path.insert(0, str(ROOT / "bench"))
    import answers_expert

    written_from: dict[str, str] = {}
    facts = answers_expert._facts

    def recording(rng):  # the generator's own facts, each claim noted with its sentence
        pairs = facts(rng)
        written_from.update({claim: article for article, claim in pairs})
        return pairs

    answers_expert._facts = recording
    rng = random.Random(31)
    records = []
    for i in range(n):
        response, sources = answers_expert.generate_answer(rng)
        records.append(
            {
                "id": f"E-{i}",
                "question": f"Question {i}",
                "response": response,
                "sources": [{"id": f"s{i}-{k}", "text": t} for k, t in enumerate(sources)],
            }
        )
    answers_expert._facts = facts
    written_from.update({f: f for f in answers_expert.FILLER})
    return records, written_from


def gold_responder(written_from: dict[str, str], replies: list[str]):
    """A server responder answering every verification with the gold label: stated when
    the sources it is given hold the sentence the claim was written from."""
    from tests.judge.fake_openai import Reply, default_responder

    def one(claim: str, source: str) -> dict:
        article = written_from.get(claim.strip(), "\x00")
        stated = article in source
        return {
            "evidence": article if stated else "",
            "rationale": "gold label",
            "verdict": "stated" if stated else "absent",
            "invention_kind": None if stated else "plausible_specifics",
        }

    def respond(call):
        reply = answer(call)
        replies.append(reply.content or "")
        return reply

    def answer(call):
        if call.kind == "verify":
            return Reply(json.dumps(one(call.claim or "", call.source or "")))
        if call.kind == "verify_claims":
            entries = []
            for n, (claim, cites) in enumerate(call.claims, 1):
                joined = "\n\n".join(call.sources[i - 1] for i in cites)
                others = [
                    k
                    for k, text in enumerate(call.sources, 1)
                    if k not in cites and one(claim, text)["verdict"] == "stated"
                ]
                entries.append({"n": n, **one(claim, joined), "also_stated_by": others})
            return Reply(json.dumps({"claims": entries}))
        return default_responder(call)

    return respond


def print_bill(n: int) -> None:
    """Print the bill of judging ``n`` expert answers, batched and per claim."""
    from groundtui.judge.estimate import estimate
    from groundtui.judge.llm.provider import load_litellm

    litellm = load_litellm()  # offline: its cost map from the package
    from litellm.litellm_core_utils.default_encoding import encoding  # cl100k_base, bundled

    from tests.judge.fake_openai import FakeOpenAI

    records, written_from = expert_answers(n)
    replies: list[str] = []
    print(
        f"{'mode':<10} {'answers':>7} {'claims':>6} {'calls/ans':>9} {'prompt tok/ans':>14} "
        f"{'$ per 1,000 ans':>15} {'fidelity':>8} {'dry-run prompt tok':>18} {'dry/real':>8}"
    )
    for mode in ("batched", "per-claim"):
        replies.clear()
        server = FakeOpenAI(gold_responder(written_from, replies)).start()
        try:
            with tempfile.TemporaryDirectory() as tmp:
                data = write_jsonl(Path(tmp) / "answers.jsonl", records)
                with Store(Path(tmp) / "bench.db") as store:
                    import_files(store, [str(data)])
                    options = {"per_claim": mode == "per-claim"}
                    try:
                        judge = LLMJudge(
                            "openai/gpt-4o-mini",
                            api_base=server.url,
                            api_key="bench",
                            concurrency=8,
                            retries=0,
                            cache=CompletionCache(store),
                            **options,
                        )
                    except TypeError:  # a version without the choice: one claim per call
                        if mode != "per-claim":
                            continue
                        judge = LLMJudge(
                            "openai/gpt-4o-mini",
                            api_base=server.url,
                            api_key="bench",
                            concurrency=8,
                            retries=0,
                            cache=CompletionCache(store),
                        )
                    planned = estimate(store, judge, all_answers=True)  # before, as a user would
                    asyncio.run(judge_answers(store, judge, all_answers=True))
                    right = total = 0
                    for answer_id in [r["id"] for r in store.query("select id from answers")]:
                        answer = load_answer(store, answer_id)
                        for claim in stored_claims(store, answer_id):
                            verdict = store.scalar(
                                "select verdict from judgements where claim_id = ?"
                                " order by id desc limit 1",
                                [claim["id"]],
                            )
                            cited = answer.cited_all(claim)
                            given = cited.text if cited else answer.joined_sources
                            gold = written_from.get(claim["text"], "\x00") in given
                            right += (verdict == "stated") == gold
                            total += 1
                    prompt = sum(
                        len(encoding.encode(str(m.get("content", ""))))
                        for c in server.calls
                        for m in c.body["messages"]
                    )
                    completion = sum(len(encoding.encode(r)) for r in replies)
                    calls = len(server.calls)
                    dollars = sum(
                        litellm.cost_per_token(
                            model="gpt-4o-mini", prompt_tokens=prompt, completion_tokens=completion
                        )
                    )
                    sent = sum(
                        litellm.token_counter(model="gpt-4o-mini", messages=c.body["messages"])
                        for c in server.calls
                    )
                    dry = planned.prompt_tokens + planned.cross_check_tokens
                    print(
                        f"{mode:<10} {n:>7} {total:>6} {calls / n:>9.2f} {prompt / n:>14,.0f} "
                        f"{1000 * dollars / n:>15.3f} {right / total:>8.3f} "
                        f"{dry:>18,} {dry / sent:>8.3f}"
                    )
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--latency", type=float, nargs="+", default=[0.2, 1.0])
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument(
        "--answers",
        type=int,
        default=None,
        help="answers per run [default: 5 at concurrency 1, else 3 x concurrency up to 40]",
    )
    parser.add_argument(
        "--heuristic-sizes",
        type=float,
        nargs="+",
        metavar="MB",
        help="time the heuristic judge on one answer of each size (MB) instead",
    )
    parser.add_argument(
        "--invented",
        action="store_true",
        help="with --heuristic-sizes: claims that are not stated invent values the source lacks",
    )
    parser.add_argument(
        "--bill",
        type=int,
        metavar="N",
        help="print the bill of N long expert answers against a server playing gold labels",
    )
    args = parser.parse_args()
    if args.bill:
        print_bill(args.bill)
        return
    if args.heuristic_sizes:
        heuristic_sizes(args.heuristic_sizes, args.invented)
        return

    print(
        f"{'latency':>7} {'conc':>4} {'answers':>7} {'calls':>5} {'calls/ans':>9} "
        f"{'verify/claim':>12} {'provenance':>10} "
        f"{'wall s':>7} {'ideal s':>7} {'wall/ideal':>10} {'cpu ms/call':>11}"
    )
    prompts = None
    for latency in args.latency:
        proc, url = start_server(latency)
        try:
            run_once(url, 1, 1, None)  # warm up: litellm's lazy imports, its HTTP client
            for concurrency in args.concurrency:
                n = args.answers or {1: 5}.get(concurrency, min(40, 3 * concurrency))
                stats, wall, cpu, prompts, bill = run_once(url, n, concurrency, None)
                calls = stats.usage.calls
                ideal = calls * latency / concurrency
                print(
                    f"{latency:>7.1f} {concurrency:>4} {n:>7} {calls:>5} "
                    f"{calls / n:>9.2f} {bill[0]:>12.2f} {bill[1]:>10} {wall:>7.2f} {ideal:>7.2f} {wall / ideal:>10.3f} "
                    f"{1000 * cpu / calls:>11.2f}"
                )
        finally:
            proc.kill()
    if prompts:
        mean_prompt, mean_source, rest = prompts
        print(
            f"\nverification prompt: {mean_prompt:,.0f} chars on average for a cited source of "
            f"{mean_source:,.0f} chars ({mean_prompt / mean_source:.2f}x): the source, then "
            f"{rest:,.0f} chars of claim, instructions, examples and fences"
        )

    # CPU split: a run under cProfile timing CPU, beside the same run unprofiled.
    proc, url = start_server(0.05)
    try:
        run_once(url, 1, 1, None)
        stats, _wall, cpu, _, _ = run_once(url, 40, 8, None)
        profile = cProfile.Profile(time.process_time)
        run_once(url, 40, 8, profile)
    finally:
        proc.kill()
    calls = stats.usage.calls
    per_call = 1000 * cpu / calls
    split = split_cpu(profile)
    total = sum(split.values())
    print(
        f"\nCPU per call, 40 answers at concurrency 8 ({calls} calls): {per_call:.2f} ms; "
        "shares from a cProfile run:"
    )
    for group, seconds in sorted(split.items(), key=lambda kv: -kv[1]):
        print(f"  {group:<12} {100 * seconds / total:5.1f}%  ~{per_call * seconds / total:5.2f} ms")


if __name__ == "__main__":
    main()
