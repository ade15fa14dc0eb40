"""Mistakes a user can fix: one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from groundtui.store import StoreError
from groundtui.text.inert import shown


class UserError(click.ClickException):
    """A mistake a user can fix: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"groundtui: {shown(self.format_message()).text}", err=True)


def user_errors(fn: Callable) -> Callable:
    """Turn the core's user-facing exceptions into one line on stderr and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from groundtui.importer import InputError

        try:
            return fn(*args, **kwargs)
        except (StoreError, InputError) as exc:
            raise UserError(str(exc)) from None

    return wrapper
