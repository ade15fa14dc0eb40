"""Settings kept in the database, so everyone working on it shares them.

Each setting has a name, a default and a parser that turns what a user typed into its
value or one sentence saying why not. Values are stored as the text the parser accepted,
with who set them and when (``groundtui config KEY VALUE``).
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Setting:
    """One setting: its default, how a typed value is read, and what it is for."""

    default: Any
    parse: Callable[[str], Any]
    help: str


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


class SettingsStore(Connection):
    """Reading and writing the settings table."""

    def settings(self) -> dict[str, Any]:
        """Every setting's value: the stored one, else its default."""
        stored = {row["key"]: row["value"] for row in self.query("select key, value from settings")}
        return {
            key: setting.parse(stored[key]) if key in stored else setting.default
            for key, setting in SETTINGS.items()
        }

    def setting(self, key: str) -> Any:
        """One setting's value: the stored one, else its default."""
        setting = known(key)
        row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        return setting.default if row is None else setting.parse(row[0])

    def set_setting(self, key: str, text: str, *, by: str | None = None) -> Any:
        """Store ``text`` as setting ``key`` (after checking it) and return the value.

        Raises:
            SettingsError: the key is unknown or the value not one it takes.
        """
        value = parse_setting(key, text)
        with self.transaction():
            self.db.table("settings").upsert(
                {
                    "key": key,
                    "value": str(value),
                    "set_by": by or getpass.getuser(),
                    "set_at": now_iso(),
                },
                pk="key",
            )
        return value
