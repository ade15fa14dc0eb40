"""What the review tests share: the terminal size, reading the screen, a long answer."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.color import Color
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

SIZE = (140, 44)
FILLER = "\n".join(f"Line {i}: the small print goes on." for i in range(150))
EVIDENCE = "The warranty lasts seven years."
LONG_SOURCE = FILLER + "\n" + EVIDENCE + "\nThe end."
FACTS = [f"Fact {i} holds for every order" for i in range(1, 7)]


def plain(app, selector: str) -> str:
    """The text a Static of the review screen shows."""
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def long_answer() -> dict:
    """Seven claims on one long source; the first one's evidence is its last lines."""
    response = "The warranty lasts seven years [1]. " + " ".join(f"{f} [1]." for f in FACTS)
    claims = []
    for ordinal, text in enumerate(["The warranty lasts seven years", *FACTS], start=1):
        start = response.index(text)
        claim = {
            "text": text,
            "kind": "figure",
            "span": [start, start + len(text)],
            "citation": 1,
            "verdict": "absent" if ordinal > 1 else "stated",
            "invention_kind": "plausible_specifics" if ordinal > 1 else None,
            "judge": "j",
            "rationale": "A long rationale. " * 30,
        }
        if ordinal == 1:
            at = LONG_SOURCE.index(EVIDENCE)
            claim["evidence"] = [at, at + len(EVIDENCE)]
        claims.append(claim)
    return {
        "id": "L-1",
        "question": "How long is the warranty?",
        "response": response,
        "sources": [{"id": "terms", "title": "Terms", "origin": "legal", "text": LONG_SOURCE}],
        "claims": claims,
    }


def screen_lines(app) -> list[str]:
    """The screen as plain text, one string a row, as a terminal shows it."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False).split("\n")[:height]


def cells(line: str, start: int, end: int) -> str:
    """The characters of ``line`` in its cells ``[start, end)`` (a CJK character is two)."""
    out, at = [], 0
    for ch in line:
        if start <= at < end:
            out.append(ch)
        at += cell_len(ch)
    return "".join(out)


RGB = tuple[int, int, int]


def _rgb(color: Color) -> RGB:
    red, green, blue = color.get_truecolor()
    return red, green, blue


def drawn_runs(app) -> list[tuple[str, RGB, RGB]]:
    """Every run of text on the screen as a terminal receives it: ``(text, colour,
    background)``, reverse video applied; runs of only spaces, box lines or blocks left out."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
    )
    # What Textual's own screenshot draws: the screen, and any screen under a modal.
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    found: list[tuple[str, RGB, RGB]] = []
    for segment in console._record_buffer:
        style, text = segment.style, segment.text
        if segment.control or style is None:
            continue
        if all(ch.isspace() or 0x2500 <= ord(ch) <= 0x259F for ch in text):
            continue
        fg, bg = style.color, style.bgcolor
        if style.reverse:
            fg, bg = bg, fg
        assert fg is not None and bg is not None, f"{text!r} in the terminal's default colour"
        fg_rgb, bg_rgb = _rgb(fg), _rgb(bg)
        if style.dim:  # as a terminal draws it: half-way to the background
            red, green, blue = (round((a + b) / 2) for a, b in zip(fg_rgb, bg_rgb, strict=True))
            fg_rgb = red, green, blue
        found.append((text, fg_rgb, bg_rgb))
    return found
