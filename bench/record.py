"""Run a benchmark and write the figures it printed into its row of docs/benchmarks.md.

Run from the repository root::

    .venv/bin/python bench/record.py bench/huge_answer.py --claims 5000

The benchmark runs with this Python, its output shown as it comes. When it succeeds, the
table row whose command is ``python bench/huge_answer.py --claims 5000`` gets the lines it
printed, joined, with the load average and the date; a command not in the table yet gets a
new row named after its script. A benchmark that fails writes nothing.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


def cell(text: str) -> str:
    """``text`` as one Markdown table cell: one line, its pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def figures(printed: str) -> str:
    """The benchmark's output as one cell: each printed line, joined by semicolons."""
    lines = [line.strip().rstrip(".;") for line in printed.splitlines() if line.strip()]
    load = os.getloadavg()[0]
    return cell("; ".join(lines)) + f" (load {load:.1f}, {datetime.date.today():%Y-%m-%d})"


def write_row(table: str, command: str, name: str, result: str) -> str:
    """``table`` (the page's text) with the row of ``command`` holding ``result``."""
    lines = table.splitlines()
    quoted = f"`{command}`"
    for index, line in enumerate(lines):
        parts = line.split(" | ")
        if line.startswith("| ") and len(parts) >= 3 and parts[1] == quoted:
            lines[index] = f"{parts[0]} | {quoted} | {result} |"
            return "\n".join(lines) + "\n"
    last = max(i for i, line in enumerate(lines) if line.startswith("| "))
    lines.insert(last + 1, f"| {name} | {quoted} | {result} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    if len(sys.argv) < 2 or not sys.argv[1].startswith("bench/"):
        print("usage: bench/record.py bench/SCRIPT.py [ARGS...]", file=sys.stderr)
        return 2
    args = sys.argv[1:]
    printed = []
    with subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        for line in run.stdout:  # shown as it comes, kept for the table
            sys.stdout.write(line)
            printed.append(line)
    if run.returncode:
        print(f"record: {args[0]} failed (exit {run.returncode}); nothing written", file=sys.stderr)
        return run.returncode
    command = "python " + " ".join(args)
    name = Path(args[0]).stem.replace("_", " ")
    TABLE.write_text(write_row(TABLE.read_text(), command, name, figures("".join(printed))))
    print(f"record: {TABLE.name} row for `{command}` written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
