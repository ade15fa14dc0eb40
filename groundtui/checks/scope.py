"""The check's narrower scope (``unsourced_specifics(..., scope="sentence")``): a specific of
a response's sentence is looked for only in the window of each cited source that best holds
the sentence's other words, not anywhere in the source.

"It must be taken within 26 weeks of the birth [1]" is not sourced by a source that says
"26 weeks of continuous service" in one sentence and "within 52 weeks of the birth" in
another: the window holding "taken", "birth" holds 52. The same reading the heuristic judge
makes of a claim's values (docs/judge.md), with plainer words: the check reads no stems.

Off by default (docs/check.md gives the figures): on the check's own cases it loses more
than it finds.
"""

from __future__ import annotations

import re
from functools import lru_cache

from groundtui.text.sentences import sentence_spans

WINDOW = 3
"""The most consecutive sentences of a source a window spans, as the judge's."""
_WORD = re.compile(r"[^\W\d_]{3,}")
_STEM = 5
"""Words compare on their first letters: "reimbursed" meets "reimbursement"."""
# fmt: off
_STOP = frozenset("""
the and for are but not you your with from that this have has had was were will can
may must any all our its their they them than then there these those what when where
which who whom how about into over under after before also only just more most such
each other some been being does did doing would could should shall
""".split())
# fmt: on


def words(text: str) -> frozenset[str]:
    """The words of ``text`` that say what it is about, compared on their first letters."""
    return frozenset(w[:_STEM] for w in _WORD.findall(text.lower()) if w not in _STOP)


def window(sentence_words: frozenset[str], source: str) -> str:
    """The part of ``source`` (1 to ``WINDOW`` sentences) that holds most of
    ``sentence_words``; the shortest on a tie, then the first. The whole source when it
    holds none of them (nothing narrows it)."""
    spans, held = _sentences(source)
    best: tuple[int, int] | None = None
    best_span = (0, len(source))
    for i in range(len(spans)):
        hit: frozenset[str] = frozenset()
        for j in range(i, min(i + WINDOW, len(spans))):
            hit |= held[j] & sentence_words
            key = (len(hit), -(j - i))
            if hit and (best is None or key > best):
                best, best_span = key, (spans[i][0], spans[j][1])
    return source[best_span[0] : best_span[1]]


@lru_cache(maxsize=64)
def _sentences(source: str) -> tuple[list[tuple[int, int]], list[frozenset[str]]]:
    """A source's sentences and the words each holds (cached: answers share sources)."""
    spans = sentence_spans(source)
    return spans, [words(source[a:b]) for a, b in spans]
