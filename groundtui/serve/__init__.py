"""``groundtui serve``: the review UI in a browser (docs/browser.md).

``server`` is the web server (textual-serve's ``Server``, with sign-in by a reviewer's
link, session caps and the product's own page); ``process`` starts and ends one
``groundtui review`` process per browser session. Imported only by ``groundtui serve``.
"""

PARENT_ENV = "GROUNDTUI_SERVE_PID"
"""Names the ``serve`` process to a session it starts: the session quits once that process
is gone, whatever signal ended it (``kill -9`` included), freeing its untouched leases."""
