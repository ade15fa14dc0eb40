"""Call slots for the LLM judge: at most N calls in flight, the waiting ones served by priority.

A plain semaphore serves waiters first come, first served. Judging is a small tree per
answer: one extraction unlocks its claims' verifications, and an absent claim's
verification may unlock cross-checks against the answer's other sources. Serving the call
with the most work behind it first (extraction, then verification, then cross-check; in
arrival order within each) keeps every slot busy until the end instead of leaving a tail
of cross-checks that could only start after the last verifications — highest level first,
which is optimal for trees of equal-length tasks.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

# The priorities are the Judge protocol's (the pipeline sets them, knowing no judge).
from groundtui.judge.base import CROSS_CHECK, EXTRACT, VERIFY, call_priority

__all__ = ["CROSS_CHECK", "EXTRACT", "VERIFY", "PrioritySlots", "call_priority"]


class PrioritySlots:
    """An asyncio semaphore whose waiters are served lowest ``priority`` first, then FIFO
    (the priorities of ``judge.base``: ``EXTRACT``, ``VERIFY``, ``CROSS_CHECK``).

    Args:
        size: calls allowed in flight at once.
    """

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def acquire(self, priority: int) -> None:
        """Wait for a slot."""
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # granted the slot just as it was cancelled: pass it on
            raise

    def release(self) -> None:
        """Give a slot back: to the most urgent waiter still waiting, else to the pool."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self.free += 1
