"""``groundtui report`` and ``groundtui export``: what the database says, printed or written."""

from __future__ import annotations

import sys

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.models import Verdict
from groundtui.store import Store
from groundtui.text.inert import QUOTED, json_inert, one_line, quoted


def _check_judge(store: Store, judge_name: str | None) -> None:
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
@click.option("--compare", nargs=2, default=None, metavar="A B",
              help="Two judges side by side on the claims both judged: each a judge's name "
              "(its latest verdicts) or name@prompt_version (see `groundtui judges`).")
@db_option
@user_errors
def report(as_json: bool, judge_name: str | None, compare: tuple[str, str] | None,
           db_path: str | None) -> None:
    """Print the groundedness report."""
    import json

    from groundtui import report as reports

    if compare:
        _compare(db_path, compare, as_json)
        return
    with open_store(db_path, reading=True) as store:
        _check_judge(store, judge_name)
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


@click.command()
@click.option("--format", "fmt",
              type=click.Choice(["jsonl", "csv", "parquet", "hf", "answers"]),
              default="jsonl", show_default=True,
              help="jsonl, csv, parquet (one file): one row per claim; hf: a folder for "
              "Hugging Face datasets; answers: one record per answer with every judgement, "
              "review and mark, to import into another database (Parquet with -o FILE.parquet).")
@click.option("-o", "--output", default="-", metavar="FILE",
              help="[default: stdout; a folder for hf]")
@click.option("--reviewed-only", is_flag=True, help="Only claims a reviewer labelled.")
@click.option("--all", "all_claims", is_flag=True,
              help="Claims reviewers dismissed as not claims too (label not_a_claim).")
@click.option("--judge", "judge_name", default=None, help="Whose verdicts [default: latest].")
@click.option("--judge-verdict", type=click.Choice([v.value for v in Verdict]), default=None,
              help="Only claims the judge gave this verdict (a row of the confusion matrix).")
@click.option("--reviewer-verdict", type=click.Choice([v.value for v in Verdict]), default=None,
              help="Only claims people gave this verdict (a column of the confusion matrix).")
@db_option
@user_errors
def export(fmt: str, output: str, reviewed_only: bool, all_claims: bool, judge_name: str | None,
           judge_verdict: str | None, reviewer_verdict: str | None,
           db_path: str | None) -> None:
    """Write the corrected labels, one row per claim."""
    import os

    from groundtui import export as exports

    if not output:
        raise UserError("-o needs a file name (or - for stdout)")
    if fmt == "answers" and (reviewed_only or all_claims or judge_name or judge_verdict
                             or reviewer_verdict):
        raise UserError("--format answers writes every answer with all its rows; "
                        "--reviewed-only, --all, --judge and the verdict filters do not "
                        "apply to it")
    if fmt in ("parquet", "hf") and output == "-":
        raise UserError(f"--format {fmt} writes a {'file' if fmt == 'parquet' else 'folder'}, "
                        f"not to stdout: give -o {'FILE.parquet' if fmt == 'parquet' else 'FOLDER'}")
    splits = ""
    cell = (judge_verdict, reviewer_verdict)
    with open_store(db_path, reading=True) as store:
        _check_judge(store, judge_name)
        try:
            if fmt in ("parquet", "hf") or (fmt == "answers" and output.endswith(".parquet")):
                from groundtui import export_parquet

                if fmt == "answers":
                    count = export_parquet.export_answers(store, output)
                elif fmt == "parquet":
                    count = export_parquet.export_parquet(
                        store, output, reviewed_only=reviewed_only, judge=judge_name, cell=cell,
                        all_claims=all_claims)
                else:
                    counts = export_parquet.export_hf(
                        store, output, reviewed_only=reviewed_only, judge=judge_name, cell=cell,
                        all_claims=all_claims)
                    count = sum(counts.values())
                    splits = " (" + ", ".join(f"{n:,} {s}" for s, n in counts.items()) + ")"
            else:
                count = exports.export(store, output, fmt, reviewed_only=reviewed_only,
                                       judge=judge_name, cell=cell, all_claims=all_claims)
        except BrokenPipeError:
            # The reader went away (`| head`): stop quietly, as other Unix tools do. The
            # export has closed its cursor; stdout goes to /dev/null so that the flush at
            # exit cannot fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            raise UserError(f"cannot write {output}: {exc.strerror or exc}") from None
    if output != "-":
        what = "answer" if fmt == "answers" else "claim"
        click.echo(f"Wrote {count:,} {what}{'' if count == 1 else 's'}{splits} to {output}.",
                   err=True)
