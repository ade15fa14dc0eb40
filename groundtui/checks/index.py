"""A source, indexed for the mechanical check: its values, its names, read on first need.

Most specifics are copied from their source, so a specific is first looked for as
written, as a whole token (a substring search); then in its common other spellings; and
only then in the source's set of normalised values, built once per source in parts, each
part only when it could hold the value. A cheap test first proves most absent values
absent without reading the source at all: an invented "25%" needs no index when "25"
appears nowhere in the source's digits. The text is read as a response is: in Unicode NFC,
its digits of every script as 0-9 (``groundtui.text.composed``).
"""

from __future__ import annotations

import re

from groundtui.checks.dates import month_items
from groundtui.checks.digit_runs import LONG_TEXT, DigitRuns
from groundtui.checks.figures import digit_items
from groundtui.checks.items import Item
from groundtui.checks.keys import word_stems
from groundtui.checks.links import links_of
from groundtui.checks.names import after_name
from groundtui.checks.number_words import word_items
from groundtui.checks.resume import ResumePoint
from groundtui.checks.source_keys import holds_in, keys_of, months_dated, short_year, without_days
from groundtui.checks.values import below_one, has_run, whole, word_edges, word_in
from groundtui.text.composed import read

_SCALE_RE = re.compile(r"[0-9](?:[kKM]|bn)(?![A-Za-z])")
_SCALE_WORDS = ("thousand", "million", "billion", "trillion")
#: Questions a long text answers by searches before its ``DigitRuns`` are built.
_BUILD_AFTER = 64
#: Every hour a time in a source may be read with ("6 pm", "6:30", "18.00pm") is 1–2 digits
#: then minutes after ":" or ".", or an optional space and a/p: a superset ("$19.99": none).
_HOUR_RE = re.compile(r"[0-9]\d?(?=[:.][0-5]\d|[ \u00a0\u2009\u202f]?[aApP])")
#: What separates the digits of one value (1,200.50; 0800 123-4567; (555) 123 4567).
_SEPARATORS = (",", ".", " ", "\u00a0", "\u2009", "\u202f", "-", "–", "(", ")", "+", "/", ":")


class SourceIndex:
    """One source text, indexed for the check on first need and then reused.

    Build one per source and pass it to ``unsourced_specifics`` in place of the text to
    reuse the work across answers that cite the same source.
    """

    __slots__ = (
        "_asked", "_dated", "_digits", "_flat", "_flat_runs", "_hours", "_lower", "_month_set",
        "_months", "_runs", "_scaled", "_squashed", "_stems", "_words", "place", "text",
    )  # fmt: skip

    def __init__(self, text: str) -> None:
        """Wrap ``text``, in NFC ("e" and an accent is "é") with its digits as 0-9 ("３" is
        "3"); nothing is read until needed."""
        self.text = read(text)
        self.place: ResumePoint | None = None  # where the check's searches in the text resume
        self._digits: frozenset[str] | None = None
        self._months: list[Item] | None = None
        self._month_set: frozenset[str] | None = None
        self._words: frozenset[str] | None = None
        self._lower: str | None = None
        self._squashed: str | None = None
        self._flat: str | None = None
        self._scaled: bool | None = None
        self._hours: frozenset[int] | None = None
        self._dated: frozenset[int] | None = None
        self._runs: DigitRuns | None = None
        self._asked = 0  # questions a long text's DigitRuns could have answered
        self._flat_runs: DigitRuns | None = None
        self._stems: dict[str, bool] | None = None

    @property
    def keys(self) -> frozenset[str]:
        """The normalised values the source states (``n1200``, ``D2024-3-5``…)."""
        return self._digit_keys() | self._month_keys() | self._word_keys()

    def has_name_key(self, key: str) -> bool:
        """Whether a name, normalised by ``name_key``, appears as whole words in the text
        lowercased (or with its runs of whitespace made one space)."""
        lower = self.lower
        if word_in(lower, key):
            return True
        # respacing makes no new word: a name with a word not in the text (most invented
        # names) is not in the text respaced, which need not then be built
        if " " not in key or not all(word in lower for word in key.split(" ")):
            return False
        if self._squashed is None:
            self._squashed = " ".join(lower.split())
        return word_in(self._squashed, key)

    def has_name_alone(self, name: str) -> bool:
        """Whether the name appears as written (capitalised), not ending a longer name.

        "Harbor Home" is alone in "at Harbor Home" and "Contact Harbor Home", not in "North
        Harbor Home" (where the first word is part of the name), nor in "harbor home".
        """
        return whole(self.text, name, lambda t, i, j: word_edges(t, i, j) and not after_name(t, i))

    def has_keys(self, need: tuple[tuple[str, ...], ...], spelled: bool = False) -> bool:
        """Whether the index holds every key of one alternative of ``need``.

        Figures in digits are read first (for a value ``spelled`` in words, numbers in
        words: "one" is "first" more often than "1"); dates with month names only for a
        date; numbers in words only when the source holds a word that could spell the
        value ("twent…" for 25).
        """
        if all(self._absent(alternative) for alternative in need):
            return False
        wanted = {key[0] for alternative in need for key in alternative}
        words = "n" in wanted and self._may_spell(need)
        if (spelled and words and holds_in(self._word_keys(), need)) or self.holds(need):
            return True
        parts = [self._digit_keys()]  # looked up in turn: a union would copy them per value
        if not wanted.isdisjoint("DMYmo"):
            parts.append(self._month_keys())
        if words:
            parts.append(self._word_keys())
        return len(parts) > 1 and any(
            all(any(key in part for part in parts) for key in alternative) for alternative in need
        )

    def holds(self, need: tuple[tuple[str, ...], ...]) -> bool:
        """Whether the source's figures in digits give every key of one alternative of
        ``need``: then ``has_keys`` holds it too (its proofs of absence only prove absent
        what the index lacks)."""
        return holds_in(self._digit_keys(), need)

    def may_have(self, spelling: str) -> bool:
        """False only when ``spelling`` surely does not occur in the text (a long text's
        ``DigitRuns`` lack one of its runs of digits)."""
        runs = self._digit_runs()
        return runs is None or runs.may_have(spelling)

    def _has_digits(self, digits: str) -> bool:
        """``digits in self.text``, answered by the ``DigitRuns`` of a long text."""
        runs = self._digit_runs()
        if runs is None or not (digits.isascii() and digits.isdigit()):
            return digits in self.text
        return runs.has(digits)

    def _has_flat_digits(self, digits: str) -> bool:
        """``digits in self._flat_digits()``, answered as ``_has_digits`` answers."""
        if self._runs is None or not (digits.isascii() and digits.isdigit()):
            return digits in self._flat_digits()
        if self._flat_runs is None:
            self._flat_runs = DigitRuns(self._flat_digits())
        return self._flat_runs.has(digits)

    def _digit_runs(self) -> DigitRuns | None:
        """The text's ``DigitRuns`` once it is long and has been asked often enough for
        them to cost less than the searches they save (building them costs about a
        hundred searches); None before."""
        if self._runs is None and len(self.text) >= LONG_TEXT:
            self._asked += 1
            if self._asked > _BUILD_AFTER:
                self._runs = DigitRuns(self.text)
        return self._runs

    @property
    def lower(self) -> str:
        """The text lowercased, with one kind of apostrophe."""
        if self._lower is None:
            self._lower = self.text.lower().replace("’", "'")
        return self._lower

    def _absent(self, keys: tuple[str, ...]) -> bool:
        """Whether one of ``keys`` is surely not in the index, proved without building it.

        Every number the index holds is written with its digits in a row once separators
        are dropped, unless spelled out in words or scaled (adding zeros: "1.5 million"); one of
        up to three digits, and a date's day, as a whole run of digits (grouping needs
        four); every date with a year, with the year's last two digits in a row.
        """
        # Digits in a row in the text are in a row once separators are dropped too: the
        # text is searched first, and flattened (a pass per separator) only when it fails.
        text = self.text
        for key in keys:
            kind, value = key[0], key[1:]
            if kind == "n" and len(value) <= 3 and value.isdigit():
                # in a row, in words, or a fraction of one with a scale ("0.5k" is 500)
                if not self._has_run(value) and not (
                    self._may_spell(((key,),)) or (below_one(text) and self._has_scale())
                ):
                    return True
            elif kind in "nd":
                digits = value.replace(".", "")
                if (
                    not self._has_digits(digits)
                    and not self._has_flat_digits(digits)
                    and not (kind == "n" and self._may_spell(((key,),)))
                    and not (kind == "n" and digits[-1] == "0" and self._has_scale())
                    # a year of a date with two digits of year: "5/3/24" states 2024
                    and not (len(value) == 4 and value[:2] == "20" and short_year(text, value))
                ):
                    return True
            elif (
                (kind in "DY" and not self._has_digits(value[2:4]))
                or (kind in "DM" and not self._has_run(value.rpartition("-")[2]))
                or (kind in "DMYm" and not self._may_date(kind, value))
                or (kind == "v" and value not in text)
                # only a time read in digits gives a "t" key
                or (kind == "t" and int(value.partition(":")[0]) % 12 not in self._hour_set())
            ):
                return True
        return False

    def _has_run(self, digits: str) -> bool:
        """``has_run`` in the text, proved absent at once by a long text's ``DigitRuns``
        (without them ``has_run``'s own search answers: ``digits in text`` first would
        read the text twice)."""
        runs = self._digit_runs()
        if runs is not None and digits.isascii() and digits.isdigit() and not runs.has(digits):
            return False
        return has_run(self.text, digits)

    def _may_date(self, kind: str, value: str) -> bool:
        """Whether a date in the text may be in the month of a date key (``months_dated``)."""
        if self._dated is None:
            self._dated = months_dated(self.text)
        return int(value.split("-")[1 if kind in "DY" else 0]) in self._dated

    def _hour_set(self) -> frozenset[int]:
        """Every hour, modulo 12, that a time in the source could be read with."""
        if self._hours is None:
            self._hours = frozenset(int(h) % 12 for h in _HOUR_RE.findall(self.text))
        return self._hours

    def _flat_digits(self) -> str:
        if self._flat is None:
            flat = self.text
            for separator in _SEPARATORS:
                flat = flat.replace(separator, "")
            self._flat = flat
        return self._flat

    def _has_scale(self) -> bool:
        if self._scaled is None:
            lower = self.lower
            self._scaled = any(w in lower for w in _SCALE_WORDS) or bool(
                _SCALE_RE.search(self.text)
            )
        return self._scaled

    def _may_spell(self, need: tuple[tuple[str, ...], ...]) -> bool:
        values = (key[1:] for alternative in need for key in alternative if key[0] == "n")
        return any(self._has_stem(stem) for value in values for stem in word_stems(value))

    def _has_stem(self, stem: str) -> bool:
        """Whether the text lowercased holds ``stem``; kept for a long text, as the stems
        are few and every value absent from it asks."""
        if len(self.text) < LONG_TEXT:
            return stem in self.lower
        if self._stems is None:
            self._stems = {}
        found = self._stems.get(stem)
        if found is None:
            found = self._stems[stem] = stem in self.lower
        return found

    def _digit_keys(self) -> frozenset[str]:
        if self._digits is None:
            items = digit_items(self.text)
            days: list[str] = []
            if dates := self._month_items():
                items, days = without_days(self.text, items, dates)
            self._digits = keys_of(items) | frozenset(days)
        return self._digits

    def _month_items(self) -> list[Item]:
        if self._months is None:
            # a month name inside a web address is no date, as in a response
            self._months = month_items(self.text, links_of(self.text), source=True)
        return self._months

    def _month_keys(self) -> frozenset[str]:
        if self._month_set is None:
            self._month_set = keys_of(self._month_items())
        return self._month_set

    def _word_keys(self) -> frozenset[str]:
        if self._words is None:
            self._words = keys_of(word_items(self.text))
        return self._words
