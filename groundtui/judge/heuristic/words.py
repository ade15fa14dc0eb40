"""Small text rules for the heuristic judge: words, content tokens, negations, enumerations.

Pure functions, no I/O, no models. Sentences, names, generalising words and the words of a
relation are the text facts every part shares (``groundtui.text``); the judge keeps its own small word
normalisation, independent of the mechanical check's, so that the two can be compared.
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

# fmt: off
STOP_WORDS = frozenset((
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
    "any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
    "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during",
    "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her",
    "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is",
    "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "of", "off", "on",
    "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same",
    "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
    "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
    "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours",
    "yourself", "yourselves", "may", "might", "must", "shall", "us", "upon", "via", "per",
    "s", "t", "d", "ll", "re", "ve", "m", "o", "y",
))
"""Words that carry no content of a claim; negations are kept apart, in ``NEGATIONS``."""
NEGATIONS = frozenset((
    "not", "no", "never", "cannot", "none", "nowhere", "nothing", "nobody", "neither", "nor", "without", "can't", "won't",
    "don't", "doesn't", "isn't", "aren't", "wasn't", "weren't", "didn't", "hasn't",
    "haven't", "hadn't", "shouldn't", "couldn't", "wouldn't",
))
# fmt: on
_MOST_ITEMS = 12
"""The most items an enumeration is read with: a bound keeps the search linear in a claim's
length (a long run of commas with no "and" would otherwise be tried from every word)."""
_ITEM = r"(?:[\w'-]+ ){0,3}[\w'-]+"
_ENUMERATION = re.compile(rf"{_ITEM}(?:, {_ITEM}){{1,{_MOST_ITEMS}}},? (?:and|or) {_ITEM}")
"""Three or more items of up to four words, the last after "and" or "or": "table tennis,
badminton, diving and gymnastics"."""
_ITEM_SEPARATOR = re.compile(r",? (?:and|or) |, ")
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|')*|\d+[^\W\d_]*")


def words(text: str) -> list[str]:
    """Lowercased words of ``text``: runs of letters, or digits with a suffix ("45th")."""
    if "’" in text:
        text = text.replace("’", "'")
    return _WORD.findall(text.lower())


def content_tokens(text: str) -> set[str]:
    """Stemmed words of ``text`` that carry content: no stop words, negations or numbers."""
    return tokens_of(words(text))


def tokens_of(ws: list[str]) -> set[str]:
    """:func:`content_tokens` of words already split by :func:`words`."""
    return {t for t in map(_content, ws) if t}


def is_negation(word: str) -> bool:
    """Whether a word from :func:`words` negates ("not", "never", "cannot", "-n't")."""
    return word in NEGATIONS or word.endswith("n't")


@lru_cache(maxsize=16384)
def _content(word: str) -> str:
    if is_negation(word):
        return ""
    w = word.removesuffix("'s").replace("'", "")
    if w and not w[0].isdigit() and w not in STOP_WORDS:
        return stem(w)
    return ""


_ENGLISH = snowballstemmer.stemmer("english")
"""Porter's English (Porter2) stemmer, from the Snowball project's own Python package: the
well-kept implementation of the algorithm (a dependency; docs/judge.md "Without a model")."""


@lru_cache(maxsize=32768)
def stem(word: str) -> str:
    """The Porter2 stem of a lowercase ``word``, British spellings folded first; cached, as
    a claim's and its source's words repeat.

    Being the same on both sides matters more than linguistics: "optimisation" and
    "optimization", "used" and "using", "families" and "family" meet. (heuristic-3 and
    before stripped a few suffixes by hand, which left "use", "used" and "using" apart.)
    """
    return _ENGLISH.stemWord(word.replace("isation", "ization").replace("ise", "ize"))


@lru_cache(maxsize=256)
def enumerated(claim: str) -> tuple[str, ...]:
    """The items of the first enumeration in ``claim``, as written; () when it has none
    (cached, as ``claim_features``: one claim is often checked against many sources).

    The items between commas say how long an item is: the first and the last are cut to
    as many words as the longest of them ("made of foam, fiberglass and resin sheets" gives
    "foam", "fiberglass", "resin").
    """
    found = _ENUMERATION.search(claim)
    if not found:
        return ()
    first, *middle, last = _ITEM_SEPARATOR.split(found.group())
    n = max(len(item.split()) for item in middle)
    return (" ".join(first.split()[-n:]), *middle, " ".join(last.split()[:n]))
