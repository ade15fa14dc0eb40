"""Generalising words: what makes a claim general ("typically", "most employees"), and
whether a source makes the same generalisation.

The one reading of generalisations: the heuristic judge's matching and the rules that
cross-check every judge's invention kind (``judge.invention_rules``) both ask it.
"""

from __future__ import annotations

import re
from functools import lru_cache

_ALL_OF = r"all (?:customers|users|members|orders|items|products|plans|accounts|purchases|cases)"
GENERALISING = re.compile(
    r"\b(?:typically|usually|generally|normally|commonly|often|always|never|mostly|most"
    rf"|in general|as a rule|the majority|in most cases|every(?:one|body|thing)?|guarantee[ds]?"
    rf"|{_ALL_OF})\b",
    re.IGNORECASE,
)
"""Words that make a claim general: a source that lacks them does not state the claim."""
POPULATION = re.compile(rf"most|the majority|everyone|everybody|{_ALL_OF}", re.IGNORECASE)
"""Generalising words that speak of most or all of a population ("most employees"): the
claim is a generalisation whatever it says they do (``judge.invention_rules``)."""
_HOW_OFTEN = frozenset(("typically", "usually", "generally", "normally", "commonly", "often"))
"""Generalising words that say a thing is the usual case; :data:`_SAYS_HOW_OFTEN` in a
source says so too ("the most common use", "widely used", "made primarily of")."""
_SAYS_HOW_OFTEN = re.compile(
    r"\b(?:typical(?:ly)?|usual(?:ly)?|generally|normally|common(?:ly)?|often|frequent(?:ly)?"
    r"|widely|popular|primarily|mainly|largely|most(?:ly)?)\b",
    re.IGNORECASE,
)
_MOST = frozenset(("most", "mostly", "the majority", "in most cases"))
"""Generalising words that say "the greater part"; :data:`_SAYS_MOST` in a source says so too."""
_SAYS_MOST = re.compile(r"\b(?:most(?:ly)?|majority|largely|mainly|primarily)\b", re.IGNORECASE)


def generalisations_missing(claim: str, source: str) -> list[str]:
    """The generalising words of ``claim`` (each once, as written) that ``source`` does not use.

    A word saying how often ("typically") is used when the source says how often in any
    of :data:`_SAYS_HOW_OFTEN`'s words ("commonly used" against "widely used"), and "most"
    when it says :data:`_SAYS_MOST` ("mostly", "the majority"): people call such a claim
    stated. (heuristic-3 asked for the claim's own word.) The one reading of
    generalisations: the heuristic judge's matching and the rules that cross-check every
    judge's invention kind both ask this.
    """
    found = dict.fromkeys(m.group() for m in GENERALISING.finditer(claim))
    return [w for w in found if not _uses(source, w) and not _says_alike(source, w.lower())]


def _says_alike(source: str, word: str) -> bool:
    """Whether ``source`` makes the generalisation ``word`` makes, in other words."""
    if word in _HOW_OFTEN:
        return _uses_any(source, _SAYS_HOW_OFTEN)
    return word in _MOST and _uses_any(source, _SAYS_MOST)


@lru_cache(maxsize=1024)
def _uses_any(source: str, words: re.Pattern[str]) -> bool:
    """Whether ``source`` uses any of ``words``, remembered as :func:`_uses` is."""
    return words.search(source) is not None


@lru_cache(maxsize=1024)
def _uses(source: str, word: str) -> bool:
    """Whether ``source`` uses ``word`` (any case), remembered: the claims of one answer
    ask the same source about the same few words, and each search may read all of it."""
    return re.search(rf"\b{re.escape(word)}\b", source, re.IGNORECASE) is not None
