"""The review app: a thin shell that builds the review screen for one reviewer and database."""

from __future__ import annotations

from textual.app import App

from groundtui.tui.screens.review import ReviewScreen
from groundtui.tui.session import ReviewSession


class ReviewApp(App[None]):
    """``groundtui review``: one reviewer, one database, every decision saved as made."""

    CSS_PATH = "app.tcss"
    TITLE = "groundtui review"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__()
        self.db_path = db_path
        self.session = session
        self.sub_title = f"{session.reviewer}{' · blind' if session.blind else ''}"

    def get_default_screen(self) -> ReviewScreen:
        return ReviewScreen(self.db_path, self.session)

    def on_unmount(self) -> None:
        # Closing the app (q, ctrl+c, a closed terminal) must not drop a decision still in
        # the queue: apply whatever a worker has not reached yet, here, before exiting.
        self.session.drain(lambda outcome: None)


def make_app(db_path: str, reviewer: str, blind: bool = False) -> ReviewApp:
    """The review app over ``db_path`` for ``reviewer`` (used by the CLI, tests, bench)."""
    return ReviewApp(str(db_path), ReviewSession(str(db_path), reviewer, blind))
