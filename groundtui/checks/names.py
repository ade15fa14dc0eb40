"""Proper nouns for the mechanical check: capitalised names that a source must contain.

A name is a run of capitalised words ("Harbor Home Goods", "Bank of the West", "AT&T",
"Galaxy S24"), or a single capitalised word in mid-sentence that is not an ordinary word.
A sentence's first word is capitalised by position, so alone it is never a name; it
starts a multi-word name unless it is a common word ("Contact Harbor Home Goods" gives
"Harbor Home Goods", "North Ridge Warehouse is open" gives the three words).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from groundtui.checks.items import Item
from groundtui.text.names import CAPITAL as _UP
from groundtui.text.names import ORDINARY as STOP

_REST = r"[\w'’]*(?:[-&]\w+)*"
# A space, maybe a connector: the lookahead (the first characters of a next word or of a
# connector) refuses most spaces at once, before the connectors are tried one by one.
_JOIN = (
    r"[ \u00a0](?=[A-ZÀ-ÖØ-Þodlv&])"
    r"(?:(?:of|of the|de|la|le|van|von|der|du|da|del|di|&)[ \u00a0])?"
)
_MORE = rf"(?:{_JOIN}{_UP}{_REST})+"
# A capitalised word and the capitalised words joined to it, not starting inside a word
# ("eBay") or a path. The pattern opens with a character class, so the engine skips to
# the next capital in C. (Refusing sentence-opening single words here, by lookbehinds,
# measured slower than the set lookup in ``name_items``.)
NAME_RE = re.compile(rf"{_UP}(?<![\w'’@/\\]{_UP}){_REST}(?P<more>{_MORE})?")
_DIGIT = re.compile(r"\d")

_POSSESSIVE = ("'s", "’s")


def name_items(text: str, covered: bytearray, initial: Collection[int]) -> list[Item]:
    """The names of ``text`` as items of kind ``"name"``, probed by their text.

    The name's comparison key is made from its text only when it is not found as written.
    A name of several words opening a sentence may have taken the sentence's first word
    ("Recently Harbor Home", "Most of Harbor Home"): when that word may be an ordinary one
    (``_opener``), ``rest`` holds ``((the name without it,),)``, which also counts as
    sourced where a source names it alone, capitalised.

    Args:
        text: The response.
        covered: Positions taken by a date, marker or link; a name stops there. Digits in
            a name's words ("S24", "COVID-19") are marked covered so they are no figures.
        initial: Positions where a sentence (or a clause after ":") starts.
    """
    found: list[Item] = []
    spaced = text.replace("\u00a0", " ") if "\u00a0" in text else text
    # One word opening a sentence is capitalised by position, no name: most matches are
    # such words, dropped here at once unless they hold digits ("COVID-19" is no figure).
    matches = [
        m
        for m in NAME_RE.finditer(spaced)
        if m.lastgroup or m.start() not in initial or not m[0].isalpha()
    ]
    for m in matches:
        s, e = m.span()
        if m.lastgroup is None:  # one word: "Harbor", "FAQ", "Returns"
            if s in initial:
                _word(text, s, e, covered)
                continue
            span = _word(text, s, e, covered)
            if span:
                found.append(Item(s, span, "name", (), text[s:span]))
            continue
        # The usual names, read without the word-by-word loop below, which gives the same:
        # "Harbor Home Goods"; "The Aria Sofa" (the article cut), "Dana Whitfield's" (the
        # possessive cut) and "Oak & Ivy", whose words are then all checked as it checks.
        clean = covered.count(0, s, e) == e - s  # nothing in it taken
        shape = _usual(spaced[s:e])
        if shape and clean:
            cut_start, cut_end, first, second = shape
            a, b = s + cut_start, e - cut_end
            rest: tuple[tuple[str, ...], ...] = ()
            if a in initial and _opener(first, False):  # "Recently Harbor Home"
                start = text.find(second, a + len(first))  # (one word is never initial)
                rest = ((text[start:b],),)
            found.append(Item(a, b, "name", rest, text[a:b]))
        elif clean and _reads_alone(text, s, e):
            # The others ("Bank of the West", "Viktor Brandt of Orion Broadcasting") are read
            # word by word once per distinct text and kept.
            found += [
                Item(s + a, s + b, "name", rest, probe)
                for a, b, _, rest, probe, _ in _read_alone(text[s:e], s in initial)
            ]
        else:
            _read_words(text, s, spaced[s:e], covered, initial, found)
    return found


def _read_words(
    text: str,
    s: int,
    name: str,
    covered: bytearray,
    initial: Collection[int],
    found: list[Item],
) -> None:
    """Add to ``found`` the names read word by word in ``name``, a run of capitalised
    words (nbsp made spaces) at ``text[s:]``: connectors join words, a stop word or a
    possessive ends a name."""
    run: list[tuple[int, int]] = []  # the name being read: its words, connectors too
    pos = s
    for word in name.split(" "):
        a, b = pos, pos + len(word)
        pos = b + 1
        if not word[0].isupper():  # a connector: "of", "de", "&"
            if run:
                run.append((a, -b))
            continue
        end = _word(text, a, b, covered)
        if end:
            run.append((a, end))
        if not end or end < b:  # a possessive ends the name: "Harbor's Home"
            _close(text, run, initial, found)
            run = []
    _close(text, run, initial, found)


def _reads_alone(text: str, s: int, e: int) -> bool:
    """Whether the run of capitalised words at ``text[s:e]``, in which nothing is taken,
    reads as it would alone: with no digit in it, reading it marks nothing (``_word``),
    and so depends on its text and on whether it opens a sentence, nothing else."""
    return not _DIGIT.search(text, s, e)


@lru_cache(maxsize=4096)
def _read_alone(name: str, initial: bool) -> tuple[Item, ...]:
    """``_read_words`` on ``name`` alone (offsets from its start), for a name in which
    nothing is taken and no digit is written (so that reading it marks nothing), and
    which opens a sentence or not: no later word of a run of capitalised words can open
    one. A pure function of its arguments, cached: answers repeat their names."""
    found: list[Item] = []
    spaced = name.replace("\u00a0", " ")
    _read_words(name, 0, spaced, bytearray(len(name)), (0,) if initial else (), found)
    return tuple(found)


@lru_cache(maxsize=4096)
def _usual(name: str) -> tuple[int, int, str, str] | None:
    """How a run of capitalised words reads when it is a usual name, or None if not.

    ``(cut at the start, cut at the end, first word, second word)``: "The " and a
    possessive are cut; a name with a connector ("Bank of the West"), a word that is not
    all letters, a stop word or a one-letter word beside a cut is left to the word-by-word
    reading. A pure function of the text, cached: answers repeat their names.
    """
    cut_start, cut_end, cut = 0, 0, False
    if name.endswith(_POSSESSIVE):
        name, cut_end, cut = name[:-2], 2, True
    if name.startswith("The "):
        name, cut_start, cut = name[4:], 4, True
    words = name.split(" ")
    if "&" in name:
        words, cut = name.replace(" & ", " ").split(" "), True
    shape = None
    if (
        name.istitle()
        and "".join(words).isalpha()
        and STOP.isdisjoint(name.lower().split(" "))
        and (not cut or min(map(len, words)) > 1)
    ):
        shape = (cut_start, cut_end, words[0], words[1] if len(words) > 1 else "")
    return shape


def _word(text: str, a: int, b: int, covered: bytearray) -> int:
    """Where a capitalised word ends as part of a name, or 0 if it cannot be one."""
    if covered[a]:
        return 0
    word = text[a:b]
    if not word.isalpha():
        if _DIGIT.search(word):
            covered[a:b] = b"\x01" * (b - a)  # "S24", "COVID-19": not figures here
        if word.endswith(_POSSESSIVE):
            b -= 2
            word = word[:-2]
    if len(word) < 2 or word.lower() in STOP:
        return 0
    return b


def _close(
    text: str, run: list[tuple[int, int]], initial: Collection[int], found: list[Item]
) -> None:
    """Add the name read in ``run`` to ``found``, if it is one."""
    while run and run[-1][1] < 0:  # a trailing connector is not part of the name
        run.pop()
    if run and (len(run) > 1 or run[0][0] not in initial):
        a, b = run[0][0], run[-1][1]
        rest: tuple[tuple[str, ...], ...] = ()
        if a in initial and _opener(text[a : run[0][1]], run[1][1] < 0):  # "Most of the X"
            after = next(start for start, end in run[1:] if end > 0)
            rest = ((text[after:b],),)
        found.append(Item(a, b, "name", rest, text[a:b]))


#: Words that open a sentence before a name without being part of it ("Like Harbor Home"),
#: adverbs among them (short adverbs only by name: "Emily" and "Kelly" are names).
_OPENERS = frozenset(
    """
    like unlike whether besides despite thanks including following regarding most many
    several few recently sadly luckily happily thankfully hopefully clearly similarly
    previously originally ideally naturally normally initially eventually separately
    """.split()
)


def _opener(word: str, joined: bool) -> bool:
    """Whether a name's first word, opening a sentence, may be an ordinary word before it.

    A word of ``_OPENERS``, a long adverb ("Conveniently Harbor Home"), or a plural joined
    by "of" ("Members of the Gold tier"). Any other first word is taken as part of the
    name ("Aria Sofa", "Premium Plan", "Emily Watson").
    """
    low = word.lower()
    return (
        low in _OPENERS or (len(low) >= 9 and low.endswith("ly")) or (joined and low.endswith("s"))
    )


def after_name(text: str, i: int) -> bool:
    """Whether ``text[i:]`` continues a capitalised name ("Ridge" in "North Ridge").

    The words may be joined by a space, a line break, a hyphen or "&" ("North-Ridge",
    "Oak & Ivy"). A capitalised word of ``STOP`` before it ("Contact Harbor Home") starts
    no name.
    """
    k = i - 1
    if k < 1 or text[k] not in " \n\u00a0-":
        return False
    while k and text[k - 1] in " \u00a0&":
        k -= 1
    m = k
    while m and text[m - 1].isalpha():
        m -= 1
    return m < k and text[m].isupper() and text[m:k].lower() not in STOP


def name_key(name: str) -> str:
    """A name as compared: lowercase, one space between words, one kind of apostrophe."""
    return " ".join(name.lower().replace("’", "'").split())
