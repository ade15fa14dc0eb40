"""``groundtui import``: load answers from JSON Lines files."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import user_errors
from groundtui.store import default_db_path
from groundtui.text.inert import shown


@click.command("import")
@click.argument("files", nargs=-1, required=True, metavar="FILE…")
@click.option("--skip-invalid", is_flag=True, help="Import the good lines; list the bad ones.")
@db_option
@user_errors
def import_cmd(files: tuple[str, ...], skip_invalid: bool, db_path: str | None) -> None:
    """Load answers from JSON Lines FILEs ("-" reads stdin)."""
    from groundtui.importer import import_files

    path = Path(db_path or default_db_path())
    existed, written = path.exists(), False
    try:
        with open_store(str(path), create=True) as store:
            result = import_files(store, list(files), skip_invalid=skip_invalid)
            written = result.written
    finally:
        if not existed and not written:
            # Nothing imported into a database this command created: leave no file behind.
            for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                leftover.unlink(missing_ok=True)
    for bad in result.bad:
        click.echo(f"groundtui: {shown(str(bad)).text}", err=True)
    if result.bad and not skip_invalid:
        click.echo(
            f"groundtui: nothing imported: {len(result.bad)} bad line(s); fix them or "
            "pass --skip-invalid", err=True)
    else:
        click.echo(
            f"Imported {result.answers} answers, {result.sources} sources, {result.claims} "
            f"claims, {result.reviews} reviews; {result.unchanged} unchanged; "
            f"{len(result.bad)} lines skipped.")
    sys.exit(result.exit_code)
