"""The review app: a thin shell that builds the review screen for one reviewer and database,
and opens the screens over it: the keys, the guidelines, the calibration."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from textual.app import App
from textual.filter import LineFilter

from groundtui.review.intents import Intent
from groundtui.review.session import ReviewSession
from groundtui.review.writes import writable
from groundtui.store import Store, StoreError
from groundtui.text.inert import one_line
from groundtui.tui.hangup import HangUpWatch
from groundtui.tui.legible import Legible
from groundtui.tui.live import SPACING
from groundtui.tui.screens.review import ReviewScreen

UNOFFERED_THEMES = ("ansi-dark", "ansi-light")
"""Textual's themes in the terminal's own 16 colours: how readable they are is the
terminal's palette, which the app cannot see, so it does not offer them."""
PARENT_CHECK = 1.0
"""Seconds between two looks at whether a browser session's server is still there."""
CLOSING_PATIENCE = 30.0
"""Seconds a closing app keeps retrying writes the database is still locked against."""


class ReviewApp(App[None]):
    """``groundtui review``: one reviewer, one database, every decision saved as made."""

    CSS_PATH = "app.tcss"
    TITLE = "groundtui review"
    ENABLE_COMMAND_PALETTE = False
    """No hidden app-wide ctrl+p: the review screen binds it where the footer lists it (the
    footer's docked palette key covered the keys before it); ``__init__`` turns it on."""
    COMMANDS: ClassVar[set] = set()
    """The review screen brings its own (``commands.ReviewCommands``): no system commands,
    whose quit would not wait for the last writes."""

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__()
        for name in UNOFFERED_THEMES:
            self.unregister_theme(name)
        self._legible = Legible()
        self.use_command_palette = True
        self.db_path = db_path
        self.session = session
        self.unsaved: list[Intent] = []
        """Decisions still not written when the app closed (the CLI reports them)."""
        self.notice = ""
        """Said on the status line when the screen opens (``demo``: where its database
        is): not a toast, which would cover the selected claim's rationale."""
        self._close_lock = threading.Lock()
        """Held while the session closes (the hang-up watch closes it from its thread)."""
        self.sub_title = (  # the name as typed: made inert, as every text from outside
            f"{one_line(session.reviewer, 80)}{' · adjudicating' if session.adjudicate else ''}"
            f"{' · blind' if session.blind else ''}"
            f"{' · read-only: labels are off' if session.readonly else ''}"
        )

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters, then ``Legible``: no text under 4.5:1 in any theme."""
        return [*super().get_line_filters(), self._legible]

    def get_default_screen(self) -> ReviewScreen:
        return ReviewScreen(self.db_path, self.session, notice=self.notice)

    def action_help(self) -> None:
        """List every key of the screen it is pressed on (``?``)."""
        from groundtui.tui.keys import help_order
        from groundtui.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(help_order(self.screen.BINDINGS)))

    def action_guidelines(self) -> None:
        """Show the team's review guidelines (``g``)."""
        from groundtui.tui.screens.guidelines import GuidelinesScreen

        self.push_screen(GuidelinesScreen(self.db_path, self.session.readonly))

    def action_calibration(self) -> None:
        """Show where the judge and people differ, computed when it opens (``K``)."""
        from groundtui.tui.screens.calibration import CalibrationScreen

        self.push_screen(CalibrationScreen(self.db_path, self.session.readonly))

    parent_pid: int | None = None
    """The ``serve`` process this browser session lives for, if any."""

    def on_mount(self) -> None:
        # SIGTERM quits as q does: every write waited for, untouched answers freed.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.exit)
        if self.parent_pid is not None:
            self.set_interval(PARENT_CHECK, self._check_parent)
        if not self.is_headless:  # a terminal, or serve's pipes: either may hang up
            loop = asyncio.get_running_loop()
            HangUpWatch(self.close_session, lambda: loop.call_soon_threadsafe(self.exit)).start()

    def _check_parent(self) -> None:
        """Quit once the server this session serves is gone (its pipes may outlive it)."""
        if os.getppid() != self.parent_pid:
            self.exit()

    def on_unmount(self) -> None:
        # `q` waits for every write; a closed terminal or ctrl+c does not, so whatever is
        # still queued (or waiting for another program's lock) is written here, before exit.
        self.close_session()

    closed = False
    """Whether the session's writes were finished and its untouched answers freed."""

    def close_session(self) -> None:
        """Finish the session's writes and free its untouched answers, once. The CLI calls
        it again after ``run``: an app whose output pipe broke (its server died mid-draw)
        ends without unmounting; and the hang-up watch calls it from its own thread."""
        with self._close_lock:
            if not self.closed:
                self.closed = True
                self.unsaved = self.session.close(CLOSING_PATIENCE)


def make_app(
    db_path: str | os.PathLike[str],
    reviewer: str,
    blind: bool = False,
    *,
    readonly: bool | None = None,
    adjudicate: bool = False,
    clock: Callable[[], datetime] | None = None,
    poll: float = 1.0,
    spacing: float = SPACING,
    parent: int | None = None,
    advance: bool = True,
) -> ReviewApp:
    """The review app over ``db_path`` for ``reviewer`` (used by the CLI, tests, bench).

    Args:
        readonly: open the database read-only, label keys off; None decides by whether
            this process may write the file (``writes.writable``).
        adjudicate: a lead's session over the claims reviewers disagree on.
        clock: the time now, for leases (tests move it).
        poll: seconds between two looks for other people's changes.
        spacing: a whole-database count waits this many times its last CPU time before it
            runs again (``live.SPACING``; 0: only ``poll`` apart).
        parent: the process this one lives for (``groundtui serve``): quit once it is gone.
        advance: a key that completes a claim moves on (False: ``review --no-advance``).
    """
    if readonly is None:
        readonly = not writable(str(db_path))
    with Store(str(db_path), readonly=readonly) as store:
        # "Dana" is dana: the name as the database first knew this reviewer. A new name is
        # registered by its first label if the database is too busy to now.
        try:
            name = store.reviewers.name(reviewer, register=not readonly)
        except StoreError:
            name = store.reviewers.name(reviewer, register=False)
        settings = store.settings.all()
    session = ReviewSession(
        str(db_path),
        name,
        blind,
        readonly=readonly,
        adjudicate=adjudicate,
        share=settings["overlap"],
        lease_minutes=settings["lease_minutes"],
        advance=advance,
    )
    if clock is not None:
        session.clock = clock
    session.poll, session.spacing = poll, spacing
    app = ReviewApp(str(db_path), session)
    app.parent_pid = parent
    return app
