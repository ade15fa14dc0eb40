"""The claims list: one row per claim with the judge's labels, the reviewer's, and marks."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.label_rules import describe
from groundtui.text.inert import one_line, shown
from groundtui.tui.legible import component_style
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.widgets.rendering import SHORT_KIND, VERDICT_CLASSES, part_around, set_text

COMPACT_BELOW = 34
"""Terminal rows below which the claims list gives each claim one line (app.tcss -short)."""


LIST_WINDOW = 400
"""The most claims the list holds at once: a longer answer lists the part around the
selected claim (relabelling one of 16,400 listed claims cost about 0.4 s)."""


def list_window(count: int, selected: int) -> int:
    """The first of the ``LIST_WINDOW`` claims listed when claim ``selected`` of ``count`` is:
    a quarter of the window or more before it, moving in steps of a quarter."""
    return part_around(count, selected, LIST_WINDOW, 4)


class ClaimsPane(Vertical, can_focus=True):
    """The answer's claims in response order, and the selected one in full below."""

    COMPONENT_CLASSES = VERDICT_CLASSES | {"claims--mark", "claims--dim"}
    BORDER_TITLE = "Claims"

    class ClaimChosen(Message):
        """The reviewer clicked a claim."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    on_screen: reactive[OnScreen] = reactive(OnScreen, always_update=True, init=False)
    """The answer on screen and its selected claim."""

    def __init__(
        self, db_path: str, blind: bool = False, adjudicate: bool = False, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.db_path = db_path
        """Named in the command that judges an answer not judged yet."""
        self.blind = blind
        self.adjudicate = adjudicate
        self.mine = "lead" if adjudicate else "you"
        """What this reviewer's own label is called: a lead's is the decision."""
        self._current = 0
        self._detail_of: int | None = None
        self._claims: list[ClaimView] = []
        """The answer's claims."""
        self._shown: list[ClaimView] = []
        """The claims listed: all, or ``LIST_WINDOW`` of them from ``_first``."""
        self._first = 0
        self._styles: dict[str, Style] = {}

    def compose(self) -> ComposeResult:
        options = OptionList(id="claims-list")
        options.can_focus = False
        yield options
        with VerticalScroll(id="claim-detail-scroll", can_focus=False):
            yield Static(id="claim-detail")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self.repaint())

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        detail = on_screen.detail
        self.empty = self._no_claims(detail)
        self.show(detail.claims if detail else [], on_screen.claim)

    empty = Text("")
    """What the detail says when the answer has no claim (nothing while there is no
    answer: the answer pane says why)."""

    def _no_claims(self, detail: AnswerDetail | None) -> Text:
        """Why the answer shows no claim: none found, or never judged (and what to run)."""
        dim = self._style("claims--dim")
        if detail is None:
            return Text("")
        if detail.judged:
            return Text("This answer has no claims: the judge found none to check.", style=dim)
        text = Text("Not judged yet: ", style="bold")
        text.append("claims come from the judge, and this answer has not been through it. Run\n\n")
        text.append(f"  groundtui judge --all --db {self.db_path}\n\n", style="bold")
        text.append(
            "(add --heuristic to judge offline, without a model), then open the review "
            "again. m still marks the answer correct or not.",
        )
        return text

    def show(self, claims: list[ClaimView], selected: int) -> None:
        """List ``claims`` with ``selected`` highlighted; redraw only entries that changed.

        An answer of more than ``LIST_WINDOW`` claims lists the part around the selected
        one: Textual's list measures every entry again after one changes.
        """
        self._claims = claims
        first = list_window(len(claims), selected)
        shown = claims[first : first + LIST_WINDOW]
        options = self.query_one(OptionList)
        if first == self._first and [o.id for o in options.options] == [c.id for c in shown]:
            for index, (old, claim) in enumerate(zip(self._shown, shown, strict=True)):
                if old != claim:  # a label changes one claim: one entry, not 1,500
                    options.replace_option_prompt_at_index(index, self._prompt(claim))
        else:
            options.clear_options()
            options.add_options(Option(self._prompt(c), id=c.id) for c in shown)
        self._first, self._shown = first, list(shown)
        if len(shown) < len(claims):
            last = first + len(shown)
            self.border_title = f"Claims {first + 1:,}–{last:,} of {len(claims):,}"
        else:
            self.border_title = f"Claims ({len(claims)})"
        self.select(claims, selected)

    def select(self, claims: list[ClaimView], index: int) -> None:
        """Highlight claim ``index`` and show it in full."""
        if list_window(len(claims), index) != self._first:
            self.show(claims, index)  # past the part listed: list the part around it
            return
        self._current = index
        options = self.query_one(OptionList)
        if 0 <= index - self._first < options.option_count:
            # A key's own highlight must not come back as a click: queued behind a second
            # key, it would select the first claim again, and so on forever.
            with options.prevent(OptionList.OptionHighlighted):
                options.highlighted = index - self._first
        detail = self.query_one("#claim-detail", Static)
        set_text(
            detail,
            self._detail(claims[index]) if 0 <= index < len(claims) else self.empty,
        )
        if index != self._detail_of:  # a new claim starts at its top; a relabel stays put
            self._detail_of = index
            self.query_one("#claim-detail-scroll").scroll_home(animate=False)

    def _style(self, name: str) -> Style:
        """Component class ``name`` as drawn: read once a theme (a 16,000-claim answer
        asked for it 65,000 times, four seconds)."""
        if name not in self._styles:
            self._styles[name] = component_style(self, name)
        return self._styles[name]

    def repaint(self) -> None:
        """Draw every claim again (a new theme: its colours are in the text drawn)."""
        self._styles = {}  # first: every text below is made in the new theme's styles
        self._reprompt()
        self.on_screen = self.on_screen  # the selected claim, or why there is none

    def _hidden(self, claim: ClaimView) -> bool:
        return claim.judge_hidden(self.blind)

    compact = False
    """One line a claim (a short terminal): more claims in view, the selected one in full
    below."""

    _width = 0

    def on_resize(self) -> None:
        compact = self.app.size.height < COMPACT_BELOW
        width = self.content_region.width - 1  # the list's scrollbar
        if compact != self.compact or (compact and width != self._width):
            self.compact, self._width = compact, width
            self._reprompt()

    def _reprompt(self) -> None:
        options = self.query_one(OptionList)
        for index, claim in enumerate(self._shown):
            options.replace_option_prompt_at_index(index, self._prompt(claim))

    def _prompt(self, claim: ClaimView) -> Text:
        """Two lines: the claim; then kind, citation, judge, label and marks (``compact``:
        the labels, then as much of the claim as fits, on one line)."""
        if self.compact:
            text = self._labels(claim)
            text.append("  ")
            text.append(one_line(claim.text, 160))
            text.truncate(max(10, self._width), overflow="ellipsis")
            return text
        number = f"{claim.number:>2} "
        text = Text(number, style=self._style("claims--dim"))
        text.append(one_line(claim.text, 160))
        text.append("\n" + " " * len(number))  # the labels under the claim's text
        text.append_text(self._labels(claim, full=True))
        return text

    def _labels(self, claim: ClaimView, full: bool = False) -> Text:
        """Kind and citation (``full``), the judge's label, yours, the others' and marks."""
        hidden = self._hidden(claim)
        dim = self._style("claims--dim")
        mark = self._style("claims--mark")
        if not full:
            text = Text(f"{claim.number:>2}", style=dim)
            text.append("  judge ", style=dim)
            if hidden:
                text.append("hidden", style=self._style("verdict--hidden"))
            else:
                text.append_text(self._label(claim.judge_verdict, None))
            text.append(f"  {self.mine} ", style=dim)
            text.append_text(
                self._label(claim.mine_verdict, None)
                if claim.mine_verdict
                else Text("–", style=dim)
            )
            return text
        text = Text()
        text.append(claim.kind, style=dim)
        cites = "".join(f"[{n}]" for n in claim.citations or (claim.citation,))
        if claim.dangling:
            text.append(f" {cites} dangling", style=mark)
        elif claim.uncited:
            text.append(" uncited", style=mark)
        else:
            text.append(f" {cites}", style=dim)
        text.append("  judge ", style=dim)
        if hidden:
            text.append("hidden", style=self._style("verdict--hidden"))
        else:
            text.append_text(self._label(claim.judge_verdict, claim.judge_kind))
        text.append(f"  {self.mine} ", style=dim)
        if claim.mine_verdict:
            text.append_text(self._label(claim.mine_verdict, claim.mine_kind))
        else:
            text.append("–", style=dim)
        others = claim.shown_others
        for other in others[:3]:  # every one in the detail below
            text.append(f"  {one_line(other.reviewer, 12)} ", style=dim)
            text.append_text(self._label(other.verdict, other.kind))
        if claim.others_hidden and claim.others:
            text.append("  others hidden", style=dim)
        people = claim.mine_verdict or (None if claim.others_hidden else claim.reviewer_verdict)
        marks = ""
        if people and claim.judge_verdict and people != claim.judge_verdict and not hidden:
            marks += "≠"
        if claim.mine_blind or any(o.blind for o in others):
            marks += "◌"
        if claim.mine_note or any(o.note for o in others):
            marks += "✎"
        if marks:
            text.append(f"  {marks}", style=mark)
        return text

    def _label(self, verdict: str | None, kind: str | None) -> Text:
        if verdict is None:
            return Text("–", style=self._style("claims--dim"))
        text = Text(verdict, style=self._style(f"verdict--{verdict or 'none'}"))
        if kind:
            text.append(" " + SHORT_KIND.get(kind, kind))
        return text

    def _detail(self, claim: ClaimView) -> Text:
        """The claim in full; the reviewer's own label and note right under it, then the
        judge's verdict and rationale (the part that may need scrolling)."""
        dim = self._style("claims--dim")
        text = Text(shown(claim.text).text)
        text.append(f"\n{self.mine:<5} ", style=dim)
        text.append(describe(claim.mine_verdict, claim.mine_kind))
        if claim.mine_verdict:
            text.append(
                ("" if not claim.mine_blind else " · blind")
                + ("" if not claim.mine_independent else " · independent"),
                style=dim,
            )
        if claim.mine_note:
            text.append("\nnote  ", style=dim)
            text.append(shown(claim.mine_note).text)
        if claim.mine_verdict and claim.mine_party:  # a lead's view: the decision says so
            text.append("\ndecided by a party to the dispute, the only lead", style=dim)
        elif claim.party:
            text.append(
                "\nyou were party to this dispute: the only lead, you decide it, and the "
                "decision will say so",
                style=dim,
            )
        hidden = self._hidden(claim)
        text.append("\njudge ", style=dim)
        if hidden:
            text.append("hidden until you label (blind review)", style=dim)
        else:
            text.append(
                describe(claim.judge_verdict, claim.judge_kind)
                if claim.judge_verdict
                else "no verdict yet"
            )
            if claim.judge:
                text.append(f" ({one_line(claim.judge, 30)})", style=dim)
        for other in claim.shown_others:  # every other reviewer, beside yours and the judge's
            text.append(f"\n{one_line(other.reviewer, 20)}: ", style=dim)
            text.append(describe(other.verdict, other.kind) + (" · blind" if other.blind else ""))
            if other.note:
                text.append(" · ", style=dim)
                text.append(one_line(other.note, 300))
        if claim.others_hidden and claim.others:
            text.append(
                f"\n{len(claim.others)} other reviewer(s): hidden until you label "
                "(independent review)",
                style=dim,
            )
        if claim.rationale and not hidden:
            text.append("\n" + one_line(claim.rationale, 600), style=dim)
        return text

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # only a click (OptionSelected) chooses a claim

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = self._first + event.option_index
        if index != self._current:
            self._current = index
            self.post_message(self.ClaimChosen(index))
