"""Digits of every script read as 0-9, and the letters a digit continues as one word.

A figure is its value, not its glyphs: "３０" (fullwidth, as Japanese and Chinese text
writes it), "٣٠" (Arabic-Indic), "३०" (Devanagari), "𝟑𝟎" (mathematical) and "³⁰"
(superscript) are all 30. The mechanical check and the heuristic judge read a text with
each such digit as its ASCII digit (its Unicode decimal value, or its NFKC form), and the
fullwidth signs written with figures ("３，０００％", "＄５") as NFKC gives them. Each is one
character read as one, so every offset stays where it was.

A superscript or subscript run right after a digit is an exponent or a footnote mark
("10³", "$49.99¹"), not more digits of the number, and stays as written. Circled and
parenthesised numbers ("①"), fractions and Roman numerals are not digits and stay too.

A letter that only looks like a digit (the Cyrillic "з" of "з0 days") is no digit: it
stays a letter, and the "0" after it is read as a figure of its own, never as the "30" a
source gives (``LATIN_LETTERS``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["LATIN_LETTERS", "read_digits", "reads_digits_as_written"]

_SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u2080-\u2089"
_FULLWIDTH_SIGNS = "％，．：／－＋＄￥￡"
# Whether a text holds any of these is asked of every response and source: two searches of
# one class each, which the regex engine runs as a tight loop, take an eighth of the time
# of the alternation below (7 + 7 against 113 µs a 2 KB source). The second is a superset
# of the superscripts and signs, in few ranges (a class of many single characters is read
# slower): what it finds, the alternation then reads.
_DECIMAL = re.compile(r"[^\x00-\x7f\D]")
_SIGNS = re.compile(r"[\u00b2\u00b3\u00b9\u2070-\u2089\uff04\uff05\uff0b-\uff0f\uff1a\uffe1\uffe5]")
_OTHER_DIGITS = re.compile(
    # a decimal digit other than 0-9: a character neither ASCII nor a non-digit
    r"[^\x00-\x7f\D]"
    # superscript or subscript digits, unless they follow a digit (an exponent, a footnote)
    rf"|(?<![\d{_SUPERSCRIPTS}])[{_SUPERSCRIPTS}]+"
    rf"|[{_FULLWIDTH_SIGNS}]"
)
LATIN_LETTERS = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"
"""A regex class body: the letters a digit after them continues as one token ("A380",
"S24", "mp3"), which then holds no figure. After a letter of any other script a digit
starts a figure: Chinese and Japanese write no space before a number ("返金は30日以内"),
and a Cyrillic "з" before "0" is a letter that looks like a 3."""


def read_digits(text: str) -> str:
    """``text`` with every digit of another script as 0-9 and the fullwidth signs of figures
    as ASCII: the same length, each character where it was."""
    if reads_digits_as_written(text):
        return text
    return _OTHER_DIGITS.sub(lambda m: "".join(map(_ascii, m.group())), text)


def reads_digits_as_written(text: str) -> bool:
    """Whether ``read_digits`` leaves ``text`` as it is (most text: every digit is 0-9)."""
    if text.isascii():
        return True
    if _DECIMAL.search(text):
        return False
    # Every superscript and fullwidth sign changes under NFKC, so a text NFKC leaves as it is
    # (most) holds none: that test runs in C at a third of the cost of a search.
    if unicodedata.is_normalized("NFKC", text):
        return True
    # a superscript after a digit stays: only the whole pattern tells (rarely asked)
    return not (_SIGNS.search(text) and _OTHER_DIGITS.search(text))


@lru_cache(maxsize=512)
def _ascii(char: str) -> str:
    """The one character ``char`` is read as: its decimal value, else its NFKC form."""
    value = unicodedata.decimal(char, None)
    if value is not None:
        return str(value)
    folded = unicodedata.normalize("NFKC", char)
    return folded if len(folded) == 1 else char
