"""Settings kept in the database, so everyone working on it shares them.

Each setting has a name, a default and a parser that turns what a user typed into its
value or one sentence saying why not. Values are stored as the text the parser accepted,
with who set them and when (``groundtui config KEY VALUE``).
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundtui.store.connection import Part
from groundtui.store.errors import StoreError
from groundtui.store.rows import now_iso


def _whole_number(text: str, low: float, high: float) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise ValueError(f"{text[:40]!r} is not a whole number") from None
    if not low <= value <= high:
        raise ValueError(f"{text[:40]} is not a whole number from {low:,} to {high:,}")
    return value


def _share(text: str, low: float, high: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text[:40]!r} is not a number") from None
    if not low <= value <= high:  # nan is refused too: it compares false
        raise ValueError(f"{text[:40]} is not between {low:g} and {high:g}")
    return value


def _markdown_file(text: str, low: float, high: float) -> str:
    path = Path(text).expanduser()
    if not path.is_file():
        raise ValueError(f"no file at {text}")
    return str(path.resolve())


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None


@dataclass(frozen=True)
class Setting:
    """One setting: its default, the values it takes, and what it is for.

    ``read`` turns what a user typed, or what the database holds, into the value, or
    raises ``ValueError`` saying why not. Numbers take ``low`` to ``high`` inclusive:
    ``config`` refuses any other and every reader of the setting refuses one written into
    the database some other way. ``content``, when set, reads what the value names (a
    file's text), stored beside it so that everyone on the database sees the same text
    wherever the file lives.
    """

    default: Any
    read: Callable[[str, float, float], Any]
    help: str
    low: float = 0
    high: float = 0
    content: Callable[[str], str] | None = None

    def parse(self, text: str) -> Any:
        """``text`` as this setting's value; ``ValueError`` says why it is not one."""
        return self.read(text, self.low, self.high)

    @property
    def values(self) -> str:
        """The values it takes, as ``config --help`` and README.md "Configuration" say them."""
        if self.read is _whole_number:
            return f"{self.low:,} to {self.high:,}"
        if self.read is _share:
            return f"{self.low:g} to {self.high:g}"
        return "a file"

    @property
    def shown_default(self) -> str:
        """The default as ``config`` prints it, or ``none``."""
        return str(self.default) if self.default != "" else "none"


SETTINGS: dict[str, Setting] = {
    "max_answer_chars": Setting(
        1_000_000,
        _whole_number,
        "the longest question or response an import accepts, in characters; a longer one is a bad line",
        low=1,
        high=100_000_000,
    ),
    "max_source_chars": Setting(
        5_000_000,
        _whole_number,
        "the longest source text an import accepts, in characters; a longer one is a bad line",
        low=1,
        high=100_000_000,
    ),
    "overlap": Setting(
        0.0,
        _share,
        "the share of answers that get two independent reviews, chosen by their ids",
        low=0,
        high=1,
    ),
    "lease_minutes": Setting(
        15,
        _whole_number,
        "how long an answer a reviewer left unfinished stays theirs, in minutes",
        low=1,
        high=7 * 24 * 60,  # a week: a lease far longer is an answer lost to the team
    ),
    "guidelines": Setting(
        "",
        _markdown_file,
        "a Markdown file of review guidelines; its text is stored, and `g` shows it",
        content=_read_text,
    ),
    "control_share": Setting(
        0.05,
        _share,
        "the share of unflagged answers that `judge` also judges, chosen by their ids:"
        " the control sample that measures what the mechanical check misses",
        low=0,
        high=1,
    ),
}


class SettingsError(StoreError, ValueError):
    """A setting name that does not exist, or a value it cannot take; says which.

    A ``StoreError``: a bad value found in the database is one line for the user, whatever
    command read it.
    """


def setting_named(key: str) -> Setting:
    """The setting named ``key``.

    Raises:
        SettingsError: there is no such setting; the message lists those there are.
    """
    if key not in SETTINGS:
        raise SettingsError(f"no setting {key!r}; the settings are: {', '.join(SETTINGS)}")
    return SETTINGS[key]


def parse_setting(key: str, text: str) -> Any:
    """``text`` read as the value of setting ``key``.

    Raises:
        SettingsError: the key is unknown or the value not one it takes.
    """
    try:
        return setting_named(key).parse(text)
    except ValueError as exc:
        raise SettingsError(f"{key}: {exc}") from None


def _stored(path: str, key: str, text: str) -> Any:
    """A stored value as the setting holds it; one that names a file (whose text is stored
    beside it) is the name as given, whether or not the file is still there.

    Raises:
        SettingsError: the database holds a value the setting does not take (written there
            by another program); says which and how to set it.
    """
    setting = SETTINGS[key]
    if setting.content is not None:
        return text
    try:
        return setting.parse(str(text))
    except ValueError as exc:
        raise SettingsError(
            f"{path} holds a bad value for the setting {key}: {exc}; "
            f"set it with `groundtui config {key} VALUE`"
        ) from None


class SettingsWrites(Part):
    """Reading and writing the settings table (``Store.settings``)."""

    def all(self) -> dict[str, Any]:
        """Every setting's value: the stored one, else its default."""
        stored = {row["key"]: row["value"] for row in self.query("select key, value from settings")}
        return {
            key: _stored(self.path, key, stored[key]) if key in stored else setting.default
            for key, setting in SETTINGS.items()
        }

    def get(self, key: str) -> Any:
        """One setting's value: the stored one, else its default."""
        setting = setting_named(key)
        row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        return setting.default if row is None else _stored(self.path, key, row[0])

    def set(self, key: str, text: str, *, by: str | None = None) -> Any:
        """Store ``text`` as setting ``key`` (after checking it) and return the value.

        Raises:
            SettingsError: the key is unknown or the value not one it takes.
        """
        value = parse_setting(key, text)
        reader = SETTINGS[key].content
        try:
            content = reader(value) if reader else None
        except ValueError as exc:
            raise SettingsError(f"{key}: {exc}") from None
        with self.transaction():
            self.db.table("settings").upsert(
                {
                    "key": key,
                    "value": str(value),
                    "content": content,
                    "set_by": by or getpass.getuser(),
                    "set_at": now_iso(),
                },
                pk="key",
            )
        return value

    def content(self, key: str) -> str | None:
        """The text stored with setting ``key`` (the guidelines' Markdown), if any."""
        setting_named(key)
        return self.scalar("select content from settings where key = ?", [key])
