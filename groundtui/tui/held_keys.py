"""Keys held while the answer they act on is loading: one that arrives while the next
answer is still being read (typed fast, pasted, a slow disk) is held and replayed, in
order, once that answer is shown.

One rule for every key of the review screen, which marks each action that needs it with
``on_the_answer_shown``; the screen keeps ``held_keys`` and ``awaiting_answer`` and calls
``replay_held_keys`` once the answer is on screen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any


def on_the_answer_shown(action: Callable | None = None, *, moves: bool = False) -> Any:
    """Hold ``action`` while the answer it would act on is loading; replay it once shown.

    ``moves``: the action only moves to another answer, which needs nothing from the one
    loading, so it runs at once unless keys before it are held (their order is kept).
    """
    if action is None:
        return functools.partial(on_the_answer_shown, moves=moves)

    @functools.wraps(action)
    def held(screen: Any, *args: Any) -> None:
        if screen.held_keys or (screen.awaiting_answer and not moves):
            screen.held_keys.append(functools.partial(action, screen, *args))
        else:
            action(screen, *args)

    return held


def replay_held_keys(screen: Any) -> None:
    """Run the keys held for the answer now shown, in order, while it stays shown."""
    while screen.held_keys and not screen.awaiting_answer and screen.is_current:
        screen.held_keys.popleft()()
