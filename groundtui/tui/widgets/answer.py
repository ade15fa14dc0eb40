"""The answer: the question, then the response with every claim in its verdict's colour."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static
from textual.worker import get_current_worker

from groundtui.models import answer_name
from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.label_rules import correctness
from groundtui.review.session import ReviewSession
from groundtui.store import Store, StoreError
from groundtui.text.inert import one_line, shown
from groundtui.tui.legible import component_style
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.reads import read
from groundtui.tui.widgets.rendering import (
    VERDICT_CLASSES,
    part_around,
    scroll_to_offset,
    set_text,
    through_word,
    verdict_style,
)

WINDOW_CHARS = 12_000
"""The most of a response the pane draws at once: a longer one shows the part around the
selected claim. Redrawn whole, a 1 MB response cost seconds a key (restyled and wrapped)."""

QUESTION_CHARS = 2_000
"""The most of a question the pane shows."""


def window(text: str, at: int) -> tuple[int, int]:
    """The ``[first, last)`` part of ``text`` to draw around offset ``at``: all of it up to
    ``WINDOW_CHARS``; else a third of that before ``at`` or more, cut at spaces. Steps of a
    third keep the part still while the selection moves within it."""
    if len(text) <= WINDOW_CHARS:
        return 0, len(text)
    first = part_around(len(text), at, WINDOW_CHARS, 3)
    last = first + WINDOW_CHARS
    if first:
        space = text.find(" ", first, first + 200)
        first = first if space < 0 else space + 1
    if last < len(text):
        space = text.rfind(" ", last - 200, last)
        last = last if space < 0 else space
    return first, last


class AnswerView(VerticalScroll):
    """Question and response; the selected claim emphasised, unsourced specifics underlined.

    It reads the answer the screen opens (``open``) and its claims again after other
    people's changes (``reread_claims``), each in a worker; a read answering an abandoned
    request (the reviewer moved on) is dropped, the others go up as ``Loaded`` and
    ``ClaimsRead``.
    """

    class Loaded(Message):
        """The answer opened was read (``detail`` None: gone, or not readable)."""

        def __init__(self, detail: AnswerDetail | None, claim_id: str | None) -> None:
            super().__init__()
            self.detail = detail
            self.claim_id = claim_id

    class ClaimsRead(Message):
        """The open answer's claims, read again with everyone's labels as they are now."""

        def __init__(self, answer_id: str, claims: list[ClaimView]) -> None:
            super().__init__()
            self.answer_id = answer_id
            self.claims = claims

    BORDER_TITLE = "Answer"
    ALLOW_MAXIMIZE = True
    """``z`` zooms it, as every pane (Textual keeps scrolling containers from it)."""

    def __init__(self, session: ReviewSession, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        self._token = 0
        self._writes = 0
        """The reviewer's writes to the open answer reported back with its claims
        (``written``): a read of the claims begun before the last of them may hold what
        that write replaced."""

    def open(self, answer_id: str, claim_id: str | None = None) -> None:
        """Take the answer (a lease: docs/team-review.md) and read it in full."""
        self._token += 1
        self._load(self._token, answer_id, claim_id)

    @work(thread=True, exclusive=True, group="answer", exit_on_error=False)
    def _load(self, token: int, answer_id: str, claim_id: str | None) -> None:
        session = self.session

        def load(store: Store) -> AnswerDetail | None:
            try:
                holders = session.open(store, answer_id)
            except StoreError:  # locked for long: the first label takes it (or says whose)
                holders = []
            detail = session.load(store, answer_id)
            if detail is not None:
                detail.held_by = holders
            return detail

        detail = read(self, session, "the answer", load)
        # None (gone, or a failed read the status reports) goes up too: the old answer
        # must not stay on screen, nor the keys typed for this one wait for ever.
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._post, token, self.Loaded(detail, claim_id))

    def reread_claims(self, answer_id: str) -> None:
        """Read the open answer's claims again (someone else changed the database)."""
        self._reread(self._token, self._writes, answer_id)

    def written(self) -> None:
        """A write of the reviewer's to the open answer came back with its claims as it left
        them: a read of the claims begun before it is dropped, not shown over them."""
        self._writes += 1

    @work(thread=True, exclusive=True, group="refresh", exit_on_error=False)
    def _reread(self, token: int, writes: int, answer_id: str) -> None:
        claims = read(
            self, self.session, "the claims", lambda store: self.session.claims_of(store, answer_id)
        )
        if claims is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._post, token, self.ClaimsRead(answer_id, claims), writes)

    def _post(self, token: int, message: Message, writes: int | None = None) -> None:
        # else the reviewer has opened another answer since, or a write of theirs to it
        # came back after this read began, with the claims as it left them
        if token == self._token and writes in (None, self._writes):
            self.post_message(message)

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

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self.repaint())

    def repaint(self) -> None:
        """Draw the same again (a new theme: its colours are in the text drawn)."""
        self.on_screen = self.on_screen

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        """Draw the answer with its selected claim emphasised (blind review hides the judge)."""
        detail, selected, blind = on_screen.detail, on_screen.claim, on_screen.blind
        body = self.query_one("#answer-body", Static)
        if detail is None:
            self._before = None
            self.border_title = "Answer"
            said = "Reading the answer…" if on_screen.reading else "No answer to show."
            set_text(body, Text(said, style=component_style(self, "answer--dim")))
            return
        name = one_line(answer_name(detail.id, detail.question), 80)
        self.border_title = Text(f"Answer {name}")  # Text: never markup
        self.border_subtitle = f"{correctness(detail.correct)} · m to change"
        heading = component_style(self, "answer--heading")
        aside = component_style(self, "answer--dim") + Style(italic=True)
        text = Text()
        text.append("Question  ", style=heading)
        question = shown(detail.question[:QUESTION_CHARS]).text
        if question.strip():
            text.append(question)
            if len(detail.question) > QUESTION_CHARS:
                more = len(detail.question) - QUESTION_CHARS
                text.append(f" … ({more:,} more characters)", style=aside)
        else:  # imported from a table without questions (scan-table's output)
            text.append("(no question)", style=aside)
        text.append("\n\n")
        text.append("Response\n", style=heading)
        response = shown(detail.response)
        located = [c for c in detail.claims if c.span is not None]
        chosen = detail.claims[selected] if 0 <= selected < len(detail.claims) else None
        at = response.at(chosen.span[0]) if chosen is not None and chosen.span else 0
        first, last = window(response.text, at)
        if first:
            text.append(f"… {first:,} characters above\n", style=aside)
        offset = len(text) - first  # a display offset of the response, in ``text``
        text.append(response.text[first:last])
        styles: dict[tuple[str | None, bool], Style] = {}  # the few verdict styles, once each

        lo, hi = response.original(first), response.original(last)

        def draw(span: tuple[int, int], style: Style) -> tuple[int, int] | None:
            if span[1] <= lo or span[0] >= hi:  # outside the part drawn
                return None
            a, b = (max(first, min(last, x)) for x in response.span(*span))
            if a < b:
                text.stylize(style, offset + a, offset + b)
                return a, b
            return None

        specific = component_style(self, "answer--specific")
        for span in detail.specifics:
            draw(span, specific)
        selected_at = None
        for claim in located:
            assert claim.span is not None
            if claim.span[1] <= lo or claim.span[0] >= hi:
                continue
            key = (claim.shown_label(blind), claim.judge_hidden(blind))
            if key not in styles:
                styles[key] = verdict_style(self, *key)
            drawn = draw(claim.span, styles[key])
            if claim is chosen and drawn is not None:
                draw(claim.span, component_style(self, "answer--selected"))
                selected_at = offset + drawn[0]
        if last < len(response.text):
            text.append(f"\n… {len(response.text) - last:,} characters below", style=aside)
        unlocated = len(detail.claims) - len(located)
        if unlocated:
            text.append(f"\n\n{unlocated} claim(s) not found in the response.", style=aside)
        set_text(body, text)
        self._before = None if selected_at is None else through_word(text.plain, selected_at)
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
