"""The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), written out.

Suffixes are stripped by the word's measure (how many vowel-consonant runs its stem has),
so that "use", "used" and "using" meet as "us", "generalization" and "general" as
"gener", "introduced" and "introduction" as "introduc". No data, no download: the rules
are the paper's, steps 1a to 5b, with a final "y" read as in Porter2.
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = "aeiou"
# fmt: off
_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"),
    ("izer", "ize"), ("abli", "able"), ("alli", "al"), ("entli", "ent"), ("eli", "e"),
    ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"), ("ator", "ate"),
    ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"),
    ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"), ("bli", "ble"), ("logi", "log"),
)
_STEP3 = (
    ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"),
    ("ful", ""), ("ness", ""),
)
_STEP4 = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
    "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
)
# fmt: on
"""Each step's suffixes; a longer suffix is listed before a shorter one it ends with."""
_ENDINGS: dict[tuple[tuple[str, str], ...], tuple[str, ...]] = {
    table: tuple(suffix for suffix, _ in table) for table in (_STEP2, _STEP3)
}
"""The suffixes of each table of replacements, to test a word against all at once."""


def _consonant(w: str, i: int) -> bool:
    """Whether ``w[i]`` is a consonant: "y" is one at the start or after a vowel."""
    if w[i] in _VOWELS:
        return False
    if w[i] == "y":
        return i == 0 or not _consonant(w, i - 1)
    return True


def _measure(w: str) -> int:
    """How many vowel-then-consonant runs ``w`` has: the paper's *m*."""
    m, vowel_seen = 0, False
    for i in range(len(w)):
        if not _consonant(w, i):
            vowel_seen = True
        elif vowel_seen:
            m, vowel_seen = m + 1, False
    return m


def _has_vowel(w: str) -> bool:
    return any(not _consonant(w, i) for i in range(len(w)))


def _double_consonant(w: str) -> bool:
    return len(w) >= 2 and w[-1] == w[-2] and _consonant(w, len(w) - 1)


def _cvc(w: str) -> bool:
    """Consonant, vowel, consonant at the end, the last not w, x or y ("hop", not "how")."""
    return (
        len(w) >= 3
        and _consonant(w, len(w) - 3)
        and not _consonant(w, len(w) - 2)
        and _consonant(w, len(w) - 1)
        and w[-1] not in "wxy"
    )


def _replace(w: str, table: tuple[tuple[str, str], ...]) -> str:
    """The first suffix of ``table`` that ``w`` ends with, replaced when its stem's m > 0."""
    if not w.endswith(_ENDINGS[table]):  # most words: one test instead of one per suffix
        return w
    for suffix, replacement in table:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            return stem + replacement if _measure(stem) > 0 else w
    return w


def _step1(w: str) -> str:
    """Plurals, "-ed" and "-ing", and a final "y" after a consonant that does not begin the
    word (the rule of Porter's later English stemmer: "fly" meets "flies")."""
    if w.endswith(("sses", "ies")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    stripped = False
    if w.endswith("eed"):
        if _measure(w[:-3]) > 0:
            w = w[:-1]
    elif w.endswith("ed") and _has_vowel(w[:-2]):
        w, stripped = w[:-2], True
    elif w.endswith("ing") and _has_vowel(w[:-3]):
        w, stripped = w[:-3], True
    if stripped:
        if w.endswith(("at", "bl", "iz")):
            w += "e"
        elif _double_consonant(w) and w[-1] not in "lsz":
            w = w[:-1]
        elif _measure(w) == 1 and _cvc(w):
            w += "e"
    if w.endswith("y") and len(w) > 2 and _consonant(w, len(w) - 2):
        w = w[:-1] + "i"  # Porter2's rule: "fly" as "flies", "play" as "plays"
    return w


def _step4(w: str) -> str:
    """A last derivational suffix, when the stem left is long enough (m > 1)."""
    if not w.endswith(_STEP4):
        return w
    for suffix in _STEP4:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            if _measure(stem) > 1 and (suffix != "ion" or stem.endswith(("s", "t"))):
                return stem
            return w
    return w


def _step5(w: str) -> str:
    """A final "e", and a double "l", when the stem is long enough."""
    if w.endswith("e"):
        stem = w[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _cvc(stem)):
            w = stem
    if _measure(w) > 1 and _double_consonant(w) and w.endswith("l"):
        w = w[:-1]
    return w


@lru_cache(maxsize=32768)
def porter(word: str) -> str:
    """The Porter stem of a lowercase word; words of one or two letters stay as they are."""
    if len(word) <= 2:
        return word
    return _step5(_step4(_replace(_replace(_step1(word), _STEP2), _STEP3)))
