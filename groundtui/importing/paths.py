"""The one path grammar of ``--map FIELD=PATH`` (docs/formats.md "Fields named with --map").

A path is keys joined by ``.``; ``[]`` after a key goes over every item of the list there,
``[n]`` takes one item (from 0): ``inputs.question``, ``outputs.documents[].page_content``,
``generations[0][0].text``. A key that itself holds dots (an OpenTelemetry attribute,
``attributes.input.value``) is found as it is: at an object, the longest run of the path's
next keys that the object has is taken as one key. A string met where the path goes on is
read as the JSON it holds, else as the Python literal (``repr``, as pandas writes a dict
into CSV) with ``ast.literal_eval``, never ``eval``. A column's name is a one-step path.

Reading a path that finds nothing raises ``PathMiss`` naming the first step that did not
match and what was there.
"""

from __future__ import annotations

import ast
import math
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from groundtui.json_input import read_json
from groundtui.text.inert import quoted

_STEP = re.compile(r"([^.\[\]]+)?((?:\[\d*\])*)")
_INDEX = re.compile(r"\[(\d*)\]")
MAX_INDEX = 10**6
"""The largest ``[n]`` a path may hold: no answer has more items than this."""


class PathMiss(ValueError):
    """A path that found nothing, saying at which step and what was there."""


@dataclass(frozen=True)
class Step:
    """One key of a path (None: the value itself) and the list indexes after it
    (None for ``[]``)."""

    key: str | None
    indexes: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class KeyPath:
    """A parsed path; ``text`` as it was written."""

    text: str
    steps: tuple[Step, ...]

    @property
    def many(self) -> bool:
        """Whether the path goes over a list's items (``[]``), finding a value for each."""
        return any(i is None for s in self.steps for i in s.indexes)

    @property
    def top(self) -> str | None:
        """The record's key the path starts at (a table's column)."""
        return self.steps[0].key

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> KeyPath:
    """``text`` as a path.

    Raises:
        ValueError: an empty step (``a..b``), a bracket that is not ``[]`` or ``[n]``, or
            an index past ``MAX_INDEX``.
    """
    if not text:
        raise ValueError("an empty PATH")
    steps: list[Step] = []
    for part in text.split("."):
        match = _STEP.fullmatch(part)
        if match is None or not part:
            raise ValueError(
                f"PATH {quoted(text)}: {quoted(part) if part else 'an empty step'} is not a key "
                "with [] or [n] after it (keys are joined by '.')"
            )
        indexes: list[int | None] = []
        for digits in _INDEX.findall(match[2] or ""):
            if digits and (len(digits) > 7 or int(digits) > MAX_INDEX):
                raise ValueError(f"PATH {quoted(text)}: [{digits[:12]}] is past any list")
            indexes.append(int(digits) if digits else None)
        if match[1] is None and steps:
            raise ValueError(f"PATH {quoted(text)}: {quoted(part)} has no key before its [")
        steps.append(Step(match[1], tuple(indexes)))
    return KeyPath(text, tuple(steps))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _keys(value: dict[str, Any]) -> str:
    names = [quoted(k) for k in list(value)[:8]]
    more = f" and {len(value) - 8} more" if len(value) > 8 else ""
    return ", ".join(names) + more if names else "none"


class Reader:
    """Paths read in one record; a string read as JSON or a literal once, however many
    paths go through it."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self._parsed: dict[int, tuple[str, Any]] = {}

    def values(self, path: KeyPath) -> list[Any]:
        """Every value ``path`` finds: one, or one an item where it goes over a list.

        Raises:
            PathMiss: a key missing, an index past the list's end, or a value that is
                neither an object nor a list where the path goes on.
        """
        found: list[Any] = []
        self._walk(self.record, path.steps, 0, "", found)
        return found

    def value(self, path: KeyPath) -> Any:
        """The one value ``path`` finds (a list, when it goes over one)."""
        found = self.values(path)
        return found if path.many else found[0]

    def _open(self, value: Any, where: str) -> Any:
        """``value`` itself, or the object or list a string holds as JSON or a literal."""
        if not isinstance(value, str):
            return value
        cached = self._parsed.get(id(value))
        if cached is not None and cached[0] is value:
            return cached[1]
        if value.lstrip()[:1] not in ("{", "["):
            return value
        found = opened(value)
        if found is None:
            raise PathMiss(f"{quoted(where)} is text that is neither JSON nor a Python literal")
        self._parsed[id(value)] = (value, found)
        return found

    def _walk(
        self, value: Any, steps: tuple[Step, ...], at: int, where: str, found: list[Any]
    ) -> None:
        if at == len(steps):
            found.append(value)
            return
        step = steps[at]
        if step.key is not None:
            value = self._open(value, where or "the record")
            if not isinstance(value, dict):
                raise PathMiss(f"{quoted(where)} is {_kind(value)}, not an object")
            key, at = self._key(value, steps, at, where)
            where = f"{where}.{key}" if where else key
            value = value[key]
            step = steps[at]
        for n, index in enumerate(step.indexes):
            value = self._open(value, where)
            if not isinstance(value, list):
                raise PathMiss(f"{quoted(where)} is {_kind(value)}, not a list")
            if index is None:
                rest = Step(None, step.indexes[n + 1 :])
                for i, item in enumerate(value):
                    self._walk(item, (rest, *steps[at + 1 :]), 0, f"{where}[{i}]", found)
                return
            if index >= len(value):
                raise PathMiss(f"{quoted(where)} is {_kind(value)}, so has no [{index}]")
            value, where = value[index], f"{where}[{index}]"
        self._walk(value, steps, at + 1, where, found)

    @staticmethod
    def _key(
        value: dict[str, Any], steps: tuple[Step, ...], at: int, where: str
    ) -> tuple[str, int]:
        """The key of ``value`` the path names at ``steps[at]``: the longest run of the
        path's keys from there that ``value`` has, joined by dots; and the run's last step."""
        last = at
        while last + 1 < len(steps) and not steps[last].indexes and steps[last + 1].key:
            last += 1
        for end in range(last, at - 1, -1):
            key = ".".join(str(s.key) for s in steps[at : end + 1])
            if key in value:
                return key, end
        inside = quoted(where) if where else "the record"
        raise PathMiss(f"no key {quoted(steps[at].key)} in {inside} (its keys: {_keys(value)})")


def opened(text: str) -> Any:
    """The object or list ``text`` holds as JSON, else as a Python literal (the ``repr``
    pandas writes of a dict or list, read with ``ast.literal_eval``); None when neither."""
    stripped = text.strip()
    try:
        return read_json(stripped)
    except ValueError:
        pass
    try:
        value = ast.literal_eval(stripped)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, tokenize.TokenError):
        return None
    try:
        return _as_json(value) if isinstance(value, dict | list) else None
    except (ValueError, RecursionError):
        return None


def _as_json(value: Any) -> Any:
    """A literal's value as JSON holds it (a tuple as a list); ``ValueError`` for what JSON
    cannot hold (bytes, a set, a complex number, an infinite float, a key not text)."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise ValueError("a number past 64 bits")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        return value
    if isinstance(value, list | tuple):
        return [_as_json(v) for v in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _as_json(v) for k, v in value.items()}
    raise ValueError(f"{type(value).__name__} is not JSON")


def suggest(
    record: dict[str, Any], names: dict[str, tuple[str, ...]], depth: int = 4
) -> dict[str, str]:
    """Where a record probably keeps each field: for each field of ``names`` (a field and
    the keys that would hold it), the first path (breadth first, ``depth`` steps at most)
    to a key so named; a list of objects is gone into through its first item, as ``[]``.

    For a refusal's ``--map`` suggestion: the paths are checked to find a value.
    """
    out: dict[str, str] = {}
    for field, keys in names.items():
        for path, value in _walk_paths(record, depth):
            if path.rsplit(".", 1)[-1].removesuffix("[]") in keys and value not in (None, ""):
                out[field] = path
                break
    return out


def _walk_paths(record: dict[str, Any], depth: int) -> Iterator[tuple[str, Any]]:
    """Every path of ``record`` to ``depth`` steps with its value, breadth first (a
    list's first item standing for all of them)."""
    level: list[tuple[str, Any]] = [("", record)]
    for _ in range(depth):
        below: list[tuple[str, Any]] = []
        for where, value in level:
            if isinstance(value, dict):
                for key, item in value.items():
                    if not isinstance(key, str) or not key or "[" in key:
                        continue
                    path = f"{where}.{key}" if where else key
                    if isinstance(item, list) and item and isinstance(item[0], dict):
                        yield path, item
                        below.append((f"{path}[]", item[0]))
                        continue
                    yield path, item
                    below.append((path, item))
        level = below
