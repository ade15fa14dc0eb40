"""Fences around the data in a prompt, so that no line of the data can pose as the prompt's.

Each block of data (a question, a response, a source, a claim) is laid out as::

    ~~~~ BEGIN SOURCE 4821739056 ~~~~
    SOURCE:
    <the text, verbatim>
    ~~~~ END SOURCE 4821739056 ~~~~

The number is a *tag* chosen for the texts of one prompt so that none of them contains it,
even read loosely: every decimal digit of any script (after NFKC: fullwidth, mathematical
and superscript digits too) read as its value, and everything else dropped. So a line of the
data that imitates a fence with other spaces, zero-width characters, combining marks or
variation selectors between the digits, or look-alike letters, still lacks the tag; a line
``CLAIM:`` in a source opens nothing, because a block opens only at its BEGIN line. The
texts themselves are never escaped or rewritten.

The tag is derived by hashing the texts with a secret of the running process
(:data:`RUN_SECRET`), so text written before the run cannot know it, while within the run
the same texts give the same prompt (in a verification it is derived from the source alone,
so claims citing one source share the prompt up to the claim, for providers' prompt
caches). The completion cache keys a prompt as built with the tag derived without the
secret (:data:`KEYED`): a prompt keyed so is never sent, and the cache holds across runs.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from functools import lru_cache

TAG_DIGITS = 10
RUN_SECRET = secrets.token_hex(16)
"""Mixed into every tag this process sends; drawn afresh by each run."""
KEYED = ""
"""The secret of the tags a completion-cache key is made with (a prompt never sent)."""

_NOT_DIGIT = re.compile(r"[^0-9]")
_DIGITS = re.compile(r"\d")  # every script's decimal digits (str patterns are Unicode)


@lru_cache(maxsize=64)
def _loose(text: str) -> str:
    """The digits of ``text`` as a reader might take them, run together: NFKC, then any
    script's decimal digits as ASCII, and nothing else. Cached: the source of several
    claims is read once."""
    if not text.isascii():
        text = _DIGITS.sub(
            lambda m: str(unicodedata.decimal(m.group())), unicodedata.normalize("NFKC", text)
        )
    return _NOT_DIGIT.sub("", text)


def choose_tag(seed: str, *texts: str, secret: str | None = None) -> str:
    """A tag of :data:`TAG_DIGITS` digits derived from ``seed`` that no text contains loosely.

    Args:
        seed: What the tag is derived from (the texts whose prefix must stay stable).
        texts: Every text the prompt carries; none may contain the tag.
        secret: Mixed in: :data:`RUN_SECRET` when None (a prompt to send), :data:`KEYED`
            for a cache key.
    """
    loose = [_loose(text) for text in texts]
    secret = RUN_SECRET if secret is None else secret
    counter = 0
    while True:
        # Keyed tags hash as they did before there was a secret: cached completions hold.
        salted = f"{counter}\x00{seed}" if secret == KEYED else f"{secret}\x00{counter}\x00{seed}"
        digest = hashlib.sha256(salted.encode("utf-8", "surrogatepass"))
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


def numbered_block(name: str, n: int, text: str, tag: str, cites: str | None = None) -> str:
    """Block ``name n`` holding ``text`` verbatim, as :func:`block`; ``cites``, when given, is
    a line ``CITES: ...`` between the opening line and the line ``NAME n:``."""
    label = f"{name} {n}"
    head = f"{opening(label, tag)}\n" + (f"CITES: {cites}\n" if cites is not None else "")
    return f"{head}{label}:\n{text}\n{closing(label, tag)}\n"


def how_to_read_numbered(tag: str, *names: str) -> str:
    """The sentence telling the model where each numbered block (``SOURCE 3``) begins and
    ends: said once for all blocks of a kind."""
    parts = "; ".join(
        f'{name.lower()} n is the text after the line "{name} n:" that follows the line '
        f'"{opening(name + " n", tag)}", up to the line "{closing(name + " n", tag)}"'
        for name in names
    )
    return (
        f"Each block of data opens and closes with a line carrying the number {tag}, which "
        f"the data never contains, n standing for the block's number: {parts}."
    )
