"""Match one claim against its sources: the measurements the heuristic judge decides on.

A source is split into sentences once (cached by its text). Every window of 1-3
consecutive sentences is scored by the share of the claim's content words it holds
(weighed by rarity: ``common.py``); the best window is the evidence, one per source for a
claim citing several. Within it we look for the claim's values (as the judge reads them,
as the check reads them, or derived by a sum or difference: ``given``), for different
values of the same thing, and for a negation on one side only; in the whole source, for
the claim's names and generalising words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from groundtui.judge.heuristic.common import rarity
from groundtui.judge.heuristic.features import Features, claim_features, found_in
from groundtui.judge.heuristic.given import derivation, given_by_check
from groundtui.judge.heuristic.quantities import DATE, MONEY, PERCENT, YEAR, Value
from groundtui.judge.heuristic.sentence_index import WINDOW, Sentence, SentenceIndex, index
from groundtui.judge.heuristic.words import content_tokens, enumerated
from groundtui.text.cited import SEPARATOR
from groundtui.text.generalising import generalisations_missing
from groundtui.text.kinds import CONNECTIVE
from groundtui.text.names import proper_names

_GENERIC_UNITS = frozenset({YEAR, DATE, MONEY, PERCENT, ""})
"""Units that say nothing of what is counted: a conflict also needs shared context words."""
_CAUSAL = re.compile(
    r"\b(?:therefore|thus|hence|because|since|so|as a result|results? in|means|consequently"
    r"|due to|caus\w*|leads? to|thanks to|owing to|in order to)\b",
    re.IGNORECASE,
)
"""Any sign of cause and effect in a source: a claim's "therefore" needs one of these."""
_EXCEPTING = re.compile(
    r"\b(?:except|excluding|unless|other than|apart from|but not)\b", re.IGNORECASE
)
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.IGNORECASE)
"""An exception the evidence makes ("all items except mattresses") that a claim without one
overstates; an "only" the claim makes that the evidence does not (it says more)."""


@dataclass(frozen=True)
class Match:
    """How well the best window of a source holds a claim."""

    coverage: float
    """Weighted share of the claim's content words and values in the best window, 0-1."""
    evidence: tuple[int, int]
    """The best window's ``[start, end)`` in the source; ``(0, 0)`` when there is none."""
    matched: tuple[str, ...] = ()
    unmatched: tuple[str, ...] = ()
    missing: tuple[Value, ...] = ()
    """Claim values the best window does not give."""
    conflicts: tuple[str, ...] = ()
    """Source values, as written, that differ from a claim value of the same thing."""
    negation: float = 0.0
    """Coverage of the window clause that best covers the claim, when a negation is on one
    side only; 0 otherwise."""
    unsourced: tuple[str, ...] = ()
    """Claim values, as written, that its evidence does not give (``missing``), and names
    the whole source lacks: the claim's unsourced specifics."""
    elsewhere: tuple[str, ...] = ()
    """Claim values the evidence does not give that the source holds elsewhere."""
    derived: tuple[str, ...] = ()
    """Claim values that are a sum or difference of the evidence's figures, each with how
    ("33 = 25 + 8")."""
    windows: int = 1
    """How many sources' windows the evidence is: more than one for a claim citing several."""
    generalisations: tuple[str, ...] = ()
    """Generalising words of the claim that the source does not use."""
    bridging: tuple[str, ...] = ()
    """Cause-and-effect words of the claim ("therefore") where the best window has none."""
    checkable: bool = True
    """False when the claim has no content word or value at all."""
    changed_names: tuple[str, ...] = ()
    """Names in the best window, none of whose words the claim has, where the claim has a
    name the whole source lacks: the source may name someone or something else instead."""
    items: int = 0
    """How many content words and values the claim has."""
    rare_missing: tuple[str, ...] = ()
    """The claim's rare words (``common.rarity`` 1) the best window lacks, when they are
    more than half of its rare words: what the claim is about is not in the window."""
    items_missing: tuple[str, ...] = ()
    """Items of an enumeration in the claim ("tennis, badminton and diving") none of whose
    words the best window holds: the source gives only part of the list."""
    restrictions: tuple[str, ...] = ()
    """An exception the best window makes ("except", "unless") that the claim does not, or
    an "only" of the claim the window lacks."""


def match(claim: str, source: str) -> Match:
    """Measure how the best window of ``source`` holds ``claim``."""
    return match_sources(claim, (source,))


def coverage(claim: str, source: str) -> float:
    """The weighted share, 0-1, of ``claim``'s content words and values that the best
    window of ``source`` holds: a measure free of calls, which the pipeline ranks an
    answer's sources by before its provenance cross-check (``judge.provenance``)."""
    return match(claim, source).coverage


@dataclass(frozen=True)
class _Window:
    """The best window of one source for a claim: sentences ``first`` to ``last``."""

    offset: int
    """Where its source starts in the sources read together."""
    text: str
    sentences: tuple[Sentence, ...]
    found: frozenset[str]
    """The claim's words it holds."""
    score: float
    heading: frozenset[str]
    """The numbers its source's heading gives (``SentenceIndex.heading``)."""


def match_sources(claim: str, sources: Sequence[str]) -> Match:
    """Measure how ``sources``, read together, hold ``claim``.

    Each source gives its best window for the claim, chosen by the claim's words but what
    its values count (weighed by rarity), the shortest on a tie, then the one holding more
    of its words, then more of its values:
    a value of the claim counts as given only where the words it is said of are, in its
    own sentence, not in a neighbouring one that happens to hold the same figure. A claim
    citing several sources is measured against their windows together ("enrolled after
    3 months [1] and can join after the six-month probation [2]"); the evidence span, in
    the sources joined by ``text.cited.SEPARATOR``, is the best of them.
    """
    c = claim_features(claim)
    if not c.tokens and not c.values:
        return Match(0.0, (0, 0), checkable=False)
    weights = {t: rarity(t) for t in c.tokens}
    total = sum(weights.values()) + len(c.values)
    names = _claim_names(claim)
    indexes = [index(source) for source in sources]
    all_tokens = frozenset().union(*(idx.tokens for idx in indexes))
    missing_names = [name for name, tokens in names if tokens.isdisjoint(all_tokens)]
    windows: list[_Window] = []
    offset = 0
    for source, idx in zip(sources, indexes, strict=True):
        best_here = _best_window(c, idx, weights, offset)
        if best_here is not None and (best_here.score > 0 or not windows):
            windows.append(best_here)
        offset += len(source) + len(SEPARATOR)
    if len(windows) > 1:
        windows = [w for w in windows if w.score > 0] or windows[:1]
    if not windows:  # no source has a sentence at all
        return Match(
            0.0,
            (0, 0),
            unmatched=tuple(sorted(c.tokens)),
            missing=c.values,
            unsourced=(*(v.text for v in c.values), *missing_names),
        )
    found = frozenset().union(*(w.found for w in windows))
    part = [s for w in windows for s in w.sentences]
    window_values = [v for s in part for v in s.features.values]
    text = " ".join(w.text for w in windows)
    clause = max((cl for s in part for cl in s.clauses), key=lambda f: coverage_of(c, f))
    missing, conflicts, derived = _values_given(claim, c, windows, window_values)
    given = len(c.values) - len(missing)
    coverage = (sum(weights[t] for t in found) + given) / total
    best = max(windows, key=lambda w: w.score)
    source_has = frozenset().union(*(idx.numbers for idx in indexes))
    changed = (
        tuple(n for n in proper_names(text) if content_tokens(n).isdisjoint(c.tokens))
        if missing_names
        else ()
    )
    return Match(
        coverage=coverage,
        items=len(c.tokens) + len(c.values),
        evidence=(best.offset + best.sentences[0].start, best.offset + best.sentences[-1].end),
        matched=tuple(sorted(found)),
        unmatched=tuple(sorted(c.tokens - found)),
        missing=missing,
        conflicts=conflicts,
        negation=coverage_of(c, clause) if _negation_mismatch(c, clause) else 0.0,
        unsourced=(*(v.text for v in missing), *missing_names),
        elsewhere=tuple(v.text for v in missing if v.number in source_has),
        derived=derived,
        windows=len(windows),
        generalisations=tuple(generalisations_missing(claim, SEPARATOR.join(sources))),
        bridging=_bridging(claim, text),
        changed_names=changed,
        rare_missing=_rare_missing(c.tokens, found),
        items_missing=_items_missing(claim, found),
        restrictions=_restrictions(claim, text),
    )


def _best_window(
    c: Features, idx: SentenceIndex, weights: dict[str, float], offset: int
) -> _Window | None:
    """The best window of one source for claim features ``c``; None for a source with no
    sentence."""
    # The claim words and numbers each sentence holds; a window holds their union. Only
    # windows that reach a sentence holding some of the claim can score above zero; the
    # first window is always scored, so that a source holding none of it gives its first
    # sentence, as scoring every window would.
    nothing: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    claim_numbers = {v.number for v in c.values}
    # What a value counts ("weeks" of "26 weeks") goes with the value: the window is the
    # one holding the claim's other words, so "26 weeks of service" elsewhere does not
    # draw it in (the words still count towards its coverage).
    units = {v.unit for v in c.values} & c.tokens
    if units == c.tokens:
        units = set()
    hits: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    for k in idx.sentences_with(c):
        s = idx.sentences[k]
        hits[k] = (
            frozenset(t for t in c.tokens if found_in(t, s.features)),
            s.numbers & claim_numbers,
        )
    starts = sorted({0, *(i for k in hits for i in range(max(0, k - WINDOW + 1), k + 1))})
    count = len(idx.sentences)
    if not count:
        return None
    # (words but units, -length, words, values): larger is better
    best: tuple[float, int, float, float] | None = None
    span, best_words = (0, 0), frozenset[str]()
    for i in starts:
        words_hit: frozenset[str] = frozenset()
        numbers_hit: frozenset[str] = frozenset()
        for j in range(i, min(i + WINDOW, count)):
            words_hit |= hits.get(j, nothing)[0]
            numbers_hit |= hits.get(j, nothing)[1]
            every = sum(weights[t] for t in words_hit)
            words = every - sum(weights[t] for t in words_hit if t in units)
            held = float(sum(1 for v in c.values if v.number in numbers_hit))
            key = (words if c.tokens else held, -(j - i), every, held)
            if best is None or key > best:  # on a full tie the earlier window stays
                best, span, best_words = key, (i, j), words_hit
    assert best is not None
    part = idx.sentences[span[0] : span[1] + 1]
    return _Window(
        offset,
        idx.text[part[0].start : part[-1].end],
        tuple(part),
        best_words,
        best[2] if c.tokens else best[3],
        idx.heading,
    )


def _values_given(
    claim: str, c: Features, windows: list[_Window], window_values: list[Value]
) -> tuple[tuple[Value, ...], tuple[str, ...], tuple[str, ...]]:
    """The claim's values the windows do not give, the windows' values of the same things
    that differ from them, and how the derived ones are derived.

    A value is given by a window holding its number as a value of the same thing
    (``_given``), or as the check reads values (``given.given_by_check``), or derived by a
    sum or difference of the window's figures (``given.derivation``).
    """
    missing: list[Value] = []
    derived: list[str] = []
    for v in c.values:
        if any(_given(v, w, window_values) or given_by_check(claim, v, w.text) for w in windows):
            continue
        how = derivation(v, window_values)
        if how is not None:
            derived.append(f"{v.text} = {how}")
            continue
        missing.append(v)
    conflicts = sorted({u.text for v in missing for u in window_values if _conflict(v, u)})
    return tuple(missing), tuple(conflicts), tuple(derived)


def coverage_of(c: Features, w: Features) -> float:
    """Share of the claim's content words and values that ``w`` holds, by weight."""
    total = sum(rarity(t) for t in c.tokens) + len(c.values)
    if not total:
        return 0.0
    numbers = {v.number for v in w.values}
    hits = sum(rarity(t) for t in c.tokens if found_in(t, w))
    hits += sum(1 for v in c.values if v.number in numbers)
    return hits / total


def _rare_missing(tokens: frozenset[str], found: frozenset[str]) -> tuple[str, ...]:
    """The rare ``tokens`` not ``found``, when more than half of the rare ones are not."""
    rare = [t for t in tokens if rarity(t) >= 1.0]
    lacking = tuple(sorted(t for t in rare if t not in found))
    return lacking if 2 * len(lacking) > len(rare) else ()


def _items_missing(claim: str, found: frozenset[str]) -> tuple[str, ...]:
    """The items of the claim's enumeration with content words, none of them ``found``."""
    items = ((item, content_tokens(item)) for item in enumerated(claim))
    return tuple(item for item, tokens in items if tokens and tokens.isdisjoint(found))


@lru_cache(maxsize=256)
def _claim_names(claim: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """A claim's names with their tokens.

    A name counts as sourced when any word of it is in the source: "Douglas" is enough for
    "William O. Douglas".
    """
    for v in reversed(claim_features(claim).values):  # "USD" in "49.99 USD" is no name
        claim = claim[: v.start] + " " * (v.end - v.start) + claim[v.end :]
    names = tuple((n, frozenset(content_tokens(n))) for n in proper_names(claim))
    return tuple((n, t) for n, t in names if t)


def _restrictions(claim: str, evidence: str) -> tuple[str, ...]:
    """The exceptions ``evidence`` makes that ``claim`` does not, and the "only" of
    ``claim`` that ``evidence`` lacks."""

    def said(pattern: re.Pattern[str], text: str) -> set[str]:
        return {w.lower() for w in pattern.findall(text)}

    excepting = said(_EXCEPTING, evidence) - said(_EXCEPTING, claim)
    only = said(_ONLY, claim) - said(_ONLY, evidence)
    return tuple(sorted(excepting | only))


def _bridging(claim: str, evidence: str) -> tuple[str, ...]:
    """The claim's connectives, when the evidence joins nothing as cause and effect."""
    joined = CONNECTIVE.findall(claim)
    return () if not joined or _CAUSAL.search(evidence) else tuple(j.strip(", ") for j in joined)


def _given(v: Value, w: _Window, window: list[Value]) -> bool:
    """Whether window ``w`` gives claim value ``v``: its number, as a value of the same
    thing when both say what they count ("three claims" is not given by "3 years" beside
    "two claims")."""
    if not any(v.number in s.numbers for s in w.sentences):
        return v.number in w.heading
    same = [u for u in window if u.number == v.number]
    return not same or any(
        u.unit == v.unit or u.unit in _GENERIC_UNITS or v.unit in _GENERIC_UNITS for u in same
    )


def _conflict(v: Value, u: Value) -> bool:
    """``u`` in the source is a different value of the same thing as ``v`` in the claim."""
    if u.unit != v.unit or u.number == v.number:
        return False
    if v.unit in _GENERIC_UNITS:
        return bool(u.context & v.context)
    return True


def _negation_mismatch(c: Features, clause: Features) -> bool:
    """A negation governs the claim's words on one side only."""
    claim_scope = c.negated - {"<neg>"}
    clause_scope = clause.negated - {"<neg>"}
    if "<neg>" in c.negated:
        return "<neg>" not in clause.negated and bool(claim_scope & clause.tokens)
    return bool(clause_scope & c.tokens)
