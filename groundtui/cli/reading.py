"""``groundtui report`` and ``groundtui export``: what the database says, printed or written."""

from __future__ import annotations

import sys

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.store import Store
from groundtui.text.inert import json_inert


def _check_judge(store: Store, judge_name: str | None) -> None:
    """Refuse ``--judge NAME`` (report, export) when NAME has no verdicts in ``store``."""
    if judge_name is None:
        return
    from groundtui.report import judges

    known = judges(store)
    if judge_name not in known:
        raise UserError(f"no judgements by {judge_name!r}; judges in {store.path}: "
                        f"{', '.join(known) or 'none yet'}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report's keys as JSON.")
@click.option("--judge", "judge_name", default=None, help="Whose verdicts [default: latest].")
@db_option
@user_errors
def report(as_json: bool, judge_name: str | None, db_path: str | None) -> None:
    """Print the groundedness report."""
    import json

    from groundtui import report as reports

    with open_store(db_path, reading=True) as store:
        _check_judge(store, judge_name)
        result = reports.compute(store, judge=judge_name)
    if as_json:
        click.echo(json_inert(json.dumps(result, indent=2, ensure_ascii=False)))
        return
    from groundtui.report.render import show

    show(result, judge=judge_name)


@click.command()
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv", "parquet", "hf"]),
              default="jsonl", show_default=True,
              help="parquet: one file; hf: a folder for Hugging Face datasets (both need -o).")
@click.option("-o", "--output", default="-", metavar="FILE",
              help="[default: stdout; a folder for hf]")
@click.option("--reviewed-only", is_flag=True, help="Only claims a reviewer labelled.")
@click.option("--judge", "judge_name", default=None, help="Whose verdicts [default: latest].")
@db_option
@user_errors
def export(fmt: str, output: str, reviewed_only: bool, judge_name: str | None,
           db_path: str | None) -> None:
    """Write the corrected labels, one row per claim."""
    import os

    from groundtui import export as exports

    if not output:
        raise UserError("-o needs a file name (or - for stdout)")
    if fmt in ("parquet", "hf") and output == "-":
        raise UserError(f"--format {fmt} writes a {'file' if fmt == 'parquet' else 'folder'}, "
                        f"not to stdout: give -o {'FILE.parquet' if fmt == 'parquet' else 'FOLDER'}")
    splits = ""
    with open_store(db_path, reading=True) as store:
        _check_judge(store, judge_name)
        try:
            if fmt in ("parquet", "hf"):
                from groundtui import export_parquet

                if fmt == "parquet":
                    count = export_parquet.export_parquet(
                        store, output, reviewed_only=reviewed_only, judge=judge_name)
                else:
                    counts = export_parquet.export_hf(
                        store, output, reviewed_only=reviewed_only, judge=judge_name)
                    count = sum(counts.values())
                    splits = " (" + ", ".join(f"{n:,} {s}" for s, n in counts.items()) + ")"
            else:
                count = exports.export(store, output, fmt, reviewed_only=reviewed_only,
                                       judge=judge_name)
        except BrokenPipeError:
            # The reader went away (`| head`): stop quietly, as other Unix tools do. The
            # export has closed its cursor; stdout goes to /dev/null so that the flush at
            # exit cannot fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            raise UserError(f"cannot write {output}: {exc.strerror or exc}") from None
    if output != "-":
        click.echo(f"Wrote {count:,} claim{'' if count == 1 else 's'}{splits} to {output}.",
                   err=True)
