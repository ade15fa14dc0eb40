"""``groundtui report`` and ``groundtui judges``: what the database says, printed."""

from __future__ import annotations

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.store import Store
from groundtui.text.inert import QUOTED, json_inert, one_line, quoted


def check_judge(store: Store, judge_name: str | None) -> None:
    """Refuse ``--judge NAME`` (report, export) when NAME has no verdicts in ``store``."""
    if judge_name is None:
        return
    from groundtui.report import judges

    known = judges(store)
    if judge_name not in known:
        listed = ", ".join(one_line(name, QUOTED) for name in known) or "none yet"
        raise UserError(f"no judgements by {quoted(judge_name)}; judges in {store.path}: {listed}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report's keys as JSON.")
@click.option("--judge", "judge_name", default=None, help="Whose verdicts [default: latest].")
@click.option(
    "--compare",
    nargs=2,
    default=None,
    metavar="A B",
    help="Two judges side by side on the claims both judged: each a judge's name "
    "(its latest verdicts) or name@prompt_version (see `groundtui judges`).",
)
@db_option
@user_errors
def report(
    as_json: bool, judge_name: str | None, compare: tuple[str, str] | None, db_path: str | None
) -> None:
    """Print the groundedness report."""
    import json

    from groundtui import report as reports

    if compare:
        _compare(db_path, compare, as_json)
        return
    with open_store(db_path, reading=True) as store:
        check_judge(store, judge_name)
        result = reports.compute(store, judge=judge_name)
    if as_json:
        click.echo(json_inert(json.dumps(result, indent=2, ensure_ascii=False)))
        return
    from groundtui.report.render import show

    show(result, judge=judge_name)


def _compare(db_path: str | None, names: tuple[str, str], as_json: bool) -> None:
    """``report --compare A B``."""
    import json

    from groundtui.report.compare import UnknownJudge, compare, resolve

    with open_store(db_path, reading=True) as store:
        try:
            a, b = resolve(store, names[0]), resolve(store, names[1])
        except UnknownJudge as exc:
            raise UserError(str(exc)) from None
        result = compare(store, a, b)
    if as_json:
        click.echo(json_inert(json.dumps(result, indent=2, ensure_ascii=False)))
        return
    from rich.console import Console

    from groundtui.report.render_compare import comparison

    Console(highlight=False).print(comparison(result))


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@db_option
@user_errors
def judges(as_json: bool, db_path: str | None) -> None:
    """List the judges with verdicts: prompt versions, claims judged, calls, cost."""
    import json

    from groundtui.report.compare import judges as listed

    with open_store(db_path, reading=True) as store:
        rows = listed(store)
    if as_json:
        click.echo(json_inert(json.dumps(rows, indent=2, ensure_ascii=False)))
        return
    from rich.console import Console

    from groundtui.report.render_compare import judges_table

    Console(highlight=False).print(judges_table(rows))
