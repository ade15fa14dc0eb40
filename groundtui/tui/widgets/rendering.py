"""Drawing helpers the panes share: verdict styles, text set without markup, scrolling."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from groundtui.tui.legible import component_style

VERDICT_CLASSES = {
    "verdict--stated",
    "verdict--contradicted",
    "verdict--absent",
    "verdict--partial",
    "verdict--none",
    "verdict--hidden",
}
SHORT_KIND = {
    "plausible_specifics": "specifics",
    "bridging_inference": "bridging",
    "confident_generalisation": "generalis.",
    "fabricated_provenance": "provenance",
}


def verdict_style(widget: Widget, verdict: str | None, hidden: bool = False) -> Style:
    """The theme's style for a verdict, from the widget's ``verdict--*`` component classes."""
    name = "hidden" if hidden else (verdict or "none")
    return component_style(widget, f"verdict--{name}")


def part_around(total: int, at: int, size: int, steps: int) -> int:
    """Where a part of ``size`` of ``total`` things starts so that ``at`` is in it, with a
    ``1/steps`` of the part or more before it: it moves in steps of that much, so it stays
    still while ``at`` moves within it (the huge answer's text and claims list)."""
    if total <= size:
        return 0
    step = size // steps
    return max(0, min((max(at, 0) // step - 1) * step, total - size))


def set_text(static: Static, text: Text) -> None:
    """Show ``text`` in ``static``, skipping the layout pass when its height is unchanged.

    A layout pass repaints every widget on screen; a label that only changes colours or
    digits must cost one widget's repaint, not thirty. The heights compared are the ones
    Textual's layout takes (``get_content_height``: the text wrapped at words at the
    widget's width, kept for the layout that follows): an estimate kept the old height for
    a text that wraps to more lines, hiding its end with no scrollbar. The same characters
    restyled (a find's highlights, a verdict's colour) wrap alike: they are not measured.
    """
    old = static.content
    width = static.content_region.width
    if isinstance(old, Text) and old.plain == text.plain and width > 0:
        static.update(text, layout=False)
        return
    if width <= 0:  # not laid out yet: the first layout measures it
        static.update(text)
        return
    size = static.content_region.size
    before = static.get_content_height(size, size, width)
    static.update(text, layout=False)
    if static.get_content_height(size, size, width) != before:
        static.refresh(layout=True)


_WORD = re.compile(r"\S*")


def _height(paragraph: str, width: int) -> int:
    """How many lines ``paragraph`` takes at ``width``, wrapped at words as Textual does."""
    if cell_len(paragraph) <= width:
        return 1
    return max(1, len(Content(paragraph).wrap(width)))


def through_word(plain: str, at: int) -> str:
    """``plain`` up to the end of the word at ``at``: where that word is laid out, the
    text before it may end a line above (the word wraps to the next)."""
    word = _WORD.match(plain, at)
    assert word is not None  # "\S*" may be empty, so it matches at every offset
    return plain[: word.end()]


def scroll_to_offset(
    scroll: ScrollableContainer, before: str, margin: int, top_if_fits: bool = False
) -> None:
    """Scroll so the line where ``before`` ends sits ``margin`` lines from the top.

    ``top_if_fits``: stay at the top when that line is in view there (the answer's question
    stays on screen while the selected claim is near the start of the response).

    Runs after the next refresh: a Static just updated has not been laid out yet, so a
    scroll now would be clamped to the old (often empty) content and land at the top.
    """

    def scroll_now(tries: int) -> None:
        width = max(10, scroll.scrollable_content_region.width)
        *paragraphs, last = before.split("\n")
        line = sum(_height(p, width) for p in paragraphs) + _height(last, width) - 1
        if line >= scroll.virtual_size.height and tries:  # the new text is not laid out yet
            scroll.call_after_refresh(scroll_now, tries - 1)
            return
        fits = top_if_fits and line < scroll.scrollable_content_region.height - 1
        scroll.scroll_to(y=0 if fits else max(0, line - margin), animate=False)

    scroll.call_after_refresh(scroll_now, 10)
