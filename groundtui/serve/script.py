"""The page's script: textual-serve's own, without its terminal's link detection.

textual-serve's front end loads xterm.js's WebLinksAddon, which makes every run of text
that looks like a URL a link: a pointer on hover, a new tab requesting it on a click. On
the review screen such text comes from answers and sources, which are untrusted, and a
click is how a claim is chosen. textual-serve has no option to leave the addon out, so the
page gets the same script with the one statement that loads it removed. A textual-serve
whose script lacks that statement is refused when ``serve`` starts (``ScriptChanged``),
never served with links.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import textual_serve

SCRIPT = Path(textual_serve.__file__).parent / "static" / "js" / "textual.js"
"""textual-serve's bundled front end: xterm.js and its web driver client."""
LOADS_WEB_LINKS = re.compile(
    rb"this\.weblinksAddon=new \w+\.WebLinksAddon,"
    rb"this\.terminal\.loadAddon\(this\.weblinksAddon\),"
)
"""The statement of the minified script that loads the WebLinksAddon (textual-serve 1.1)."""


class ScriptChanged(RuntimeError):
    """textual-serve's script no longer loads the link addon the way this module removes."""


@functools.cache
def page_script() -> bytes:
    """textual-serve's script with its link detection left out (read once a process)."""
    script, removed = LOADS_WEB_LINKS.subn(b"", SCRIPT.read_bytes())
    if removed != 1:
        raise ScriptChanged(
            f"the installed textual-serve's page script ({SCRIPT}) no longer loads xterm's "
            "link addon where groundtui removes it, so text in answers would be links in "
            "the browser: install textual-serve 1.1 (pip install 'textual-serve~=1.1')"
        )
    return script
