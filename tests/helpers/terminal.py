"""A command run with its stdout on a pseudo-terminal, and what that terminal showed."""

from __future__ import annotations

import os
import pty
import subprocess
import threading
from collections.abc import Callable


def on_a_terminal(
    command: Callable[[str], list[str]], env: dict[str, str]
) -> tuple[subprocess.CompletedProcess, bytes]:
    """Run ``command(tty)``, ``tty`` the device name of a new pseudo-terminal that is its
    stdout; return the finished process (stderr captured) and every byte the terminal got."""
    main, child = pty.openpty()
    shown: list[bytes] = []

    def read() -> None:  # as it comes: a full terminal would block the writer
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: every end of the terminal is closed
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        done = subprocess.run(
            command(os.ttyname(child)), stdout=child, stderr=subprocess.PIPE, env=env, timeout=60
        )
    finally:
        os.close(child)
        reader.join(timeout=30)
        os.close(main)
    return done, b"".join(shown)
