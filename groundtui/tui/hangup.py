"""A review whose terminal is gone ends within seconds, its writes finished and its
untouched answers freed.

A closed terminal (a dropped SSH connection, a killed tmux, a closed window) hangs up the
tty: from then on a read returns end of input, a write fails, and SIGHUP may or may not
come (it goes to the terminal's session; a process outside it, or one started with SIGHUP
ignored, never hears of it). Textual's input thread reads that end of input again and
again at full speed, and its output thread dies at the first failed write, after which the
screen's next frames block the event loop for good. So the hang-up is watched for by a
thread of its own, outside the event loop it cannot count on: ``poll`` reports it on
standard input (``POLLHUP``, ``POLLERR`` or ``POLLNVAL``, which come whatever events are
asked for), and a SIGHUP handler reports it too. The thread then closes the session
itself (``ReviewApp.close_session``: the queued writes, then the leases), asks the app to
exit, and ends the process if the app could not.

A browser session's standard input is the pipe from ``groundtui serve``: it hangs up when
the server is gone, so the same watch ends the session then too.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Callable

LOOK = 0.5
"""Seconds between two looks at whether a SIGHUP came (``poll`` sees a hang-up at once)."""
EXIT_PATIENCE = 3.0
"""Seconds the app has to exit its own way once the session is closed; then the process
ends (its event loop is stuck writing to a terminal that is gone)."""
HANGUP_EXIT = 128 + signal.SIGHUP
"""The exit status of a process ended by a hang-up, as the shell reports one."""


class HangUpWatch:
    """Watches standard input and SIGHUP; on a hang-up runs ``close`` then ``exit``, and
    ends the process ``EXIT_PATIENCE`` seconds later if it is still running.

    Args:
        close: finishes the session (from the watching thread; it must be thread-safe).
        exit: asks the app to exit (from the watching thread; it must be thread-safe).
        fd: the file descriptor watched (standard input).
    """

    def __init__(
        self, close: Callable[[], object], exit: Callable[[], object], fd: int | None = None
    ) -> None:
        self.close, self.exit = close, exit
        self.fd = sys.__stdin__.fileno() if fd is None and sys.__stdin__ else fd
        self.noticed = threading.Event()
        """Set when the hang-up is noticed: SIGHUP, or the watched fd hung up."""

    def start(self) -> None:
        """Install the SIGHUP handler (from the main thread) and start watching."""
        with contextlib.suppress(ValueError):  # not the main thread: poll alone watches
            signal.signal(signal.SIGHUP, lambda *_: self.noticed.set())
        threading.Thread(target=self._watch, name="groundtui-hangup", daemon=True).start()

    def _watch(self) -> None:
        poller = select.poll()
        if self.fd is not None:
            poller.register(self.fd, 0)  # no events asked for: a hang-up, an error, a bad fd
        while not self.noticed.is_set():
            if self.fd is None:
                self.noticed.wait(LOOK)
            elif poller.poll(LOOK * 1000):
                break
        self.noticed.set()
        try:
            self.close()
        finally:
            # A daemon timer: a process that exits its own way first is not kept waiting.
            timer = threading.Timer(EXIT_PATIENCE, os._exit, (HANGUP_EXIT,))
            timer.daemon = True
            timer.start()
            self.exit()
