"""``groundtui scan``: the mechanical check over stored answers, results kept as flags."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from groundtui.checks import SourceIndex, Specific, unsourced_specifics
from groundtui.models import CHECK_NAME, Answer
from groundtui.store import Store, now_iso
from groundtui.text.markers import numbered

_BATCH = 1000
#: Sources indexed at once: answers share documents, so a document's index is reused
#: across the answers citing it, the least recently used dropped past this many.
_INDEXES = 2048
SHOWN = 5
"""Flagged answers a scan names at its end."""


@dataclass
class ScanResult:
    """How many answers this run checked and how many of them fired."""

    scanned: int = 0
    flagged: int = 0
    first_flagged: list[str] = field(default_factory=list)
    """The ids of the first answers it flagged (``SHOWN`` at most), in import order."""

    @property
    def rate(self) -> float | None:
        """Flagged / scanned, or None when nothing was scanned."""
        return self.flagged / self.scanned if self.scanned else None


def scan_answers(
    store: Store,
    *,
    all_answers: bool = False,
    rescan: bool = False,
    progress: Callable[[int, int, int], None] | None = None,
) -> ScanResult:
    """Check answers not yet scanned (or all) and store a flag for each that fires.

    Each batch commits on its own, so an interrupted scan keeps what it finished and a
    re-run picks up the rest. ``all_answers`` or ``rescan`` re-checks scanned answers and
    replaces their flags; the result is the same, so re-running changes nothing.
    ``progress`` is called after each batch with the answers scanned, flagged, and to scan.
    """
    result = ScanResult()
    indexes: OrderedDict[str, SourceIndex] = OrderedDict()
    unscanned = "" if (all_answers or rescan) else "and scanned_at is null"
    total = store.scalar(f"select count(*) from answers where true {unscanned}") if progress else 0
    last = 0
    while True:
        answers = store.query(
            f"select id, response, seq from answers where seq > ? {unscanned} order by seq limit ?",
            [last, _BATCH],
        )
        if not answers:
            return result
        last = answers[-1]["seq"]
        cited, numbering, ids = _sources(store, [a["id"] for a in answers], indexes)
        found: dict[str, dict] = {}
        for answer in answers:
            flag = _flag(
                answer["response"],
                cited.get(answer["id"], []),
                ids.get(answer["id"], []),
                numbering.get(answer["id"]),
            )
            if flag is not None:
                found[answer["id"]] = flag
        store.flags.record_scan(CHECK_NAME, [a["id"] for a in answers], found, now_iso())
        result.scanned += len(answers)
        result.flagged += len(found)
        result.first_flagged += list(found)[: SHOWN - len(result.first_flagged)]
        if progress is not None:
            progress(result.scanned, result.flagged, total or 0)


def answer_specifics(answer: Answer) -> list[Specific]:
    """The check over one answer not stored, as :func:`scan_answers` reads a stored one:
    markers naming a source by id read as its number, each source cited by its number."""
    numbers = answer.numbers()
    by_place = numbers == list(range(1, len(numbers) + 1))
    return _specifics(
        answer.response,
        [s.text for s in answer.sources],
        [s.id for s in answer.sources],
        None if by_place else numbers,
    )


def flag_of(answer: Answer) -> dict | None:
    """What the check stores of ``answer`` when it fires on it (the flag's details, as
    ``scan`` stores them), None when it does not: for an answer not stored yet."""
    return _details(answer_specifics(answer), len(answer.sources))


def _flag(
    response: str, sources: list[SourceIndex], ids: list[str], numbers: list[int] | None
) -> dict | None:
    """One answer's flag details, or None: the specifics its cited sources lack."""
    return _details(_specifics(response, sources, ids, numbers), len(sources))


def _specifics(
    response: str,
    sources: list[str] | list[SourceIndex],
    ids: list[str],
    numbers: list[int] | None,
) -> list[Specific]:
    """The specifics of ``response`` its cited sources lack, markers naming a source by
    its id read as its number."""
    return unsourced_specifics(numbered(response, ids, numbers), sources, numbers)


def _details(specifics: list[Specific], sources: int) -> dict | None:
    """A flag's details: the specifics and how many sources were searched; None for none."""
    if not specifics:
        return None
    return {"specifics": [s.to_dict() for s in specifics], "sources": sources}


def _sources(
    store: Store, answer_ids: list[str], indexes: OrderedDict[str, SourceIndex]
) -> tuple[dict[str, list[SourceIndex]], dict[str, list[int]], dict[str, list[str]]]:
    """Each answer's sources in order, indexed, reusing ``indexes`` (an LRU); the citation
    numbers of the answers whose input numbered its sources itself; the sources' ids."""
    marks = ",".join("?" * len(answer_ids))
    cited: dict[str, list[SourceIndex]] = {}
    numbers: dict[str, list[int]] = {}
    ids: dict[str, list[str]] = {}
    for answer_id, key, text, position, number, source_id in store.db.execute(
        "select a.answer_id, a.source_key, s.text, a.position, a.number, s.source_id"
        " from answer_sources a"
        " join sources s on s.key = a.source_key"
        f" where a.answer_id in ({marks}) order by a.answer_id, a.position",
        answer_ids,
    ):
        index = indexes.get(key)
        if index is None:
            index = indexes[key] = SourceIndex(text)
        else:
            indexes.move_to_end(key)
        cited.setdefault(answer_id, []).append(index)
        numbers.setdefault(answer_id, []).append(number or position)
        ids.setdefault(answer_id, []).append(source_id)
    while len(indexes) > _INDEXES:  # after the batch: its own sources stay until used
        indexes.popitem(last=False)
    by_place = {k for k, n in numbers.items() if n == list(range(1, len(n) + 1))}
    return cited, {k: n for k, n in numbers.items() if k not in by_place}, ids
