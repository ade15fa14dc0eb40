"""``groundtui report --html FILE`` (docs/report.md "The page"): one self-contained page that
opens offline, every chart drawn, and the data's markup shown as text, never run.

The browser tests open the page in the system Chromium through Playwright, with every
request the page makes intercepted and counted; they are skipped, saying why, without
Chromium or Playwright (required in CI, as ``tests/test_serve_browser.py``'s).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.report.groups import Group, Grouping, grouped
from groundtui.report.html import SHORT, groups_figure
from groundtui.store import Store
from tests.helpers import timed
from tests.helpers.builders import make_answer, write_jsonl

CHROMIUM = os.environ.get("GROUNDTUI_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("GROUNDTUI_BROWSER_TESTS") == "required"  # set by .ci/run
CHARTS = ["over-time", "origin", "by", "quadrants", "kinds", "agreement"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("html") / "timed.db"
    timed.build(path)
    with Store(path) as store:  # a second reviewer, so that reviewers agree or not
        for n in range(1, 60):
            for claim in store.query("select id from claims where answer_id = ?", [f"T-{n:03d}"]):
                store.labels.add_review(claim["id"], "lee", "stated", at="2026-12-21T10:00:00Z")
    return path


def write_page(db: Path, out: Path, *extra: str) -> str:
    result = CliRunner().invoke(cli, ["report", "--html", str(out), *extra, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def page_file(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("page") / "report.html"
    write_page(built, out, "--by", "meta.model")
    return out


# -- the file ----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_page_carries_its_scripts_and_allows_only_them(page_file: Path):
    """No ``src`` or ``href`` to anywhere; a Content-Security-Policy that names each of
    the page's two scripts by hash and allows no connection."""
    page = page_file.read_text(encoding="utf-8")
    scripts = re.findall(r"<script>(.*?)</script>", page, flags=re.S)
    markup = re.sub(r"<script>.*?</script>", "", page, flags=re.S)
    assert not re.search(r"\b(src|href)\s*=|url\(|@import", markup)
    assert len(scripts) == 2 and "Plotly" in scripts[0]
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    hashes = re.findall(r"'(sha256-[^']+)'", policy.group(1))
    assert hashes == [
        "sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts
    ]
    assert "default-src 'none'" in policy.group(1) and "connect-src 'none'" in policy.group(1)


def test_the_datas_markup_cannot_end_a_script_or_make_an_element(page_file: Path):
    page = page_file.read_text(encoding="utf-8")
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "<script>window.pwned" not in page and "<b>x" not in page
    escaped = "m &lt;script&gt;window.pwned=1&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;"
    assert f"<td>{escaped}" in page  # the table's cell, as text
    draw = re.findall(r"<script>(.*?)</script>", page, flags=re.S)[1]
    charts = draw.split("for (const [id, figure] of ", 1)[1].rsplit(") {", 1)[0]
    assert not re.search("[<>&]", charts)  # each as a \\u escape: nothing ends the script
    assert "m &lt;script&gt;window.pwned" in json.dumps(json.loads(charts), ensure_ascii=False)


def test_the_page_numbers_are_the_reports(built: Path, tmp_path: Path):
    """The tables show the groups' numbers as ``report --json --by`` prints them."""
    page = write_page(built, tmp_path / "p.html", "--by", "week")
    printed = json.loads(
        CliRunner().invoke(cli, ["report", "--json", "--by", "week", "--db", str(built)]).output
    )
    for g in printed["by"]["groups"]:
        name = g["group"] or "(no time)"
        low, high = g["claim_level_ci"]
        assert re.search(
            rf"<td>(<i>)?{re.escape(name)}.*?</td><td>{g['answers']:,}</td><td>{g['claims']:,}</td>"
            rf"<td>{g['claim_level']:.1%}</td><td>{low:.1%}–{high:.1%}</td>",
            page,
        ), name
    with Store(built) as store:
        origins = grouped(store, "origin")
    for g in origins.rows:  # by origin, the report's by_source numbers with intervals
        assert f"<td>{g.answers:,}</td><td>{g.claims:,}</td>" in page
    assert "Over time, by week" in page


def test_a_database_without_times_says_so_in_place_of_the_time_charts(tmp_path: Path):
    db = tmp_path / "plain.db"
    path = write_jsonl(
        tmp_path / "a.jsonl",
        [make_answer("P-1", claims=[{"text": "Refunds take 5 days.", "citation": 2}])],
    )
    assert CliRunner().invoke(cli, ["import", str(path), "--db", str(db)]).exit_code == 0
    page = write_page(db, tmp_path / "p.html")
    assert "No answer has a time" in page and "chart-over-time" not in page


@pytest.mark.parametrize("target", ["db", "wal", "other-db", "folder"])
def test_the_page_is_never_written_over_a_database(built: Path, tmp_path: Path, target: str):
    other = tmp_path / "other.db"
    with Store(other):
        pass
    path = {
        "db": built,
        "wal": Path(f"{built}-wal"),
        "other-db": other,
        "folder": tmp_path,
    }[target]
    before = path.read_bytes() if path.is_file() else None
    result = CliRunner().invoke(cli, ["report", "--html", str(path), "--db", str(built)])
    assert result.exit_code == 2
    assert result.output.startswith(f"groundtui: cannot write {path}: ")
    assert len(result.output.splitlines()) == 1
    if before is not None:
        assert path.read_bytes() == before


def test_html_and_by_go_with_the_report_not_the_comparison(built: Path, tmp_path: Path):
    result = CliRunner().invoke(
        cli,
        ["report", "--compare", "a", "b", "--html", str(tmp_path / "p.html"), "--db", str(built)],
    )
    assert result.exit_code == 2
    assert result.output == "groundtui: --by and --html go with the report, not with --compare\n"


# -- in Chromium -------------------------------------------------------------------------


@pytest.fixture
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        why = f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
        if REQUIRED:
            raise RuntimeError(why)
        pytest.skip(why)
    if REQUIRED:
        from playwright import sync_api
    else:
        sync_api = pytest.importorskip(
            "playwright.sync_api", reason="browser tests need the playwright package (dev extra)"
        )
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)])
def test_in_chromium_every_chart_draws_no_request_leaves_and_markup_stays_text(
    browser: Any, page_file: Path, viewport: tuple[int, int]
):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    url = page_file.as_uri()
    others: list[str] = []

    def intercept(route: Any) -> None:  # every request but the page's own is counted, refused
        if route.request.url == url:
            route.continue_()
        else:
            others.append(route.request.url)
            route.abort()

    context.route("**/*", intercept)
    page = context.new_page()
    seen: list[str] = []
    problems: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    page.wait_for_function(
        "ids => ids.every(id => document.querySelector(`#chart-${id} .main-svg`))", arg=CHARTS
    )
    drawn = page.evaluate(
        """ids => ids.map(id => [id, document.querySelectorAll(
             `#chart-${id} .scatterlayer .point, #chart-${id} .barlayer .point,`
             + ` #chart-${id} .heatmaplayer image`).length])""",
        CHARTS,
    )
    assert all(n > 0 for _, n in drawn), drawn
    assert others == [] and seen == [url]
    assert problems == []
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("document.scripts.length") == 2
    assert page.evaluate("document.querySelectorAll('b').length") == 0
    text = page.inner_text("body")
    assert f"wiki {timed.HOSTILE}" in text and f"m {timed.HOSTILE}" in text
    ticks = page.evaluate(
        "[...document.querySelectorAll('#chart-origin .ytick text, #chart-by .ytick text')]"
        ".map(t => t.textContent)"
    )
    for name in (f"wiki {timed.HOSTILE}", f"m {timed.HOSTILE}"):  # shortened, never markup
        assert name[: SHORT - 1] + "…" in ticks, ticks
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport[0]  # no sideways scrolling of the page; wide tables scroll alone
    context.close()


def test_two_names_alike_once_shortened_stay_two_rows_of_a_chart():
    long = "prompt-version-2026-11-30-"
    rows = [
        Group(long + "a", answers=20, claims=40, stated=30),
        Group(long + "b", 20, 0, 0, 40, 10),
    ]
    figure = groups_figure(Grouping("meta.prompt", rows))
    [trace] = figure["data"]
    assert trace["y"] == [0, 1] and trace["x"] == [0.75, 0.25]
    assert figure["layout"]["yaxis"]["ticktext"] == [long[: SHORT - 1] + "…"] * 2
    assert [h.split("<br>")[0] for h in trace["hovertext"]] == [long + "a", long + "b"]


def test_a_lone_period_is_drawn_on_an_axis_of_whole_periods():
    """One day of answers: plotly's own axis ticked fractions of a millisecond; the axis spans
    the day's own half-days either side, ticked a day apart, labelled as dates."""
    from groundtui.report.html import time_axis

    assert time_axis(["2026-12-06"], "day") == {
        "tickformat": "%d %b %Y",
        "dtick": 86_400_000,
        "range": ["2026-12-05T12:00:00", "2026-12-06T12:00:00"],
    }
    week = time_axis(["2026-11-30", "2026-12-07"], "week")
    assert week["tickformat"] == "%G-W%V" and week["range"][0] == "2026-11-26T12:00:00"
    many = time_axis([f"2026-{m:02d}-01" for m in range(1, 13)], "month")
    assert "dtick" not in many and many["range"] == ["2025-12-17T00:00:00", "2026-12-16T00:00:00"]
