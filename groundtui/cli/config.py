"""``groundtui config``: the settings shared by everyone on the database."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.store import SETTINGS, SettingsError, setting_named


def _help() -> str:
    """The command's help: every setting, the values it takes and its default, from the one
    table of settings (``groundtui.store.settings.SETTINGS``)."""
    import textwrap

    lines = []
    for name, setting in SETTINGS.items():
        lines.append(f"{name}: {setting.values}, default {setting.shown_default}")
        lines += textwrap.wrap(setting.help, 72, initial_indent="  ", subsequent_indent="  ")
    return (
        "Print every setting as KEY VALUE lines, print one (KEY), or set one (KEY VALUE).\n\n"
        "Settings live in the database, so everyone working on it shares them:\n\n"
        "\b\n" + "\n".join(lines)
    )


@click.command("config", help=_help())
@click.argument("key", required=False)
@click.argument("value", required=False)
@db_option
@user_errors
def config(key: str | None, value: str | None, db_path: str | None) -> None:
    if key is not None:
        try:
            setting_named(key)  # before opening the database: a typo needs no file
        except SettingsError as exc:
            raise UserError(str(exc)) from None
    with open_store(db_path, create=value is not None, reading=value is None) as store:
        if key is None:
            values = store.settings.all()
        elif value is None:
            values = {key: store.settings.get(key)}
        else:
            # Only this one is read back: a bad value of another setting stays fixable.
            values = {key: store.settings.set(key, value)}
    for name, shown in values.items():
        click.echo(f"{name} {shown}")
