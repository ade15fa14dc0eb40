"""The ``groundtui`` command line: click commands with rich output."""

from groundtui.cli.commands import cli, main

__all__ = ["cli", "main"]
