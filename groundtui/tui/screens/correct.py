"""The dialogs that correct a claim: its text (``E``), where to split it (``S``), and which
span of the answer is a claim the judge missed (``A``). Each is dismissed with what the
reviewer chose, or None to cancel; ``ask`` opens the one a key asks for (a note's too) and
sends the intent its answer makes.

Text from the answer is shown inert (``groundtui.text.inert``): never read as markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.intents import Add, Edit, Intent, Note, Split
from groundtui.text.inert import one_line, shown
from groundtui.text.sentences import sentence_spans

_WORD = re.compile(r"\S+")


def word_starts(text: str) -> list[int]:
    """Where each word of ``text`` starts, and its end: the points a cursor stops at."""
    return sorted({m.start() for m in _WORD.finditer(text)} | {len(text)})


def word_ends(text: str) -> list[int]:
    """Where each word of ``text`` ends, and its start: the points a selection ends at."""
    return sorted({m.end() for m in _WORD.finditer(text)} | {0})


def _step(points: list[int], at: int, step: int) -> int:
    """The point after (``step`` 1) or before (-1) ``at`` in ``points``, else ``at``."""
    if step > 0:
        return next((p for p in points if p > at), at)
    return next((p for p in reversed(points) if p < at), at)


class EditClaimScreen(ModalScreen[str | None]):
    """Rewrite a claim's text: ``enter`` saves it as a new claim in its place."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel", tooltip="Close without saving", id="edit.cancel"),
    ]

    def __init__(self, claim_text: str) -> None:
        super().__init__()
        self.claim_text = claim_text

    def compose(self) -> ComposeResult:
        with Vertical(id="edit-dialog", classes="dialog"):
            yield Static(Text("Edit the claim (enter saves it, to be judged again; esc cancels):"))
            yield Input(one_line(self.claim_text, 2000), id="edit-text")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.dismiss(text if text and text != self.claim_text.strip() else None)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)


class SplitClaimScreen(ModalScreen[int | None]):
    """Choose where to split a claim: ``left``/``right`` move the cut a word, ``shift`` with
    them a character; ``enter`` splits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left",
            "move(-1, 1)",
            "word left",
            tooltip="Move the cut a word left",
            id="split.word_left",
        ),
        Binding(
            "right",
            "move(1, 1)",
            "word right",
            tooltip="Move the cut a word right",
            id="split.word_right",
        ),
        Binding(
            "shift+left",
            "move(-1, 0)",
            "left",
            tooltip="Move the cut a character left",
            id="split.left",
        ),
        Binding(
            "shift+right",
            "move(1, 0)",
            "right",
            tooltip="Move the cut a character right",
            id="split.right",
        ),
        Binding("enter", "split", "split", tooltip="Split the claim here", id="split.save"),
        Binding("escape", "cancel", "cancel", tooltip="Close without splitting", id="split.cancel"),
    ]

    def __init__(self, claim_text: str) -> None:
        super().__init__()
        self.claim_text = claim_text
        self.cut = first_cut(claim_text)
        """Where the claim's text is cut: its first part is ``text[:cut]``."""

    def compose(self) -> ComposeResult:
        with Vertical(id="split-dialog", classes="dialog"):
            yield Static(
                Text(
                    "Split the claim: ←/→ move the cut a word (shift: a "
                    "character), enter splits, esc cancels."
                )
            )
            yield Static(id="split-text")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        text = self.claim_text
        shown_text = shown(text)
        cut = shown_text.at(self.cut)
        line = Text(shown_text.text[:cut].rstrip(), style="bold")
        line.append(" ┃ ", style="reverse")
        line.append(shown_text.text[cut:].lstrip(), style="italic")
        self.query_one("#split-text", Static).update(line)

    def action_move(self, step: int, by_word: int) -> None:
        """Move the cut ``step`` words (or characters) along the claim."""
        text = self.claim_text
        if by_word:
            self.cut = _step(word_starts(text), self.cut, step)
        else:
            self.cut = max(0, min(len(text), self.cut + step))
        self._show()

    def action_split(self) -> None:
        """Close and hand back where to cut."""
        self.dismiss(self.cut)

    def action_cancel(self) -> None:
        """Close without splitting."""
        self.dismiss(None)


def first_cut(text: str) -> int:
    """Where the cut starts: after the first comma or semicolon past the claim's first
    word, else at the word nearest its middle."""
    found = re.search(r"[,;]\s", text[1:])
    if found:
        return found.start() + 2
    starts = [p for p in word_starts(text) if 0 < p < len(text)]
    return min(starts, key=lambda p: abs(p - len(text) // 2)) if starts else len(text) // 2


class AddClaimScreen(ModalScreen[tuple[int, int] | None]):
    """Select a span of the answer to add as a claim.

    ``up``/``down`` select the previous or next sentence; ``left``/``right`` move the
    selection's start a word; ``shift+left``/``shift+right`` move its end a word;
    ``enter`` adds it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "down",
            "sentence(1)",
            "next sentence",
            tooltip="Select the next sentence",
            id="add.sentence_next",
            priority=True,
        ),
        Binding(
            "up",
            "sentence(-1)",
            "previous sentence",
            tooltip="Select the previous sentence",
            id="add.sentence_previous",
            priority=True,
        ),
        Binding(
            "left",
            "start(-1)",
            "start left",
            tooltip="Start the selection a word earlier",
            id="add.start_left",
        ),
        Binding(
            "right",
            "start(1)",
            "start right",
            tooltip="Start the selection a word later",
            id="add.start_right",
        ),
        Binding(
            "shift+left",
            "end(-1)",
            "end left",
            tooltip="End the selection a word earlier",
            id="add.end_left",
        ),
        Binding(
            "shift+right",
            "end(1)",
            "end right",
            tooltip="End the selection a word later",
            id="add.end_right",
        ),
        Binding("enter", "add", "add", tooltip="Add the selection as a claim", id="add.save"),
        Binding("escape", "cancel", "cancel", tooltip="Close without adding", id="add.cancel"),
    ]

    def __init__(self, response: str, claimed: list[tuple[int, int]]) -> None:
        super().__init__()
        self.response = response
        self.sentences = sentence_spans(response) or [(0, len(response))]
        self.claimed = claimed
        """The spans of the answer's claims, shown underlined."""
        # The first sentence no claim covers: the likeliest to hold a claim the judge missed.
        free = [s for s in self.sentences if not any(a < s[1] and s[0] < b for a, b in claimed)]
        self.start, self.end = (free or self.sentences)[0]

    def compose(self) -> ComposeResult:
        with Vertical(id="add-dialog", classes="dialog"):
            yield Static(
                Text(
                    "Select the claim to add: ↑/↓ a sentence, ←/→ move its start a "
                    "word, shift+←/→ its end; enter adds it, esc cancels."
                )
            )
            with VerticalScroll(id="add-scroll"):
                yield Static(id="add-text")
            yield Static(id="add-selected")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        s = shown(self.response)
        text = Text(s.text)
        for a, b in self.claimed:
            text.stylize("underline", *s.span(a, b))
        text.stylize("reverse", *s.span(self.start, self.end))
        self.query_one("#add-text", Static).update(text)
        selected = one_line(self.response[self.start : self.end], 300)
        self.query_one("#add-selected", Static).update(Text("Claim: ") + Text(selected))

    def action_sentence(self, step: int) -> None:
        """Select the next (1) or previous (-1) sentence whole."""
        if step > 0:
            found = next((s for s in self.sentences if s[0] >= self.end), None)
        else:
            found = next((s for s in reversed(self.sentences) if s[1] <= self.start), None)
        if found:
            self.start, self.end = found
            self._show()

    def action_start(self, step: int) -> None:
        """Move the selection's start a word (never past its end)."""
        moved = _step(word_starts(self.response), self.start, step)
        if moved < self.end:
            self.start = moved
            self._show()

    def action_end(self, step: int) -> None:
        """Move the selection's end a word (never before its start)."""
        moved = _step(word_ends(self.response), self.end, step)
        if moved > self.start:
            self.end = moved
            self._show()

    def action_add(self) -> None:
        """Close and hand back the selected span."""
        self.dismiss((self.start, self.end))

    def action_cancel(self) -> None:
        """Close without adding."""
        self.dismiss(None)


def ask(
    app: App,
    what: str,
    detail: AnswerDetail,
    claim: ClaimView | None,
    send: Callable[[Intent], object],
) -> str | None:
    """Open the dialog a correction (or a note) opens on ``claim`` of ``detail`` and
    ``send`` the intent its answer makes (nothing when cancelled); or say why there is no
    dialog to open. ``what``: note, edit, split, add."""
    asked = _dialog(what, detail, claim)
    if isinstance(asked, str):
        return asked
    dialog, intent = asked

    def answered(result: object) -> None:
        if result is not None:
            send(intent(result))

    app.push_screen(dialog, answered)
    return None


def _dialog(
    what: str, detail: AnswerDetail, claim: ClaimView | None
) -> tuple[ModalScreen, Callable[[Any], Intent]] | str:
    """The dialog ``what`` and the intent its answer makes; or why there is none."""
    if what == "add":
        claimed = [c.span for c in detail.claims if c.span is not None]
        return AddClaimScreen(detail.response, claimed), lambda span: Add(detail.id, span)
    if claim is None:
        return f"This answer has no claim to {'write a note on' if what == 'note' else what}."
    if what == "note":
        from groundtui.tui.screens.note import NoteScreen

        return NoteScreen(claim.text, claim.mine_note), lambda t: Note(detail.id, claim.id, t)
    if what == "edit":
        return EditClaimScreen(claim.text), lambda text: Edit(detail.id, claim.id, text)
    return SplitClaimScreen(claim.text), lambda at: Split(detail.id, claim.id, at)
