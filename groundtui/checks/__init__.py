"""The mechanical check: figures, dates and names in an answer that its sources lack.

A pure function over text, importing only the standard library (and ``groundtui.text``,
the shared grammar of markers, sentences and numbers), fast enough for every production
answer. See the docs/check.md.
"""

from groundtui.checks.index import SourceIndex
from groundtui.checks.unsourced import Specific, find_specifics, unsourced_specifics

__all__ = ["SourceIndex", "Specific", "find_specifics", "unsourced_specifics"]
