"""The cited source: title, origin, date, and its text scrolled to the highlighted evidence.

A long source opens on the evidence with a stretch of text either side; ``w`` shows the
whole of it and back, and ``ctrl+f`` finds a phrase in it (``find``). Every source of the
answer is reachable (``[``/``]``, ``step_source``): the ones the claim cites first, then
the others, marked "not cited", where a claim of fabricated provenance may really come
from. The pane's keys are its own (``action_*``) and say what they did (``Said``); the
screen binds them, so that they work wherever the focus is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive, var
from textual.widgets import Static

from groundtui.review.answer import AnswerDetail, ClaimView, SourceInfo
from groundtui.text.inert import one_line, shown
from groundtui.text.locate import locate
from groundtui.tui.legible import component_style
from groundtui.tui.messages import Said
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.screens.find import FindScreen
from groundtui.tui.widgets.rendering import scroll_to_offset, set_text, through_word
from groundtui.tui.widgets.stretch import DRAWN, Stretch, around, matches, stretch_of


@dataclass(frozen=True)
class _Showing:
    """What of the screen's answer and claim the pane draws: a new ``OnScreen`` that
    changes none of it (a label) leaves the pane, and its scroll, as they are."""

    detail: int
    """The ``id()`` of the answer as read: an answer read again is drawn again."""
    answer: str | None
    claim: str | None
    hidden: bool
    """The judge's labels hidden (blind review, this reviewer has not labelled the claim)."""
    evidence: tuple[tuple[int, int] | None, str | None, str | None] | None
    """The claim's evidence span, quoted evidence and the judge's verdict."""

    @classmethod
    def of(cls, on_screen: OnScreen) -> _Showing:
        detail, claim = on_screen.detail, on_screen.current
        answer = None if detail is None else detail.id
        if claim is None:
            return cls(id(detail), answer, None, False, None)
        return cls(
            id(detail),
            answer,
            claim.id,
            claim.judge_hidden(on_screen.blind),
            (claim.evidence, claim.evidence_text, claim.judge_verdict),
        )


class SourcePane(Vertical, can_focus=True):
    """The source the selected claim cites, with the judge's evidence highlighted."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "source--evidence",
        "source--warning",
        "source--dim",
        "source--title",
        "source--match",
        "source--match-current",
    }
    BORDER_TITLE = "Source"
    on_screen: reactive[OnScreen] = reactive(OnScreen, always_update=True, init=False)
    """The answer on screen and its selected claim: another claim shows its own source."""
    whole: var[bool] = var(False, init=False)
    """The whole source, not only the evidence and the text around it (``w``)."""
    position: var[int | None] = var(None, init=False)
    """The source shown, by its citation number (``[``/``]``); None: the one the claim cites."""
    centre: var[int | None] = var(None, init=False)
    """Where in the source the drawn stretch of a long one is centred: the match ``find``
    shows; None: around the evidence."""

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        showing = _Showing.of(on_screen)
        if showing == self._showing:
            return  # a label changed nothing here: keep the scroll where the reviewer left it
        before = self._showing or _Showing(0, None, None, False, None)
        if (showing.answer, showing.claim) != (before.answer, before.claim):
            # another claim: its own source again, around its evidence (drawn just below)
            self.set_reactive(SourcePane.position, None)
            self.set_reactive(SourcePane.centre, None)
        self._showing = showing
        self.redraw()

    def watch_whole(self) -> None:
        self.redraw()

    def watch_position(self) -> None:
        self.redraw()

    def watch_centre(self) -> None:
        self.redraw()

    def compose(self) -> ComposeResult:
        yield Static(id="source-header")
        with VerticalScroll(id="source-scroll", can_focus=False):
            yield Static(id="source-body")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self.repaint())

    _showing: _Showing | None = None
    _text: Text | None = None
    """The body as drawn before any find highlights."""
    _find: tuple[str, int] | None = None
    _cut: Stretch | None = None
    """The stretch of one source drawn, when it is not all of it (``find`` searches all)."""

    def redraw(self) -> None:
        """Draw what the claim on screen cites: its source, all of the answer's (a claim
        citing none), or why there is none to draw."""
        self._find, self._cut = None, None
        detail, claim = self.on_screen.detail, self.on_screen.current
        if detail is None:
            self._before = None
            self._draw(Text(""), Text(""))
        elif claim is not None and claim.dangling and self.position is None:
            self._draw_dangling(detail, claim)
        elif claim is None or (claim.uncited and self.position is None):
            self._draw_every_source(detail, claim)
        else:
            self._draw_source(detail, claim)

    def _draw_dangling(self, detail: AnswerDetail, claim: ClaimView) -> None:
        """A citation naming no source of the answer: said, and ``[``/``]`` to its sources."""
        self.border_title = Text(f"Source [{claim.citation}]")
        head = Text(
            f"dangling citation: [{claim.citation}] names no source of this answer "
            f"(it has {len(detail.sources)})",
            style=component_style(self, "source--warning"),
        )
        if detail.sources:
            head.append(
                "\n[ ]: its sources, none of them cited", style=component_style(self, "source--dim")
            )
        self._draw(head, Text(""))

    def _draw_every_source(self, detail: AnswerDetail, claim: ClaimView | None) -> None:
        """Every source of the answer, each around the evidence: an uncited claim was
        checked against all of them (or the answer has no claims)."""
        dim = component_style(self, "source--dim")
        self.border_title = "Sources"
        if claim is not None:
            note = Text("uncited — checked against all sources", style=self._warning)
        else:
            note = Text("this answer has no claims", style=dim)
        hidden = claim is not None and claim.judge_hidden(self.on_screen.blind)
        evidence = None if claim is None or hidden else claim
        text, first = Text(), None
        for source in detail.sources:
            text.append(self._title(source))
            text.append("\n")
            span = self._span(source, evidence) if evidence is not None else None
            window = stretch_of(source.text, span[0] if span else 0)
            found = self._append_window(text, source, span, window)[0]
            first = first if first is not None else found
            text.append("\n\n")
        if not detail.sources:
            text.append("This answer carries no sources.", style=dim)
        self._draw(note, text)
        self._scroll(text, first)

    def _draw_source(self, detail: AnswerDetail, claim: ClaimView) -> None:
        """One source (the claim's, or the one ``[``/``]`` chose): around the evidence, or a
        stretch at a time when whole (around ``centre``, a find's match)."""
        position = self.position or claim.citation
        cited = next((s for s in detail.sources if s.number == position), None)
        if cited is None:
            self._draw(Text("source missing", style=self._warning), Text(""))
            return
        numbers = () if claim.uncited or claim.dangling else (claim.citations or (claim.citation,))
        cites = position in numbers
        hidden = claim.judge_hidden(self.on_screen.blind)
        self.border_title = Text(f"Source [{position}]" + ("" if cites else " · not cited"))
        span = None if hidden or not cites else self._span(cited, claim)
        match = self.centre if self.whole or span is None else None  # a find's, if any
        if self.whole or span is None:
            centre = match if match is not None else span and span[0]
            window = stretch_of(cited.text, centre or 0)
        else:
            window = around(cited.text, span)
        head = self._head(cited, claim, numbers, hidden, span, window)
        text = Text()
        found, stretch = self._append_window(text, cited, span, window)
        if window != (0, len(cited.text)):
            self._cut = stretch
            if match is not None:
                found = stretch.at(match)
        self._draw(head, text)
        self._scroll(text, found)

    def _head(
        self,
        source: SourceInfo,
        claim: ClaimView,
        numbers: tuple[int | None, ...],
        hidden: bool,
        span: tuple[int, int] | None,
        window: tuple[int, int],
    ) -> Text:
        """The header over one source: its title, which sources the claim cites, and how
        much of the source is drawn."""
        dim = component_style(self, "source--dim")
        position, size = source.number, len(source.text)
        cites = position in numbers
        head = self._title(source)
        order = self.order()
        if len(order) > 1:
            marks = "".join(f"[{n}]" for n in numbers)
            others = "".join(f"[{n}]" for n in order if n not in numbers)
            line = f"\ncites {marks}" if marks else "\ncites none of them"
            if len(numbers) > 1:
                line += ", verified against them joined"
            head.append(
                line + (f" · not cited {others}" if others else "") + " · [ ]: switch", style=dim
            )
        if not cites:
            head.append(
                f"\nnot cited by this claim: the answer's source [{position}]", style=self._warning
            )
        if hidden:
            head.append("\nevidence hidden until you label (blind review)", style=dim)
        elif claim.judge_verdict is not None and not span and cites:
            shows = "the whole source" if size <= DRAWN else "the source from its start"
            head.append(f"\nno evidence span from the judge: {shows}", style=dim)
        before, after = window[0], size - window[1]
        if self.whole and (before or after):
            head.append(
                f"\nthe whole source, {size:,} characters, drawn a stretch at a time:"
                f" {before:,} before and {after:,} after this one · ctrl+f finds in all of it",
                style=dim,
            )
        elif before or after:
            head.append(
                f"\n{before:,} characters before and {after:,} after"
                " this excerpt · w: the whole source",
                style=dim,
            )
        elif self.whole and span is not None:
            head.append("\nthe whole source · w: around the evidence", style=dim)
        return head

    @property
    def _warning(self) -> Style:
        return component_style(self, "source--warning")

    # -- the pane's keys: bound on the screen, they work wherever the focus is ----------

    def action_whole_source(self) -> None:
        """Show the whole source, or only the evidence and the text around it (``w``)."""
        self.whole = not self.whole
        self.post_message(
            Said("The whole source." if self.whole else "The source around the evidence.")
        )

    def action_source(self, step: int) -> None:
        """Show the answer's next (``]``) or previous (``[``) source: cited ones first."""
        shown = self.step_source(step)
        if shown is None:
            self.post_message(Said("This answer has one source."))
        else:
            number, cited = shown
            self.post_message(
                Said(f"Source [{number}]" + ("" if cited else ": not cited by this claim."))
            )

    def action_find(self) -> None:
        """Open the find bar (``ctrl+f``) over the whole source: a match may be anywhere."""
        self.whole = True
        self._bar = FindScreen(self, self._query)

        def closed(_: None) -> None:
            self._bar = None

        self.app.push_screen(self._bar, closed)

    _bar: FindScreen | None = None
    _query = ""
    """The last phrase looked for: the find bar opens with it."""

    def on_find_screen_searched(self, message: FindScreen.Searched) -> None:
        self._query = message.query
        current, total = self.find(message.query, message.step)
        if self._bar is not None and message.query:
            self._bar.show_result(current, total)

    def forget_scroll(self) -> None:
        """The reviewer scrolled: a resize no longer brings the evidence back into view."""
        self._before = None

    def repaint(self) -> None:
        """Draw the same again (a new theme: its colours are in the text drawn)."""
        self.redraw()

    def order(self) -> list[int]:
        """The numbers of the answer's sources in the order ``[``/``]`` show them: those
        the claim cites first, then the others."""
        detail, claim = self.on_screen.detail, self.on_screen.current
        if detail is None:
            return []
        numbers = [s.number for s in detail.sources]
        cited = (
            []
            if claim is None or claim.uncited
            else [n for n in (claim.citations or (claim.citation,)) if n in numbers]
        )
        return cited + [n for n in numbers if n not in cited]

    def step_source(self, step: int) -> tuple[int, bool] | None:
        """Show the next (``step`` 1) or previous (-1) source of the answer: the claim's
        cited ones first, then the others. Returns the number shown and whether the claim
        cites it, or None when the answer has one source or none."""
        claim = self.on_screen.current
        order = self.order()
        if len(order) < 2 and not (claim is not None and claim.dangling and order):
            return None
        current = self.position or (claim.citation if claim is not None else None)
        if current in order:
            at = (order.index(current) + step) % len(order)
        else:  # an uncited claim, a dangling citation: the first (or last) source
            at = 0 if step > 0 else len(order) - 1
        if order[at] == self.position:
            self.centre = None  # back around the evidence, if a find had moved the stretch
        else:
            # a find's match was in the source shown before: set unseen, drawn just below
            self.set_reactive(SourcePane.centre, None)
            self.position = order[at]
        cites = (
            claim is not None
            and not claim.uncited
            and not claim.dangling
            and (self.position in (claim.citations or (claim.citation,)))
        )
        return self.position, cites

    def _draw(self, header: Text, body: Text) -> None:
        set_text(self.query_one("#source-header", Static), header)
        self._text = body
        set_text(self.query_one("#source-body", Static), body)

    def find(self, query: str, step: int) -> tuple[int, int]:
        """Highlight every match of ``query`` (any case) and scroll to the next one.

        In a source drawn a stretch at a time, the whole source is searched and the
        stretch moves to the match shown.

        Args:
            step: 1 for the next match, -1 for the previous, 0 to start at the first.

        Returns:
            Which match is shown (1-based, 0 when none) and how many there are.
        """
        if self._text is None or not query:
            return 0, 0
        cut = self._cut
        starts = matches(cut.source if cut else self._text.plain, query)
        previous = self._find[1] if self._find and self._find[0] == query else -1
        current = 0 if previous < 0 or step == 0 or not starts else (previous + step) % len(starts)
        if cut and starts and not cut.holds(starts[current], len(query)):
            self.centre = starts[current]  # drawn again: the stretch around this match
            cut = self._cut
        self._find = (query, current if starts else -1)
        text = self._text.copy()
        if not starts:
            set_text(self.query_one("#source-body", Static), text)
            return 0, 0
        match = component_style(self, "source--match")
        chosen = component_style(self, "source--match-current")
        drawn = range(len(starts)) if cut is None else cut.indexes(starts, len(query))
        for index in drawn:
            start = starts[index]
            a, b = (start, start + len(query)) if cut is None else cut.span(start, len(query))
            text.stylize(chosen if index == current else match, a, b)
        set_text(self.query_one("#source-body", Static), text)
        at = starts[current] if cut is None else cut.at(starts[current])
        self._before = through_word(text.plain, at)
        scroll_to_offset(self.query_one("#source-scroll", VerticalScroll), self._before, 3)
        return current + 1, len(starts)

    def _title(self, source: SourceInfo) -> Text:
        dim = component_style(self, "source--dim")
        text = Text(f"[{source.number}] ", style=dim)
        text.append(
            one_line(source.title or source.source_id, 80),
            style=component_style(self, "source--title"),
        )
        text.append(f"\n{one_line(source.origin, 30)}", style=dim)
        text.append(f" · updated {one_line(source.updated_at, 30) or 'unknown'}", style=dim)
        text.append(f" · {one_line(source.source_id, 40)}", style=dim)
        return text

    @staticmethod
    def _span(source: SourceInfo, claim: ClaimView) -> tuple[int, int] | None:
        # An uncited claim was checked against all sources joined: its offsets are not into
        # any one of them, so only its quoted evidence can be placed. Offsets are into the
        # first source a claim cites.
        if (
            not claim.uncited
            and source.number == claim.citation
            and claim.evidence
            and 0 <= claim.evidence[0] < claim.evidence[1] <= len(source.text)
        ):
            return claim.evidence
        if claim.evidence_text:
            found = locate(claim.evidence_text, source.text)
            if found:
                return found[0], found[1]
        return None

    def _append_window(
        self,
        text: Text,
        source: SourceInfo,
        span: tuple[int, int] | None,
        window: tuple[int, int],
    ) -> tuple[int | None, Stretch]:
        """Append the ``window`` of the source's text, highlighting ``span``, an ellipsis
        for what it leaves out either side: the span's display offset (or None), and the
        stretch drawn."""
        start, end = window
        dim = component_style(self, "source--dim")
        if start:
            text.append("…", style=dim)
        body = shown(source.text[start:end])
        stretch = Stretch(source.text, window, len(text), body)
        text.append(body.text)
        found = None
        if span is not None:
            found = stretch.at(span[0])
            text.stylize(component_style(self, "source--evidence"), found, stretch.at(span[1]))
        if end < len(source.text):
            text.append("…", style=dim)
        return found, stretch

    def _scroll(self, text: Text, offset: int | None) -> None:
        scroll = self.query_one("#source-scroll", VerticalScroll)
        self._before = None if offset is None else through_word(text.plain, offset)
        if self._before is None:
            scroll.call_after_refresh(scroll.scroll_home, animate=False)
            return
        scroll_to_offset(scroll, self._before, margin=3)

    _before: str | None = None

    def on_resize(self) -> None:
        # The pane shrinks when the report below it fills in (or the terminal changes):
        # a scroll clamped to the taller pane would leave the evidence below the fold.
        if self._before is not None:
            scroll_to_offset(self.query_one("#source-scroll", VerticalScroll), self._before, 3)
