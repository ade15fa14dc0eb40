"""A team finishes the demo's queue: three reviewers and a lead, each a process of its own,
on one demo database with an overlap of 0.3 (docs/team-review.md).

Run from the repository root::

    .venv/bin/python bench/team_finish.py                 # a fresh demo database
    .venv/bin/python bench/team_finish.py --keep /tmp/team.db --seed 2

Each reviewer session is the review UI driven headless (``App.run_test``) in a process of
its own, as in ``bench/team.py``; each key is one the reviewer would press, with advance on
decide as a reviewer has it. A reviewer confirms the judge three times in four, else picks
another verdict (a kind kept with ``y``); in the overlap, having labelled a claim and so
seen the other reviewer's label, they go over to it half the time when the two differ (the
change after the reveal that the reviewers' kappa must not count). At the end of their queue
a reviewer quits and opens a new session, until one opens on nothing left for them.

- cy labels the first claim of three answers and goes absent, their session still alive;
- ann and bob, starting together, label until nothing is left for them;
- the lead frees cy's answers from the review UI (the palette's "Free a reviewer's
  answers") once cy is absent, and at the end adjudicates every dispute left.

The demo's own reviewers (dana, lee) left answers labelled in part: the team finishes them.
Printed: answers finished, the overlap's answers reviewed twice, the keys pressed and those
refused for an answer someone else held, what the lead freed, and the reviewers' kappa two
ways on the same final database: as ``main`` counted it (each claim's two first reviewers,
their latest labels, every answer), and from the labels each made before seeing the
other's, over the overlap's answers (``agreement.reviewer_vs_reviewer``).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundtui.demo import build_demo  # noqa: E402
from groundtui.report import compute  # noqa: E402
from groundtui.report.kappa import agreement  # noqa: E402
from groundtui.store import Store  # noqa: E402

SIZE = (140, 44)
OVERLAP = 0.3
VERDICT_KEYS = {"stated": "s", "contradicted": "c", "absent": "a", "partial": "p"}


async def _until(predicate, timeout: float = 60.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the review UI did not get there in time")
        await asyncio.sleep(0.005)


def _watch(app: Any) -> tuple[list[str], list[str]]:
    """Every warning the status line says (a refusal, a lock, a failed read), and every
    answer it says was passed as someone else's, as said."""
    from groundtui.tui.widgets.bars import StatusLine

    said = StatusLine.say
    warnings: list[str] = []
    skipped: list[str] = []

    def say(self: StatusLine, text: str, warning: bool = False) -> None:
        if warning:
            warnings.append(text)
        elif "now: skipped" in text:
            skipped.append(text)
        said(self, text, warning)

    StatusLine.say = say  # type: ignore[method-assign]
    return warnings, skipped


def _status(app: Any) -> str:
    from rich.text import Text

    from groundtui.tui.widgets.bars import StatusLine

    content = app.screen.query_one(StatusLine).content
    return content.plain if isinstance(content, Text) else str(content)


async def _ready(app: Any) -> None:
    screen = app.screen
    await _until(lambda: not screen.awaiting_answer and not screen.held_keys)


async def _label(pilot: Any, app: Any, verdict: str, counts: dict) -> bool:
    """Press the key of ``verdict`` on the selected claim (and ``y`` to keep its kind);
    True when it was saved."""
    screen, session = app.screen, app.session
    before, warned = session.counts["labels"], counts["warnings"]
    claim = screen.current_claim
    await pilot.press(VERDICT_KEYS[verdict])
    counts["keys"] += 1
    await _until(lambda: session.counts["labels"] > before or len(counts["said"]) > warned, 120)
    counts["warnings"] = len(counts["said"])
    if session.counts["labels"] == before:
        return False
    if verdict != "stated":  # the screen waits for the kind: keep it (and move on)
        await _until(lambda: screen.place.choosing_kind == claim.id or not session.advance)
        await pilot.press("y")
        counts["keys"] += 1
    await _ready(app)
    return True


def _pick(rng: random.Random, judge: str | None) -> str:
    if judge and rng.random() < 0.75:
        return judge
    return rng.choice([v for v in VERDICT_KEYS if v != judge])


async def _session(db: str, name: str, seed: int, plan: dict) -> dict:
    """One review session of ``name``: label what is left for them, as the plan says."""
    from groundtui.tui import make_app

    rng = random.Random(seed)
    app = make_app(db, name)
    said, skipped = _watch(app)
    counts = {"keys": 0, "warnings": 0, "said": said}
    opened_on_nothing = False
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await _ready(app)
        opened_on_nothing = screen.detail is None or "Nothing left" in _status(app)
        in_part = 0
        while not opened_on_nothing:
            detail, claim = screen.detail, screen.current_claim
            if detail is None:
                break
            if plan.get("in_part") and in_part >= plan["in_part"]:
                plan["absent"].set()  # cy walks away, the session left open
                await asyncio.to_thread(plan["done"].wait)
                break
            if claim is not None and claim.left_to_label:
                index = screen.claim
                if not await _label(pilot, app, _pick(rng, claim.judge_verdict), counts):
                    where = (detail.id, index)
                    await pilot.press("n")  # refused: on past it
                    counts["keys"] += 1
                    await _ready(app)
                    if (screen.detail.id if screen.detail else None, screen.claim) == where:
                        break
                    continue
                shown = next((c for c in screen.detail.claims if c.id == claim.id), None)
                if (
                    shown is not None
                    and detail.in_overlap
                    and shown.shown_others
                    and shown.shown_others[0].verdict not in (None, shown.mine_verdict)
                    and rng.random() < 0.5
                    and screen.detail.id == detail.id
                ):  # seen the other's label: go over to it
                    while screen.claim > index:
                        await pilot.press("k")
                        counts["keys"] += 1
                    while screen.claim < index:
                        await pilot.press("j")
                        counts["keys"] += 1
                    await _ready(app)
                    await _label(pilot, app, shown.shown_others[0].verdict, counts)
                if plan.get("in_part"):  # one claim of each, then on
                    in_part += 1
                    await pilot.press("n")
                    counts["keys"] += 1
                    await _ready(app)
                continue
            # nothing left on this answer for them: the next claim left in the queue
            where = (screen.detail.id if screen.detail else None, screen.claim)
            await pilot.press("space")
            counts["keys"] += 1
            await _ready(app)
            if (screen.detail.id if screen.detail else None, screen.claim) == where:
                break  # the end of what this session's queue holds
        await pilot.press("q")
    taken = [w for w in said if w.startswith("NOT SAVED") and "to review" in w]
    return {
        "name": name,
        "keys": counts["keys"],
        "labels": app.session.counts["labels"],
        "taken": taken,
        "skipped": skipped,
        "refused": [w for w in said if w.startswith(("NOT SAVED", "Not saved"))],
        "nothing": opened_on_nothing,
    }


async def _free(db: str, name: str, whom: str) -> str:
    """The lead's session: the palette's "Free a reviewer's answers", ``whom`` chosen."""
    from textual.widgets import OptionList

    from groundtui.tui import make_app
    from groundtui.tui.screens.free import FreeScreen

    app = make_app(db, name, adjudicate=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ready(app)
        await pilot.press("ctrl+p")
        await pilot.press(*"free a reviewer")
        await asyncio.sleep(0.5)  # the palette searches in the background
        await pilot.press("enter")
        await _until(lambda: isinstance(app.screen, FreeScreen))
        options = app.screen.query_one(OptionList)
        await _until(lambda: options.option_count > 0)
        while options.get_option_at_index(options.highlighted or 0).id != whom:
            await pilot.press("down")
        await pilot.press("enter")
        await _until(lambda: _status(app).startswith("Freed"))
        said = _status(app)
        await pilot.press("q")
    return said


async def _adjudicate(db: str, name: str, seed: int) -> dict:
    """The lead's session: a verdict on every disputed claim, to the end of the queue."""
    from groundtui.tui import make_app

    rng = random.Random(seed)
    app = make_app(db, name, adjudicate=True)
    said, _ = _watch(app)
    counts = {"keys": 0, "warnings": 0, "said": said}
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await _ready(app)
        while screen.detail is not None:
            claim = screen.current_claim
            if claim is None or claim.mine_verdict is not None:
                where = (screen.detail.id, screen.claim)
                await pilot.press("space")
                counts["keys"] += 1
                await _ready(app)
                if (screen.detail.id, screen.claim) == where:
                    break
                continue
            votes = [o.verdict for o in claim.others if o.verdict]
            await _label(pilot, app, rng.choice(votes or ["stated"]), counts)
        await pilot.press("q")
    return {"name": name, "keys": counts["keys"], "labels": app.session.counts["labels"]}


def _child(kind: str, out: Any, *args: Any) -> None:
    try:
        if kind == "review":
            result: Any = asyncio.run(_session(*args))
        elif kind == "free":
            result = asyncio.run(_free(*args))
        else:
            result = asyncio.run(_adjudicate(*args))
        out.put((kind, args[1], result))
    except Exception as exc:  # the parent reports it; a child's traceback would be lost
        out.put((kind, args[1], {"error": repr(exc)}))


def _old_kappa(db: Path) -> tuple[dict, int, int]:
    """The reviewers' kappa and overlap line as ``main`` counted them: on every claim two
    reviewers labelled, the latest labels of the two whose first labels came first
    (``agg_claim_rr``'s ``a`` and ``b``: the pairs ``main`` kept in ``agg_rr``)."""
    with closing(sqlite3.connect(db)) as conn:
        pairs = conn.execute("select a, b from agg_claim_rr").fetchall()
    return agreement(pairs), len(pairs), sum(a != b for a, b in pairs)


REVIEWED = "(case when s.rows > 0 then s.reviewed >= s.rows else s.marked > 0 end)"
"""An answer every claim of which has a reviewer's label (``agg_answer_state.all_reviewed``)."""


def _state(db: Path) -> dict[str, Any]:
    with closing(sqlite3.connect(db)) as conn:

        def one(sql: str, *params: Any) -> int:
            return conn.execute(sql, params).fetchone()[0]

        reviewed = REVIEWED
        return {
            "answers": one("select count(*) from answers"),
            "finished": one(f"select count(*) from agg_answer_state s where {reviewed}"),
            "overlap": one("select count(*) from answers where overlap_point < ?", OVERLAP),
            "double": one(
                "select count(*) from agg_answer_state s where s.overlap_point < ?"
                " and s.claims > 0 and s.doubled >= s.claims",
                OVERLAP,
            ),
            "demo_in_part": {
                r[0]
                for r in conn.execute(
                    "select x.answer_id from agg_reviewer_answers x join agg_answer_state s"
                    " on s.answer_id = x.answer_id where x.reviewer in ('dana', 'lee')"
                    f" and not x.finished and not {reviewed}"
                )
            },
            "reviewed": {
                r[0]
                for r in conn.execute(
                    f"select s.answer_id from agg_answer_state s where {reviewed}"
                )
            },
            "open_claims": one("select count(*) from claim_labels where reviewer_verdict is null"),
            # main's rule: anyone with a standing label or mark holds the answer for good
            "open_before": one(
                "select count(*) from answers a where (select count(*) from"
                " agg_reviewer_answers x where x.answer_id = a.id)"
                " < (case when a.overlap_point < ? then 2 else 1 end)",
                OVERLAP,
            ),
            "open_now": one(
                "select count(*) from answers a where (select count(*) from"
                " agg_reviewer_answers x where x.answer_id = a.id and x.finished)"
                " < (case when a.overlap_point < ? then 2 else 1 end)",
                OVERLAP,
            ),
        }


def main() -> None:
    """``python bench/team_finish.py [--keep PATH] [--seed N]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="copy the final database here")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "team.db"
        build_demo(db)
        with Store(db) as store:
            store.settings.set("overlap", str(OVERLAP))
        before = _state(db)
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        absent, done = ctx.Event(), ctx.Event()
        began = time.perf_counter()
        cy = ctx.Process(
            target=_child,
            args=(
                "review",
                out,
                str(db),
                "cy",
                args.seed,
                {"in_part": 3, "absent": absent, "done": done},
            ),
        )
        cy.start()
        absent.wait(600)  # cy has labelled three answers in part and walked away
        reviewers = {"ann": 0, "bob": 0}
        running = {}
        for n, name in enumerate(reviewers):
            p = ctx.Process(
                target=_child,
                args=("review", out, str(db), name, args.seed * 10 + n, {}),
            )
            p.start()
            running[name] = p
        lead = ctx.Process(target=_child, args=("free", out, str(db), "lead", "cy"))
        lead.start()
        results: dict[str, list[dict]] = {name: [] for name in reviewers}
        freed = ""
        while running or lead.is_alive():
            kind, name, result = out.get(timeout=1800)
            if "error" in result if isinstance(result, dict) else False:
                sys.exit(f"{kind} {name} failed: {result['error']}")
            if kind == "free":
                freed = result
                lead.join()
                continue
            results[name].append(result)
            running.pop(name).join()
            reviewers[name] += 1
            if not result["nothing"]:  # reopen: a new session, as the reviewer would
                p = ctx.Process(
                    target=_child,
                    args=("review", out, str(db), name, args.seed * 100 + reviewers[name], {}),
                )
                p.start()
                running[name] = p
        done.set()
        cy_result = out.get(timeout=600)
        cy.join()
        judge = ctx.Process(target=_child, args=("adjudicate", out, str(db), "lead", args.seed))
        judge.start()
        _, _, adjudicated = out.get(timeout=1800)
        judge.join()
        took = time.perf_counter() - began
        after = _state(db)
        old, old_double, old_disagree = _old_kappa(db)
        with Store(db) as store:
            report = compute(store)
        if args.keep:
            shutil.copy(db, args.keep)
    sessions = [r for rs in results.values() for r in rs] + [cy_result[2]]
    keys = sum(r["keys"] for r in sessions) + adjudicated["keys"]
    taken = [w for r in sessions for w in r["taken"]]
    refused = [w for r in sessions for w in r["refused"]]
    rvr, overlap = report["agreement"]["reviewer_vs_reviewer"], report["overlap"]
    in_part = before["demo_in_part"]
    print(
        f"demo database, overlap {OVERLAP}: {before['answers']} answers, "
        f"{before['finished']} finished before the team began; {len(in_part)} left in part "
        "by the demo's reviewers (dana, lee)"
    )
    print(
        f"a new reviewer could open {before['open_before']} of {before['answers']} answers "
        f"under main's rule (a standing label holds an answer for good), "
        f"{before['open_now']} under holding that follows people"
    )
    print(f"cy labelled 3 answers in part and went absent; the lead: {freed}")
    print(
        f"answers finished: {after['finished']} of {after['answers']} "
        f"({after['open_claims']} claims without a reviewer's label); the overlap's answers "
        f"with every claim labelled twice: {after['double']} of {after['overlap']}; "
        f"of those the demo's reviewers left in part, finished: "
        f"{len(in_part & after['reviewed'])} of {len(in_part)}"
    )
    for name, rs in results.items():
        print(
            f"  {name}: {len(rs)} sessions, {sum(r['labels'] for r in rs)} labels, "
            f"{sum(r['keys'] for r in rs)} keys"
        )
    print(f"  lead: {adjudicated['labels']} disputes adjudicated")
    skipped = sum(len(r.get("skipped", [])) for r in sessions)
    print(
        f"keys pressed: {keys}; refused for an answer someone else held: {len(taken)}; "
        f"refused in all: {len(refused)}; answers found taken on the way and passed: {skipped}"
    )
    for w in refused[:5]:
        print(f"    {w}")
    print(
        f"reviewer vs reviewer, as main counted it (latest labels, every answer): kappa "
        f"{_k(old['kappa'])}, raw {_k(old['raw'])}, n {old['n']}; overlap line: "
        f"{old_double} claims reviewed twice, {old_disagree} disagreements"
    )
    print(
        f"reviewer vs reviewer, independent labels, the overlap's answers: kappa "
        f"{_k(rvr['kappa'])}, raw {_k(rvr['raw'])}, n {rvr['n']}; overlap line: "
        f"{overlap['double_reviewed_claims']} claims reviewed twice, "
        f"{overlap['disagreements']} disagreements, {overlap['adjudicated']} adjudicated"
    )
    for pair in report["agreement"]["reviewer_pairs"]:
        print(f"  {' & '.join(pair['reviewers'])}: kappa {_k(pair['kappa'])}, n {pair['n']}")
    print(f"{took:.0f} s from cy's first key to the lead's last")


def _k(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


if __name__ == "__main__":
    main()
