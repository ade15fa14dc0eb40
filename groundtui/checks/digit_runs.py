"""Proving a value absent from a long text without reading the text again.

An invented value costs searches of its whole source: its spelling as written, its other
spellings, the proofs of absence. In a long source, done for each such value of a long
answer, that is time quadratic in the text. A string of digits occurs in a text only
inside one of the text's runs of digits (a digit beside it would extend the run), so the
set of the pieces of those runs, built once per text, answers "is it in the text?" for
digits exactly. A spelling ("100,123", "March 4, 2045") is in the text only if each of its
runs of digits is, and each short gap between two of them joins two runs of the text
there: the ends of the runs beside each such gap of the text are kept too.
"""

from __future__ import annotations

import re

#: Texts at least this long are worth the sets (shorter ones are searched: it costs little).
LONG_TEXT = 1 << 15
#: Runs up to this long give the set all their pieces; longer ones (rare) are searched.
_SHORT_RUN = 6
#: Gaps between two runs up to this long are kept with the runs' ends ("4, 2045", "4
#: September 2045").
_SHORT_GAP = 12
_RUN_RE = re.compile(r"[0-9]+")


class DigitRuns:
    """The runs of digits 0-9 of one text, for exact tests of absence."""

    __slots__ = ("_joins", "_long", "_pieces")

    def __init__(self, text: str) -> None:
        runs: set[str] = set()
        joins: set[str] = set()
        before, end = "", 0
        for m in _RUN_RE.finditer(text):
            run = m[0]
            runs.add(run)
            if before and m.start() - end <= _SHORT_GAP:
                gap = text[end : m.start()]
                joins.update(
                    (before[-1:] + gap + run[:1], before[-1:] + gap + run[:2],
                     before[-2:] + gap + run[:1], before[-2:] + gap + run[:2])
                )  # fmt: skip
            before, end = run, m.end()
        pieces: set[str] = set()
        long: list[str] = []
        for run in runs:
            if len(run) > _SHORT_RUN:
                long.append(run)
                continue
            n = len(run)
            pieces.update(run[i:j] for i in range(n) for j in range(i + 1, n + 1))
        self._pieces = frozenset(pieces)
        self._long = "\n".join(long)
        self._joins = frozenset(joins)

    def has(self, digits: str) -> bool:
        """Whether ``digits`` (a non-empty string of digits 0-9) occurs in the text."""
        return digits in self._pieces or digits in self._long

    def may_have(self, spelling: str) -> bool:
        """False only when ``spelling`` surely does not occur in the text: one of its runs
        of digits 0-9 occurs nowhere in it, or two of them are joined as no two are there."""
        before, end = "", 0
        for m in _RUN_RE.finditer(spelling):
            run = m[0]
            if not self.has(run):
                return False
            gap = spelling[end : m.start()]
            if before and len(gap) <= _SHORT_GAP and before[-2:] + gap + run[:2] not in self._joins:
                return False
            before, end = run, m.end()
        return True
