"""The command palette (``ctrl+p``): the review screen's actions by name, and a jump to an
answer by its id, through Textual's ``Provider``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

from groundtui.text.inert import one_line

#: (name, help, the review screen's action, as its key's binding names it)
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Filter the queue", "Text, source origin, verdict, unreviewed, disagreements (/)", "filter"),
    (
        "Next unlabelled claim",
        "The next claim you have not labelled, in the whole queue (space)",
        "next_unlabelled",
    ),
    ("Show or hide the report", "The report pane (r)", "toggle_pane('report')"),
    ("Show or hide the queue", "The queue pane (hidden below 100 columns)", "toggle_pane('queue')"),
    ("Zoom the focused pane", "To the whole screen, and back (z)", "zoom"),
    (
        "Whole source",
        "The whole source, or only around the evidence (w)",
        "pane('source', 'whole_source')",
    ),
    ("Find in the source", "Find text in the source (ctrl+f)", "pane('source', 'find')"),
    ("Guidelines", "The team's review guidelines (g)", "app.guidelines"),
    (
        "Calibration",
        "Where the judge and people differ: confusion matrix, kappa by kind and"
        " origin, with intervals (K)",
        "app.calibration",
    ),
    (
        "Previous source",
        "The answer's previous source: cited ones first, then the others ([)",
        "pane('source', 'source', -1)",
    ),
    (
        "Next source",
        "The answer's next source: cited ones first, then the others (])",
        "pane('source', 'source', 1)",
    ),
    ("Mark the answer", "Cycle correct, incorrect, unknown (m)", "mark"),
    (
        "Edit the claim",
        "Rewrite its text: a new claim in its place, judged again (E)",
        "correct('edit')",
    ),
    (
        "Split the claim",
        "In two at a point you choose, each judged again (S)",
        "correct('split')",
    ),
    ("Add a claim", "One the judge missed: select it in the answer (A)", "correct('add')"),
    (
        "Dismiss the claim",
        "Not a claim (a hedge, an offer to help): it leaves every count (x)",
        "dismiss_claim",
    ),
    ("Undo", "Undo the last change of this session (u)", "undo"),
    (
        "Free a reviewer's answers",
        "A lead's: what someone who left held goes back to the queue (groundtui leases --release)",
        "free_answers",
    ),
    ("Keys", "Every key of the review screen (?)", "app.help"),
    ("Theme", "Change the colour theme", "app.change_theme"),
)


class ReviewCommands(Provider):
    """The review screen's actions, and ``Open answer ID`` for whatever is typed."""

    @property
    def review(self) -> Any:
        """The review screen the palette was opened on (not imported: it imports this)."""
        return self.screen

    def _command(self, action: str) -> Callable[[], object]:
        """Run ``action`` as its key would, on the review screen (``app.`` ones on the app)."""
        return partial(self.review.run_action, action)

    async def discover(self) -> Hits:
        for name, help_text, action in COMMANDS:
            yield DiscoveryHit(name, self._command(action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in COMMANDS:
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(name),
                    self._command(action),
                    text=name,
                    help=help_text,
                )
        wanted = query.strip()
        if wanted:
            # Untrusted-looking text typed by the reviewer: a Text, never markup.
            shown = Text(f"Open answer {one_line(wanted, 60)}")
            yield Hit(
                0.5,
                shown,
                partial(self.review.open_answer_id, wanted),
                text=f"Open answer {wanted}",
                help="Jump to the answer with this id",
            )
