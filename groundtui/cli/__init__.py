"""The ``groundtui`` command line (README "Commands"): click commands with rich output.

Each command is a thin shell over a core module, in a module named for it (``imports`` for
``import``; ``review`` holds ``demo`` too, ``serve`` the ``reviewers`` group, ``report``
``judges``); heavy imports (textual, litellm) happen inside the
commands that need them, so ``groundtui import`` starts fast.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any, NoReturn

import click

from groundtui import __version__

# The modules, not their commands: a command bound here under its module's name would hide
# the module (``groundtui.cli.review`` would be the click command).
from groundtui.cli import (
    collect,
    config,
    delete,
    export,
    imports,
    judge,
    leases,
    report,
    review,
    scan,
    scan_table,
    serve,
)

__all__ = ["cli", "main"]


class _Group(click.Group):
    """Ctrl-C in any command is "groundtui: interrupted" and exit code 130, as in ``judge``;
    a mistake in a command's options is one line, as every other mistake.

    click turns a KeyboardInterrupt into "Aborted!" and exit code 1, the code ``import``
    gives for skipped lines, and prints a usage error as four lines; both are caught here,
    inside click's handling, instead.
    """

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:  # `groundtui --bogus`
            _one_line(exc)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            _one_line(exc)
        except KeyboardInterrupt:
            click.echo("groundtui: interrupted", err=True)
            raise click.exceptions.Exit(130) from None
        except OSError as exc:
            # The output's disk is full (`report > /dev/full`): one line, not a traceback.
            # Commands that write files name them themselves (UserError).
            if exc.errno not in _FULL:
                raise
            _drop_stdout()
            click.echo(f"groundtui: cannot write the output: {exc.strerror}", err=True)
            raise click.exceptions.Exit(2) from None


def _one_line(exc: click.UsageError) -> NoReturn:
    words = exc.ctx.command_path.split()[1:] if exc.ctx else []
    where = " ".join(["groundtui", *words])  # however it was started (python -m, a test)
    said = exc.format_message().rstrip(".")
    click.echo(f"groundtui: {said}; see `{where} --help`", err=True)
    raise click.exceptions.Exit(exc.exit_code) from None


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
"""What writing the output can fail with, besides a closed pipe (click's business)."""


def _drop_stdout() -> None:
    """Send what is still buffered for stdout nowhere, so the flush at exit cannot fail."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="groundtui")
def cli() -> None:
    """groundtui: do your assistant's answers say only what their cited sources say?

    Import answers, flag unsourced figures, dates and names (scan), verify each claim
    against the source it cites (judge), review claims in a terminal UI (review), and read
    the groundedness report (report) or export the corrected labels (export).
    """


for _command in (
    imports.import_cmd,
    scan.scan,
    judge.judge,
    review.review,
    report.report,
    export.export,
    review.demo,
    config.config,
    delete.delete,
    leases.leases,
    serve.serve,
    serve.reviewers,
    report.judges,
    scan_table.scan_table,
    collect.collect,
):
    cli.add_command(_command)


def main() -> None:
    """Load ``.env`` and run the group. A Ctrl-C is one line and exit code 130: inside a
    command the group says so (``_Group``), anywhere else ``groundtui.__main__``."""
    from dotenv import find_dotenv, load_dotenv

    load_dotenv(find_dotenv(usecwd=True))
    cli.main(prog_name="groundtui", standalone_mode=True)
