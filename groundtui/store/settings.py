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

from groundtui.store.connection import Connection
from groundtui.store.rows import now_iso


def _positive_int(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise ValueError(f"{value} is not a positive number")
    return value


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise ValueError(f"{value} is not between 0 and 1")
    return value


def _markdown_file(text: str) -> str:
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
    """One setting: its default, how a typed value is read, and what it is for.

    ``content``, when set, reads what the value names (a file's text), stored beside it
    so that everyone on the database sees the same text wherever the file lives.
    """

    default: Any
    parse: Callable[[str], Any]
    help: str
    content: Callable[[str], str] | None = None


SETTINGS: dict[str, Setting] = {
    "max_answer_chars": Setting(
        1_000_000,
        _positive_int,
        "the longest response an import accepts, in characters; a longer one is a bad line",
    ),
    "max_source_chars": Setting(
        5_000_000,
        _positive_int,
        "the longest source text an import accepts, in characters; a longer one is a bad line",
    ),
    "overlap": Setting(
        0.0,
        _share,
        "the share of answers (0-1) that get two independent reviews, chosen by their ids",
    ),
    "lease_minutes": Setting(
        15,
        _positive_int,
        "how long an answer a reviewer left unfinished stays theirs, in minutes",
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
        "the share of unflagged answers (0-1) that `judge` also judges, chosen by their ids:"
        " the control sample that measures what the mechanical check misses",
    ),
}


class SettingsError(ValueError):
    """A setting name that does not exist, or a value it cannot take; says which."""


def known(key: str) -> Setting:
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
        return known(key).parse(text)
    except ValueError as exc:
        raise SettingsError(f"{key}: {exc}") from None


def _stored(setting: Setting, text: str) -> Any:
    """A stored value as the setting holds it; one that names a file (whose text is stored
    beside it) is the name as given, whether or not the file is still there."""
    return text if setting.content is not None else setting.parse(text)


class SettingsStore(Connection):
    """Reading and writing the settings table."""

    def settings(self) -> dict[str, Any]:
        """Every setting's value: the stored one, else its default."""
        stored = {row["key"]: row["value"] for row in self.query("select key, value from settings")}
        return {
            key: _stored(setting, stored[key]) if key in stored else setting.default
            for key, setting in SETTINGS.items()
        }

    def setting(self, key: str) -> Any:
        """One setting's value: the stored one, else its default."""
        setting = known(key)
        row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        return setting.default if row is None else _stored(setting, row[0])

    def set_setting(self, key: str, text: str, *, by: str | None = None) -> Any:
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

    def setting_content(self, key: str) -> str | None:
        """The text stored with setting ``key`` (the guidelines' Markdown), if any."""
        known(key)
        return self.scalar("select content from settings where key = ?", [key])
