"""The review app: a thin shell that builds the review screen for one reviewer and database."""

from __future__ import annotations

from textual.app import App

from groundtui.tui.screens.review import ReviewScreen
from groundtui.tui.session import Intent, ReviewSession
from groundtui.tui.writes import writable

CLOSING_PATIENCE = 30.0
"""Seconds a closing app keeps retrying writes the database is still locked against."""


class ReviewApp(App[None]):
    """``groundtui review``: one reviewer, one database, every decision saved as made."""

    CSS_PATH = "app.tcss"
    TITLE = "groundtui review"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__()
        self.db_path = db_path
        self.session = session
        self.unsaved: list[Intent] = []
        """Decisions still not written when the app closed (the CLI reports them)."""
        self.sub_title = (
            f"{session.reviewer}{' · blind' if session.blind else ''}"
            f"{' · read-only: labels are off' if session.readonly else ''}"
        )

    def get_default_screen(self) -> ReviewScreen:
        return ReviewScreen(self.db_path, self.session)

    def on_unmount(self) -> None:
        # `q` waits for every write; a closed terminal or ctrl+c does not, so whatever is
        # still queued (or waiting for another program's lock) is written here, before exit.
        self.unsaved = self.session.close(CLOSING_PATIENCE)


def make_app(
    db_path: str, reviewer: str, blind: bool = False, *, readonly: bool | None = None
) -> ReviewApp:
    """The review app over ``db_path`` for ``reviewer`` (used by the CLI, tests, bench).

    ``readonly``: open the database read-only, label keys off; None decides by whether this
    process may write the file (``writes.writable``).
    """
    if readonly is None:
        readonly = not writable(str(db_path))
    return ReviewApp(str(db_path), ReviewSession(str(db_path), reviewer, blind, readonly=readonly))
