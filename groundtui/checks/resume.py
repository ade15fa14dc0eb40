"""Looking for a sentence's specifics as written, from where the last one was found.

docs/check.md. A sentence's specifics are looked for as written from the
sentence's start in its sources, each then from where the previous one was found. In a
long text that first search reads the source up to the value, sentence after sentence:
time quadratic in the size of an answer and its source. An answer copies its sources in
order, so in a long text (``RESUME_FROM``) each sentence's search instead resumes where
the last specific in the same sources was found, in this sentence, an earlier one or, for
a ``SourceIndex``, an earlier answer or claim.

Resuming must not change an answer. A search as written tries a value's first
``values.TRIES`` occurrences as whole tokens, then leaves it to the source's index, and
does not hold everything the search finds (a year inside a date); so a resumed search
may find a whole value that the search from the sentence's start would have left to an
index that lacks it. A value found where the search resumed is therefore taken only when
the search from the start gives the same answer: it is the value's first occurrence
(looked at while such looks have read less than twice the text), or the index holds the
value. Otherwise, and before a value not found as written is flagged, the sentence's
searches are made again as before, from its start: what the check did before, no more.
"""

from __future__ import annotations

from collections.abc import Callable

from groundtui.checks.values import value_edges, whole

#: Texts shorter than this are searched from each sentence's start: it costs little.
RESUME_FROM = 1 << 15


def resumes(text: str) -> bool:
    """Whether the searches in ``text`` resume (``SentenceSearch``): it is long."""
    return len(text) >= RESUME_FROM


class ResumePoint:
    """Where the searches in one text resume, and how much a look at a value's first
    occurrence may still read (twice the text in all: the looks stay linear)."""

    __slots__ = ("at", "budget")

    def __init__(self, text: str) -> None:
        self.at = 0
        self.budget = 2 * len(text)


class SentenceSearch:
    """The searches as written for one sentence's specifics in one long scope's text."""

    __slots__ = (
        "_from", "_held", "_may_have", "_place", "_searched", "_text", "unsure",
    )  # fmt: skip

    def __init__(
        self,
        text: str,
        place: ResumePoint,
        held: Callable[[tuple], bool],
        may_have: Callable[[str], bool],
    ) -> None:
        """``held`` tells whether the sources' index holds a value's ``need``;
        ``may_have`` is False for a probe surely not in a long text (``DigitRuns``)."""
        self._text = text
        self._place = place
        self._held = held
        self._may_have = may_have
        self._searched: list[tuple[str, tuple]] = []
        #: Where the search from the sentence's start would look next; None if not known.
        self._from: int | None = 0
        #: The last search found nothing from where it resumed: ``again()`` before flagging.
        self.unsure = False

    def found_at(self, probe: str, need: tuple, value: bool) -> int:
        """``found_at`` for the sentence's next specific in a long text; whether it is found
        (>= 0) is the answer of the search from the sentence's start, unless ``unsure``.

        A name (not a ``value``) is not asked of the index: its search resumes only where
        the search from the sentence's start would, once that place is not known.
        """
        start = self._from
        self.unsure = False
        if not self._may_have(probe):  # nowhere in the text: not found, wherever searched
            return -1
        self._searched.append((probe, need))
        place = self._place
        if start is not None and (start or not value or not place.at):  # no other place
            at = found_at(self._text, probe, need, start)
            if at > 0:
                self._from = place.at = at
            return at
        at = found_at(self._text, probe, need, place.at)
        if at > 0:
            place.at = at
            if start == 0 and self._first_occurrence(probe, at - len(probe)):
                self._from = at  # the search from the start finds it there too
                return at
            if value and self._held(need):  # sourced wherever the search starts
                self._from = None
                return at
            return self.again()
        if at == 0:  # found further on by a search from the text's start: the same from any
            self._from = None
            return at
        # not found from here; from the sentence's start (0) neither, as the first
        # occurrence is not whole (or there is none)
        self.unsure = start is None
        return at

    def again(self) -> int:
        """The sentence's searches made again as before, from its start: the last one's
        ``found_at``."""
        hint, at = 0, -1
        for probe, need in self._searched:
            at = found_at(self._text, probe, need, hint)
            if at > 0:
                hint = at
        self._from = hint
        self.unsure = False
        return at

    def _first_occurrence(self, probe: str, i: int) -> bool:
        """Whether ``i`` is ``probe``'s first occurrence, if the budget allows a look."""
        if i > self._place.budget:
            return False
        self._place.budget -= i
        return self._text.find(probe, 0, i + len(probe) - 1) < 0


def found_at(text: str, probe: str, need: tuple, hint: int) -> int:
    """Where a probe ends in ``text`` as a whole token: -1 if nowhere, 0 if not at its
    first occurrence from ``hint`` (or, failing that, before it) but further on."""
    i = text.find(probe, hint)
    if i < 0 and hint:  # then before the hint only: the rest was just searched
        i = text.find(probe, 0, hint + len(probe) - 1)
    if i < 0:
        return -1
    j = i + len(probe)
    if value_edges(text, i, j):
        return j
    return 0 if whole(text, probe, value_edges) else -1
