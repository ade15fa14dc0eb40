"""Keys held while the answer they act on is loading: one that arrives while the next
answer is still being read (typed fast, pasted, a slow disk) is held and replayed, in
order, once that answer is shown.

Apart from ``review`` because it is one rule for every key of the review screen, which
marks each action that needs it with ``on_the_answer_shown``.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable

from groundtui.tui.screens.correcting import Correcting
from groundtui.tui.session import ReviewSession


def on_the_answer_shown(action: Callable | None = None, *, moves: bool = False):
    """Hold ``action`` while the answer it would act on is loading; replay it once shown.

    ``moves``: the action only moves to another answer, which needs nothing from the one
    loading, so it runs at once unless keys before it are held (their order is kept).
    """
    if action is None:
        return functools.partial(on_the_answer_shown, moves=moves)

    @functools.wraps(action)
    def held(self: HeldKeys, *args) -> None:
        if self.held_keys or (self.awaiting_answer and not moves):
            self.held_keys.append(functools.partial(action, self, *args))
        else:
            action(self, *args)

    return held


class HeldKeys(Correcting):
    """The panes and their writes, with the keys typed ahead of an answer held for it."""

    def __init__(self, db_path: str, session: ReviewSession) -> None:
        super().__init__(db_path, session)
        self.held_keys: deque[Callable[[], None]] = deque()
        """Key actions typed while the answer they act on was loading, in order."""

    def _answer_shown(self) -> None:
        while self.held_keys and not self.awaiting_answer and self.is_current:
            self.held_keys.popleft()()

    def on_screen_resume(self) -> None:
        self._answer_shown()  # keys held behind a note or the filter go on
