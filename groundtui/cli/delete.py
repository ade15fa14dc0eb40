"""``groundtui delete``: forget answers on request, with every row that belongs to them."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.text.counts import plural


def parse_where(where: str) -> tuple[str, str]:
    """``(field, value)`` of ``--where FIELD=VALUE``; a bad one is one line for the user."""
    from groundtui.store import meta_path, split_where

    try:
        field, value = split_where(where)
        meta_path(field)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    return field, value


@click.command("delete")
@click.option(
    "--answer",
    "answers",
    multiple=True,
    metavar="ID",
    help="An answer to delete (repeatable; more ids may follow it).",
)
@click.argument("more", nargs=-1, metavar="[ID…]")
@click.option(
    "--where",
    metavar="FIELD=VALUE",
    help="Delete the answers whose id or meta.KEY reads VALUE, compared in NFC. KEY is a "
    'dotted path (meta.user.id); a key holding a dot goes in double quotes (meta."a.b"=x), '
    "a quote inside it doubled.",
)
@click.option("--dry-run", is_flag=True, help="Show what would be deleted; change nothing.")
@db_option
@user_errors
def delete(
    answers: tuple[str, ...],
    more: tuple[str, ...],
    where: str | None,
    dry_run: bool,
    db_path: str | None,
) -> None:
    """Delete answers and every row that belongs to them (docs/reliability.md "Forgetting
    answers")."""
    from groundtui.json_input import nfc
    from groundtui.judge.llm.cache import prompt_keys

    options = {o for param in click.get_current_context().command.params for o in param.opts}
    taken = next((i for i in answers if i in options), None)
    if taken is not None:  # `--answer --dry-run ID` would delete ID for real
        raise UserError(
            f"--answer took {taken!r} for an id: put the ids right after "
            "--answer; nothing was deleted"
        )
    if bool(answers) == bool(where):
        raise UserError("give exactly one of --answer ID… and --where FIELD=VALUE")
    if more and not answers:
        raise UserError(f"unexpected argument {more[0]!r}: ids follow --answer")
    wanted = [nfc(i) for i in (*answers, *more)]
    selector = parse_where(where) if where else None
    with open_store(db_path, readonly=dry_run) as store:
        if selector is None:
            ids = store.deletes.known_answers(wanted)
            for missing in sorted(set(wanted) - set(ids), key=wanted.index):
                click.echo(f"groundtui: not found: {_shown(missing)}", err=True)
        else:
            field, value = selector
            ids = store.deletes.answers_where(field, value)
        if not ids:
            what = f"{selector[0]} = {selector[1]!r}" if selector else "those ids"
            click.echo(f"No answer has {_shown(what)}; nothing deleted.")
            return
        keys = prompt_keys(store, ids)
        done = store.deletes.plan(ids, keys) if dry_run else store.deletes.forget(ids, keys)
        left = store.deletes.unattributed_completions()
    verb = "Would delete" if dry_run else "Deleted"
    click.echo(f"{verb} {plural(len(ids), 'answer')}: {', '.join(map(_shown, ids))}")
    for kind, n in done.rows.items():
        kept = (
            f"  ({done.kept_sources} kept: other answers cite them)"
            if kind == "sources" and done.kept_sources
            else ""
        )
        click.echo(f"  {kind:<15}{n:>8,}{kept}")
    if left:
        click.echo(
            f"Note: {plural(left, 'cached completion')} in the database predate "
            'groundtui recording whose they are; see docs/reliability.md "Forgetting answers".'
        )


def _shown(value: str) -> str:
    from groundtui.text.inert import one_line

    return one_line(value)
