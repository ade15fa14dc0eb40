"""``python -m groundtui`` and the ``groundtui`` command: Ctrl-C at any moment, even while
the command's modules are still loading, is one line and exit code 130."""

import sys


def main() -> None:
    """Load the CLI and run it; a Ctrl-C before the CLI catches it is caught here."""
    try:
        from groundtui.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("groundtui: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
