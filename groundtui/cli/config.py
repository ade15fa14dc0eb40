"""``groundtui config``: the settings shared by everyone on the database."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.store.settings import SETTINGS, SettingsError, known


@click.command("config")
@click.argument("key", required=False)
@click.argument("value", required=False)
@db_option
@user_errors
def config(key: str | None, value: str | None, db_path: str | None) -> None:
    """Print every setting as KEY VALUE lines, print one (KEY), or set one (KEY VALUE).

    Settings live in the database, so everyone working on it shares them:

    \b
    max_answer_chars  the longest response an import accepts (default 1000000)
    max_source_chars  the longest source text an import accepts (default 5000000)
    overlap           the share of answers (0-1) reviewed twice, independently (default 0)
    lease_minutes     how long an answer you left unfinished stays yours (default 15)
    guidelines        a Markdown file of review guidelines; its text is stored (`g` shows it)
    control_share     the share of unflagged answers (0-1) `judge` also judges (default 0.05)
    """
    if key is not None:
        try:
            known(key)  # before opening the database: a typo needs no file
        except SettingsError as exc:
            raise UserError(str(exc)) from None
    with open_store(db_path, create=value is not None, reading=value is None) as store:
        try:
            if value is not None:
                assert key is not None  # click fills KEY before VALUE
                store.set_setting(key, value)
            values = store.settings()
        except SettingsError as exc:
            raise UserError(str(exc)) from None
    for name in [key] if key else SETTINGS:
        click.echo(f"{name} {values[name]}")
