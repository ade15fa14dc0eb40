"""Benchmark ``groundtui collect``: answers a second in, checked and stored, beside a reviewer.

Run from the repository root::

    .venv/bin/python bench/collect.py                    # 250 answers/s for 30 s, 20,000 in the DB
    .venv/bin/python bench/collect.py --rate 0           # as fast as it takes them
    .venv/bin/python bench/collect.py --db /tmp/gen.db --size 100000 --rate 300 --seconds 60

The collector runs as ``groundtui collect`` (a process of its own) on a fresh copy of a
``bench/generate.py`` database, on this machine's cores, with a reviewer labelling in the
review UI (a process driving it headless, ``tests/tui/reviewer_process.py``) on the same
file. The traces are the support bot's (``tests/collecting.py``: OpenInference spans, a
third of the answers with an invented figure), each answer its own trace, made with the
OpenTelemetry SDK and encoded by its OTLP encoder (protobuf) before the clock starts; two
sender threads post them in requests of ``--batch`` traces, paced to ``--rate`` answers a
second (0: each sender posts its next request when the last is answered). Printed:

- answers a second received (acknowledged), and stored and checked (the collector's
  ``/healthz`` count over the sending window), with the answers still pending at its end
  and how long the last one took to be stored after the senders stopped;
- acknowledgement latency (from a request's first byte sent to its 200 read): median, p99;
- the reviewer's key to saved (from the key reaching the app to the label committed; a key
  refused because others gave the claim its reviewers is not counted): median, p95, over
  the keys pressed while the senders ran, and over the ``--baseline`` seconds before, when
  the reviewer worked alone (the same machine, its load as it was);
- the machine's load average before and after, and the collector's CPU time over the run.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate  # noqa: E402
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans  # noqa: E402

from tests.collecting import bot_answers, start, traced  # noqa: E402
from tests.tui.reviewer_process import KEYS  # noqa: E402


async def _until(predicate, timeout: float = 120.0) -> None:
    import asyncio

    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the review UI did not get there in time")
        await asyncio.sleep(0.001)


async def _label_until_stopped(db: str, ready, stop) -> list[tuple[float, float]]:
    """A reviewer in the review UI (headless): one verdict key a claim, ``n`` to the next
    answer, until ``stop``; each key's ``(pressed at, seconds to saved)``."""
    from groundtui.tui import make_app

    app = make_app(db, "bench-reviewer", advance=False)
    keys: list[tuple[float, float]] = []
    async with app.run_test(size=(140, 44)) as pilot:
        screen = app.screen
        await _until(lambda: screen.detail is not None and not screen.awaiting_answer)
        ready.wait()
        while not stop.is_set() and screen.detail is not None:
            for index in range(len(screen.detail.claims)):
                counts = app.session.counts
                labels, refused = counts["labels"], counts["refused"]
                before = time.perf_counter()
                # the key as the terminal delivers it (``simulate_key``): Pilot's ``press``
                # would add its own wait for the whole screen to be idle to each key
                app.simulate_key(KEYS[(len(keys) + index) % len(KEYS)])
                await _until(
                    lambda c=counts, n=labels, r=refused: c["labels"] > n or c["refused"] > r
                )
                if counts["labels"] > labels:  # not a claim others gave its reviewers
                    keys.append((before, time.perf_counter() - before))
                await pilot.press("j")
            answer = screen.detail.id
            await pilot.press("n")
            await _until(
                lambda a=answer: (
                    screen.detail is not None
                    and screen.detail.id != a
                    and not screen.awaiting_answer
                )
            )
        await pilot.press("q")
    return keys


def reviewer(db: str, ready, stop, out) -> None:
    """Run ``_label_until_stopped`` in this (spawned) process; its keys on ``out``."""
    import asyncio

    try:
        out.put(asyncio.run(_label_until_stopped(db, ready, stop)))
    except Exception as exc:  # the parent says so; a child's traceback would be lost
        out.put(repr(exc))


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _bodies(count: int, batch: int) -> list[bytes]:
    """``count`` answers' traces as OTLP protobuf requests of ``batch`` traces each."""
    answers = [a for a in bot_answers(count * 2, tag="bench") if a["sources"]]
    answers = [a for a in answers if a["sources"][0]["text"].strip()][:count]
    assert len(answers) == count
    traces = traced(answers, "openinference")
    return [
        encode_spans([s for t in traces[i : i + batch] for s in t]).SerializeToString()
        for i in range(0, len(traces), batch)
    ]


def _send(port: int, bodies: list[bytes], every: float, latencies: list[float]) -> None:
    """Post ``bodies`` in turn, one each ``every`` seconds (0: back to back)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    started = time.perf_counter()
    for n, body in enumerate(bodies):
        if every:
            wait = started + n * every - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
        while True:
            before = time.perf_counter()
            connection.request(
                "POST", "/v1/traces", body, {"Content-Type": "application/x-protobuf"}
            )
            reply = connection.getresponse()
            reply.read()
            if reply.status == 200:
                latencies.append(time.perf_counter() - before)
                break
            if reply.status not in (429, 503):
                raise SystemExit(f"collect answered {reply.status}")
            time.sleep(float(reply.headers.get("Retry-After", "1")))
    connection.close()


def main() -> None:
    """``python bench/collect.py [--rate N] [--seconds S] [--batch B] [--db PATH]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="generated database to reuse (created if missing)")
    parser.add_argument("--size", type=int, default=20_000, help="answers in the database")
    parser.add_argument("--rate", type=float, default=250, help="answers a second (0: flat out)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--batch", type=int, default=10, help="traces a request")
    parser.add_argument("--flat-out", type=int, default=6000, help="answers sent with --rate 0")
    parser.add_argument(
        "--baseline", type=float, default=15, help="seconds the reviewer works alone first"
    )
    args = parser.parse_args()
    count = int(args.rate * args.seconds) if args.rate else args.flat_out
    count -= count % args.batch
    bodies = _bodies(count, args.batch)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(args.db) if args.db else Path(folder) / "generated.db"
        if not source.exists():
            generate(source, answers=args.size, seed=0)
        db = Path(folder) / "collect.db"
        shutil.copy(source, db)
        ctx = multiprocessing.get_context("spawn")
        ready, stop, out = ctx.Barrier(2), ctx.Event(), ctx.Queue()
        labelling = ctx.Process(target=reviewer, args=(str(db), ready, stop, out))
        labelling.start()
        collector = start(db)
        load_before = os.getloadavg()
        cpu_before = _cpu_seconds(collector.process.pid)
        before = collector.health()["stored"]
        ready.wait()  # the reviewer's first key now; the senders after the baseline
        quiet = time.perf_counter()
        time.sleep(args.baseline)
        latencies: list[float] = []
        halves = [bodies[0::2], bodies[1::2]]
        every = 2 * args.batch / args.rate if args.rate else 0.0
        began = time.perf_counter()
        senders = [
            threading.Thread(target=_send, args=(collector.port, half, every, latencies))
            for half in halves
        ]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        sent = time.perf_counter()
        at_end = collector.health()
        while collector.health()["stored"] - before < len(bodies) * args.batch:
            time.sleep(0.05)
        drained = time.perf_counter()
        cpu = _cpu_seconds(collector.process.pid) - cpu_before
        load_after = os.getloadavg()
        stop.set()
        keys = out.get(timeout=300)
        labelling.join()
        collector.stop()
    answers = len(bodies) * args.batch
    window = sent - began
    stored = at_end["stored"] - before
    ack = sorted(x * 1000 for x in latencies)
    print(
        f"database: {args.size:,} answers; {answers:,} answers sent in {len(bodies):,} "
        f"requests of {args.batch} traces, "
        + (f"paced to {args.rate:g} answers/s" if args.rate else "back to back")
        + f", over {window:.1f} s"
    )
    print(f"received (acknowledged): {answers / window:,.0f} answers/s")
    print(
        f"stored and checked while sending: {stored / window:,.0f} answers/s "
        f"({at_end['pending']['traces']:,} traces pending at the end; the last stored "
        f"{drained - sent:.1f} s after the senders stopped); overall "
        f"{answers / (drained - began):,.0f} answers/s"
    )
    print(
        f"acknowledgement latency: median {statistics.median(ack):.1f} ms, "
        f"p99 {ack[max(0, round(0.99 * len(ack)) - 1)]:.1f} ms"
    )
    if isinstance(keys, str):
        raise SystemExit(f"the reviewer failed: {keys}")
    alone = sorted(took * 1000 for at, took in keys if quiet <= at < began)
    if alone:
        print(
            f"reviewer's key to saved alone, {args.baseline:g} s before sending: median "
            f"{statistics.median(alone):.1f} ms, p95 "
            f"{alone[max(0, round(0.95 * len(alone)) - 1)]:.1f} ms over {len(alone)} keys"
        )
    during = sorted(took * 1000 for at, took in keys if began <= at <= sent)
    if during:
        print(
            f"reviewer's key to saved while sending: median {statistics.median(during):.1f} ms, "
            f"p95 {during[max(0, round(0.95 * len(during)) - 1)]:.1f} ms over {len(during)} keys"
        )
    else:
        print("reviewer: no key pressed while sending")
    print(
        f"load average (1, 5, 15 min): before {', '.join(f'{x:.2f}' for x in load_before)}; "
        f"after {', '.join(f'{x:.2f}' for x in load_after)}; collector CPU {cpu:.1f} s over "
        f"{drained - began:.1f} s ({cpu / (drained - began):.2f} cores)"
    )


if __name__ == "__main__":
    main()
