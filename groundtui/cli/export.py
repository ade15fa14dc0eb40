"""``groundtui export``: the corrected labels written out, or a database's work as answer
records."""

from __future__ import annotations

import sys

import click

from groundtui.cli.database import db_option, open_store
from groundtui.cli.errors import UserError, user_errors
from groundtui.cli.report import check_judge
from groundtui.models import Verdict
from groundtui.store import default_db_path
from groundtui.targets import refuse_database


@click.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv", "parquet", "hf", "answers"]),
    default="jsonl",
    show_default=True,
    help="jsonl, csv, parquet (one file): one row per claim; hf: a folder for "
    "Hugging Face datasets; answers: one record per answer with every judgement, "
    "review and mark, to import into another database (Parquet with -o FILE.parquet).",
)
@click.option(
    "-o", "--output", default="-", metavar="FILE", help="[default: stdout; a folder for hf]"
)
@click.option("--reviewed-only", is_flag=True, help="Only claims a reviewer labelled.")
@click.option(
    "--all",
    "all_claims",
    is_flag=True,
    help="Claims reviewers dismissed as not claims too (label not_a_claim).",
)
@click.option("--judge", "judge_name", default=None, help="Whose verdicts [default: latest].")
@click.option(
    "--judge-verdict",
    type=click.Choice([v.value for v in Verdict]),
    default=None,
    help="Only claims the judge gave this verdict (a row of the confusion matrix).",
)
@click.option(
    "--reviewer-verdict",
    type=click.Choice([v.value for v in Verdict]),
    default=None,
    help="Only claims people gave this verdict (a column of the confusion matrix).",
)
@click.option(
    "--splits",
    "splits_text",
    default=None,
    metavar="SPLIT=SHARE,...",
    help="Each split's share of answers [default: train=0.8,validation=0.1,test=0.1].",
)
@click.option(
    "--with-judge-labels",
    is_flag=True,
    help="hf: claims no person labelled too, their label the judge's (label_source judge).",
)
@click.option(
    "--csv-raw",
    is_flag=True,
    help="csv: cells as stored, for programs; by default a cell a spreadsheet would run "
    "as a formula (=, +, -, @) starts with ' to be read as text.",
)
@db_option
@user_errors
def export(
    fmt: str,
    output: str,
    reviewed_only: bool,
    all_claims: bool,
    judge_name: str | None,
    judge_verdict: str | None,
    reviewer_verdict: str | None,
    splits_text: str | None,
    with_judge_labels: bool,
    csv_raw: bool,
    db_path: str | None,
) -> None:
    """Write the corrected labels, one row per claim."""
    import os

    from groundtui.exporting import claim_rows as exports

    if not output:
        raise UserError("-o needs a file name (or - for stdout)")
    if fmt == "answers" and (
        reviewed_only
        or all_claims
        or judge_name
        or judge_verdict
        or reviewer_verdict
        or splits_text
        or with_judge_labels
    ):
        raise UserError(
            "--format answers writes every answer with all its rows; "
            "--reviewed-only, --all, --judge, --splits, --with-judge-labels and the verdict "
            "filters do not apply to it"
        )
    if with_judge_labels and fmt != "hf":
        raise UserError(
            f"--with-judge-labels is for --format hf; --format {fmt} has the judge's "
            "labels already (label_source judge; --reviewed-only leaves them out)"
        )
    if csv_raw and fmt != "csv":
        raise UserError(
            f"--csv-raw is for --format csv; --format {fmt} holds every cell as stored already"
        )
    try:
        shares = exports.SHARES if splits_text is None else exports.parse_splits(splits_text)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if fmt in ("parquet", "hf") and output == "-":
        raise UserError(
            f"--format {fmt} writes a {'file' if fmt == 'parquet' else 'folder'}, "
            f"not to stdout: give -o {'FILE.parquet' if fmt == 'parquet' else 'FOLDER'}"
        )
    try:  # before the database is opened: nothing about it changes
        refuse_database(output, db_path or default_db_path())
    except OSError as exc:
        raise UserError(
            f"cannot write {'stdout' if output == '-' else output}: {exc.strerror}"
        ) from None
    splits = ""
    cell = (judge_verdict, reviewer_verdict)
    with open_store(db_path, reading=True) as store:
        check_judge(store, judge_name)
        try:
            if fmt == "answers":
                from groundtui.exporting import answers

                count = answers.export_answers(store, output)
            elif fmt in ("parquet", "hf"):
                from groundtui.exporting import hf, parquet

                if fmt == "parquet":
                    count = parquet.export_parquet(
                        store,
                        output,
                        reviewed_only=reviewed_only,
                        judge=judge_name,
                        cell=cell,
                        all_claims=all_claims,
                        shares=shares,
                    )
                else:
                    counts = hf.export_hf(
                        store,
                        output,
                        reviewed_only=reviewed_only,
                        judge=judge_name,
                        cell=cell,
                        all_claims=all_claims,
                        shares=shares,
                        human_only=not with_judge_labels,
                        database=store.path,
                    )
                    count = sum(counts.values())
                    splits = " (" + ", ".join(f"{n:,} {s}" for s, n in counts.items()) + ")"
            else:
                count = exports.export(
                    store,
                    output,
                    fmt,
                    reviewed_only=reviewed_only,
                    judge=judge_name,
                    cell=cell,
                    all_claims=all_claims,
                    shares=shares,
                    raw=csv_raw,
                )
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
        click.echo(
            f"Wrote {count:,} {what}{'' if count == 1 else 's'}{splits} to {output}.", err=True
        )
