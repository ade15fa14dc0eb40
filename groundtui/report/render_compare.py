"""``groundtui report --compare`` and ``groundtui judges`` as rich tables: two judges side
by side and the list of judges (the numbers of ``report.compare``).

Judge names come from imported data, so they are rendered as ``rich.text.Text``, never
markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from groundtui.report.render import confusion, decimal, interval, percent, section_table
from groundtui.text.counts import plural
from groundtui.text.inert import one_line


def comparison(c: dict[str, Any]) -> RenderableType:
    """Two judges side by side: their agreement, its confusion matrix, each against people."""
    first, second = c["judges"]
    claims = c["claims"]
    a = c["agreement"]
    people = section_table(
        "Each against people (the claims both judged that people labelled)",
        "judge",
        "claims",
        "raw",
        "kappa",
        "95% interval",
    )
    for name in (first, second):
        g = c["vs_reviewer"][name]
        people.add_row(
            Text(one_line(name)),
            f"{g['n']:,}",
            percent(g["raw"]),
            decimal(g["kappa"]),
            interval(g["ci"]),
        )
    matrix = confusion(a["confusion"], "Rows: the first judge; columns: the second (claims)")
    matrix.columns[0].header = "first ↓ second →"
    return Group(
        Text(f"groundtui report --compare — {one_line(first)} vs {one_line(second)}", style="bold"),
        Text(
            f"{plural(claims['both'], 'claim')} judged by both; {claims['only_a']:,} by the first "
            f"only, {claims['only_b']:,} by the second only"
        ),
        Text(
            f"Agreement with each other: raw {percent(a['raw'])}, kappa {decimal(a['kappa'])} "
            f"(95% interval {interval(a['ci'])})"
        ),
        Text(""),
        matrix,
        Text(""),
        people,
    )


def judges_table(rows: list[dict[str, Any]]) -> RenderableType:
    """``groundtui judges``: each judge and prompt version, its claims, calls and cost."""
    if not rows:
        return Text("No judge has judged a claim yet: run `groundtui judge`.")
    table = section_table(
        "Judges",
        "judge",
        "prompt version",
        "claims judged",
        "failures",
        "calls",
        "tokens",
        "cost",
        "last verdict",
    )
    # The names are what --compare and --judge take: they keep their width (up to 48), and
    # the other columns give way (a name that long has no room at 80 columns otherwise).
    for column, key in ((0, "judge"), (1, "prompt_version")):
        table.columns[column].min_width = min(48, max(len(one_line(r[key])) for r in rows))
    for r in rows:
        table.add_row(
            Text(one_line(r["judge"])),
            Text(one_line(r["prompt_version"])),
            f"{r['claims']:,}",
            f"{r['failures']:,}",
            f"{r['calls']:,}",
            f"{r['tokens']:,}",
            f"${r['cost']:.4f}",
            Text(one_line(r["last"] or "")),
        )
    table.caption = "compare two: groundtui report --compare NAME NAME@PROMPT_VERSION"
    table.caption_justify = "left"
    return table
