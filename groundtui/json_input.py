"""One input line read as a JSON record, every value checked where it is read.

Python's ``json`` accepts what the rest of the product cannot hold: a lone surrogate
("\\ud800", which no UTF-8 file or SQLite text can carry), nesting deep enough to exhaust
the recursion limit of whatever walks it next, numbers of thousands of digits (``int()``
refuses past 4,300) or beyond SQLite's 64-bit integers. Each is refused here, naming the
field, so that a bad line is one sentence and never a traceback further on. So is a time
that is not ISO 8601 with a zone (``parse_instant``, ``aware``).
"""

from __future__ import annotations

import json
import math
import unicodedata
from datetime import UTC, datetime
from typing import Any

from groundtui.text.inert import quoted

MAX_DEPTH = 64
"""Objects and arrays nested deeper than this are refused (a ``meta`` 900 deep was seen)."""
INT64 = 2**63 - 1
MAX_RECORD_BYTES = 16 * 2**20
"""The longest line of JSON Lines: a longer one is a bad line, passed over unread into memory
(a 100 MB ``question`` took 1 GB to import)."""
MAX_SOURCES = 1000
"""The most sources of one answer (100,000 took the review screen 44 s and 2 GB to open)."""
MAX_CLAIMS = 1000
"""The most claims of one answer, as imported (retired ones included in an answers record)."""


class _BigNumber:
    """A JSON number too large to keep, remembered for the message."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        digits = len(self.text.lstrip("-"))
        return self.text if digits <= 30 else f"a number of {digits:,} digits"


def _read_int(text: str) -> int | _BigNumber:
    # Past 19 digits no value fits SQLite's integers; past 4,300 int() itself refuses.
    if len(text.lstrip("-")) > 19:
        return _BigNumber(text)
    number = int(text)
    return number if -INT64 - 1 <= number <= INT64 else _BigNumber(text)


def _read_float(text: str) -> float | _BigNumber:
    number = float(text)
    # "1e400" reads as infinity, which JSON cannot write back
    return number if math.isfinite(number) else _BigNumber(text)


def _reject_constant(name: str) -> None:
    # Python's json reads NaN and Infinity; JSON has no such values.
    raise ValueError(f"not JSON ({name} is not a JSON value)")


def read_record(raw: bytes) -> dict[str, Any]:
    """One JSON Lines line as a JSON object whose every value the product can hold.

    Raises:
        ValueError: with one sentence naming what is wrong and, where a value is, its field
            (``claims.0.citation``, as pydantic names fields).
    """
    record = read_json(raw)
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    _check(record, "", 0)
    return record


def read_json(raw: bytes | str) -> Any:
    """Any JSON text, its numbers read as ``read_record`` reads them (not yet checked).

    Raises:
        ValueError: not UTF-8, not JSON, or nested too deep.
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (byte {exc.start})") from None
    try:
        return json.loads(
            text, parse_constant=_reject_constant, parse_int=_read_int, parse_float=_read_float
        )
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None


def decoder() -> json.JSONDecoder:
    """A decoder reading numbers and constants as ``read_json`` does, for ``raw_decode``."""
    return json.JSONDecoder(
        parse_constant=_reject_constant, parse_int=_read_int, parse_float=_read_float
    )


def check_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` (read from any format) if its every value can be kept; see ``read_record``."""
    _check(record, "", 0)
    return record


def _check(value: Any, path: str, depth: int) -> None:
    """Raise ``ValueError`` at the first value under ``path`` that cannot be kept."""
    if depth > MAX_DEPTH:
        top = path.split(".", 1)[0].split("[", 1)[0]
        raise ValueError(f"field '{top}': nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        _check_text(value, path)
    elif isinstance(value, _BigNumber):
        raise ValueError(f"field '{path}': {value} is out of range")
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else key
            _check_text(key, where)
            if key == "citation" and isinstance(item, _BigNumber) and path.startswith("claims."):
                # A citation past SQLite's integers names no source of any answer: it is a
                # dangling citation like "[3]" of two, kept at the largest number storable.
                value[key] = INT64
                continue
            _check(item, where, depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check(item, f"{path}.{i}", depth + 1)


def _check_text(text: str, path: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(text[exc.start])
            raise ValueError(
                f"field '{path}': holds a lone surrogate (U+{code:04X}), which is not text"
            ) from None


def reviewer_name(name: str) -> str:
    """A reviewer's name as kept: without the spaces around it ("DANA " is Dana)."""
    if not name.strip():
        raise ValueError("a reviewer needs a name")
    return name.strip()


def nfc(identifier: str) -> str:
    """An id in NFC, so that one id spelled with composed or decomposed accents is one id.

    Raises:
        ValueError: the id holds a NUL (see ``without_nul``).
    """
    without_nul(identifier, "an id")
    return nfc_text(identifier)


def nfc_text(text: str) -> str:
    """``text`` in NFC: composed and decomposed spellings of one text are one text."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def without_nul(text: str, what: str) -> str:
    """``text``, a key of rows (an id, an origin), if it holds no NUL character.

    SQLite's JSON functions end a string at a NUL, and claims' cited sources and answers'
    origins are counted through them: "web\\0x" would be counted as "web" beside itself.

    Raises:
        ValueError: one sentence saying so.
    """
    if "\x00" in text:
        raise ValueError(f"holds a NUL character (U+0000), which {what} cannot hold")
    return text


def aware(moment: datetime) -> datetime:
    """``moment`` if it has a zone and is in the years 1-9999 in UTC, as the store keeps times.

    Raises:
        ValueError: one sentence saying which.
    """
    if moment.tzinfo is None:
        raise ValueError("must be ISO 8601 with a zone, e.g. 2026-11-30T10:12:00Z")
    try:
        moment.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:00:00+14:00 is in the year 0 in UTC
        raise ValueError(f"{moment.isoformat()} is outside the years 1-9999 in UTC") from None
    return moment


EPOCH_UNITS = ((1e11, 1), (1e14, 10**3), (1e17, 10**6), (math.inf, 10**9))
"""A number of seconds since 1970 below 1e11 (the year 5138), of ms below 1e14, of µs below
1e17, else of ns: each unit's range holds every time from 1973 to past 5000."""


def instant(value: Any) -> str | None:
    """When something happened, as UTC ISO 8601 with microseconds (``2026-12-06T04:25:08.307845Z``),
    from ISO 8601 text (one without a zone is taken as UTC, as tools that write local
    times without one mostly run in UTC) or a number (or digits) since 1970 in seconds,
    ms, µs or ns, told apart by its size (``EPOCH_UNITS``). None for None or "".

    Raises:
        ValueError: ``value`` reads as no time, or as one outside the years 1-9999.
    """
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip()) if len(value.strip()) <= 25 else value
    if isinstance(value, int | float) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise ValueError(f"{value} is not a time")
        per_second = int(next(unit for limit, unit in EPOCH_UNITS if abs(value) < limit))
        try:
            if isinstance(value, int):  # whole units, to the microsecond without a float's loss
                seconds, part = divmod(value, per_second)
                moment = datetime.fromtimestamp(seconds, UTC).replace(
                    microsecond=part * 1_000_000 // per_second
                )
            else:
                moment = datetime.fromtimestamp(value / per_second, UTC)
        except (OverflowError, OSError, ValueError):
            raise ValueError(f"{value} is outside the years 1-9999") from None
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(f"{quoted(value)} is not ISO 8601 (2026-11-30T10:12:00Z)") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
    else:
        raise ValueError(f"{type(value).__name__} is not a time")
    try:
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    except (OverflowError, ValueError):
        raise ValueError(f"{quoted(value)} is outside the years 1-9999 in UTC") from None


def parse_instant(text: str) -> datetime:
    """An ISO 8601 time with a zone ("Z" for UTC), checked as ``aware`` checks it.

    Raises:
        ValueError: one sentence naming what is wrong.
    """
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(
            f"{quoted(text)} is not ISO 8601 with a zone, e.g. 2026-11-30T10:12:00Z"
        ) from None
    return aware(moment)
