"""Snapshots of the review screen's main states (140×44, the fixed data of
``tests/helpers/review_db.py``).

Regenerate after a deliberate change with ``pytest tests/tui --snapshot-update`` and look
at the report pytest-textual-snapshot writes before committing the new SVGs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import TextArea

from groundtui.tui import make_app
from groundtui.tui.widgets.report import ReportPane
from tests.helpers.pilot import press, settle, until

SIZE = (140, 44)


@pytest.mark.slow
def test_first_screen(review_db: Path, snap_compare):
    """A-1 open with its first claim selected.

    You should see: the queue with its three-line legend ("first: ⚑ flag or #>0", "#: claims
    not stated", "· new ◐ part ✓ done"), A-1 flagged (⚑)
    first, "queue: 0 of 5 done", "team: 1 of 6 done" and "yours: 0 done" (A-5, reviewed by sam
    and kim, is theirs and not in dana's queue); the response with claim 1 in reverse (it is
    absent: dark text on the warning colour) and "30" underlined (an unsourced specific),
    claim 2 in the stated colour on a dark green tint; the claims list with the judge's verdicts and kinds, and under it claim 1
    in full with "you   no label" right under its text, then the judge's verdict; the
    source "Returns policy" (help-centre, updated 2025-01-10) with its first sentence in
    bold underlined text on a grey tint, readable (not the text colour on itself, nor the
    absent colour); the report pane, under half the column high,
    with claim level, answer level, invention rate and their counts, both kappas, quadrants
    and by source (pdf-archive, the most often ungrounded, first); the claims pane framed
    in the primary colour (it has the focus); the footer opening with "? help q quit ^p
    palette", then every key group through "g guidelines", whole: those that do not fit
    whole ("K calibration", "z zoom") are left out, none cut mid-word.
    """

    async def run_before(pilot):
        await settle(pilot)

    assert snap_compare(make_app(review_db, "dana"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_markup_shown_literally_after_a_label(review_db: Path, snap_compare):
    """A-3 after pressing n then c.

    You should see: the question "What does [i]premium[/i] cost?" and the response with
    "[bold]premium[/]", "\\x1b[31m$49\\x1b[0m", "[red]…[/red]" and "<U+202E>evil<U+202C>" printed
    as written (nothing bold, red or reversed by them); claim 1 labelled "you contradicted
    specifics"; the status line "Saved A-3 #1: contradicted / plausible specifics · y keeps
    the kind, 1–4 picks one, 0 none" (the claim stays selected until then); the source
    title "Plans [b]and[/b] prices" literal; the claim detail with "you   contradicted /
    plausible specifics" right under the claim.
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "n")
        await press(pilot, "c")
        # The report pane's team numbers count dana's label (a recount after a write comes
        # when due: under load, before or after the picture, and its scroll bar moved).
        report = pilot.app.screen.query_one(ReportPane)
        assert await until(pilot, lambda: "dana" in report.team_numbers.get("reviewers", {}))
        await settle(pilot)

    assert snap_compare(
        make_app(review_db, "dana", advance=False), terminal_size=SIZE, run_before=run_before
    )


@pytest.mark.slow
def test_blind_review(review_db: Path, snap_compare):
    """Blind mode on A-1, claim 2 labelled stated.

    You should see: "groundtui review — dana · blind" in the header; "?" instead of the
    queue's counts of claims not stated, and the queue in flag-then-import order (A-1, A-2,
    A-3, A-4, A-6; A-5 is sam's and kim's) so the judge's verdicts do not show through;
    claim 1 with "judge hidden" and an uncoloured highlight in the
    response; claim 2 labelled "you stated" with its judge verdict now shown and the blind
    mark ◌; the status line "Saved A-1 #2: stated"; the source pane saying the evidence is hidden until you label; the report pane
    saying its numbers are hidden in blind review, with only "This session (dana): 1 label".
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "j", "s")
        await press(pilot, "k")

    app = make_app(review_db, "dana", blind=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_help_screen(review_db: Path, snap_compare):
    """The help modal over the review screen.

    You should see: every key (↓ / j, ↑ / k, space, n, N, ⏎ / y, s, c, a, p, 1–4, 0, m, e,
    E, S, A, x, u, /, r, g, z, w, ^f, tab, shift+tab, then the scroll keys further down) with
    what it does, the note editor's, the filter's, the find bar's and the correction dialogs'
    keys and ctrl+p, and paragraphs on verdicts, invention kinds, the marks, advance on decide
    and correcting claims.
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "question_mark")

    assert snap_compare(make_app(review_db, "dana"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_note_editor(review_db: Path, snap_compare):
    """The note editor on A-1's first claim, with text typed.

    You should see: a modal titled with the claim ("Note on: Sofas can be returned within
    30 days."), a text area holding "source says 14 days", and Save / Cancel buttons.
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "e")
        pilot.app.screen.query_one(TextArea).cursor_blink = False
        await press(pilot, *"source", "space", *"says", "space", *"14", "space", *"days")

    assert snap_compare(make_app(review_db, "dana"), terminal_size=SIZE, run_before=run_before)


def _long_source_at(size: tuple[int, int], zoom: bool):
    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "w", "tab")  # the whole source, focused
        if zoom:
            await press(pilot, "z")
        await press(pilot, "home", "pagedown", "shift+down")

    return run_before


@pytest.mark.slow
def test_add_claim_dialog_at_80x24(review_db: Path, snap_compare):
    """`A` on A-1, then `down` and `shift+left`, at 80×24.

    You should see: a dialog over the review screen saying which keys select (↑/↓ a
    sentence, ←/→ its start, shift+←/→ its end, enter, esc); the response with both claims
    underlined and "Refunds take 5 working days" in reverse (the selection, without "[1].");
    under it "Claim: Refunds take 5 working days".
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "A", "down", "shift+left")

    assert snap_compare(make_app(review_db, "dana"), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.slow
def test_split_dialog(review_db: Path, snap_compare):
    """`S` on A-1's first claim, then `left`.

    You should see: a dialog saying ←/→ move the cut a word (shift: a character), enter
    splits, esc cancels; the claim "Sofas can be returned within 30 days." with a reversed
    bar between "Sofas can be" (bold) and "returned within 30 days." (italic): the cut
    starts at the word nearest the middle, "within", and `left` moved it a word back.
    """

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "S", "left")

    assert snap_compare(make_app(review_db, "dana"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_source_scrolled_at_80x24(long_db: Path, snap_compare):
    """L-1 at 80×24, the whole source (w) focused (tab) and scrolled a page and a line down.

    You should see: no queue and no report (too narrow, too short); the answer from its
    question (claim 1 is near the start of the response: no scroll hides the question), the claims
    list with one line a claim ("1  judge stated  you –  The warranty…") and claim 1 whole
    below it; the source pane framed in the primary colour, its header saying "the whole
    source · w: around the evidence", its text at "Line 1x: the small print goes on." lines
    (scrolled from the top, the evidence far below); the footer opening "? help q quit".
    """
    app = make_app(long_db, "dana")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_long_source_at((80, 24), False))


@pytest.mark.slow
def test_source_zoomed_at_80x24(long_db: Path, snap_compare):
    """As above, with the source zoomed (z): it fills the screen between header and footer.

    You should see: only the source pane (framed), its title "Source [1]", the header
    "[1] Terms" and the filler lines a page and a line down; the status line and footer.
    """
    app = make_app(long_db, "dana")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_long_source_at((80, 24), True))


@pytest.mark.slow
def test_source_scrolled_at_160x48(long_db: Path, snap_compare):
    """L-1 at 160×48, the whole source focused and scrolled a page and a line down.

    You should see: the queue with its three-line legend ("first: ⚑ flag or #>0", "#: claims
    not stated", "· new ◐ part ✓ done"); the answer; the claims list with two lines a claim;
    the source pane framed, scrolled to filler lines; the report pane under it.
    """
    app = make_app(long_db, "dana")
    assert snap_compare(app, terminal_size=(160, 48), run_before=_long_source_at((160, 48), False))


@pytest.mark.slow
def test_source_zoomed_at_160x48(long_db: Path, snap_compare):
    """As above, zoomed: the source pane alone fills the screen, scrolled a page and a line."""
    app = make_app(long_db, "dana")
    assert snap_compare(app, terminal_size=(160, 48), run_before=_long_source_at((160, 48), True))
