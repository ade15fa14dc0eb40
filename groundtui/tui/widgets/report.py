"""The report pane: the report's numbers with their counts, and this session's work."""

from __future__ import annotations

import time
from datetime import date, timedelta
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static
from textual.worker import get_current_worker

from groundtui.report import Report, answer_counts, coverage_line, team_numbers
from groundtui.report.compute import TeamNumbers
from groundtui.report.groups import Group, claim_levels_by_day
from groundtui.review.answer import AnswerDetail
from groundtui.review.intents import Outcome
from groundtui.review.session import ReviewSession, report_of
from groundtui.text.inert import one_line
from groundtui.tui.legible import component_style
from groundtui.tui.live import Spaced
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.reads import read
from groundtui.tui.widgets.rendering import SHORT_KIND, set_text


def _pct(value: float | None) -> str:
    return "  n/a " if value is None else f"{value * 100:5.1f}%"


def _n(value: int) -> str:
    """A count in at most six characters: 98,765 then 123.5k, 12.3M."""
    if value < 100_000:
        return f"{value:,}"
    if value < 10_000_000:
        return f"{value / 1000:.1f}k"
    return f"{value / 1_000_000:.1f}M"


def _kappa(value: float | None) -> str:
    return " n/a" if value is None else f"{value:+.2f}"


BLOCKS = "▁▂▃▄▅▆▇█"
TREND_DAYS = 28
"""Days the trend line shows: the last day with answers and those before it."""


class ReportPane(VerticalScroll):
    """The groundedness report, counted in workers and drawn after every change.

    The report's main numbers are kept current by the database and read after every
    change (``recount``); its team keys (each reviewer's kappa, the reviewers' agreement
    with each other, the overlap, coverage) are read in a worker of their own, spaced by
    its cost (``live.Spaced``), which keeps them within two seconds of anyone's label.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"report--heading", "report--dim", "report--figure"}
    BORDER_TITLE = "Report"
    ALLOW_MAXIMIZE = True
    """``z`` zooms it, as every pane (Textual keeps scrolling containers from it)."""

    revision: reactive[int] = reactive(0, init=False)
    """How many times the numbers were redrawn (benchmarks wait on it)."""
    withheld: reactive[str] = reactive("", init=False)
    """Why the numbers are not shown now (blind review; another reviewer's labels hidden
    on the open answer), or empty: they are."""
    on_screen: reactive[OnScreen] = reactive(OnScreen, always_update=True, init=False)
    """The answer on screen: the figures hide while it hides another reviewer's labels."""

    def __init__(self, session: ReviewSession, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.report: Report | None = None
        self.ready = False
        """The report was read at least once."""
        self.team_numbers: dict = {}
        """The report's team keys (``reviewers``, ``overlap``, ``coverage``), once read."""
        self.days: list[Group] = []
        """Each day's claim level, read with the team's numbers (answers without a time
        left out): the trend line."""
        self._teams = Spaced(self, self._count_team, floor=session.poll, spacing=session.spacing)
        self._set = 0
        """Reports set from a change: a read begun before one is older, and dropped."""

    def compose(self):
        yield Static(Text("Counting the whole database…"), id="report-body")

    def on_mount(self) -> None:
        self.withheld = self._withheld(None)
        # a new theme: its colours are in the text drawn
        self.app.theme_changed_signal.subscribe(self, lambda _: self.draw())

    def watch_withheld(self) -> None:
        self.draw()

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        self.withheld = self._withheld(on_screen.detail)

    def _withheld(self, detail: AnswerDetail | None) -> str:
        """Why the numbers are hidden with ``detail`` on screen, or empty."""
        if self.session.blind:
            return (
                "The report's numbers are hidden in blind review: they count the judge's verdicts."
            )
        if detail is not None and any(c.others_hidden and c.others for c in detail.claims):
            return (
                "The report's numbers are hidden while this answer hides another "
                "reviewer's labels, which they count: label its claims to see both."
            )
        return ""

    def recount(self) -> None:
        """Read the report again, and its team keys at once or once due."""
        self._count_report(self._set)
        self._teams.ask()

    def saved(self, outcome: Outcome) -> None:
        """A change the reviewer made here was saved: draw the report it read back as it
        committed."""
        if outcome.report is not None:
            self.report, self.ready = outcome.report, True
            self._set += 1
        self.draw()

    @work(thread=True, exclusive=True, group="report", exit_on_error=False)
    def _count_report(self, set_before: int) -> None:
        """Read the report (its counts are kept current by the database)."""
        report = read(self, self.session, "the report", report_of)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._reported, report, set_before)

    def _reported(self, report: Report | None, set_before: int) -> None:
        if set_before != self._set:
            return  # a change's own report, newer than this read, is on screen
        if report is not None:
            self.report = report
        self.ready = True
        self.draw()

    def _count_team(self) -> None:
        self._count_team_numbers()

    @work(thread=True, exclusive=True, group="team", exit_on_error=False)
    def _count_team_numbers(self) -> None:
        """Read the report's team keys: each reviewer's labels and agreement, the overlap."""
        began = time.thread_time()  # CPU, not wall: the UI thread shares the GIL
        numbers = read(self, self.session, "the team's numbers", team_numbers)
        # a read of each answer, not each claim: spaced with the team's, never per key
        days = read(self, self.session, "the claim level by day", claim_levels_by_day)
        self._teams.took = time.thread_time() - began
        if numbers is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._team_counted, numbers, days)

    def _team_counted(self, numbers: dict, days: list[Group] | None) -> None:
        self.team_numbers = numbers
        if days is not None:
            self.days = days
        self.draw()

    def draw(self) -> None:
        """Redraw the numbers as last read (keys of docs/report.md).

        While ``withheld`` every figure but the session's is: in blind review each one
        counts the judge's verdicts (labels fall back to them; kappa compares with them),
        and on an answer where another reviewer's labels are still hidden, the figures
        would move with them.
        """
        report, team, session = self.report, self.team_numbers, self.session
        heading = component_style(self, "report--heading")
        dim = component_style(self, "report--dim")
        figure = component_style(self, "report--figure")
        text = Text()
        if self.withheld:
            text.append(self.withheld + "\n", style=dim)
        elif not self.ready:
            text.append("Reading the report…\n", style=dim)
        elif report is None:
            text.append("The report could not be read (see the status line).\n", style=dim)
        else:
            if (covered := getattr(team, "coverage", None)) is not None:
                text.append(coverage_line(covered) + "\n", style=dim)
            # the reviewers' agreement is a team number: read with them, not on every key
            counted = team if isinstance(team, TeamNumbers) else None
            agreement = {**report["agreement"], **(counted.agreement if counted else {})}
            self._numbers(text, report, agreement, heading, dim, figure)
            self._by_reviewer(
                text, {**report, **(team or {}), "agreement": agreement}, heading, dim, figure
            )
            adjudicated = counted.against_adjudicated() if counted else {}
            self._agreements(text, agreement, adjudicated, dim, figure)
        text.append("This session", style=heading)
        counts = session.counts
        done = [
            f"{n} {key[:-1] if n == 1 else key}"
            for key in ("labels", "marks", "notes", "undos")
            if (n := counts.get(key, 0))
        ]
        text.append(f" ({one_line(session.reviewer, 20)}): {' · '.join(done) or 'nothing yet'}")
        set_text(self.query_one("#report-body", Static), text)
        self.revision += 1

    def _numbers(self, text: Text, report: Report, agreement: dict, heading, dim, figure) -> None:
        verdicts = report["verdicts"]
        grounded, invented, assessed = answer_counts(report)

        rows = (
            (
                "Claim level",
                report["claim_level"],
                # docs/report.md: over every claim; an unlabelled claim is not stated.
                f"{_n(verdicts['stated'])}/{_n(report['claims'])} stated",
            ),
            (
                "Answer level",
                report["answer_level"],
                f"{_n(grounded)}/{_n(assessed)} all stated",
            ),
            (
                "Invention",
                report["invention_rate"],
                f"{_n(invented)}/{_n(assessed)} w/ absent",
            ),
        )
        for name, value, counts in rows:
            text.append(f"{name:<13}", style=heading)
            text.append(_pct(value), style=figure)
            text.append(f" {counts}\n", style=dim)
        self._trend(text, self.days, heading, dim, figure)
        # a header row, so that each row fits the pane's width at 120 columns
        text.append(f"{'Agreement':<17}{'κ':>6}{'raw':>6}{'claims':>7}\n", style=heading)
        for name, key in (
            ("judge↔reviewer", "judge_vs_reviewer"),
            ("reviewer↔reviewer", "reviewer_vs_reviewer"),
        ):
            a = agreement.get(key, {"n": 0, "raw": None, "kappa": None})
            raw = "n/a" if a["raw"] is None else f"{a['raw'] * 100:.0f}%"
            text.append(f"{name:<17}")
            text.append(f"{_kappa(a['kappa']):>6}", style=figure)
            text.append(f"{raw:>6}{_n(a['n']):>7}\n", style=dim)
        text.append(
            f"{_n(report['reviewed_claims'])} of {_n(report['claims'])} claims labelled\n",
            style=dim,
        )
        text.append(" · ".join(f"{k} {_n(v)}" for k, v in verdicts.items()) + "\n")
        kinds = {SHORT_KIND.get(k, k): v for k, v in report["invention_kinds"].items() if v}
        if kinds:
            text.append(" · ".join(f"{k} {_n(v)}" for k, v in kinds.items()) + "\n", style=dim)
        q = report["quadrants"]
        text.append("Grounded × correct ", style=heading)
        text.append(f"(? {_n(q['correctness_unknown'])} unknown)\n", style=dim)
        for name in ("grounded", "ungrounded"):
            text.append(
                f"  {name:<11}✓ {_n(q[name + '_correct']):<8} ✗ {_n(q[name + '_incorrect'])}\n"
            )
        self._by_source(text, report["by_source"], heading, dim)
        flags = report["flags"]
        text.append(
            f"flagged {_n(flags['flagged'])} of {_n(flags['scanned'])} scanned "
            f"({_pct(flags['rate']).strip()})\n",
            style=dim,
        )

    @staticmethod
    def _trend(text: Text, days: list[Group], heading, dim, figure) -> None:
        """The claim level of each of the last ``TREND_DAYS`` days as a line of blocks,
        scaled from the lowest to the highest, which it prints beside: a day without
        answers a dot, a day of too few answers to say anything (``groups.SMALL``) faint,
        as docs/review.md says. Drawn here, not
        with Textual's ``Sparkline``: the pane is one text, and that widget can show
        neither a day without answers nor one of too few."""
        if not days:
            return
        last = date.fromisoformat(str(days[-1].group))
        by_day = {g.group: g for g in days}
        shown = [
            by_day.get((last - timedelta(days=n)).isoformat())
            for n in range(TREND_DAYS - 1, -1, -1)
        ]
        levels = [g.claim_level for g in shown if g is not None and g.claim_level is not None]
        if not levels:
            return
        low, high = min(levels), max(levels)
        text.append("Claim level by day", style=heading)
        text.append(f" to {last:%d %b}\n", style=dim)
        for g in shown:
            if g is None or g.claim_level is None:
                text.append("·", style=dim)
                continue
            step = 3 if high == low else round((g.claim_level - low) / (high - low) * 7)
            text.append(BLOCKS[step], style=dim if g.small else figure)
        text.append(f" {low * 100:.0f}–{high * 100:.0f}%\n", style=dim)

    @staticmethod
    def _by_reviewer(text: Text, report: dict, heading, dim, figure) -> None:
        """Each reviewer's claims and kappa with the judge, beside the reviewers' own kappa."""
        reviewers = report.get("reviewers") or {}
        if reviewers:
            text.append(f"{'Reviewers':<13}{'claims':>7}{'answers':>8}  κ judge\n", style=heading)
            for name, row in list(reviewers.items())[:8]:
                text.append(
                    f"{one_line(name, 12):<13}{_n(row['claims']):>7}{_n(row['answers']):>8}"
                )
                text.append(f"  {_kappa(row['judge_agreement']['kappa'])}\n", style=figure)
            if len(reviewers) > 8:
                text.append(f" … {len(reviewers) - 8} more reviewers\n", style=dim)
        o = report.get("overlap")
        if o and (o["share"] or o["double_reviewed_claims"]):
            rvr = report["agreement"].get("reviewer_vs_reviewer", {"kappa": None})
            kappa = _kappa(rvr["kappa"]).strip()
            text.append(
                f"overlap {o['share'] * 100:.0f}%: {_n(o['answers'])} answers · "
                f"{_n(o['double_reviewed_claims'])} claims twice · "
                f"{_n(o['disagreements'])} disagree · {_n(o['adjudicated'])} adjudicated · "
                f"κ {kappa}\n",
                style=dim,
            )

    @staticmethod
    def _agreements(text: Text, agreement: dict, adjudicated: dict, dim, figure) -> None:
        """The reviewers' kappa by pair and by origin, and each against the adjudications:
        a line each, the first few."""
        lines = (
            (
                "pairs",
                {
                    " & ".join(one_line(n, 10) for n in p["reviewers"]): p
                    for p in agreement.get("reviewer_pairs", [])
                },
            ),
            ("by origin", agreement.get("reviewer_vs_reviewer_by_origin", {})),
            ("vs adjudicated", adjudicated),
        )
        for title, named in lines:
            if not named:
                continue
            text.append(f"{title}: ", style=dim)
            shown = list(named.items())[:4]
            for i, (name, a) in enumerate(shown):
                text.append(("" if not i else " · ") + f"{one_line(name, 24)} ")
                text.append(f"κ {_kappa(a['kappa']).strip()}", style=figure)
                text.append(f" ({_n(a['n'])})", style=dim)
            more = len(named) - len(shown)
            text.append(f" … {more} more\n" if more else "\n", style=dim)

    @staticmethod
    def _by_source(text: Text, by_source: dict, heading, dim) -> None:
        if not by_source:
            return
        text.append(
            f"{'By source':<13}{'claims':>7} {'level':>6}{'answers':>8} {'ungr.':>6}\n",
            style=heading,
        )
        # As ``groundtui report`` ranks them: the most often ungrounded first.
        ranked = sorted(
            by_source.items(),
            key=lambda kv: (
                kv[1]["ungrounded_answer_rate"] is None,
                -(kv[1]["ungrounded_answer_rate"] or 0),
                kv[0],
            ),
        )
        for origin, s in ranked[:8]:
            text.append(
                f"{one_line(origin, 12):<13}{_n(s['claims']):>7} {_pct(s['claim_level'])}"
                f"{_n(s['answers']):>8} {_pct(s['ungrounded_answer_rate'])}\n"
            )
        if len(ranked) > 8:
            text.append(f" … {len(ranked) - 8} more origins\n", style=dim)
