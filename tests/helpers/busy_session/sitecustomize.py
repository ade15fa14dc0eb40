"""Makes a ``groundtui serve`` session's process busy, as a huge frame kept one busy: a
second after its app is up (it handles SIGTERM), its main thread spins for ever, so that
its event loop never runs again (no quit message read, no SIGTERM handled). It says so
with a file named for its process id in the folder ``GROUNDTUI_TEST_BUSY`` names.

Python imports ``sitecustomize`` at its start from the path; the busy-session test puts
this folder first on ``PYTHONPATH`` of a real ``groundtui serve``, whose sessions inherit
it. Only a session's process (it has ``GROUNDTUI_SERVE_PID``) is made busy, never the
server.
"""

import os
import signal
from pathlib import Path

if os.environ.get("GROUNDTUI_TEST_BUSY") and os.environ.get("GROUNDTUI_SERVE_PID"):
    _ticks_up = 0

    def _spin_once_up(*_: object) -> None:
        global _ticks_up
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            return  # the app is not up yet: look again at the next tick
        _ticks_up += 1
        if _ticks_up < 10:
            return  # up: let it draw its first screen
        signal.setitimer(signal.ITIMER_REAL, 0)
        (Path(os.environ["GROUNDTUI_TEST_BUSY"]) / str(os.getpid())).touch()
        while True:
            pass

    signal.signal(signal.SIGALRM, _spin_once_up)
    signal.setitimer(signal.ITIMER_REAL, 0.1, 0.1)
