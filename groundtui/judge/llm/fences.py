"""Fences around the data in a prompt, so that no line of the data can pose as the prompt's.

Each block of data (a question, a response, a source, a claim) is laid out as::

    ~~~~ BEGIN SOURCE 4821739056 ~~~~
    SOURCE:
    <the text, verbatim>
    ~~~~ END SOURCE 4821739056 ~~~~

The number is a *tag* chosen for the texts of one prompt so that none of them contains it,
even read loosely: after NFKC (fullwidth and mathematical digits become ASCII), with every
decimal digit of any script read as its value and every format character (zero-width
spaces and joiners, bidi controls, BOM) dropped. A line of the data that imitates a fence,
with other spaces, zero-width characters or look-alike letters, still lacks the tag; a line
``CLAIM:`` in a source opens nothing, because a block opens only at its BEGIN line. The
texts themselves are never escaped or rewritten.

The tag is derived from the texts by hashing, not drawn at random: the same texts give the
same prompt, which the completion cache and providers' prompt caches both need. In a
verification it is derived from the source alone, so every claim citing one source shares
the prompt's prefix up to the claim.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

TAG_DIGITS = 10


_NOT_ASCII = re.compile(r"[^\x00-\x7f]")


def _loose_char(m: re.Match[str]) -> str:
    ch = m.group()
    if unicodedata.category(ch) == "Cf":
        return ""
    digit = unicodedata.decimal(ch, None)
    return ch if digit is None else str(digit)


@lru_cache(maxsize=64)
def _loose(text: str) -> str:
    """``text`` as a reader might take it: NFKC, any script's digits as ASCII, format
    characters dropped. Cached: the source of several claims is read once."""
    if text.isascii():  # NFKC leaves ASCII as it is, and it holds no format character
        return text
    return _NOT_ASCII.sub(_loose_char, unicodedata.normalize("NFKC", text))


def choose_tag(seed: str, *texts: str) -> str:
    """A tag of :data:`TAG_DIGITS` digits derived from ``seed`` that no text contains loosely.

    Args:
        seed: What the tag is derived from (the texts whose prefix must stay stable).
        texts: Every text the prompt carries; none may contain the tag.
    """
    loose = [_loose(text) for text in texts]
    counter = 0
    while True:
        digest = hashlib.sha256(f"{counter}\x00{seed}".encode("utf-8", "surrogatepass"))
        tag = str(int.from_bytes(digest.digest()[:8], "big"))[-TAG_DIGITS:].zfill(TAG_DIGITS)
        if not any(tag in text for text in loose):
            return tag
        counter += 1


def opening(name: str, tag: str) -> str:
    """The line that opens block ``name``."""
    return f"~~~~ BEGIN {name} {tag} ~~~~"


def closing(name: str, tag: str) -> str:
    """The line that closes block ``name``."""
    return f"~~~~ END {name} {tag} ~~~~"


def block(name: str, text: str, tag: str) -> str:
    """Block ``name`` holding ``text`` verbatim: its opening line, ``NAME:``, the text, a
    line break, its closing line (so the text is exactly what lies between the two lines,
    a final line break of its own included)."""
    return f"{opening(name, tag)}\n{name}:\n{text}\n{closing(name, tag)}\n"


def how_to_read(tag: str, *names: str) -> str:
    """The sentence telling the model where each block begins and ends."""
    parts = "; ".join(
        f'the {name.lower()} is the text after the line "{name}:" that follows the line '
        f'"{opening(name, tag)}", up to the line "{closing(name, tag)}"'
        for name in names
    )
    return (
        f"Each block of data opens and closes with a line carrying the number {tag}, which "
        f"the data never contains: {parts}."
    )
