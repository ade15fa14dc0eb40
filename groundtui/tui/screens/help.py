"""The help screen: every key of the review screen, built from its bindings."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

EXTRA = [
    ("e, then ctrl+s / esc", "in the note editor: save / cancel (every other key is text)"),
    ("/, then enter / space / esc", "in the filter: apply / tick a box / cancel"),
    ("ctrl+f, then ⏎ / ⇧+⏎ / esc", "in the find bar: next match / previous (also ↓ / ↑) / close"),
    ("E, then ⏎ / esc", "in the claim editor: save as a new claim / cancel"),
    ("S, then ← / → / ⇧+← / ⇧+→, ⏎", "split: move the cut a word / a character, split"),
    (
        "A, then ↑ / ↓, ← / →, ⇧+← / ⇧+→, ⏎",
        "add: a whole sentence, its start a word, its end a word, add it",
    ),
]


class HelpScreen(ModalScreen[None]):
    """Every key, what it does, and the words of the review."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,question_mark,q", "close", "close", tooltip="Close the help", id="help.close"
        ),
    ]

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.bindings = bindings

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for binding in self.bindings:
            keys = " / ".join(
                self.app.get_key_display(Binding(k, binding.action)) for k in binding.key.split(",")
            )
            table.add_row(Text(keys), Text(binding.tooltip or binding.description))
        for keys, what in EXTRA:
            table.add_row(Text(keys), Text(what))
        with VerticalScroll(id="help-dialog", classes="dialog") as scroll:
            scroll.border_title = "Keys  (esc to close)"
            yield Static(table)
            yield Static(
                Text(
                    "Verdicts: stated = the cited source asserts the claim; contradicted; absent "
                    "= the source does not say it; partial. Invention kinds (for claims not "
                    "stated): 1 plausible specifics, 2 bridging inference, 3 confident "
                    "generalisation, 4 fabricated provenance.\n"
                    "Claims list marks: ≠ a reviewer disagrees with the judge; ◌ labelled blind; "
                    "✎ has a note. Queue: ⚑ flagged by the check; ✓ reviewed, ◐ partly, · not "
                    "yet; the number is claims not stated.\n"
                    "Blind review (--blind): the judge's verdict, kind and evidence stay hidden "
                    "until you label a claim (and stay shown after an undo); the queue is "
                    "ordered by the check's flag only, the verdict and disagreement filters "
                    "read your own labels, and the report pane shows only this session.\n"
                    "Narrow or short terminals: below 100 columns the queue is hidden (n / N "
                    "still move through it); below 34 rows the report is, until r.\n"
                    "Team review: each answer you open is yours (a lease) while you are on it "
                    "and for lease_minutes after you leave it unfinished; your queue skips "
                    "answers others hold or have reviewed (/ → everyone's answers shows them, "
                    "read-only). In the double-review overlap another reviewer's labels stay "
                    "hidden until you label the claim. Others' labels appear within about two "
                    "seconds. g shows the team's guidelines.\n"
                    "Advance on decide: y, s, a kind after c / a / p, and c / a / p on a claim "
                    "that keeps a kind (yours, or the judge's) label the claim and select your "
                    "next unlabelled claim of the answer, then the next answer (groundtui "
                    "review --no-advance: stay). A long source opens around the evidence: w "
                    "shows all of it; tab frames a pane, whose keys then scroll it, z zooms it.\n"
                    "Correcting claims: E, S and A make new claims in place of the judge's, "
                    "verified by the next groundtui judge; x dismisses a hedge or an offer to "
                    "help, which then counts nowhere.\n"
                    "Every decision is saved when it is made; undo appends a row that restores "
                    "your previous label (or claim)."
                ),
                id="help-words",
            )

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
