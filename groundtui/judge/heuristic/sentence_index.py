"""A source indexed for matching: its sentences' features, and which sentences hold each word.

Built once per source text (cached: claims often share a source).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from groundtui.judge.heuristic.features import PREFIX, Features, sentence_features, with_months
from groundtui.judge.heuristic.quantities import also_given
from groundtui.text.sentences import sentence_spans

WINDOW = 3
"""The most consecutive sentences a claim's evidence may span."""
CANDIDATES = 256
"""On a source longer than this many sentences, the most sentences a claim is matched at."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of a source: where it is, its features, its numbers, its clauses."""

    start: int
    end: int
    features: Features
    numbers: frozenset[str]
    clauses: tuple[Features, ...]


@dataclass(frozen=True)
class SentenceIndex:
    """A source's sentences, the words and values of the whole text, and where each is."""

    sentences: tuple[Sentence, ...]
    tokens: frozenset[str]
    numbers: frozenset[str]
    text: str
    where: dict[str, tuple[int, ...]]
    """The sentences (by position) holding each token, ``"~"`` + each prefix, and
    ``"#"`` + each number (a year's decade and century too: ``quantities.also_given``):
    a claim is matched against the sentences that hold any of its words, not against every
    sentence, so judging an answer stays linear in its size."""
    heading: frozenset[str] = frozenset()
    """The numbers of the lines heading the source (``_heading``): a claim's value they give
    is given in any window, as a report's "2025" in its title holds for all of it."""

    def sentences_with(self, c: Features) -> list[int]:
        """The positions of the sentences holding any of ``c``'s tokens or numbers.

        On a source of more than :data:`CANDIDATES` sentences, the sentences holding the
        claim's rarest words and numbers, up to that many: common words ("the model ships
        within days") may be in every sentence of a long source, and matching a claim
        against all of them would make judging an answer grow with the square of its size.
        On shorter sources (nearly all) every sentence holding any of it is a candidate, so
        the best window is the one scoring every window would find.
        """
        keys = [*c.tokens, *(f"~{t[:PREFIX]}" for t in c.tokens if len(t) >= PREFIX)]
        keys += [f"#{v.number}" for v in c.values]
        lists = [self.where[key] for key in keys if key in self.where]
        if len(self.sentences) > CANDIDATES:
            lists.sort(key=len)
            chosen: set[int] = set()
            for found in lists:
                if chosen and len(chosen) + len(found) > CANDIDATES:
                    break
                chosen.update(found[:CANDIDATES])
            return sorted(chosen)
        return sorted({i for found in lists for i in found})


@lru_cache(maxsize=32)
def index(source: str) -> SentenceIndex:
    """Split ``source`` into sentences (cached: claims often share a source)."""
    sentences = []
    for start, end in _lines_led(source, sentence_spans(source)):
        feats, clauses = sentence_features(source[start:end])
        numbers = frozenset(n for v in feats.values for n in (v.number, *also_given(v)))
        feats = with_months(feats)
        sentences.append(Sentence(start, end, feats, numbers, clauses))
    tokens = frozenset().union(*(s.features.tokens for s in sentences))
    numbers = frozenset().union(*(s.numbers for s in sentences))
    where: dict[str, list[int]] = {}
    for i, s in enumerate(sentences):
        keys = [*s.features.tokens, *(f"~{p}" for p in s.features.prefixes)]
        for key in (*keys, *(f"#{n}" for n in s.numbers)):
            where.setdefault(key, []).append(i)
    postings = {key: tuple(found) for key, found in where.items()}
    heading = frozenset().union(*(s.numbers for s in _heading(source, sentences)))
    return SentenceIndex(tuple(sentences), tokens, numbers, source, postings, heading)


_HEADING_WORDS = 8
"""The most words a heading line has."""


def _heading(source: str, sentences: list[Sentence]) -> list[Sentence]:
    """The lines that head ``source`` ("Sustainability Report 2025", "Valid from 1 September
    2026"): each alone on its line, of at most ``_HEADING_WORDS`` words, ending in no stop.
    What they say holds for the whole source."""
    out = []
    for s in sentences:
        line = source[s.start : s.end]
        alone = source[s.end : s.end + 1] in ("\n", "") and source[s.start - 1 : s.start] in (
            "\n",
            "",
        )
        if not alone or len(line.split()) > _HEADING_WORDS or line.rstrip()[-1:] in ".!?:;,":
            break
        out.append(s)
    return out


_LEADER = re.compile(r"(?:\.{3,}|…)\s*$")
"""Dots that lead the eye along a line ("Two-person delivery ....... £39"), which the
sentence rule reads as an end: a price list's item and its price are one sentence."""


def _lines_led(source: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with each sentence ending in a leader of dots joined to the next one on
    its line."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if (
            out
            and _LEADER.search(source, out[-1][0], out[-1][1])
            and "\n" not in source[out[-1][1] : start]
        ):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out
