"""The ``groundtui`` command line (README "Commands").

Each command is a thin shell over a core module; heavy imports (textual, litellm) happen
inside the commands that need them, so ``groundtui import`` starts fast.
"""

from __future__ import annotations

import functools
import getpass
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from groundtui import __version__
from groundtui.store import Store, StoreError, default_db_path


class UserError(click.ClickException):
    """A mistake a user can fix: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"groundtui: {self.format_message()}", err=True)


def db_option(fn: Callable) -> Callable:
    """``--db PATH`` on every command, defaulting to ``$GROUNDTUI_DB`` then ``groundtui.db``."""
    return click.option(
        "--db", "db_path", metavar="PATH", default=None,
        help="SQLite database file [default: $GROUNDTUI_DB, else ./groundtui.db].",
    )(fn)


def open_store(db_path: str | None, *, create: bool = False, reading: bool = False) -> Store:
    """Open the database, turning any problem into one line for the user.

    ``reading``: the command only reads (report, export), so a database file the user may
    not write is opened read-only instead of refused.
    """
    import os

    path = db_path or default_db_path()
    readonly = reading and os.path.exists(path) and not os.access(path, os.W_OK)
    try:
        return Store(path, create=create, readonly=readonly)
    except StoreError as exc:
        raise UserError(str(exc)) from None


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="groundtui")
def cli() -> None:
    """groundtui: do your assistant's answers say only what their cited sources say?

    Import answers, flag unsourced figures, dates and names (scan), verify each claim
    against the source it cites (judge), review claims in a terminal UI (review), and read
    the groundedness report (report) or export the corrected labels (export).
    """


@cli.command("import")
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
        click.echo(f"groundtui: {bad}", err=True)
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


@cli.command()
@click.option("--all", "all_", is_flag=True, help="Check every answer, not only unscanned ones.")
@click.option("--rescan", is_flag=True, help="Replace earlier results of the check.")
@db_option
@user_errors
def scan(all_: bool, rescan: bool, db_path: str | None) -> None:
    """Flag answers with figures, dates or names their cited sources lack."""
    from groundtui.scan import scan_answers

    with open_store(db_path) as store:
        result = scan_answers(store, all_answers=all_, rescan=rescan)
        total = store.scalar("select count(*) from flags")
    rate = f"{result.rate:.1%}" if result.rate is not None else "n/a"
    click.echo(
        f"Scanned {result.scanned} answers: {result.flagged} flagged ({rate}); "
        f"{total} flagged in the database.")


@cli.command()
@click.option("--model", envvar="GROUNDTUI_MODEL",
              help="Any litellm model string, e.g. openai/gpt-4o-mini [env: GROUNDTUI_MODEL].")
@click.option("--api-base", envvar="GROUNDTUI_API_BASE", help="Base URL of the model's API.")
@click.option("--concurrency", type=click.IntRange(1, 256), default=8, show_default=True,
              help="Model calls in flight at once.")
@click.option("--heuristic", is_flag=True, help="Use the offline heuristic judge.")
@click.option("--rejudge", is_flag=True, help="Also judge claims imported with a verdict.")
@click.option("--all", "all_", is_flag=True, help="Judge every answer, flagged ones first.")
@click.option("--limit", type=click.IntRange(min=1), default=None, metavar="N",
              help="Judge at most N answers.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Seconds for one attempt of a model call.")
@click.option("--retries", type=click.IntRange(0, 10), default=3, show_default=True,
              help="Retries of a call on 429, 5xx, timeouts (backing off, honouring Retry-After).")
@db_option
@user_errors
def judge(model: str | None, api_base: str | None, concurrency: int, heuristic: bool,
          rejudge: bool, all_: bool, limit: int | None, timeout: float, retries: int,
          db_path: str | None) -> None:
    """Extract claims and verify each against its cited source.

    Judges the flagged answers (--all: every answer, flagged first) that lack a verdict
    from this judge, after scanning answers not yet scanned. Without a model the offline
    heuristic judge is used. Finished work is saved as it goes: Ctrl-C, then run again.
    Exit code 0 when every claim got a verdict, 1 when some failed (run again to retry).
    """
    import asyncio

    from groundtui.cli.progress import ProgressBar, summary
    from groundtui.judge.failures import JudgeUnavailable
    from groundtui.judge.pipeline import judge_answers
    from groundtui.judge.recorder import RunStats

    stats = RunStats()  # judge_answers starts its clock, after the judge is built
    with open_store(db_path) as store:
        if heuristic or not model:
            from groundtui.judge.heuristic import HeuristicJudge

            chosen: Any = HeuristicJudge()
        else:
            from groundtui.judge.llm import LLMJudge
            from groundtui.judge.llm.cache import CompletionCache

            try:
                chosen = LLMJudge(model, api_base=api_base, concurrency=concurrency,
                                  timeout=timeout, retries=retries, cache=CompletionCache(store))
            except JudgeUnavailable as exc:
                raise UserError(str(exc)) from None
        try:
            with ProgressBar() as bar:
                asyncio.run(judge_answers(
                    store, chosen, all_answers=all_, rejudge=rejudge, limit=limit,
                    concurrency=concurrency, progress=bar.update, stats=stats))
        except JudgeUnavailable as exc:
            saved = f"; {stats.claims} verdicts of this run were saved" if stats.claims else ""
            raise UserError(f"{exc}{saved}") from None
        except KeyboardInterrupt:
            click.echo(f"groundtui: interrupted; {stats.claims} verdicts of this run were saved; "
                       "run `groundtui judge` again to finish", err=True)
            sys.exit(130)
    click.echo(summary(stats, all_answers=all_))
    sys.exit(1 if stats.failures else 0)


@cli.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--blind", is_flag=True, help="Hide the judge's labels until you label.")
@db_option
@user_errors
def review(reviewer: str | None, blind: bool, db_path: str | None) -> None:
    """Open the review UI."""
    reviewer = reviewer or _login()
    with open_store(db_path) as store:  # a missing or foreign database: one line, not a UI
        path = store.path
    from groundtui.tui import make_app

    make_app(path, reviewer, blind).run()


def _check_judge(store: Store, judge_name: str | None) -> None:
    """Refuse ``--judge NAME`` (report, export) when NAME has no verdicts in ``store``."""
    if judge_name is None:
        return
    from groundtui.report import judges

    known = judges(store)
    if judge_name not in known:
        raise UserError(f"no judgements by {judge_name!r}; judges in {store.path}: "
                        f"{', '.join(known) or 'none yet'}")


@cli.command()
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
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    from groundtui.report.render import show

    show(result, judge=judge_name)


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv"]), default="jsonl",
              show_default=True)
@click.option("-o", "--output", default="-", metavar="FILE", help="[default: stdout]")
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
    with open_store(db_path, reading=True) as store:
        _check_judge(store, judge_name)
        try:
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
        click.echo(f"Wrote {count:,} claim{'' if count == 1 else 's'} to {output}.", err=True)


@cli.command()
@click.option("--reviewer", default=None, help="Your name [default: login name].")
@click.option("--no-ui", is_flag=True, help="Build the demo database, then stop.")
@db_option
@user_errors
def demo(reviewer: str | None, no_ui: bool, db_path: str | None) -> None:
    """Build a demo database from the bundled sample data and open the review UI.

    Offline and keyless. The database goes to --db PATH, else a fresh temporary folder.
    """
    import tempfile
    from pathlib import Path

    from groundtui.demo import build_demo

    if db_path:
        path = Path(db_path)
    else:
        path = Path(tempfile.mkdtemp(prefix="groundtui-demo-")) / "demo.db"
    click.echo(f"Building the demo database at {path} …")
    built = build_demo(path)
    click.echo(
        f"{built.answers} answers, {built.claims} claims; {built.flagged} answers flagged by "
        f"the mechanical check; {built.judged_claims} claims judged now by the heuristic judge.")
    if not no_ui:
        from groundtui.tui import make_app

        make_app(str(path), reviewer or _login(), False).run()
    # Said after the UI too, which has taken the screen since the lines above.
    click.echo(f"The demo database is at {path}: `groundtui review --db {path}` reopens it, "
               f"`groundtui report --db {path}` prints its report.")


def _login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers
        return "reviewer"


def main() -> None:
    """Entry point: load ``.env``, run the group, never show a traceback for Ctrl-C."""
    from dotenv import find_dotenv, load_dotenv

    load_dotenv(find_dotenv(usecwd=True))
    try:
        cli.main(prog_name="groundtui", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("groundtui: interrupted", err=True)
        sys.exit(130)
