"""Benchmark ``groundtui serve``: N browser sessions at once on one big database.

Run from the repository root (needs Chromium at /usr/bin/chromium and playwright)::

    .venv/bin/python bench/serve.py                              # 10 sessions, 100,000 answers
    .venv/bin/python bench/serve.py --sessions 4 --answers 10000
    .venv/bin/python bench/serve.py --db /tmp/gen.db             # reuse (or create) a generated DB

The database comes from ``bench/generate.py`` (made at ``--db`` when missing); each run
works on a fresh copy. Each session is its own reviewer with their own link, a page of
one headless Chromium, all opened at once against a ``groundtui serve`` on 127.0.0.1.
Figures printed (the terminal is a canvas, so outcomes are read from the database):

- sign-in to first byte: from ``page.goto`` to the terminal's first drawing;
- sign-in to first answer open: to the session's lease on its first answer (the answer
  has been read for the screen);
- sign-in to first label: a verdict key pressed at the first drawing (held by the UI
  until the answer is shown) saved: an upper bound of "first answer drawn";
- key to saved: ``--presses`` verdict keys per session, one every ``--gap`` seconds in
  every session at once, each a new label; from the key press (wall clock) to the
  review row's ``at``; median and p95 over all sessions;
- memory per session: RSS and PSS of the review processes, with the sessions open;
- CPU while the keys were pressed, in cores: the review processes, the server, and the
  headless browser (here on the same 2 cores; a reviewer's browser is on their machine);
- CPU seconds, which the host's other load changes far less than the times above: a
  session's from its start to its first label saved (with the counts it starts then), and
  the sessions' together per key pressed (each key's save, and every session's looks for
  teammates' rows and recounts meanwhile);
- after the tabs close: processes left (must be 0) and leases on untouched answers (0).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundtui.store import Store  # noqa: E402

KEYS = "asps" * 50  # each press changes the claim's label: a new row every time


def rss_pss(pid: int) -> tuple[float, float]:
    """RSS and PSS of a process, in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) / 1024
    return fields["Rss"], fields["Pss"]


def children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (0 when it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        found += (kids := children(todo.pop()))
        todo += kids
    return found


def at_seconds(at: str) -> float:
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def rows(db: Path, sql: str, params: tuple = ()) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


async def until(what, timeout: float = 300.0, step: float = 0.02) -> float:
    end = time.time() + timeout
    while not what():
        if time.time() > end:
            raise TimeoutError("timed out")
        await asyncio.sleep(step)
    return time.time()


async def session(browser, url: str, db: Path, name: str, args, out: dict) -> None:
    page = await browser.new_page(viewport={"width": 1400, "height": 900})
    start = time.time()
    await page.goto(url)
    await page.wait_for_selector("body.-first-byte", timeout=300_000)
    out["first_byte"] = time.time() - start
    await page.focus(".xterm-helper-textarea")  # a click would select a claim
    await page.keyboard.press("s")
    out["answer_open"] = (
        await until(lambda: rows(db, "select 1 from leases where reviewer = ?", (name,))) - start
    )
    out["first_label"] = (
        await until(lambda: rows(db, "select 1 from reviews where reviewer = ?", (name,))) - start
    )
    out["page"] = page
    await out["go"].wait()
    presses = []
    for key in KEYS[: args.presses]:
        presses.append(time.time())
        await page.keyboard.press(key)
        await asyncio.sleep(args.gap)
    count = args.presses + 1
    await until(
        lambda: rows(db, "select count(*) from reviews where reviewer = ?", (name,))[0][0] >= count,
        timeout=120,
    )
    saved = [
        at_seconds(a)
        for (a,) in rows(db, "select at from reviews where reviewer = ? order by id", (name,))
    ][1:]
    out["key_to_saved"] = [s - p for p, s in zip(presses, saved, strict=True)]


async def run(db: Path, args) -> None:
    from playwright.async_api import async_playwright

    names = [f"web-{i:02}" for i in range(args.sessions)]
    with Store(db) as store:
        tokens = {name: store.reviewers.add(name)[1] for name in names}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "groundtui",
            "serve",
            "--db",
            str(db),
            "--port",
            "0",
            "--max-sessions",
            str(args.sessions),
            "--max-per-reviewer",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert server.stdout is not None
    base = server.stdout.readline().split(" on ", 1)[1].split()[0].rstrip("/")
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            go = asyncio.Event()
            outs = [{"go": go} for _ in names]
            tasks = [
                asyncio.create_task(
                    session(browser, f"{base}/?token={tokens[n]}", db, n, args, out)
                )
                for n, out in zip(names, outs, strict=True)
            ]
            await until(lambda: all("page" in o for o in outs) or any(t.done() for t in tasks))
            pids = children(server.pid)
            memory = [rss_pss(pid) for pid in pids]
            started_cpu = sum(map(cpu_seconds, pids)) / len(pids)
            browser_pids = [
                p
                for p in descendants(os.getpid())
                if p != server.pid and p not in descendants(server.pid)
            ]
            before = [sum(map(cpu_seconds, group)) for group in (pids, [server.pid], browser_pids)]
            began = time.time()
            go.set()
            await asyncio.gather(*tasks)
            spent = time.time() - began
            after = [sum(map(cpu_seconds, group)) for group in (pids, [server.pid], browser_pids)]
            cpu = [(b - a) / spent for a, b in zip(before, after, strict=True)]
            for out in outs:
                await out["page"].close()
            closed = time.time()
            await until(lambda: not children(server.pid), timeout=120)
            quit_s = time.time() - closed
            await browser.close()
    finally:
        server.terminate()
        server.wait(timeout=60)
    presses = sum(len(o["key_to_saved"]) for o in outs)
    per_key = (after[0] - before[0]) / presses
    report(args, outs, memory, quit_s, db, names, cpu, (started_cpu, per_key))


def report(args, outs, memory, quit_s, db, names, cpu, cpu_s) -> None:
    def spread(values: list[float]) -> str:
        values = sorted(values)
        p95 = values[max(0, round(0.95 * len(values)) - 1)]
        return (
            f"median {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {values[-1] * 1000:.0f} ms"
        )

    print(f"{args.sessions} sessions at once, {args.answers:,} answers")
    for key, label in (
        ("first_byte", "sign-in to first byte"),
        ("answer_open", "sign-in to first answer open"),
        ("first_label", "sign-in to first label saved"),
    ):
        print(f"  {label}: " + spread([o[key] for o in outs]))
    keys = [k for o in outs for k in o["key_to_saved"]]
    print(f"  key to saved ({len(keys)} presses): " + spread(keys))
    rss = [r for r, _ in memory]
    pss = [p for _, p in memory]
    print(
        f"  memory per session ({len(memory)} processes): RSS median "
        f"{statistics.median(rss):.0f} MiB (max {max(rss):.0f}), PSS median "
        f"{statistics.median(pss):.0f} MiB"
    )
    print(
        f"  CPU while keys were pressed, in cores: sessions {cpu[0]:.2f}, server "
        f"{cpu[1]:.2f}, headless browser {cpu[2]:.2f} (load average {os.getloadavg()[0]:.1f})"
    )
    print(
        f"  CPU seconds: {cpu_s[0]:.2f} per session to its first label; sessions' "
        f"{cpu_s[1] * 1000:.0f} ms per key pressed"
    )
    marks = ",".join("?" * len(names))
    left = rows(
        db,
        f"select count(*) from leases l where reviewer in ({marks}) and not exists"
        " (select 1 from reviews r join claims c on c.id = r.claim_id where"
        " c.answer_id = l.answer_id and r.reviewer = l.reviewer)",
        tuple(names),
    )[0][0]
    print(
        f"  tabs closed: every process gone in {quit_s:.1f} s; "
        f"leases left on untouched answers: {left}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--presses", type=int, default=20, help="verdict keys per session")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between keys")
    parser.add_argument("--db", default=None, help="a generated database (made when missing)")
    args = parser.parse_args()
    source = Path(args.db or f"{tempfile.gettempdir()}/groundtui-serve-{args.answers}.db")
    if not source.exists():
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "generate.py"),
                "--answers",
                str(args.answers),
                "--db",
                str(source),
            ],
            check=True,
            cwd=ROOT,
        )
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "serve.db"
        shutil.copy(source, db)
        asyncio.run(run(db, args))


if __name__ == "__main__":
    main()
