"""``groundtui serve``: the review UI in a browser (docs/browser.md).

``server`` is the web server (textual-serve's ``Server``, with sign-in by a reviewer's
link, session caps and the product's own page); ``process`` starts and ends one
``groundtui review`` process per browser session. Imported only by ``groundtui serve``.
"""

PARENT_ENV = "GROUNDTUI_SERVE_PID"
"""Names the ``serve`` process to a session it starts: the session quits once that process
is gone, whatever signal ended it (``kill -9`` included), freeing its untouched leases."""

SESSION_MEMORY_MIB = 1024
"""The memory a session's process may hold by default, in MiB (resident; ``serve
--max-session-memory``): one past it is ended. On 100,000 answers a session holds 65-140
MiB, at the largest terminal 82 MiB (docs/browser.md)."""
