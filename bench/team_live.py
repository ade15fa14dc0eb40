"""A live team reviews the demo to the end: ann and bob in tmux, cy and a lead in Chromium
through ``groundtui serve``, on one demo database with an overlap of 0.3
(docs/team-review.md, docs/browser.md).

Run from the repository root (tmux, and Chromium at /usr/bin/chromium, are needed)::

    .venv/bin/python bench/team_live.py                        # /tmp/team-live/team.db
    .venv/bin/python bench/team_live.py --dir /tmp/run2 --seed 2 --walk-after 10

Every reviewer is a real process, driven only by keys and read only from its screen, as a
person would: ``tmux send-keys`` and ``capture-pane`` for the terminals, Playwright's
``keyboard.press`` and the page's xterm.js screen for the browsers. Before each key a
reviewer reads the selected claim: with no label of theirs they confirm the judge (``y``)
three times in four, else give another verdict (and ``y`` keeps the kind the screen offers);
otherwise, or when another reviewer's label on it is on screen, ``space`` finds their
next claim. They mark (``m``) one new answer in five. In the
overlap, having labelled a claim they could not see others' labels on, they look back
(``k``) one time in three and go over to the other reviewer's verdict half the time it
differs (the change after the reveal that the reviewers' kappa must not count). After each
key they read the status line, and every key is counted by what it said: saved, refused
for an answer someone else holds ("NOT SAVED: … is X's to review"), refused for another
reason, nothing left.

- bob labels ``--walk-after`` claims, then walks away in the middle of an answer, his
  terminal left open;
- ``--free-after`` seconds later the lead frees bob's answers from the palette ("Free a
  reviewer's answers") of their browser session;
- ann and cy label until the status line says nothing is left for them; when the lead has
  freed answers since, they look once more (``space``);
- when both have reached the end of their queue, each presses a key there, then opens a
  new session (ann a new terminal, cy reloads the tab) and labels what that one offers;
- bob comes back and presses the key his screen asks for, his terminal is killed, and the lead adjudicates every
  dispute in a new browser session (the adjudication link).

Printed: answers finished, keys pressed and what they said, what the lead freed, disputes
adjudicated, the claims the team gave more reviewers' labels than they need (two in the
overlap, else one), and the reviewers' kappa two ways on the final database: from
``groundtui report --json`` (the labels each made before seeing the other's, the overlap's
answers) and as the earlier rule counted it (each claim's two first reviewers, their
latest labels, every answer: ``bench/team_finish.py``'s SQL). Screens are kept in
``DIR/screens`` (tmux captures as text, browser pages as PNG), every key and what the
status line said after it in ``DIR/keys.tsv``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from team_finish import _old_kappa, _state  # noqa: E402  the same SQL as that bench

GROUNDTUI = [sys.executable, "-m", "groundtui"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
VERDICT_KEYS = {"stated": "s", "contradicted": "c", "absent": "a", "partial": "p"}
VERDICT = r"(stated|contradicted|absent|partial)"
END_OF_QUEUE = ("No claim left to label after", "No answer with a claim after", "This is the last")
"""What the status line says when moving on finds nothing further in the queue."""
SETTLE = 0.6
"""Seconds a screen must stay the same after a key before the reviewer reads it."""
PATIENCE = 30.0
"""Seconds a reviewer waits for a key to show anything before reading the screen anyway."""

# The page's xterm.js terminal is kept where the driver can read its screen: textual-serve
# assigns it to ``this.terminal`` in its constructor, which meets this setter first.
CAPTURE = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(v) {
    window.__terminal = v;
    Object.defineProperty(this, 'terminal', {value: v, writable: true, configurable: true,
                                             enumerable: true});
  },
});
"""
READ = """() => { const t = window.__terminal; if (!t) return [];
  const b = t.buffer.active, out = [];
  for (let i = 0; i < t.rows; i++) {
    const l = b.getLine(b.viewportY + i); out.push(l ? l.translateToString(true) : '');
  }
  return out; }"""


class Screen:
    """What a reviewer reads on one look at their screen."""

    def __init__(self, lines: list[str], me: str = "you") -> None:
        self.lines = lines
        self.me = me
        footer = next((i for i, line in enumerate(lines) if line.startswith("? help")), None)
        self.status = lines[footer - 1].strip() if footer else ""
        found = re.search(r"Answer (\S+) ─", "\n".join(lines[:3]))
        self.answer = found.group(1) if found else None
        self.middle = [p[1] for line in lines if len(p := line.split("││")) >= 3]
        self.detail: list[str] = []  # the selected claim, shown under the claims' list
        self.mine: str | None = None  # "no label", a verdict, or None when not on screen
        start = next((i for i, m in enumerate(self.middle) if re.match(r" ─{10,}", m)), None)
        if start is not None:
            for m in self.middle[start + 1 :]:
                text = m.strip()
                if found := re.match(rf"{me}\s{{2,}}(no label|{VERDICT})", text):
                    self.mine = found.group(1)
                    break
                self.detail.append(text)
            after = self.middle[start + 1 + len(self.detail) :]
            self.judge = next(
                (f.group(1) for m in after if (f := re.match(rf" judge {VERDICT}", m))), None
            )
            self.others = [
                (f.group(1), f.group(2))
                for m in after
                if (f := re.match(rf" (\w+): {VERDICT}", m)) and f.group(1) != me
            ]
        else:
            self.judge, self.others = None, []
        self.hidden = any("hidden until you label" in m for m in self.middle)

    @property
    def signature(self) -> tuple:
        """What a key changes: the status line, the answer, the selected claim."""
        return (self.status, self.answer, tuple(self.detail), self.mine)

    @property
    def nothing_left(self) -> bool:
        return "nothing left for you" in self.status.lower()

    @property
    def at_the_end(self) -> bool:
        return self.nothing_left or self.status.startswith(END_OF_QUEUE)


class Tmux:
    """A reviewer's terminal: ``groundtui review`` in a tmux session of 120×40."""

    def __init__(self, name: str, db: Path, tag: str) -> None:
        self.session = f"teamrun-{tag}-{name}"
        command = shlex.join([*GROUNDTUI, "review", "--reviewer", name, "--db", str(db)])
        subprocess.run(
            ["tmux", "new", "-d", "-s", self.session, "-x", "120", "-y", "40", command],
            check=True,
        )

    def lines(self, escapes: bool = False) -> list[str]:
        args = ["tmux", "capture-pane", "-p", "-t", self.session] + (["-e"] if escapes else [])
        return subprocess.run(args, capture_output=True, text=True).stdout.split("\n")[:40]

    def press(self, key: str) -> None:
        key = {"space": "Space", "ctrl+p": "C-p"}.get(key, key)
        subprocess.run(["tmux", "send-keys", "-t", self.session, key], check=True)

    def alive(self) -> bool:
        """The session still runs (its review has not ended)."""
        has = subprocess.run(["tmux", "has-session", "-t", self.session], capture_output=True)
        return has.returncode == 0

    def pid(self) -> int:
        out = subprocess.run(
            ["tmux", "display", "-p", "-t", self.session, "#{pane_pid}"],
            capture_output=True,
            text=True,
        )
        return int(out.stdout)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


class Tab:
    """A reviewer's browser tab on their link, its terminal read from xterm.js."""

    def __init__(self, browser: Any, url: str) -> None:
        self.page = browser.new_page(viewport={"width": 1400, "height": 900})
        self.page.add_init_script(CAPTURE)
        self.page.goto(url)
        self.page.wait_for_selector("body.-first-byte", timeout=120_000)
        self.page.focus(".xterm-helper-textarea")  # a click would select a claim

    def lines(self) -> list[str]:
        return list(self.page.evaluate(READ))

    def press(self, key: str) -> None:
        self.page.keyboard.press({"space": " ", "ctrl+p": "Control+p"}.get(key, key))

    def shot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.page.close()


def wait_screen(term: Any, test: Any, timeout: float = 120.0, me: str = "you") -> Screen:
    """The first look at ``term``'s screen that ``test`` accepts."""
    end = time.monotonic() + timeout
    while True:
        screen = Screen(term.lines(), me)
        if test(screen):
            return screen
        if time.monotonic() > end:
            raise TimeoutError(f"the screen never showed what was awaited:\n{screen.lines}")
        time.sleep(0.2)


KEYS: list[tuple[float, str, str, str, str, str, str]] = []
"""Every key: (seconds from the start, who, key, answer before, answer after, status after,
what it said)."""
BEGAN = time.monotonic()


class Reviewer:
    """One person at their screen: reads it, presses a key, reads what the key did."""

    def __init__(self, name: str, term: Any, rng: random.Random, me: str = "you") -> None:
        self.name, self.term, self.rng, self.me = name, term, rng, me
        self.keys = 0
        self.said: Counter[str] = Counter()  # what each key's status line said, by kind
        self.refused: list[str] = []  # every refusal, or anything unexpected, as said
        self.log: list[tuple[str, str, str]] = []  # (key, status line after it, kind)
        self.state = "working"  # then "end" (of the queue), "away" (bob)
        self.since = time.monotonic()
        self.seen: set[str] = set()
        self.waiting: tuple[str, Screen, float] | None = None
        self.last: tuple[tuple, float] | None = None
        self.labelled_hidden: tuple[str, ...] | None = None  # a claim labelled blind to others
        self.look_for: tuple[str, ...] | None = None  # the claim ``k`` went back to
        self.screen = wait_screen(term, lambda s: s.answer or s.nothing_left, me=me)
        self.opened_on = (self.screen.answer, self.screen.status)

    def press(self, key: str) -> None:
        self.term.press(key)
        self.keys += 1
        self.waiting = (key, self.screen, time.monotonic())
        self.last = None

    def tick(self) -> bool:
        """Look at the screen once; True when the last key's result has been read."""
        if self.waiting is None:
            return True
        key, before, began = self.waiting
        screen = Screen(self.term.lines(), self.me)
        now = time.monotonic()
        busy = "pending" in screen.status or screen.status.startswith(("Reading", "Loading"))
        if screen.signature != before.signature and not busy:
            if self.last is None or self.last[0] != screen.signature:
                self.last = (screen.signature, now)  # changed: read it once it is still
                return False
            if now - self.last[1] < SETTLE:
                return False
        elif now - began < PATIENCE:
            return False
        self.waiting = None
        self.screen = screen
        self._count(key, before, screen)
        return True

    def _count(self, key: str, before: Screen, screen: Screen) -> None:
        status = screen.status
        label_key = key == "y" or key in VERDICT_KEYS.values() or key == "m"
        if status == before.status and not label_key:
            kind = "moved" if screen.signature != before.signature else "nothing shown"
        elif "to review" in status and status.upper().startswith("NOT SAVED"):
            kind = "refused: taken"
        elif status.upper().startswith("NOT SAVED"):
            kind = "refused: other"
        elif screen.nothing_left:
            kind = "nothing left"
        elif status.startswith(END_OF_QUEUE):
            kind = "end of the queue"
        elif status.startswith(("Saved", "Kept")) and status != before.status:
            kind = "saved"
        elif "now: skipped" in status:
            kind = "passed a taken answer"
        else:
            kind = "other"
        if kind.startswith(("refused", "other")):
            self.refused.append(f"{self.name} {key} on {before.answer} → {status}")
        self.said[kind] += 1
        self.log.append((key, status, kind))
        KEYS.append(
            (
                time.monotonic() - BEGAN,
                self.name,
                key,
                before.answer or "",
                screen.answer or "",
                status,
                kind,
            )
        )

    def decide(self) -> str | None:
        """The next key, from what is on screen (None: nothing to press)."""
        s = self.screen
        if "y keeps the kind" in s.status:
            return "y"
        if s.at_the_end:
            return None
        if self.look_for is not None:
            look_for, self.look_for = self.look_for, None
            if tuple(s.detail) == look_for and s.mine in VERDICT_KEYS:
                differ = [v for _, v in s.others if v != s.mine]
                if differ and self.rng.random() < 0.5:
                    return VERDICT_KEYS[differ[0]]  # goes over to the other's verdict
                return "space"
        if self.labelled_hidden is not None:
            labelled, self.labelled_hidden = self.labelled_hidden, None
            if tuple(s.detail) != labelled and self.rng.random() < 1 / 3:
                self.look_for = labelled
                return "k"  # a look back at the claim just labelled, the others' labels shown
        if s.answer and s.answer not in self.seen:
            self.seen.add(s.answer)
            if self.rng.random() < 0.2:
                return "m"
        if s.mine == "no label" and s.others and not s.hidden:
            return "space"  # someone else's label is on screen: the claim is done
        if s.mine == "no label" or (s.mine is None and s.answer):
            if s.hidden:
                self.labelled_hidden = tuple(s.detail)
            if s.judge and self.rng.random() < 0.75:
                return "y"
            return VERDICT_KEYS[self.rng.choice([v for v in VERDICT_KEYS if v != s.judge])]
        return "space"

    def step(self) -> None:
        """Read what the last key did, then press the next one (or note there is none)."""
        if not self.tick() or self.state != "working":
            return
        key = self.decide()
        if key is None:
            self.state, self.since = "end", time.monotonic()
            return
        self.press(key)

    def settle(self, timeout: float = 300.0) -> None:
        end = time.monotonic() + timeout
        while not self.tick() and time.monotonic() < end:
            time.sleep(0.1)

    def work(self, timeout: float = 1800.0) -> None:
        """Press keys until the end of what this session offers."""
        end = time.monotonic() + timeout
        while self.state == "working" and time.monotonic() < end:
            self.step()
            time.sleep(0.1)


def probe(reviewer: Reviewer, key: str) -> str:
    """One key pressed on the screen as it is, and what the status line said after it."""
    reviewer.press(key)
    reviewer.settle()
    return reviewer.screen.status


def free_from_palette(lead: Reviewer, whom: str, shots: Path) -> str:
    """The lead frees ``whom``'s answers: ctrl+p, "Free a reviewer's answers", ``whom``."""
    tab = lead.term

    def key(name: str) -> None:
        tab.press(name)
        lead.keys += 1

    def shows(text: str) -> Screen:
        return wait_screen(tab, lambda s: any(text in x for x in s.lines), 60, lead.me)

    key("ctrl+p")
    shows("Search for commands")
    for ch in "free a reviewer":
        key(ch)
    shows("Free a reviewer's answers")
    time.sleep(1)  # the palette searches in the background
    tab.shot(shots / "lead_palette.png")
    key("Enter")
    dialog = shows("esc to close")
    tab.shot(shots / "lead_free_dialog.png")
    rows = [f.group(0) for x in dialog.lines if (f := re.search(r"[\w.-]+ · \d+ answers?", x))]
    names = [row.split(" · ")[0] for row in rows]
    for _ in range(names.index(whom)):
        key("ArrowDown")
    key("Enter")
    freed = wait_screen(tab, lambda s: s.status.startswith("Freed"), 60, lead.me)
    tab.shot(shots / "lead_freed.png")
    return f"{freed.status} (the dialog listed: {'; '.join(rows)})"


def adjudicate(lead: Reviewer, timeout: float = 1800.0) -> int:
    """A verdict on every disputed claim: one of the reviewers' verdicts, at random."""
    decided = 0
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = lead.screen
        left = re.search(r"(\d+) of \d+ disputed claims? left", " ".join(s.lines))
        if "y keeps the kind" in s.status:
            key = "y"
        elif (left and left.group(1) == "0") or not s.answer or s.at_the_end:
            break
        elif s.mine == "no label":
            votes = [v for _, v in s.others]
            verdict = lead.rng.choice(votes) if votes else s.judge or "stated"
            key = "y" if verdict == s.judge else VERDICT_KEYS[verdict]
            decided += 1
        else:
            key = "space"
        lead.press(key)
        lead.settle()
    return decided


def walks_away(bob: Reviewer, walk_after: int) -> bool:
    """bob goes in the middle of an answer: he saved a claim of it, the next one waits."""
    if bob.said["saved"] < walk_after or not bob.log:
        return False
    _, status, kind = bob.log[-1]
    s = bob.screen
    return kind == "saved" and status.startswith(f"Saved {s.answer} #") and s.mine == "no label"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run(cmd: list[str]) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT).stdout


def over_labelled(db: Path, since: str) -> list[str]:
    """Claims with more reviewers' labels than they need (two in the overlap, else one)
    where a label beyond the need was made since ``since``: ``HS-0002#1 ann,bob,cy``."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "select r.claim_id, group_concat(r.reviewer, ',') from (select claim_id, reviewer,"
            " min(at) as at from reviews where verdict is not null group by claim_id,"
            " reviewer order by at) r join claims c on c.id = r.claim_id join answers a"
            " on a.id = c.answer_id group by r.claim_id having count(*) > (case when"
            " a.overlap_point < 0.3 then 2 else 1 end) and max(r.at) >= ?",
            [since],
        ).fetchall()
    return [f"{claim} {who}" for claim, who in rows]


def write(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n")


class Team:
    """The run: the database, ``serve``, the four people and what happened to them."""

    def __init__(self, args: argparse.Namespace, browser: Any) -> None:
        self.args, self.browser = args, browser
        self.dir = args.dir
        self.shots = self.dir / "screens"
        self.db = self.dir / "team.db"
        self.rng = random.Random(args.seed)
        self.out: dict[str, Any] = {}
        self.terms: list[Tmux] = []
        self.serve: subprocess.Popen | None = None

    def setup(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
        self.shots.mkdir(parents=True)
        db = str(self.db)
        run([*GROUNDTUI, "demo", "--no-ui", "--db", db])
        run([*GROUNDTUI, "config", "overlap", "0.3", "--db", db])
        port = free_port()
        self.links = {}
        for name, lead in (("cy", []), ("lead", ["--lead"])):
            out = run(
                [
                    *GROUNDTUI,
                    "reviewers",
                    "add",
                    name,
                    "--url",
                    f"http://127.0.0.1:{port}",
                    "--db",
                    db,
                    *lead,
                ]
            )
            self.links[name] = re.findall(r"(http://\S+)", out)
        self.out["before"] = _state(self.db)
        self.out["began"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        self.serve = subprocess.Popen(
            [*GROUNDTUI, "serve", "--db", db, "--port", str(port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
        )
        assert self.serve.stdout is not None
        print(self.serve.stdout.readline().strip(), file=sys.stderr)
        self.tag = f"{self.args.seed}-{port}"

    def person(self, name: str, where: str) -> Reviewer:
        if where == "tmux":
            term: Any = Tmux(name, self.db, f"{self.tag}-{len(self.terms)}")
            self.terms.append(term)
        else:
            term = Tab(self.browser, self.links[name][0])
        return Reviewer(name, term, random.Random(self.rng.random()))

    def together(self) -> None:
        """ann, bob and cy label at once; bob walks away; the lead frees his answers."""
        args = self.args
        self.ann, self.bob = self.person("ann", "tmux"), self.person("bob", "tmux")
        self.cy = self.person("cy", "browser")
        lead_tab = Tab(self.browser, self.links["lead"][1])  # the adjudication link
        self.lead = Reviewer("lead", lead_tab, random.Random(self.rng.random()), "lead")
        team, bob = (self.ann, self.bob, self.cy), self.bob
        freed_at: float | None = None
        while True:
            for r in team:
                if r.state == "end" and freed_at and r.since < freed_at:
                    r.state = "working"  # told the lead freed answers: a look again
                    r.press("space")
                    continue
                if (
                    r is bob
                    and r.state == "working"
                    and r.tick()
                    and walks_away(r, args.walk_after)
                ):
                    r.state, r.since = "away", time.monotonic()
                    self.out["left"] = r.screen.answer
                    write(self.shots / "bob_walks_away.txt", r.term.lines())
                    continue
                r.step()
            away = time.monotonic() - bob.since
            if bob.state == "away" and freed_at is None and away >= args.free_after:
                self.out["freed"] = free_from_palette(self.lead, "bob", self.shots)
                freed_at = time.monotonic()
            others = (self.ann, self.cy)
            if all(r.state == "end" and (freed_at or 0) < r.since for r in others) and (
                freed_at or bob.state == "end"
            ):
                break
            time.sleep(0.1)
        self.out["worked"] = time.monotonic() - BEGAN
        self.out["at_end"] = _state(self.db)

    def at_the_end(self) -> None:
        """What the end of the queue shows and says, then a new session for ann and cy."""
        ann, cy = self.ann, self.cy
        write(self.shots / "ann_end.txt", ann.term.lines())
        write(self.shots / "ann_end.ansi", ann.term.lines(escapes=True))
        cy.term.shot(self.shots / "cy_end.png")
        probes = {
            "ann's status": ann.screen.status,
            "cy's status": cy.screen.status,
            "ann y": probe(ann, "y"),
            "cy y": probe(cy, "y"),
            "ann space": probe(ann, "space"),
        }
        # a new session: ann quits and starts again in a new terminal, cy reloads the tab
        ann.term.press("q")
        ann.keys += 1
        gone = time.monotonic() + 60
        while ann.term.alive() and time.monotonic() < gone:
            time.sleep(0.2)
        self.ann2 = self.person("ann", "tmux")
        write(self.shots / "ann_reopened.txt", self.ann2.term.lines())
        cy.term.page.reload()
        cy.term.page.wait_for_selector("body.-first-byte", timeout=120_000)
        cy.term.page.focus(".xterm-helper-textarea")
        self.cy2 = Reviewer("cy", cy.term, random.Random(self.rng.random()))
        cy.term.shot(self.shots / "cy_reopened.png")
        for r in (self.ann2, self.cy2):
            r.work()
        write(self.shots / "ann_reopened_end.txt", self.ann2.term.lines())
        self.out["probes"] = probes
        self.out["after_reopen"] = _state(self.db)

    def bob_comes_back(self) -> None:
        bob = self.bob
        write(self.shots / "bob_before_back.txt", bob.term.lines())
        key = bob.decide() or "space"  # what his screen asks of him, as the others do
        self.out["bob back"] = (key, probe(bob, key))
        write(self.shots / "bob_back.txt", bob.term.lines())
        pid = bob.term.pid()
        bob.term.close()  # his terminal is gone
        killed = time.monotonic()
        while Path(f"/proc/{pid}").exists() and time.monotonic() - killed < 120:
            time.sleep(0.2)
        alive = Path(f"/proc/{pid}").exists()
        self.out["bob gone"] = (alive, time.monotonic() - killed)

    def adjudication(self) -> None:
        """The lead adjudicates in a new session: the disputes as they are now."""
        lead = self.lead
        lead.term.press("q")
        lead.keys += 1
        lead.term.close()
        lead.term = Tab(self.browser, self.links["lead"][1])
        lead.screen = wait_screen(lead.term, lambda s: s.answer or "dispute" in s.status, me="lead")
        lead.term.shot(self.shots / "lead_adjudication.png")
        self.out["decided"] = adjudicate(lead)
        lead.term.shot(self.shots / "lead_adjudication_end.png")
        write(self.shots / "lead_adjudication_end.txt", lead.term.lines())
        for r in (self.ann2, self.cy2, lead):
            r.term.press("q")
        time.sleep(3)
        self.cy2.term.shot(self.shots / "cy_quit.png")

    def close(self) -> None:
        for term in self.terms:
            term.close()
        if self.serve is not None:
            self.serve.terminate()
            self.serve.wait(timeout=60)
        with (self.dir / "keys.tsv").open("w") as keys:
            keys.write("s\twho\tkey\tanswer before\tanswer after\tstatus after\tsaid\n")
            for row in KEYS:
                keys.write(f"{row[0]:.1f}\t" + "\t".join(row[1:]) + "\n")

    def figures(self) -> None:
        out, db = self.out, self.db
        before, at_end, after = out["before"], out["at_end"], _state(db)
        report = json.loads(run([*GROUNDTUI, "report", "--json", "--db", str(db)]))
        old, old_double, old_disagree = _old_kappa(db)
        rvr, overlap = report["agreement"]["reviewer_vs_reviewer"], report["overlap"]
        in_part = before["demo_in_part"]
        team = [self.ann, self.bob, self.cy]
        said = sum((r.said for r in team), Counter())

        def finished(state: dict) -> str:
            return (
                f"answers finished {state['finished']} of {state['answers']} "
                f"({state['open_claims']} claims without a reviewer's label), the demo's "
                f"left in part {len(in_part & state['reviewed'])} of {len(in_part)}, "
                f"the overlap's answers labelled twice {state['double']} of {state['overlap']}"
            )

        print(
            f"demo database, overlap 0.3: {before['answers']} answers, {before['finished']} "
            f"finished before the team began, {len(in_part)} left in part by the demo's "
            "reviewers (dana, lee)"
        )
        print(
            f"bob walked away in {out.get('left')} after {self.bob.said['saved']} labels; "
            f"{self.args.free_after:.0f} s later the lead: {out.get('freed', 'nothing freed')}"
        )
        print(f"when ann and cy reached the end of their queues: {finished(at_end)}")
        for r in team:
            where = "tmux" if isinstance(r.term, Tmux) else "browser"
            print(
                f"  {r.name} ({where}): {r.keys} keys: "
                + ", ".join(f"{k} {n}" for k, n in sorted(r.said.items()))
            )
        print(
            f"keys pressed: {sum(r.keys for r in team)} by the reviewers, "
            f"{said['saved']} saved; refused for an answer someone else held: "
            f"{said['refused: taken']}; refused for another reason: {said['refused: other']}; "
            f"anything else unexpected: {said['other']}"
        )
        for w in [w for r in team for w in r.refused][:10]:
            print(f"    {w}")
        print(
            "at the end of the queue: "
            + "; ".join(f"{k} → {v!r}" for k, v in out["probes"].items())
        )
        for r, name in ((self.ann2, "ann"), (self.cy2, "cy")):
            print(
                f"  {name} in a new session opened on {r.opened_on[0]} "
                f"({r.opened_on[1]!r}): {r.keys} keys: "
                + ", ".join(f"{k} {n}" for k, n in sorted(r.said.items()))
            )
        print(f"after the new sessions: {finished(out['after_reopen'])}")
        alive, seconds = out["bob gone"]
        print(
            f"bob came back, {out['bob back'][0]} → {out['bob back'][1]!r}; his terminal "
            "killed, his review "
            f"process {'still alive' if alive else 'ended'} after {seconds:.1f} s"
        )
        print(
            f"lead (browser): {self.lead.keys} keys (the palette and adjudication), "
            f"{out['decided']} disputes adjudicated; "
            + ", ".join(f"{k} {n}" for k, n in sorted(self.lead.said.items()))
        )
        print(f"at the end: {finished(after)}")
        extra = over_labelled(db, out["began"])
        print(
            f"claims labelled by more reviewers than they need (two in the overlap, else one), "
            f"by a label of the team's: {len(extra)}" + (f": {'; '.join(extra)}" if extra else "")
        )
        print(
            f"reviewer vs reviewer, the earlier rule (latest labels of each claim's two "
            f"first reviewers, every answer): kappa {_k(old['kappa'])}, raw {_k(old['raw'])}, "
            f"n {old['n']}; {old_double} claims reviewed twice, {old_disagree} disagreements"
        )
        print(
            f"reviewer vs reviewer, groundtui report --json (independent labels, the "
            f"overlap): kappa {_k(rvr['kappa'])}, raw {_k(rvr['raw'])}, n {rvr['n']}; "
            f"overlap line: {overlap['double_reviewed_claims']} claims reviewed twice, "
            f"{overlap['disagreements']} disagreements, {overlap['adjudicated']} adjudicated"
        )
        print(
            f"{out['worked']:.0f} s until ann and cy reached the end, "
            f"{time.monotonic() - BEGAN:.0f} s in all; screens in {self.shots}"
        )


def main() -> None:
    """``python bench/team_live.py [--dir DIR] [--seed N] [--walk-after N] [--free-after S]``."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=Path("/tmp/team-live"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--walk-after", type=int, default=12, help="bob's labels before he goes")
    parser.add_argument("--free-after", type=float, default=30.0, help="seconds bob is away")
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        team = Team(args, browser)
        try:
            team.setup()
            team.together()
            team.at_the_end()
            team.bob_comes_back()
            team.adjudication()
        finally:
            browser.close()
            team.close()
    team.figures()


def _k(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


if __name__ == "__main__":
    main()
