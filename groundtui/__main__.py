"""``python -m groundtui`` and the ``groundtui`` command: Ctrl-C at any moment, even while
the command's modules are still loading, is one line and exit code 130; a Python without
groundtui's dependencies gets one line saying what to install, not a traceback."""

import sys


def main() -> None:
    """Load the CLI and run it; a Ctrl-C before the CLI catches it is caught here."""
    try:
        from groundtui.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("groundtui: interrupted\n")
        sys.exit(130)
    except ModuleNotFoundError as exc:
        if not exc.name or exc.name.partition(".")[0] == "groundtui":
            raise  # a module of groundtui's own missing is a broken install: a bug to see
        sys.stderr.write(
            f"groundtui: this Python lacks the package {exc.name!r} that groundtui needs:"
            " install groundtui with its dependencies (`pip install .` or `pipx install .`"
            " in its folder; `make demo` builds .venv with them)\n"
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
