"""The calibration screen (``K``): where the judge and people differ, with intervals.

The confusion matrix of judge verdict against the people's verdict, agreement per claim
kind and per source origin, each kappa with its 95% bootstrap interval (docs/report.md). The
intervals cost a tenth of a second or so, so they are computed here, in a worker, when the
screen opens, never on each key press of the review.
"""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from groundtui.store import Store, StoreError


class CalibrationScreen(ModalScreen[None]):
    """Judge against people: confusion matrix, by kind, by origin; ``esc`` (or ``K``) closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,K,q",
            "close",
            "close",
            tooltip="Close the calibration screen",
            id="calibration.close",
        ),
    ]

    def __init__(self, db_path: str, readonly: bool = False) -> None:
        super().__init__()
        self.db_path = db_path
        self.readonly = readonly

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="calibration-dialog", classes="dialog") as scroll:
            scroll.border_title = "Calibration: judge vs people  (esc to close)"
            yield Static(Text("Counting and resampling…"), id="calibration-body")

    def on_mount(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, group="calibration", exit_on_error=False)
    def load(self) -> None:
        """Compute the calibration numbers in a worker (its own connection), then show them."""
        from groundtui.report.compute import cubes_of, summarise
        from groundtui.report.matrices import calibrate
        from groundtui.report.render import agreement, calibration

        try:
            with Store(self.db_path, readonly=self.readonly) as store:
                cubes = cubes_of(store)
            report = summarise(cubes)
            calibrate(report, cubes)
            body: Group | Text = Group(agreement(report), Text(""), calibration(report))
        except (StoreError, sqlite3.Error) as exc:
            body = Text(f"The calibration numbers could not be read: {exc}")
        self.app.call_from_thread(self.query_one("#calibration-body", Static).update, body)

    def action_close(self) -> None:
        """Close the calibration screen."""
        self.dismiss(None)
