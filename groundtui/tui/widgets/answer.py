"""The answer: the question, then the response with every claim in its verdict's colour."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from groundtui.review.labels import correctness
from groundtui.text.inert import one_line, shown
from groundtui.tui.legible import component_style
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.widgets.rendering import (
    VERDICT_CLASSES,
    scroll_to_offset,
    set_text,
    through_word,
    verdict_style,
)


class AnswerView(VerticalScroll):
    """Question and response; the selected claim emphasised, unsourced specifics underlined."""

    COMPONENT_CLASSES = VERDICT_CLASSES | {
        "answer--selected",
        "answer--specific",
        "answer--heading",
        "answer--dim",
    }

    on_screen: reactive[OnScreen] = reactive(OnScreen, always_update=True, init=False)
    """The answer on screen and its selected claim."""

    def compose(self) -> ComposeResult:
        yield Static(id="answer-body")

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        """Draw the answer with its selected claim emphasised (blind review hides the judge)."""
        detail, selected, blind = on_screen.detail, on_screen.claim, on_screen.blind
        body = self.query_one("#answer-body", Static)
        if detail is None:
            self._before = None
            self.border_title = "Answer"
            set_text(body, Text("No answer to show.", style=component_style(self, "answer--dim")))
            return
        self.border_title = Text(f"Answer {one_line(detail.id, 80)}")  # Text: never markup
        self.border_subtitle = f"{correctness(detail.correct)} · m to change"
        heading = component_style(self, "answer--heading")
        text = Text()
        text.append("Question  ", style=heading)
        if detail.question.strip():
            text.append(shown(detail.question).text)
        else:  # imported from a table without questions (scan-table's output)
            text.append("(no question)", style=component_style(self, "answer--dim") + Style(italic=True))
        text.append("\n\n")
        text.append("Response\n", style=heading)
        offset = len(text)
        response = shown(detail.response)
        text.append(response.text)
        for start, end in detail.specifics:
            a, b = response.span(start, end)
            text.stylize(
                component_style(self, "answer--specific"),
                offset + a,
                offset + b,
            )
        selected_at = None
        for index, claim in enumerate(detail.claims):
            if claim.span is None:
                continue
            hidden = claim.judge_hidden(blind)
            verdict = claim.shown_label(blind)
            a, b = response.span(*claim.span)
            text.stylize(verdict_style(self, verdict, hidden), offset + a, offset + b)
            if index == selected:
                text.stylize(
                    component_style(self, "answer--selected"),
                    offset + a,
                    offset + b,
                )
                selected_at = a
        unlocated = [c for c in detail.claims if c.span is None]
        if unlocated:
            text.append(
                f"\n\n{len(unlocated)} claim(s) not found in the response.",
                style=component_style(self, "answer--dim") + Style(italic=True),
            )
        set_text(body, text)
        self._before = (
            None if selected_at is None else through_word(text.plain, offset + selected_at)
        )
        if self._before is not None:
            scroll_to_offset(self, self._before, margin=2, top_if_fits=True)

    _before: str | None = None  # the text through the selected claim's first word

    def forget_scroll(self) -> None:
        """The reviewer scrolled: a resize no longer brings the selected claim into view."""
        self._before = None

    def on_resize(self) -> None:
        # The response reflows when the pane's width changes (the terminal, the queue shown
        # or hidden): the scroll kept from the old width would lose the selected claim.
        if self._before is not None:
            scroll_to_offset(self, self._before, margin=2, top_if_fits=True)
