"""The mechanical check: figures, dates and names in an answer that its sources lack.

docs/check.md. Pure functions, no I/O, importing only the standard library, cheap enough to
run on every production answer::

    from groundtui.checks import unsourced_specifics
    for s in unsourced_specifics(response, [source.text for source in sources]):
        print(s.kind, s.text, s.start, s.end, s.sources)

Decisions (also in docs/check.md):

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
digit_dates and figure_context), number_words; ``index`` holds a source's side (with
``source_keys``, what a source states as keys), ``values`` the searches for a specific as
written, and ``resume`` where in a long text each sentence's searches start.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from groundtui.checks.dates import is_listed_day, listed_days, month_items
from groundtui.checks.digit_runs import LONG_TEXT
from groundtui.checks.figures import digit_items
from groundtui.checks.index import SourceIndex
from groundtui.checks.items import Item
from groundtui.checks.links import mark_links
from groundtui.checks.names import name_items, name_key
from groundtui.checks.number_words import word_items
from groundtui.checks.resume import ResumePoint, SentenceSearch, found_at, resumes
from groundtui.checks.scope import window
from groundtui.checks.scope import words as scope_words
from groundtui.checks.sentences import sentences
from groundtui.checks.values import has_spelling
from groundtui.text.composed import Composed, is_composed, read

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
    if not is_composed(text):
        composed = Composed(text)
        return [_as_written(s, composed) for s in find_specifics(composed.text)]
    items, starts, cites = _read(text)
    found = []
    for s, e, kind, *_ in items:
        numbers = cites.get(bisect_right(starts, s) - 1, ())
        found.append(Specific(text[s:e], s, e, kind, tuple(sorted(numbers))))
    return found


def unsourced_specifics(
    response: str,
    sources: list[str] | list[SourceIndex],
    numbers: Sequence[int] | None = None,
    *,
    scope: Literal["source", "sentence"] = "source",
) -> list[Specific]:
    """The figures, dates and names of ``response`` that its cited sources do not state.

    A specific in a sentence with citation markers must appear in a source that sentence
    cites (a marker to a source that does not exist cites nothing); in a sentence without
    a marker, in any source. Values compare normalised and whole (docs/check.md).

    Args:
        response: The answer's text, citing ``sources[n-1]`` as ``[n]``.
        sources: The source texts in citation order, or ``SourceIndex`` objects for them.
        numbers: Each source's citation number when the input numbers them itself ("[4]"
            cites the source numbered 4); by default ``[n]`` cites ``sources[n-1]``.
        scope: ``"source"`` looks for a specific anywhere in a cited source;
            ``"sentence"`` only in the window of each that best holds the other words of
            the specific's sentence (``checks.scope``; off by default, docs/check.md).

    Returns:
        The unsourced specifics in the order they appear; empty when all are sourced.
    """
    if not is_composed(response):  # read as the sources are read: composed, digits 0-9
        composed = Composed(response)
        read = unsourced_specifics(composed.text, sources, numbers, scope=scope)
        return [_as_written(s, composed) for s in read]
    if scope == "sentence":
        return _in_windows(response, sources, numbers)
    indexes = [s if isinstance(s, SourceIndex) else SourceIndex(s) for s in sources]
    at = {n: i for i, n in enumerate(numbers)} if numbers is not None else None
    items, starts, cites = _read(response)
    scopes: dict[frozenset[int] | None, _Scope] = {}
    sentence_end = 0
    found: list[Specific] = []
    for item in items:
        if item.start >= sentence_end:  # items come in order: the sentence holding this one
            sentence = bisect_right(starts, item.start) - 1
            sentence_end = starts[sentence + 1] if sentence + 1 < len(starts) else len(response)
            cited = cites.get(sentence)
            if cited not in scopes:
                scopes[cited] = _Scope.of(cited, indexes, at)
            here = scopes[cited]
            search = here.search() if here.long else None
            hint = 0  # a short text is searched from the sentence's start, then each find
        # most specifics are copied: look for them as written first
        probe = item.probe
        if probe is not None:
            if search is None:
                end = found_at(here.text, probe, item.need, hint)
                if end >= 0:
                    hint = end or hint
                    continue
            elif search.found_at(probe, item.need, item.kind != "name") >= 0:
                continue
        if _sourced(here, item) or (search is not None and search.unsure and search.again() >= 0):
            continue
        text = response[item.start : item.end]
        found.append(Specific(text, item.start, item.end, item.kind, here.searched))
    return found


def _in_windows(
    response: str, sources: list[str] | list[SourceIndex], numbers: Sequence[int] | None
) -> list[Specific]:
    """``unsourced_specifics`` of each sentence against the window of each source that best
    holds the sentence's words other than its specifics (``scope.window``)."""
    texts = [s.text if isinstance(s, SourceIndex) else read(s) for s in sources]
    items, starts, _ = _read(response)
    found: list[Specific] = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(response)
        mine = [item for item in items if start <= item.start < end]
        if not mine:
            continue
        sentence = response[start:end]
        other = sentence
        for item in mine:  # the sentence's other words: its specifics blanked out
            a, b = item.start - start, item.end - start
            other = other[:a] + " " * (b - a) + other[b:]
        narrowed = [window(scope_words(other), text) for text in texts]
        for s in unsourced_specifics(sentence, narrowed, numbers, scope="source"):
            found.append(Specific(s.text, s.start + start, s.end + start, s.kind, s.sources))
    return found


def _as_written(specific: Specific, composed: Composed) -> Specific:
    """``specific`` of ``composed.text``, at its offsets in the response as written."""
    start, end = composed.span(specific.start, specific.end)
    text = composed.written[start:end]
    return Specific(text, start, end, specific.kind, specific.sources)


class _Scope(NamedTuple):
    """The sources a set of citations searches, their texts joined by blank lines (so
    that one search serves them all and no match spans two), and where searches in them
    resume (``resume.ResumePoint``: a single source keeps it in its ``SourceIndex``, for the
    next answer or claim that quotes it, such as the judge's cross-check of each claim)."""

    searched: tuple[int, ...]
    text: str
    indexes: list[SourceIndex]
    place: ResumePoint
    long: bool  # its searches resume (``SentenceSearch``)

    @classmethod
    def of(
        cls, numbers: frozenset[int] | None, indexes: list[SourceIndex], at: dict[int, int] | None
    ) -> _Scope:
        """The scope of a sentence's citation numbers; None (no marker) is every source.

        ``at`` maps a citation number to its source's place, when the input numbers them.
        """
        if numbers is None:
            searched = tuple(range(1, len(indexes) + 1)) if at is None else tuple(sorted(at))
            cited = indexes
        elif at is None:
            searched = tuple(sorted(n for n in numbers if n <= len(indexes)))
            cited = [indexes[n - 1] for n in searched]
        else:
            searched = tuple(sorted(n for n in numbers if n in at))
            cited = [indexes[at[n]] for n in searched]
        text = "\n\n".join(index.text for index in cited)
        if len(cited) != 1:
            return cls(searched, text, cited, ResumePoint(text), resumes(text))
        if cited[0].place is None:  # its text is the scope's: the offsets are the same
            cited[0].place = ResumePoint(text)
        return cls(searched, text, cited, cited[0].place, resumes(text))

    def search(self) -> SentenceSearch:
        """The searches of a sentence's specifics in a long text."""
        return SentenceSearch(self.text, self.place, self.held, self.may_have)

    def held(self, need: tuple[tuple[str, ...], ...]) -> bool:
        """Whether a cited source's index holds a value, whatever a search as written finds."""
        return any(index.holds(need) for index in self.indexes)

    def may_have(self, spelling: str) -> bool:
        """False only when ``spelling`` is surely in no cited source (nor spans two: no
        spelling holds the blank line that joins them)."""
        return "\n" in spelling or any(index.may_have(spelling) for index in self.indexes)


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
    may_have = scope.may_have if len(scope.text) >= LONG_TEXT else None
    spelled = item.probe is None or item.probe[0].isalpha()  # "thirty", "one"
    return has_spelling(scope.text, item.need, item.probe, may_have) or any(
        index.has_keys(item.need, spelled) for index in scope.indexes
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
