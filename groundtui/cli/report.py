"""``groundtui report`` and ``groundtui judges``: what the database says, printed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.store import Store

if TYPE_CHECKING:
    from groundtui.report import Report
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
@click.option(
    "--by",
    "by",
    default=None,
    metavar="KEY",
    help="Also the numbers per group: origin, meta.NAME (a key of the answers' meta), "
    "or the day, week or month of answered_at.",
)
@click.option(
    "--html",
    "html_path",
    default=None,
    metavar="FILE",
    help="Write the report as one self-contained HTML page with charts, which opens offline.",
)
@db_option
@user_errors
def report(
    as_json: bool,
    judge_name: str | None,
    compare: tuple[str, str] | None,
    by: str | None,
    html_path: str | None,
    db_path: str | None,
) -> None:
    """Print the groundedness report."""
    import json

    from groundtui import report as reports
    from groundtui.report.groups import meta_path

    if compare:
        if by is not None or html_path is not None:
            raise UserError("--by and --html go with the report, not with --compare")
        _compare(db_path, compare, as_json)
        return
    if by is not None:
        try:  # before the database is opened
            meta_path(by)
        except ValueError as exc:
            raise UserError(str(exc)) from None
    if html_path is not None:
        refuse_target(html_path, db_path)
    with open_store(db_path, reading=True) as store:
        check_judge(store, judge_name)
        result = reports.compute(store, judge=judge_name, by=by)
        page = _page(store, result, judge_name) if html_path is not None else None
    if html_path is not None and page is not None:
        _write_page(html_path, page)
        if not as_json:
            return
    if as_json:
        click.echo(json_inert(json.dumps(result, indent=2, ensure_ascii=False)))
        return
    from groundtui.report.render import show

    show(result, judge=judge_name)


def refuse_target(output: str, db_path: str | None) -> None:
    """Refuse ``--html FILE`` where FILE is a SQLite database or a file of one
    (``groundtui.targets``), before the database is opened."""
    from groundtui.store import default_db_path
    from groundtui.targets import refuse_database

    if output in ("", "-"):
        raise UserError("--html FILE: give a file name for the page")
    try:
        refuse_database(output, db_path or default_db_path())
    except OSError as exc:
        raise UserError(f"cannot write {output}: {exc.strerror}") from None


def _page(store: Store, result: Report, judge_name: str | None) -> str:
    """The report's page (``report.html``), with its time series and its groups read."""
    from groundtui.report.html import page

    return page(store, result, judge=judge_name)


def _write_page(output: str, page: str) -> None:
    """Write the page atomically; a file that cannot be written is one line."""
    from groundtui.exporting.output import write_file

    try:
        write_file(output, lambda out: out.write(page))
    except OSError as exc:
        raise UserError(f"cannot write {output}: {exc.strerror or exc}") from None
    click.echo(
        f"Wrote the report's page to {output} ({len(page.encode()) / 1e6:.1f} MB).", err=True
    )


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
