"""Numbers spelled out: "thirty", "one thousand two hundred", "first", "ten percent"."""

from __future__ import annotations

import re

from groundtui.checks.items import Item
from groundtui.checks.keys import NUMBER_WORDS, ORDINALS, words_value

_SP = "[ \u00a0\u2009\u202f]"


def _trie(words: list[str]) -> str:
    """A regex alternation of ``words`` as a trie, longest match first.

    "s(?:ix(?:t(?:een(?:th)?|h|ieth|y))?|…)" rejects a position after one character
    where a flat "sixteenth|sixteen|sixtieth|…" alternation would try every word.
    """
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(c) + build(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(tree)


_WORD = _trie(NUMBER_WORDS)
#: The characters that may precede a number word: a space first.
_BEFORE_WORD = " \t\n\u00a0(\"'“‘/*[_-"
# Run over " " + the lowered text: opening with the characters that may precede a word
# anchors words at their start ("ten" is not read in "often").
WORDS_RE = re.compile(
    rf"[{re.escape(_BEFORE_WORD)}]"
    rf"(?P<w>{_WORD}(?:(?:[ \u00a0-]|{_SP}and{_SP}){_WORD})*)(?![a-z])"
)
_WORD_SPLIT = re.compile(r"[a-z]+")
_WORD_TAIL = re.compile(rf"{_SP}?(?:%|percent|per{_SP}?cent)(?![a-z])")
_SCALES = ("hundred", "thousand", "million", "billion")
_AMBIGUOUS = frozenset(("one", "first", "second"))  # a probe for them could find "one of"
_NOT_ONE_BEFORE = ("the ", "this ", "that ", "which ", "each ", "every ", "any ", "no ")
_NOT_ONE_AFTER = (" another", "-off", " or two", " by one")
# After a subject or a modal ("you must first contact"), "first" is an adverb; after a
# form of "be", only before a participle ("is first assessed", not "is first in line").
_SUBJECTS = tuple(
    f" {w} "
    for w in "we you they i it he she will must should can could would may might "
    "shall please then always we'll you'll they'll we've i'll".split()
)
_AUXILIARIES = tuple(f" {w} " for w in "is are was were be been".split())
_PARTICIPLE = re.compile(r" [a-z]{2,}(?:ed|en|wn|nt|ght)(?![a-z])")


def word_items(text: str, covered: bytearray | None = None) -> list[Item]:
    """Numbers spelled out: "thirty", "one thousand two hundred", "first", "ten percent".

    "one" is no figure in "one of", "this one", "no one"; "first" none in "at first" or
    "First, …"; "second" only after "the" ("a second" is time).
    """
    lower = text.lower()
    if len(lower) != len(text):  # a few characters grow when lowered; offsets must hold
        lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    found: list[Item] = []
    for m in WORDS_RE.finditer(" " + lower):
        s, end = m.start("w") - 1, m.end() - 1
        if covered is not None and covered[s]:
            continue
        spans = [(w.start(), w.end()) for w in _WORD_SPLIT.finditer(lower, s, end)]
        words = [lower[a:b] for a, b in spans]
        if words[0] in _SCALES and lower[s - 2 : s] == "a " and (s < 3 or lower[s - 3] == " "):
            spans.insert(0, (s - 2, s - 1))
            words.insert(0, "a")
        for first, last, value in words_value(words):
            a, b = spans[first][0], spans[last - 1][1]
            if last - first == 1 and _not_a_number(lower, a, b, words[first]):
                continue
            if tail := _WORD_TAIL.match(lower, b):
                b = tail.end()
            probe = None if words[first] in _AMBIGUOUS else text[a:b]
            need: tuple = ((f"n{value}",),)
            if value <= 31 and words[last - 1] in ORDINALS:  # "the fifth": a date's day too
                need = ((f"n{value}",), (f"o{value}",))
            found.append(Item(a, b, "figure", need, probe))
    return found


def _not_a_number(lower: str, a: int, b: int, word: str) -> bool:
    """Words that are numbers by spelling but not by use: "one of", "at first", "a second"."""
    before, after = lower[max(0, a - 7) : a], lower[b : b + 8]
    if word == "one":
        return (
            before.endswith(_NOT_ONE_BEFORE)
            or after.startswith(_NOT_ONE_AFTER)
            or (after.startswith(" of") and not after[3:4].isalpha())  # "one of", at the end too
        )
    if word == "first":
        before = " " + before  # the words below are whole words: "he " is not in "the "
        return (
            before.endswith((" at ", *_SUBJECTS))
            or after.startswith((",", " of all"))
            # "is first assessed", not "is first in line"
            or (before.endswith(_AUXILIARIES) and bool(_PARTICIPLE.match(lower, b)))
        )
    if word == "second":
        return not before.endswith("the ")
    return word in ORDINALS and after.startswith(",") and not before.strip(" \n*-")
