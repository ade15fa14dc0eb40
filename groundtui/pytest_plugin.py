"""The pytest plugin (the ``pytest11`` entry point ``groundtui``): ``--groundtui-db PATH``.

With it, every answer :func:`groundtui.testing.assert_grounded` judges in the run is
recorded in the groundtui database PATH, with its claims and verdicts and the test's node
id (the answer's id and ``meta.test``), so that a CI run's failures open in ``groundtui
review --db PATH``; the terminal summary gives the run's answers, claims, stated,
groundedness and cost.

Off unless asked: without the option the plugin adds the option and does nothing else (it
loads none of groundtui and registers no other hook), so other projects' test runs are as
they were. Under pytest-xdist (``-n``) each worker records into the one file (the store's
write path makes concurrent writers wait for each other) and sends its totals to the
controller, which creates the database before the workers start and prints the summary.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--groundtui-db PATH``."""
    parser.getgroup("groundtui").addoption(
        "--groundtui-db",
        metavar="PATH",
        default=None,
        help="Record every answer assert_grounded judges, with its judgement and the "
        "test's node id, in the groundtui database PATH (open it with `groundtui review "
        "--db PATH`).",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Start recording when ``--groundtui-db`` is given."""
    path = config.getoption("groundtui_db", None)
    if path:
        config.pluginmanager.register(GroundtuiRecording(config, path), "groundtui-recording")


class GroundtuiRecording:
    """The hooks of a run that records into a database; registered only when asked."""

    def __init__(self, config: pytest.Config, path: str) -> None:
        from groundtui import testing

        workerinput = getattr(config, "workerinput", None)
        self.config = config
        self.worker = workerinput is not None
        # A worker takes the controller's absolute path: its own folder may differ.
        self.path = workerinput["groundtui_db"] if workerinput else os.path.abspath(path)
        if not self.worker:
            _create(self.path)  # before any worker starts: one creator, no race
        self.recording = testing.start_recording(self.path)

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """(pytest-xdist, on the controller) Give each worker the database's absolute path."""
        node.workerinput["groundtui_db"] = self.path

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        """Name the test being run (its set-up and tear-down included) for the recording."""
        self.recording.test = item.nodeid
        try:
            yield
        finally:
            self.recording.test = None

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """(A pytest-xdist worker) Send the worker's totals to the controller."""
        if self.worker:
            from dataclasses import asdict

            self.config.workeroutput["groundtui"] = asdict(self.recording.totals)  # type: ignore[attr-defined]

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """(pytest-xdist, on the controller) Count a finished worker's totals in."""
        from groundtui.testing import Totals

        totals = getattr(node, "workeroutput", {}).get("groundtui")
        if totals:
            self.recording.totals.add(Totals(**totals))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """The run's answers, claims, stated, groundedness and cost, and where they are."""
        if self.worker:
            return
        terminalreporter.write_sep("-", "groundtui")
        for line in self.recording.totals.lines(self.path):
            terminalreporter.write_line(line)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        from groundtui import testing

        testing.stop_recording()


def _create(path: str) -> None:
    """Create (or bring up to date) the database at ``path``; a path no database can be
    made at is a usage error, one line."""
    from groundtui.store import Store, StoreError

    try:
        with Store(path, create=True):
            pass
    except StoreError as exc:
        raise pytest.UsageError(f"--groundtui-db: {exc}") from None
