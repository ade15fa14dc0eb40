"""Every key of the review screen (docs/review.md), declared in full so they can be remapped.

The footer shows them grouped, "? help" and "q quit" first so that an 80-column terminal
still shows them; the help screen lists each one with its tooltip, those two last.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding, BindingType

# What the kind and verdict keys set; 0 clears the kind.
KIND_KEYS = {
    "1": "plausible_specifics",
    "2": "bridging_inference",
    "3": "confident_generalisation",
    "4": "fabricated_provenance",
    "0": None,
}
VERDICT_KEYS = {"s": "stated", "c": "contradicted", "a": "absent", "p": "partial"}

SCROLL_KEYS = (
    ("pageup", "page_up", "page up"),
    ("pagedown", "page_down", "page down"),
    ("home", "home", "to the top"),
    ("end", "end", "to the bottom"),
    ("shift+up", "up", "a line up"),
    ("shift+down", "down", "a line down"),
)
VERDICT_GROUP = Binding.Group("verdict", compact=True)
KIND_GROUP = Binding.Group("kind", compact=True)
CLAIM_GROUP = Binding.Group("claim", compact=True)
ANSWER_GROUP = Binding.Group("answer", compact=True)


def review_bindings() -> list[BindingType]:
    """The review screen's bindings, in the order the footer shows them."""
    b = [
        Binding(
            "down,j",
            "claim(1)",
            "next claim",
            tooltip="Select the next claim",
            id="claim.next",
            group=CLAIM_GROUP,
            key_display="j",
        ),
        Binding(
            "up,k",
            "claim(-1)",
            "previous claim",
            tooltip="Select the previous claim",
            id="claim.previous",
            group=CLAIM_GROUP,
            key_display="k",
        ),
        # The arrows again, with priority: wherever the focus is, not the focused pane's
        # scroll (declared apart so that the footer keeps its order).
        Binding(
            "down",
            "claim(1)",
            "next claim",
            show=False,
            priority=True,
            tooltip="Select the next claim",
            id="claim.next.arrow",
        ),
        Binding(
            "up",
            "claim(-1)",
            "previous claim",
            show=False,
            priority=True,
            tooltip="Select the previous claim",
            id="claim.previous.arrow",
        ),
        Binding(
            "space",
            "next_unlabelled",
            "next unlabelled",
            tooltip="Select the next claim you have not labelled, anywhere in the queue",
            id="claim.next_unlabelled",
            group=CLAIM_GROUP,
            show=False,
        ),
        Binding(
            "n",
            "answer(1)",
            "next answer",
            tooltip="Open the next answer of the queue",
            id="answer.next",
            group=ANSWER_GROUP,
        ),
        Binding(
            "N",
            "answer(-1)",
            "previous answer",
            tooltip="Open the previous answer of the queue",
            id="answer.previous",
            group=ANSWER_GROUP,
        ),
        Binding(
            "enter,y",
            "confirm",
            "confirm",
            key_display="y",
            tooltip="Confirm the judge's verdict and invention kind",
            id="label.confirm",
        ),
    ]
    for key, verdict in VERDICT_KEYS.items():
        b.append(
            Binding(
                key,
                f"verdict('{verdict}')",
                verdict,
                group=VERDICT_GROUP,
                tooltip=f"Set the verdict to {verdict}",
                id=f"verdict.{verdict}",
            )
        )
    for key, kind in KIND_KEYS.items():
        name = kind.replace("_", " ") if kind else "clear the invention kind"
        b.append(
            Binding(
                key,
                f"kind('{key}')",
                name,
                group=KIND_GROUP,
                tooltip=f"Invention kind: {name}",
                id=f"kind.{key}",
            )
        )
    b += [
        Binding(
            "m",
            "mark",
            "mark",
            tooltip="Cycle the answer: correct, incorrect, unknown",
            id="answer.mark",
        ),
        Binding(
            "e", "correct('note')", "note", tooltip="Write a note on the claim", id="claim.note"
        ),
        Binding(
            "E",
            "correct('edit')",
            "edit claim",
            show=False,
            id="claim.edit",
            tooltip="Edit the claim's text: a new claim in its place, judged again",
        ),
        Binding(
            "S",
            "correct('split')",
            "split claim",
            show=False,
            id="claim.split",
            tooltip="Split the claim in two at a point you choose, each judged again",
        ),
        Binding(
            "A",
            "correct('add')",
            "add claim",
            show=False,
            id="claim.add",
            tooltip="Add a claim the judge missed: select it in the answer",
        ),
        Binding(
            "x",
            "dismiss_claim",
            "dismiss claim",
            show=False,
            id="claim.dismiss",
            tooltip='Dismiss a "claim" that is not one (a hedge, an offer to help):'
            " it leaves every count",
        ),
        Binding("u", "undo", "undo", tooltip="Undo the last change of this session", id="undo"),
        Binding(
            "slash",
            "filter",
            "filter",
            key_display="/",
            tooltip="Filter the queue: text, origin, verdict, unreviewed, disagreements",
            id="queue.filter",
        ),
        Binding(
            "r",
            "toggle_pane('report')",
            "report",
            tooltip="Show or hide the report pane",
            id="report.toggle",
        ),
        Binding(
            "g",
            "app.guidelines",
            "guidelines",
            tooltip="Read the team's review guidelines (groundtui config guidelines FILE)",
            id="guidelines",
        ),
        Binding(
            "K",
            "app.calibration",
            "calibration",
            tooltip="Where the judge and people differ: confusion matrix, kappa by kind and"
            " origin, with intervals",
            id="calibration",
        ),
    ]
    b += [
        Binding(
            "z",
            "zoom",
            "zoom",
            tooltip="Zoom the focused pane to the whole screen, and back",
            id="pane.zoom",
        ),
        Binding(
            "w",
            "pane('source', 'whole_source')",
            "whole source",
            tooltip="Show the whole source, or only around the evidence",
            id="source.whole",
        ),
        Binding(
            "left_square_bracket",
            "pane('source', 'source', -1)",
            "previous source",
            show=False,
            tooltip="Show the answer's previous source: the claim's cited ones first,"
            " then the others, marked not cited",
            id="source.previous",
        ),
        Binding(
            "right_square_bracket",
            "pane('source', 'source', 1)",
            "next source",
            show=False,
            tooltip="Show the answer's next source: the claim's cited ones first,"
            " then the others, marked not cited",
            id="source.next",
        ),
        Binding(
            "ctrl+f",
            "pane('source', 'find')",
            "find",
            tooltip="Find text in the source (enter: next match,"
            " shift+enter: previous, esc: close)",
            id="source.find",
        ),
        Binding(
            "tab",
            "app.focus_next",
            "next pane",
            show=False,
            tooltip="Focus the next pane (the focused one is framed)",
            id="pane.next",
        ),
        Binding(
            "shift+tab",
            "app.focus_previous",
            "previous pane",
            show=False,
            tooltip="Focus the previous pane",
            id="pane.previous",
        ),
    ]
    for key, how, name in SCROLL_KEYS:
        b.append(
            Binding(
                key,
                f"scroll_pane('{how}')",
                name,
                show=False,
                priority=True,
                tooltip=f"Scroll the focused pane: {name}",
                id=f"pane.scroll.{how}",
            )
        )
    return [
        Binding(
            "question_mark",
            "app.help",
            "help",
            key_display="?",
            tooltip="List every key",
            id="help",
        ),
        Binding("q", "quit", "quit", tooltip="Quit (every change is already saved)", id="quit"),
        Binding(
            "ctrl+p",
            "app.command_palette",
            "palette",
            id="palette",
            tooltip="The command palette: every action by name, and Open answer ID",
        ),
        *b,
    ]


def help_order(bindings: Iterable[BindingType]) -> list[Binding]:
    """The bindings in the order the help screen lists them: help and quit last.

    Only ``Binding`` objects are listed, as the help shows each one's tooltip; every
    binding here is declared in full, never in Textual's tuple shorthand.
    """
    full = [
        binding
        for binding in bindings
        if isinstance(binding, Binding) and not (binding.id or "").endswith(".arrow")
    ]
    return sorted(full, key=lambda binding: binding.id in ("help", "quit", "palette"))
