"""What a person sees: no run of text on the key screens under 4.5:1 against its background.

Each screen is drawn headless as a terminal receives it, in every theme the app offers,
and every run of text is measured twice: in truecolor (a terminal, the browser) and as a
256-colour terminal shows it (Rich's reduction of both colours).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from groundtui.store import Store
from groundtui.tui import make_app
from groundtui.tui.legible import MINIMUM, contrast, in_256
from tests.helpers.pilot import press, settle
from tests.helpers.screen import drawn_runs

pytestmark = pytest.mark.slow

#: A state of the review screen: the keys that reach it from the first screen.
SCREENS = {
    "first screen": (),
    "a stated claim selected": ("j",),
    "a contradicted claim selected": ("n",),
    "a partial claim selected": ("n", "j"),
    "an uncited claim and a dangling citation": ("n", "n", "n"),
    "a claim labelled absent": ("a",),
    "an answer without claims": ("n", "n", "n", "n"),
    "help": ("question_mark",),
    "note editor": ("e",),
    "queue filter": ("slash",),
    "find in the source": ("ctrl+f", *"days"),
    "edit a claim": ("E",),
    "split a claim": ("S",),
    "add a claim": ("A",),
    "calibration": ("K",),
    "guidelines": ("g",),
    "command palette": ("ctrl+p",),
}


def unreadable(app) -> list[str]:
    """Each run of text under ``MINIMUM``, in truecolor or in 256 colours, described."""
    found = []
    for text, fg, bg in drawn_runs(app):
        for system, (a, b) in (("truecolor", (fg, bg)), ("256", (in_256(fg), in_256(bg)))):
            ratio = contrast(a, b)
            if ratio < MINIMUM:
                found.append(f"{text.strip()[:40]!r} {ratio:.2f}:1 in {system} ({fg} on {bg})")
    return found


async def _every_theme(app, pilot) -> dict[str, list[str]]:
    """The unreadable runs of the screen as it stands, in each theme the app offers."""
    found = {}
    for theme in app.available_themes:
        app.theme = theme
        await pilot.pause()  # the new theme's styles, and the panes redrawn in it
        if bad := unreadable(app):
            found[theme] = bad[:5]
    return found


@pytest.mark.parametrize("name", list(SCREENS))
async def test_every_run_of_text_is_readable_in_every_theme(review_db: Path, name: str):
    app = make_app(review_db, "dana", advance=False)
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        await press(pilot, *SCREENS[name])
        assert await _every_theme(app, pilot) == {}


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
async def test_the_first_screen_is_readable_at_either_end_of_the_sizes(
    review_db: Path, size: tuple[int, int]
):
    app = make_app(review_db, "dana")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert await _every_theme(app, pilot) == {}


async def test_a_blind_overlap_answer_is_readable(review_db: Path):
    """Another reviewer's label hidden, the judge's hidden too (blind review)."""
    with Store(review_db) as store:
        store.settings.set("overlap", "1")
        store.labels.add_review("A-1#1", "ann", "absent", "plausible_specifics")
    app = make_app(review_db, "dana", blind=True)
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        assert await _every_theme(app, pilot) == {}
