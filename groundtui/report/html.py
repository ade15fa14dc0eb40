"""The report as one self-contained HTML page (``groundtui report --html FILE``, docs/report.md).

Charts are Plotly's (the ``plotly`` package): interactive (hover gives each point's counts
and interval), resized to the window, and written with plotly.js itself inline, so the
page opens offline and fetches nothing: no script, font or style comes from anywhere. A
Content-Security-Policy in the page says so to the browser too: it allows only the page's
own two scripts, by their hashes, and no connection of any kind.

Text from the data (origins, meta values, judge and reviewer names) is untrusted. In the
tables it is escaped as HTML; in the charts it is escaped again for plotly.js, which reads
a few tags (``<b>``, ``<br>``, ``<a>``) in labels as markup, and the charts' JSON has
``<``, ``>`` and ``&`` as ``\\u`` escapes, so nothing in it can close the ``<script>`` it
sits in. The page is made from the numbers the text report and ``--json`` print.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any, NamedTuple

from groundtui.report.compute import Report, answer_counts
from groundtui.report.coverage import coverage_line, wilson
from groundtui.report.groups import (
    INVENTION_KINDS,
    SMALL,
    TIME_KEYS,
    Group,
    Grouping,
    grouped,
    time_key,
)
from groundtui.report.matrices import VERDICTS
from groundtui.store import Store
from groundtui.text.inert import one_line

#: Chart colours (Okabe and Ito's, told apart with any colour vision) for the three numbers.
COLOURS = {"claim level": "#0072B2", "answer level": "#009E73", "invention rate": "#D55E00"}
CONFIG = {
    "responsive": True,
    "displaylogo": False,
    "modeBarButtonsToRemove": ["lasso2d", "select2d"],
}


@dataclass
class PageNumbers:
    """What the page draws: the report, and the groupings it reads besides."""

    report: Report
    over_time: Grouping | None
    """The answers by day, week or month of ``answered_at``; None when none has a time."""
    origins: Grouping
    by: Grouping | None
    """``--by KEY``'s grouping, unless it is the time or origin one drawn already."""
    judge: str | None = None


def read(store: Store, report: Report, judge: str | None = None) -> PageNumbers:
    """The groupings the page draws beside ``report`` (as ``compute(..., by=KEY)`` made it):
    over time (``report.by`` where its key is a time, else the grain ``time_key`` picks),
    by origin, and ``report.by`` for any other key."""
    by = report.by
    if by is not None and by.key in TIME_KEYS:
        over_time: Grouping | None = by if any(g.group is not None for g in by.rows) else None
    else:
        grain = time_key(store)
        over_time = grouped(store, grain, judge) if grain is not None else None
    origins = by if by is not None and by.key == "origin" else grouped(store, "origin", judge)
    other = by if by is not None and by.key not in (*TIME_KEYS, "origin") else None
    return PageNumbers(report, over_time, origins, other, judge)


def page(store: Store, report: Report, judge: str | None = None) -> str:
    """The whole page for ``report``, reading the groupings it draws from ``store``."""
    return render(read(store, report, judge))


# -- text made safe ----------------------------------------------------------------------


def text(value: object) -> str:
    """Data as HTML text: one line, controls visible, markup escaped."""
    return html.escape(one_line(str(value)), quote=True)


def label(value: object, limit: int = 40) -> str:
    """Data as a plotly.js label: one line, controls visible, and ``&``, ``<`` and ``>``
    as entities, which plotly.js shows as the characters and never reads as its tags."""
    return (
        one_line(str(value), limit).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    )


def script_json(value: Any) -> str:
    """JSON for inside a ``<script>``: ``<``, ``>`` and ``&`` escaped, so no string in it
    can end the element or open a comment; U+2028 and U+2029 too, for older parsers."""
    dumped = json.dumps(value, ensure_ascii=False, allow_nan=False)
    for ch, escape in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        dumped = dumped.replace(ch, escape)
    return dumped


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def span(ci: list[float] | None) -> str:
    return "—" if ci is None else f"{ci[0]:.1%}–{ci[1]:.1%}"


# -- the charts --------------------------------------------------------------------------


SHORT = 24
"""The most characters of a name a chart's axis shows; its hover shows more."""


def group_label(g: Group, key: str, limit: int = 40) -> str:
    """A group's name as a chart label (escaped by ``label``)."""
    if g.group is None:
        return "(no time)" if key in TIME_KEYS else "(none)"
    return label(g.group, limit)


def named_axis(names: list[str]) -> dict[str, Any]:
    """A vertical axis of one row a name, in order: by position, not by category, so two
    names alike once shortened stay two rows."""
    return {
        "tickvals": list(range(len(names))),
        "ticktext": names,
        "range": [len(names) - 0.5, -0.5],
        "automargin": True,
        "zeroline": False,
        "showgrid": False,
    }


def group_start(name: str, key: str) -> str:
    """Where a time group starts, as an ISO date: a day, an ISO week's Monday, a month's 1st."""
    if key == "week":
        year, week = name.split("-W")
        return date.fromisocalendar(int(year), int(week), 1).isoformat()
    return name if key == "day" else f"{name}-01"


#: Tick labels and the least tick spacing for each time key: plotly's own choice for one
#: or two points is a fraction of a second apart ("23:59:59.999").
TICKS = {
    "day": ("%d %b %Y", 86_400_000),
    "week": ("%G-W%V", 7 * 86_400_000),
    "month": ("%b %Y", "M1"),
}


def time_axis(starts: list[str], key: str) -> dict[str, Any]:
    """The time axis's ticks for ``key``, and its range padded by half a period on each side
    (a lone day drawn in the middle of its own day, not at the edge of a millisecond)."""
    tickformat, dtick = TICKS[key]
    axis: dict[str, Any] = {"tickformat": tickformat}
    if len(starts) < 8:  # few points: one tick a period; many: plotly's spacing reads well
        axis["dtick"] = dtick
    if starts:
        half = {"day": 0.5, "week": 3.5, "month": 15.0}[key]
        first, last = date.fromisoformat(min(starts)), date.fromisoformat(max(starts))
        axis["range"] = [
            (datetime.combine(first, time()) - timedelta(days=half)).isoformat(),
            (datetime.combine(last, time()) + timedelta(days=half)).isoformat(),
        ]
    return axis


def measures(g: Group) -> list[tuple[str, float | None, list[float] | None, str]]:
    """A group's three numbers, each with its 95% interval and its counts in words: the
    claim level's clustered (``groups``), the answers' Wilson's (answers are independent)."""
    return [
        ("claim level", g.claim_level, g.claim_level_ci, f"{g.stated:,} of {g.claims:,} claims"),
        (
            "answer level",
            g.answer_level,
            wilson(g.grounded, g.answers),
            f"{g.grounded:,} of {g.answers:,} answers",
        ),
        (
            "invention rate",
            g.invention_rate,
            wilson(g.invented, g.answers),
            f"{g.invented:,} of {g.answers:,} answers",
        ),
    ]


class Point(NamedTuple):
    """A group's ratio as a chart draws it."""

    value: float | None
    ci: list[float] | None
    title: str
    """The group's name, made safe for plotly.js (``label``)."""
    counts: str
    small: bool


def interval_trace(
    name: str,
    xs: list[Any],
    points: list[Point],
    *,
    mode: str,
    orientation: str = "v",
    bars: bool = True,
) -> dict[str, Any]:
    """One series of ratios, with their intervals as error bars (``bars``) or in the
    hover alone; a small group's point hollow, its hover saying so."""
    values = [p.value for p in points]
    above = [None if p.ci is None or p.value is None else p.ci[1] - p.value for p in points]
    below = [None if p.ci is None or p.value is None else p.value - p.ci[0] for p in points]
    hover = [
        f"{p.title}<br>{name} {percent(p.value)}, 95% interval {span(p.ci)}<br>{p.counts}"
        + (f"<br><i>too few answers (under {SMALL})</i>" if p.small else "")
        for p in points
    ]
    error = {"type": "data", "array": above, "arrayminus": below, "visible": bars}
    trace: dict[str, Any] = {
        "type": "scatter",
        "name": name,
        "mode": mode,
        "marker": {
            "color": COLOURS.get(name, "#0072B2"),
            "size": 9,
            "symbol": ["circle-open" if p.small else "circle" for p in points],
        },
        "line": {"color": COLOURS.get(name, "#0072B2")},
        "hovertext": hover,
        "hoverinfo": "text",
    }
    if orientation == "h":
        trace.update(x=values, y=xs, error_x=error)
    else:
        trace.update(x=xs, y=values, error_y=error)
    return trace


def over_time_figure(grouping: Grouping) -> dict[str, Any]:
    """Claim level, answer level and invention rate by day, week or month, one above the
    other on one time axis, each with its 95% interval as a band."""
    from plotly.subplots import make_subplots

    rows = [g for g in grouping.rows if g.group is not None]
    xs = [group_start(str(g.group), grouping.key) for g in rows]
    made = make_subplots(
        rows=3, cols=1, shared_xaxes=True, vertical_spacing=0.09, subplot_titles=list(COLOURS)
    )
    for i, name in enumerate(COLOURS):
        colour = COLOURS[name]
        points = [
            Point(m[1], m[2], group_label(g, grouping.key), m[3], g.small)
            for g in rows
            for m in [measures(g)[i]]
        ]
        lows = [None if p.ci is None else p.ci[0] for p in points]
        highs = [None if p.ci is None else p.ci[1] for p in points]
        band = {"mode": "lines", "line": {"width": 0}, "hoverinfo": "skip", "showlegend": False}
        made.add_scatter(x=xs, y=highs, **band, row=i + 1, col=1)
        made.add_scatter(
            x=xs, y=lows, **band, fill="tonexty", fillcolor=translucent(colour), row=i + 1, col=1
        )
        line = interval_trace(name, xs, points, mode="lines+markers", bars=False)
        made.add_trace(line, row=i + 1, col=1)
    made.update_annotations(x=0, xanchor="left", font={"size": 13})
    made.update_yaxes(range=[0, 1.02], tickformat=".0%", nticks=4)
    made.update_xaxes(type="date", **time_axis(xs, grouping.key))
    made.update_xaxes(title_text=f"answered_at, by {grouping.key} (UTC)", row=3, col=1)
    return figure(
        list(made.data),
        height=580,
        showlegend=False,
        margin={"l": 10, "r": 10, "t": 28, "b": 40},
        **_axes(made),
    )


def _axes(made: Any) -> dict[str, Any]:
    """The axes and titles ``make_subplots`` laid out, as layout keys."""
    layout = made.layout.to_plotly_json()
    return {k: v for k, v in layout.items() if k.startswith(("xaxis", "yaxis", "annotations"))}


def translucent(colour: str, alpha: float = 0.18) -> str:
    """``#0072B2`` as ``rgba(0,114,178,0.18)``."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def groups_figure(grouping: Grouping) -> dict[str, Any]:
    """Each group's claim level with its interval, as points along a horizontal axis."""
    rows = grouping.rows
    points = [
        Point(
            g.claim_level,
            g.claim_level_ci,
            group_label(g, grouping.key),
            f"{g.stated:,} of {g.claims:,} claims stated",
            g.small,
        )
        for g in rows
    ]
    positions = list(range(len(rows)))
    trace = interval_trace("claim level", positions, points, mode="markers", orientation="h")
    return figure(
        [trace],
        height=max(160, 70 + 34 * len(rows)),
        xaxis={"range": [0, 1.02], "tickformat": ".0%", "title": {"text": "claim level"}},
        yaxis=named_axis([group_label(g, grouping.key, SHORT) for g in rows]),
        showlegend=False,
    )


def quadrants_figure(r: Report) -> dict[str, Any]:
    """Grounded × correct as a 2×2 grid of answer counts."""
    q = r["quadrants"]
    z = [
        [q["grounded_correct"], q["grounded_incorrect"]],
        [q["ungrounded_correct"], q["ungrounded_incorrect"]],
    ]
    trace = {
        "type": "heatmap",
        "z": z,
        "x": ["correct", "incorrect"],
        "y": ["grounded", "ungrounded"],
        "text": [[f"{n:,}" for n in row] for row in z],
        "texttemplate": "%{text}",
        "textfont": {"size": 18},
        "colorscale": [[0, "#f7fbff"], [1, "#6baed6"]],
        "zmin": 0,
        "zmax": max(1, *(n for row in z for n in row)),  # all zero: all the lightest
        "showscale": False,
        "hovertemplate": "%{y}, %{x}: %{z} answers<extra></extra>",
    }
    return figure(
        [trace],
        height=280,
        yaxis={"autorange": "reversed"},
        showlegend=False,
    )


def kinds_figure(r: Report) -> dict[str, Any]:
    """The claims not stated by invention kind, as horizontal bars."""
    kinds = r["invention_kinds"]
    names = [k.replace("_", " ") for k in INVENTION_KINDS]
    trace = {
        "type": "bar",
        "orientation": "h",
        "x": [kinds[k] for k in INVENTION_KINDS],
        "y": names,
        "marker": {"color": COLOURS["invention rate"]},
        "hovertemplate": "%{y}: %{x} claims<extra></extra>",
    }
    return figure(
        [trace],
        height=260,
        xaxis={"title": {"text": "claims not stated"}},
        yaxis={"autorange": "reversed", "automargin": True},
        showlegend=False,
    )


def agreement_rows(r: Report) -> list[tuple[str, dict[str, Any]]]:
    """Each kappa the report has, named: judge and reviewers, reviewers with each other,
    then the judge's by claim kind and by origin."""
    a = r["agreement"]
    rows = [
        ("judge ↔ reviewer", a["judge_vs_reviewer"]),
        ("reviewer ↔ reviewer", a["reviewer_vs_reviewer"]),
    ]
    jvr = a["judge_vs_reviewer"]
    rows += [(f"judge ↔ reviewer, {k}", v) for k, v in jvr.get("by_kind", {}).items()]
    rows += [(f"judge ↔ reviewer, {o}", v) for o, v in jvr.get("by_origin", {}).items()]
    return rows


def agreement_figure(r: Report) -> dict[str, Any]:
    """Each kappa with its 95% bootstrap interval, as points."""
    rows = [(name, a) for name, a in agreement_rows(r) if a.get("kappa") is not None]
    ys = list(range(len(rows)))
    kappas = [a["kappa"] for _, a in rows]
    above = [None if a.get("ci") is None else a["ci"][1] - a["kappa"] for _, a in rows]
    below = [None if a.get("ci") is None else a["kappa"] - a["ci"][0] for _, a in rows]
    trace = {
        "type": "scatter",
        "mode": "markers",
        "x": kappas,
        "y": ys,
        "marker": {"color": "#0072B2", "size": 9},
        "error_x": {"type": "data", "array": above, "arrayminus": below, "visible": True},
        "hovertext": [
            f"{label(name)}<br>κ {a['kappa']:.3f}, 95% interval {decimal_span(a.get('ci'))}"
            f"<br>{a['n']:,} claims"
            for name, a in rows
        ],
        "hoverinfo": "text",
    }
    return figure(
        [trace],
        height=max(220, 60 + 30 * len(rows)),
        xaxis={"range": [-1, 1], "title": {"text": "Cohen's kappa"}, "zeroline": True},
        yaxis=named_axis([label(name, SHORT + 8) for name, _ in rows]),
        showlegend=False,
    )


def decimal_span(ci: list[float] | None) -> str:
    return "—" if ci is None else f"{ci[0]:.3f}–{ci[1]:.3f}"


def figure(traces: list[dict[str, Any]], *, height: int = 360, **layout: Any) -> dict[str, Any]:
    """A figure as plotly.js takes it, checked by plotly's own validators."""
    import plotly.graph_objects as go

    base = {
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 10, "b": 40},
        "legend": {"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        "font": {"family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"},
        "hovermode": "closest",
        "plot_bgcolor": "#ffffff",
    }
    made = go.Figure(data=traces, layout={**base, **layout})  # raises on a wrong key
    return json.loads(made.to_json())


# -- the page ----------------------------------------------------------------------------


FOLDED = 12
"""A table of more rows than this opens folded (``<details>``), its chart above it."""


def table(head: list[str], rows: list[list[str]], *, cls: str = "") -> str:
    """An HTML table of cells already made safe; a long one folded, saying how long."""
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    made = (
        f'<div class="scroll"><table class="{cls}"><thead><tr>{th}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )
    if len(rows) <= FOLDED:
        return made
    return f"<details><summary>The numbers, {len(rows):,} rows</summary>{made}</details>"


def group_table(grouping: Grouping) -> str:
    """A grouping's numbers, counts, intervals, verdicts and kinds, a row a group."""
    key = grouping.key
    rows = []
    for g in grouping.rows:
        name = (
            f"<i>{'(no time)' if key in TIME_KEYS else '(none)'}</i>"
            if g.group is None
            else text(g.group)
        )
        if g.small:
            name += ' <span class="few">too few answers</span>'
        rows.append(
            [
                name,
                f"{g.answers:,}",
                f"{g.claims:,}",
                percent(g.claim_level),
                span(g.claim_level_ci),
                percent(g.answer_level),
                percent(g.invention_rate),
                *(f"{g.verdicts[v]:,}" for v in VERDICTS),
                *(f"{g.invention_kinds[k]:,}" for k in INVENTION_KINDS),
            ]
        )
    head = [
        text(key),
        "answers",
        "claims",
        "claim level",
        "95% interval",
        "answer level",
        "invention rate",
        *VERDICTS,
        *(k.replace("_", " ") for k in INVENTION_KINDS),
    ]
    return table(head, rows, cls="groups")


def headline(r: Report) -> str:
    """The three numbers with their counts, as three cards."""
    grounded, invented, with_claims = answer_counts(r)
    cards = [
        (
            "claim level",
            r["claim_level"],
            f"{r['verdicts']['stated']:,} of {r['claims']:,} claims stated",
        ),
        (
            "answer level",
            r["answer_level"],
            f"{grounded:,} of {with_claims:,} answers have every claim stated",
        ),
        (
            "invention rate",
            r["invention_rate"],
            f"{invented:,} of {with_claims:,} answers have an absent claim",
        ),
    ]
    return (
        '<div class="cards">'
        + "".join(
            f'<div class="card"><div class="name">{name}</div>'
            f'<div class="value" style="color:{COLOURS[name]}">{percent(value)}</div>'
            f'<div class="counts">{counts}</div></div>'
            for name, value, counts in cards
        )
        + "</div>"
    )


def agreement_table(r: Report) -> str:
    rows = [
        [
            text(name),
            f"{a['n']:,}",
            percent(a["raw"]),
            "—" if a["kappa"] is None else f"{a['kappa']:.3f}",
            decimal_span(a.get("ci")),
        ]
        for name, a in agreement_rows(r)
    ]
    return table(["", "claims", "raw", "kappa", "95% interval"], rows)


def render(numbers: PageNumbers) -> str:
    """The page: a section per part of the report, each chart above its table."""
    import plotly.offline

    r = numbers.report
    charts: list[tuple[str, dict[str, Any]]] = []

    def chart(name: str, fig: dict[str, Any]) -> str:
        charts.append((f"chart-{name}", fig))
        return f'<div class="chart" id="chart-{name}" role="img"></div>'

    sections = []
    if numbers.over_time is not None:
        t = numbers.over_time
        sections.append(
            f"<section><h2>Over time, by {text(t.key)}</h2>"
            + chart("over-time", over_time_figure(t))
            + f'<p class="note">Each point a {text(t.key)} of answers by when they were given '
            "(<code>answered_at</code>, UTC), with its 95% interval; a hollow point has too "
            f"few answers (under {SMALL}) to say anything.</p>" + group_table(t) + "</section>"
        )
    else:
        sections.append(
            "<section><h2>Over time</h2><p>No answer has a time: import answers with "
            "<code>answered_at</code> to see the numbers over time.</p></section>"
        )
    for name, title, grouping in (
        ("origin", "By source origin", numbers.origins),
        ("by", f"By {text(numbers.by.key)}" if numbers.by else "", numbers.by),
    ):
        if grouping is None:
            continue
        sections.append(
            f"<section><h2>{title}</h2>"
            + (
                chart(name, groups_figure(grouping))
                if grouping.rows
                else "<p>No answer falls in any group.</p>"
            )
            + group_table(grouping)
            + "</section>"
        )
    q = r["quadrants"]
    sections.append(
        "<section><h2>Grounded × correct (answers)</h2>"
        + chart("quadrants", quadrants_figure(r))
        + f'<p class="note">Correctness unknown: {q["correctness_unknown"]:,} answers. '
        "Grounded: every claim stated.</p></section>"
    )
    sections.append(
        "<section><h2>Invention kinds (claims not stated)</h2>"
        + chart("kinds", kinds_figure(r))
        + table(["verdict", "claims"], [[v, f"{r['verdicts'][v]:,}"] for v in VERDICTS])
        + "</section>"
    )
    sections.append(
        "<section><h2>Agreement (Cohen's kappa over the four verdicts)</h2>"
        + (
            chart("agreement", agreement_figure(r))
            if any(a.get("kappa") is not None for _, a in agreement_rows(r))
            else "<p>No kappa yet: no claim has labels to compare.</p>"
        )
        + '<p class="note">Each kappa with its 95% interval (a seeded bootstrap of the '
        "confusion counts); the judge's also by claim kind and by source origin.</p>"
        + agreement_table(r)
        + "</section>"
    )
    who = (
        f"judge: {text(numbers.judge)}" if numbers.judge else "judge: each claim's latest judgement"
    )
    covered = text(coverage_line(r.coverage)) if r.coverage is not None else ""
    plotly_js = plotly.offline.get_plotlyjs()
    draw = (
        "const config = " + script_json(CONFIG) + ";\n"
        "for (const [id, figure] of " + script_json(charts) + ") {\n"
        "  Plotly.newPlot(id, figure.data, figure.layout, config);\n}\n"
    )
    policy = (
        "default-src 'none'; "
        f"script-src '{digest(plotly_js)}' '{digest(draw)}'; "
        "style-src 'unsafe-inline'; img-src data: blob:; font-src 'none'; connect-src 'none'; "
        "base-uri 'none'; form-action 'none'"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>groundtui report</title>"
        f"<style>{STYLE}</style>"
        f"<script>{plotly_js}</script></head><body><main>"
        f'<h1>groundtui report</h1><p class="who">{who}<br>{covered}</p>'
        + headline(r)
        + "".join(sections)
        + f"</main><script>{draw}</script></body></html>\n"
    )


def digest(script: str) -> str:
    """A script's CSP source: ``sha256-`` and the base64 of its SHA-256."""
    return "sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()


STYLE = """
:root { color-scheme: light; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1b1f24; background: #f6f7f9; }
main { max-width: 1100px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.5rem; margin: 0.2em 0; }
h2 { font-size: 1.15rem; margin: 0 0 0.5em; }
section { background: #fff; border: 1px solid #dde1e6; border-radius: 8px;
  padding: 14px; margin: 14px 0; }
.who, .note { color: #57606a; font-size: 0.9rem; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { flex: 1 1 200px; background: #fff; border: 1px solid #dde1e6; border-radius: 8px;
  padding: 12px 14px; }
.card .name { color: #57606a; }
.card .value { font-size: 2rem; font-weight: 600; }
.card .counts { font-size: 0.9rem; }
.chart { width: 100%; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.88rem; margin-top: 8px; }
th, td { padding: 4px 8px; border-bottom: 1px solid #eaeef2; text-align: right;
  white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; min-width: 8em;
  overflow-wrap: anywhere; }
th { color: #57606a; font-weight: 600; }
summary { cursor: pointer; color: #0969da; margin-top: 8px; }
.few { color: #8c959f; font-style: italic; font-size: 0.85em; white-space: nowrap; }
"""
