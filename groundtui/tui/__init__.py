"""The review UI (docs/review.md), built with Textual; imported only by ``groundtui
review``/``demo``.

``make_app(db_path, reviewer, blind, readonly=None, adjudicate=False, clock=None, poll=1.0)``
builds the app for the CLI, the tests and the benchmark.
"""

from __future__ import annotations

import os
from typing import Any


def make_app(db_path: str | os.PathLike[str], reviewer: str, blind: bool = False, **options: Any):
    """The review app over ``db_path`` for ``reviewer`` (see ``groundtui.tui.app.make_app``)."""
    from groundtui.tui.app import make_app as _make_app

    return _make_app(db_path, reviewer, blind, **options)
