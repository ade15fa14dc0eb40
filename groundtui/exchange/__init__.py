"""A database's work as answer records, out and back in (README "Moving and merging work").

``export --format answers`` writes each answer in the import format, extended with every
row the report reads (``records``, ``write``); ``import`` of such a file merges it into a
database (``merge``): the same answer by id and content, the same claim by its text and
span, each row once.
"""

from __future__ import annotations

FORMAT = "answers/1"
"""The value of the ``groundtui`` key that marks a record of this format, and its version."""

NESTED = ("sources", "claims", "meta", "flags", "marks", "extractions", "edits")
"""The record's nested parts: each a column of JSON text when the records are Parquet."""
