"""The mechanical check: figures, dates and names in an answer that its sources lack.

README "The mechanical check". Pure functions, no I/O, importing only the standard library, cheap enough to
run on every production answer::

    from groundtui.checks import unsourced_specifics
    for s in unsourced_specifics(response, [source.text for source in sources]):
        print(s.kind, s.text, s.start, s.end, s.sources)

Decisions (also in the README):

- A range ("3–5", "3-5", "3 to 5") is one specific spanning the range, sourced when one
  cited source states both ends as whole values (as a range or not).
- A sentence's first word alone is never a name (it is capitalised by position); it
  starts a multi-word name unless it is a common word ("Contact Harbor Home Goods").
- Citation markers trail: a marker right after a sentence's final punctuation on the same
  line ("…30 days.[1] Next…", "…30 days. [1] Next…") belongs to that sentence.
- Units are not compared: ``$49.99`` is sourced by "49.99", "49.99 USD" or "€49.99"; the
  check hunts invented values, and a wrong unit on the right digits is the judge's job.
- Names compare case-insensitively, whitespace-normalised, as whole words; figures and
  dates compare by value, as whole values ("3" is not in "2023", nor "5" in "5.5").

The passes that find specifics each read one thing, in modules named for it: sentences
(and their markers), links, dates (with month names), names, figures (in digits, with
digit_dates and figure_context), number_words; ``index`` holds a source's side, and
``values`` the searches for a specific as written.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from groundtui.checks.dates import is_listed_day, listed_days, month_items
from groundtui.checks.figures import digit_items
from groundtui.checks.index import SourceIndex
from groundtui.checks.items import Item
from groundtui.checks.links import mark_links
from groundtui.checks.names import name_items, name_key
from groundtui.checks.number_words import word_items
from groundtui.checks.sentences import sentences
from groundtui.checks.values import has_spelling, value_edges, whole

__all__ = ["SourceIndex", "Specific", "find_specifics", "unsourced_specifics"]


@dataclass(frozen=True, slots=True)
class Specific:
    """A figure, date or name in a response, at ``response[start:end]``.

    Attributes:
        text: The specific as written in the response.
        start: Offset of its first character in the response.
        end: Offset just past its last character.
        kind: ``"figure"``, ``"date"`` or ``"name"``.
        sources: The 1-based citation numbers searched for it: its sentence's citations
            that exist, or every source for a sentence without a marker. From
            ``find_specifics``, the sentence's citations as written (empty if none).
    """

    text: str
    start: int
    end: int
    kind: str
    sources: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        """The specific as a JSON-ready dict."""
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "sources": list(self.sources),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Specific:
        """The specific stored by ``to_dict``."""
        sources = tuple(data.get("sources", ()))
        return cls(data["text"], data["start"], data["end"], data["kind"], sources)


def find_specifics(text: str) -> list[Specific]:
    """Every figure, date and name in ``text``, sourced or not, in order.

    Citation markers and list numbering are not figures. Each specific's ``sources`` are
    the citation numbers of its sentence, as written (dangling ones too).
    """
    items, starts, cites = _read(text)
    found = []
    for s, e, kind, *_ in items:
        numbers = cites.get(bisect_right(starts, s) - 1, ())
        found.append(Specific(text[s:e], s, e, kind, tuple(sorted(numbers))))
    return found


def unsourced_specifics(response: str, sources: list[str] | list[SourceIndex]) -> list[Specific]:
    """The figures, dates and names of ``response`` that its cited sources do not state.

    A specific in a sentence with citation markers must appear in a source that sentence
    cites (a marker to a source that does not exist cites nothing); in a sentence without
    a marker, in any source. Values compare normalised and whole (README "The mechanical check").

    Args:
        response: The answer's text, citing ``sources[n-1]`` as ``[n]``.
        sources: The source texts in citation order, or ``SourceIndex`` objects for them.

    Returns:
        The unsourced specifics in the order they appear; empty when all are sourced.
    """
    indexes = [s if isinstance(s, SourceIndex) else SourceIndex(s) for s in sources]
    items, starts, cites = _read(response)
    scopes: dict[frozenset[int] | None, _Scope] = {}
    sentence_end = 0
    found: list[Specific] = []
    for item in items:
        if item.start >= sentence_end:  # items come in order: the sentence holding this one
            sentence = bisect_right(starts, item.start) - 1
            sentence_end = starts[sentence + 1] if sentence + 1 < len(starts) else len(response)
            numbers = cites.get(sentence)
            if numbers not in scopes:
                scopes[numbers] = _Scope.of(numbers, indexes)
            scope = scopes[numbers]
        if item.probe is not None:  # most specifics are copied: look for them as written first
            at = _found_at(scope.text, item.probe, item.need, scope.hint)
            if at >= 0:
                if at:
                    scope.hint = at
                continue
        if not _sourced(scope, item):
            text = response[item.start : item.end]
            found.append(Specific(text, item.start, item.end, item.kind, scope.searched))
    return found


class _Scope:
    """The sources a set of citations searches, their texts joined by blank lines (so
    that one search serves them all and no match spans two), and where to search next.

    An answer copies its sources in order, so each specific is looked for as written from
    where the previous one searched in the same sources was found, across sentences: a
    search from the start for each sentence would make the check quadratic in the size
    of an answer and its source. Where the search starts never changes the answer: it only
    finds as written, sooner, a whole value the source's index holds (README "The
    mechanical check"). A single source keeps that place in its ``SourceIndex``, for the
    next answer or claim that quotes it (the judge's cross-check of each claim).
    """

    __slots__ = ("_hint", "indexes", "searched", "text")

    def __init__(self, searched: tuple[int, ...], text: str, indexes: list[SourceIndex]) -> None:
        self.searched = searched
        self.text = text
        self.indexes = indexes
        self._hint = 0

    @classmethod
    def of(cls, numbers: frozenset[int] | None, indexes: list[SourceIndex]) -> _Scope:
        """The scope of a sentence's citation numbers; None (no marker) is every source."""
        if numbers is None:
            searched, cited = tuple(range(1, len(indexes) + 1)), indexes
        else:
            searched = tuple(sorted(n for n in numbers if n <= len(indexes)))
            cited = [indexes[n - 1] for n in searched]
        return cls(searched, "\n\n".join(index.text for index in cited), cited)

    @property
    def hint(self) -> int:
        """Where the last specific found as written in these sources ended."""
        return self.indexes[0].resume_at if len(self.indexes) == 1 else self._hint

    @hint.setter
    def hint(self, at: int) -> None:
        if len(self.indexes) == 1:  # its text is the scope's: the offsets are the same
            self.indexes[0].resume_at = at
        else:
            self._hint = at


def _found_at(text: str, probe: str, need: tuple, hint: int) -> int:
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


def _sourced(scope: _Scope, item: Item) -> bool:
    """Whether a cited source states a specific that is not there as written.

    A name is then compared case- and space-insensitively; a value is looked for in its
    common other spellings (in the cited sources joined), and only then in each source's
    index of values.
    """
    if item.kind == "name":
        key = name_key(item.probe or "")
        if any(index.has_name_key(key) for index in scope.indexes):
            return True
        # a name opening a sentence may have taken its first word ("Recently Harbor Home")
        rest = item.need
        return bool(rest) and any(index.has_name_alone(rest[0][0]) for index in scope.indexes)
    return has_spelling(scope.text, item.need, item.probe) or any(
        index.has_keys(item.need) for index in scope.indexes
    )


def _read(text: str) -> tuple[list[Item], list[int], dict[int, frozenset[int]]]:
    """The specifics of ``text``, its sentence starts, the citations of cited sentences.

    The passes run in precedence order over one map of the positions already taken: a
    marker's digits are no figure, nor a date's day, nor the "24" of "Galaxy S24".
    """
    covered = bytearray(len(text))
    starts, initial, cites = sentences(text, covered)
    mark_links(text, covered)
    items = month_items(text, covered)
    days = listed_days(text, items) if items else ()
    items += name_items(text, covered, initial)
    figures = digit_items(text, covered)
    if days:  # "March 5 and 6": the 6 is a day, sourced by a date on the 6th, no number
        day_at = {day.start: day.day for day in days}  # (not "6" as written: "6 items")
        figures = [
            Item(item.start, item.end, "figure", ((f"o{day_at[item.start]}",),), None)
            if is_listed_day(text, item, day_at)
            else item
            for item in figures
        ]
    items += figures
    items += word_items(text, covered)
    items.sort()
    if any(0 in cited for cited in cites.values()):  # "[0]" cites nothing
        cites = {k: cited - {0} for k, cited in cites.items()}
    return items, starts, cites
