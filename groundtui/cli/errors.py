"""Mistakes a user can fix: one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from typing import Any

import click

from groundtui.store import StoreError, default_db_path, describe_error, is_damage
from groundtui.text.inert import shown


class UserError(click.ClickException):
    """A mistake a user can fix: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"groundtui: {shown(self.format_message()).text}", err=True)


def user_errors(fn: Callable) -> Callable:
    """Turn the core's user-facing exceptions into one line on stderr and exit code 2.

    Besides the core's own errors, a ``sqlite3`` error that reaches a command (a read that
    streams, a write outside the store) becomes one line when it is about the file — a
    damaged database, a lock, a full disk — naming the command's ``--db``; any other
    ``sqlite3`` error is a bug and keeps its traceback.
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from groundtui.importing.formats import InputError

        try:
            return fn(*args, **kwargs)
        except (StoreError, InputError) as exc:
            raise UserError(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            if not (isinstance(exc, sqlite3.OperationalError) or is_damage(exc)):
                raise
            params = click.get_current_context().params
            path = params.get("db_path") or default_db_path()
            raise UserError(describe_error(str(path), exc)) from None

    return wrapper
