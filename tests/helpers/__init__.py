"""What tests share, importable from any test folder as ``tests.helpers.<module>``.

``builders`` makes test input (answer records, JSONL files, Parquet tables, databases);
``serving`` a database for ``groundtui serve`` and a real server process; ``screen`` the
terminal size and readings of what the review screen shows; ``terminal`` a command run on a
pseudo-terminal; ``review_db`` the small, fixed review database the TUI tests run on;
``pilot`` driving the review app through Textual's Pilot. Fixtures stay in the
``conftest.py`` files, which hold nothing else.
"""
