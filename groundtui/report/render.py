"""The report as rich tables for ``groundtui report``: every ratio beside its counts.

Origins come from imported data, so they are rendered as ``rich.text.Text``, never markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from groundtui.report import Report, answer_counts
from groundtui.report.coverage import coverage_line
from groundtui.report.groups import INVENTION_KINDS, SMALL, TIME_KEYS, Grouping
from groundtui.report.groups import Group as Grouped
from groundtui.report.matrices import VERDICTS
from groundtui.text.counts import plural
from groundtui.text.inert import one_line


def percent(value: float | None) -> str:
    """``0.905`` as ``90.5%``; ``None`` (a zero denominator) as an em dash."""
    return "—" if value is None else f"{value:.1%}"


def decimal(value: float | None) -> str:
    """A kappa or agreement with three decimals; ``None`` as an em dash."""
    return "—" if value is None else f"{value:.3f}"


def section_table(title: str, *columns: str) -> Table:
    """A titled table whose first column is left-aligned and the rest right-aligned."""
    table = Table(title=title, title_justify="left", title_style="bold", show_edge=False)
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    return table


def headline(r: Report) -> Table:
    """Claim level, answer level and invention rate, each with its numerator and denominator."""
    pending = r["claims"] - sum(r["verdicts"].values())
    grounded, invented, with_claims = answer_counts(r)
    table = section_table("Groundedness", "measure", "value", "counts")
    table.columns[2].justify = "left"
    claims_note = f" ({plural(pending, 'claim')} not yet labelled)" if pending else ""
    table.add_row(
        "claim level",
        percent(r["claim_level"]),
        f"{r['verdicts']['stated']:,} of {plural(r['claims'], 'claim')} stated" + claims_note,
    )
    without = r["answers"] - with_claims
    answers_note = f" ({plural(without, 'answer')} without claims)" if without else ""
    table.add_row(
        "answer level",
        percent(r["answer_level"]),
        f"{grounded:,} of {with_claims:,} answers have every claim stated" + answers_note,
    )
    table.add_row(
        "invention rate",
        percent(r["invention_rate"]),
        f"{invented:,} of {with_claims:,} answers have an absent claim",
    )
    table.add_row(
        "reviewed",
        percent(r["reviewed_claims"] / r["claims"] if r["claims"] else None),
        f"{r['reviewed_claims']:,} of {r['claims']:,} claims carry a reviewer's label",
    )
    if r.get("dismissed"):
        table.add_row(
            "dismissed",
            "",
            f"{plural(r['dismissed'], 'claim')} dismissed as not claims, counted nowhere",
        )
    return table


def counts(title: str, values: dict[str, int]) -> Table:
    """A name → count table with each count's share of the total."""
    table = section_table(title, "", "claims", "share")
    total = sum(values.values())
    for name, n in values.items():
        table.add_row(name.replace("_", " "), f"{n:,}", percent(n / total if total else None))
    return table


def invention_kinds(r: dict[str, Any]) -> Table:
    """Invention kinds, each a share of the not-stated claims that have a kind; the caption
    names that denominator and counts the not-stated claims without one."""
    kinds = r["invention_kinds"]
    with_kind = sum(kinds.values())
    not_stated = sum(r["verdicts"].values()) - r["verdicts"]["stated"]
    table = counts("Invention kinds (claims not stated)", kinds)
    table.columns[2].header = "share of those with a kind"
    table.caption = (
        f"shares of the {plural(with_kind, 'claim')} with a kind; "
        f"not stated without a kind: {max(0, not_stated - with_kind):,}"
    )
    table.caption_justify = "left"
    return table


def control(r: dict[str, Any]) -> Text:
    """The control sample's estimate of what the check misses, with its interval."""
    c = r.get("control")
    if not c:
        return Text("")
    if not c["answers"]:
        return Text(
            "Control sample: none (`groundtui config control_share` sets the share of "
            "unflagged answers the judge also judges)"
        )
    ci = c["ci"]
    interval = f" (95% interval {percent(ci[0])}–{percent(ci[1])})" if ci else ""
    return Text(
        f"Control sample: {c['judged']:,} of {plural(c['answers'], 'unflagged answer')} "
        f"judged; {c['with_unstated_claim']:,} hold a claim not stated: "
        f"{percent(c['rate'])}{interval} of unflagged answers, by estimate"
    )


def by_source(r: dict[str, Any]) -> Table:
    """Origins, the most often ungrounded first (no answers yet: last)."""
    table = section_table(
        "By source origin", "origin", "claims", "claim level", "answers", "ungrounded answers"
    )
    rows = sorted(
        r["by_source"].items(),
        key=lambda item: (
            item[1]["ungrounded_answer_rate"] is None,
            -(item[1]["ungrounded_answer_rate"] or 0),
            item[0],
        ),
    )
    for origin, s in rows:
        table.add_row(
            Text(one_line(origin)),
            f"{s['claims']:,}",
            percent(s["claim_level"]),
            f"{s['answers']:,}",
            percent(s["ungrounded_answer_rate"]),
        )
    return table


def group_name(g: Grouped, key: str) -> Text:
    """A group's name as written, never markup (answers without one: ``(none)``, or
    ``(no time)`` for a time key); a group too small to say anything marked below it."""
    if g.group is None:
        name = Text("(no time)" if key in TIME_KEYS else "(none)", style="italic")
    else:
        name = Text(one_line(g.group))
    if g.small:
        name.append("\n(too few)", style="dim italic")
    return name


def by_group(grouping: Grouping) -> RenderableType:
    """``--by KEY``: each group's three numbers with their counts and the claim level's
    interval, then its verdicts and its invention kinds; a group too small to say anything
    marked so."""
    key = grouping.key
    if not grouping.rows:
        return Text(f"By {key}: no answer with a claim to group yet", style="bold")
    table = section_table(
        f"By {key}",
        key,
        "answers",
        "claims",
        "claim level",
        "95% interval",
        "answer level",
        "invention rate",
    )
    for g in grouping.rows:
        ci = g.claim_level_ci
        table.add_row(
            group_name(g, key),
            f"{g.answers:,}",
            f"{g.claims:,}",
            percent(g.claim_level),
            "—" if ci is None else f"{ci[0] * 100:.1f}–{ci[1] * 100:.1f}",
            percent(g.answer_level),
            percent(g.invention_rate),
        )
    table.caption = (
        "answers: those with a claim, the answer level's and invention rate's denominator; "
        "interval: Wilson's on what the claims are worth, an answer's claims standing or "
        f"falling together; (too few): under {SMALL} answers, too few to say anything"
    )
    table.caption_justify = "left"
    verdicts = section_table(f"Verdicts by {key} (claims)", key, *VERDICTS)
    kinds = section_table(
        f"Invention kinds by {key} (claims not stated)",
        key,
        *(k.replace("_", " ") for k in INVENTION_KINDS),
    )
    for g in grouping.rows:
        verdicts.add_row(group_name(g, key), *(f"{g.verdicts[v]:,}" for v in VERDICTS))
        kinds.add_row(group_name(g, key), *(f"{g.invention_kinds[k]:,}" for k in INVENTION_KINDS))
    return Group(table, Text(""), verdicts, Text(""), kinds)


def quadrants(r: dict[str, Any]) -> Table:
    """Grounded × correct over answers with at least one claim (grounded: every claim stated)."""
    q = r["quadrants"]
    table = section_table("Grounded × correct (answers)", "", "correct", "incorrect")
    table.add_row("grounded", f"{q['grounded_correct']:,}", f"{q['grounded_incorrect']:,}")
    table.add_row("ungrounded", f"{q['ungrounded_correct']:,}", f"{q['ungrounded_incorrect']:,}")
    table.caption = f"correctness unknown: {q['correctness_unknown']:,}"
    table.caption_justify = "left"
    return table


def interval(ci: list[float] | None) -> str:
    """A 95% interval as ``0.412–0.688``; none as an em dash."""
    return "—" if ci is None else f"{ci[0]:.3f}–{ci[1]:.3f}"


def agreement(r: dict[str, Any]) -> Table:
    """The judge's agreement with reviewers beside reviewers' agreement with each other."""
    table = section_table(
        "Agreement (Cohen's kappa over the four verdicts)",
        "",
        "claims",
        "raw",
        "kappa",
        "95% interval",
    )
    a = r["agreement"]
    for label, key in (
        ("judge vs reviewer", "judge_vs_reviewer"),
        ("reviewer vs reviewer (the human ceiling)", "reviewer_vs_reviewer"),
    ):
        table.add_row(
            label,
            f"{a[key]['n']:,}",
            percent(a[key]["raw"]),
            decimal(a[key]["kappa"]),
            interval(a[key].get("ci")),
        )
    table.caption = (
        "reviewer vs reviewer: the overlap's claims, each of the two first reviewers' last "
        "label made before they could see the other's"
    )
    table.caption_justify = "left"
    return table


def team_agreement(r: dict[str, Any]) -> RenderableType:
    """Reviewers with each other by pair and by origin, and each against the lead's
    adjudications: only the tables that have a row."""
    a = r["agreement"]
    rows: list[tuple[str, str, dict[str, Any]]] = [
        ("Reviewers with each other, by pair", "pair", {}),
        ("Reviewers with each other, by source origin", "origin", {}),
        ("Each reviewer against the adjudicated verdict", "reviewer", {}),
    ]
    for pair in a.get("reviewer_pairs", []):
        rows[0][2][" & ".join(one_line(name) for name in pair["reviewers"])] = pair
    rows[1][2].update(a.get("reviewer_vs_reviewer_by_origin", {}))
    rows[2][2].update(a.get("reviewer_vs_adjudicated", {}))
    parts: list[RenderableType] = []
    for title, first, named in rows:
        if named:
            parts += [groups(title, first, named), Text("")]
    return Group(*parts)


def confusion(matrix: dict[str, dict[str, int]], title: str) -> Table:
    """Rows: the judge's verdict; columns: the reviewer's; the diagonal is agreement."""
    verdicts = list(matrix)
    table = section_table(title, "judge ↓ reviewer →", *verdicts, "claims")
    for a in verdicts:
        cells = [Text(f"{matrix[a].get(b, 0):,}", style="bold" if a == b else "") for b in verdicts]
        table.add_row(a, *cells, f"{sum(matrix[a].values()):,}")
    return table


def groups(title: str, first: str, rows: dict[str, dict[str, Any]]) -> Table:
    """Agreement of judge and reviewers per claim kind or per origin, with intervals."""
    table = section_table(title, first, "claims", "raw", "kappa", "95% interval")
    for name, g in rows.items():
        table.add_row(
            Text(one_line(name)),
            f"{g['n']:,}",
            percent(g["raw"]),
            decimal(g["kappa"]),
            interval(g["ci"]),
        )
    return table


def calibration(r: dict[str, Any]) -> RenderableType:
    """Where the judge and people differ: the confusion matrix, by kind and by origin."""
    jvr = r["agreement"]["judge_vs_reviewer"]
    if "confusion" not in jvr:
        return Text("")
    parts: list[RenderableType] = [
        confusion(jvr["confusion"], "Calibration: judge verdict × reviewer verdict (claims)"),
        Text(""),
        groups("Judge vs reviewer by claim kind", "kind", jvr["by_kind"]),
    ]
    if jvr["by_origin"]:
        parts += [
            Text(""),
            groups("Judge vs reviewer by source origin", "origin", jvr["by_origin"]),
        ]
    parts.append(
        Text("The claims behind a cell: groundtui export --judge-verdict X --reviewer-verdict Y")
    )
    return Group(*parts)


def by_reviewer(r: dict[str, Any]) -> Table:
    """Each reviewer's labels and their agreement with the judge, beside the reviewers' own."""
    table = section_table("Reviewers", "", "claims", "answers", "vs judge: claims", "raw", "kappa")
    for name, row in r.get("reviewers", {}).items():
        a = row["judge_agreement"]
        table.add_row(
            Text(one_line(name)),
            f"{row['claims']:,}",
            f"{row['answers']:,}",
            f"{a['n']:,}",
            percent(a["raw"]),
            decimal(a["kappa"]),
        )
    rr = r["agreement"]["reviewer_vs_reviewer"]
    table.caption = (
        overlap_line(r) + f"; reviewers agree with each other: kappa {decimal(rr['kappa'])}"
    )
    table.caption_justify = "left"
    return table


def overlap_line(r: dict[str, Any]) -> str:
    """``Overlap 10%: 50 answers, 120 claims reviewed twice, 9 disagreements, 4 adjudicated``."""
    o = r.get("overlap")
    if not o:
        return "Overlap: none"
    return (
        f"Overlap {percent(o['share'])}: {plural(o['answers'], 'answer')}, "
        f"{plural(o['double_reviewed_claims'], 'claim')} reviewed twice, "
        f"{plural(o['disagreements'], 'disagreement')}, {o['adjudicated']:,} adjudicated"
    )


def render(r: Report, *, judge: str | None = None) -> RenderableType:
    """The whole report, one table per section of docs/report.md."""
    f = r["flags"]
    who = f"judge: {one_line(judge)}" if judge else "judge: each claim's latest judgement"
    covered = Text(coverage_line(r.coverage)) if r.coverage is not None else Text("")
    return Group(
        Text(f"groundtui report — {who}", style="bold"),
        covered,
        Text(""),
        headline(r),
        Text(""),
        counts("Verdicts (effective)", r["verdicts"]),
        Text(""),
        invention_kinds(r),
        Text(""),
        by_source(r),
        Text(""),
        *((by_group(r.by), Text("")) if r.by is not None else ()),
        quadrants(r),
        Text(""),
        Text(
            f"Flags: {f['scanned']:,} answers scanned, {f['flagged']:,} flagged "
            f"({percent(f['rate'])})"
        ),
        control(r),
        Text(""),
        agreement(r),
        Text(""),
        calibration(r),
        Text(""),
        team_agreement(r),
        by_reviewer(r),
    )


def show(r: Report, *, judge: str | None = None, console: Console | None = None) -> None:
    """Print ``render(r)``."""
    (console or Console(highlight=False)).print(render(r, judge=judge))
