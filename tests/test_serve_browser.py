"""The review UI in a real browser (docs/browser.md): Playwright drives the
system Chromium against a real ``groundtui serve``. The terminal is drawn on a canvas, so
what happened is read from the database.

Skipped, with the reason, when the playwright package or /usr/bin/chromium is missing
(``make test`` and ``.ci/run`` install Chromium with apt-get where they can).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from groundtui.store import Store
from tests.helpers.serving import Served, serve_db

# A real server and Chromium per test, driven through Playwright.
pytestmark = pytest.mark.slow

CHROMIUM = os.environ.get("GROUNDTUI_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]

REQUIRED = os.environ.get("GROUNDTUI_BROWSER_TESTS") == "required"  # set by .ci/run

if not os.access(CHROMIUM, os.X_OK):
    why = (
        f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium; "
        "`make test` installs it where it may)"
    )
    if REQUIRED:
        raise RuntimeError(why)
    pytest.skip(why, allow_module_level=True)
if REQUIRED:
    from playwright import sync_api
else:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="browser tests need the playwright package (the dev extra)"
    )


def wait_for(what: Callable[[], Any], timeout: float = 30.0, step: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := what():
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {what.__doc__ or what}")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Served, Path]]:
    db = serve_db(tmp_path)
    server = Served(db)
    yield server, db
    server.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def rows(db: Path, sql: str, params: tuple = ()) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, params).fetchall()


def test_a_reviewer_signs_in_labels_three_claims_and_closing_the_tab_frees_their_leases(
    served: tuple[Served, Path],
    browser: Any,
) -> None:
    server, db = served
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    response = page.goto(f"{server.url}/?token={token}")
    assert response.status == 200 and page.title() == "groundtui review · Robin"
    page.wait_for_selector("body.-first-byte", timeout=30_000)
    first = wait_for(lambda: rows(db, "select answer_id from leases where reviewer = 'Robin'"))
    page.focus(".xterm-helper-textarea")  # a click would select a claim
    for key in "yyy":  # one key a claim: each confirms the judge's verdict and moves on
        page.keyboard.press(key)
    labels = wait_for(
        lambda: (
            (
                r := rows(
                    db,
                    "select c.answer_id, r.claim_id, r.verdict, l.judge_verdict from reviews r"
                    " join claims c on c.id = r.claim_id join claim_labels l on l.claim_id = r.claim_id"
                    " where r.reviewer = 'Robin' order by r.id",
                )
            )
            and len(r) == 3
            and r
        )
    )
    assert all(verdict == judge for _, _, verdict, judge in labels)
    assert len({c for _, c, _, _ in labels}) == 3 and {a for a, *_ in labels} == {first[0][0]}
    # the next answer is taken, and left untouched (the third y took it already when the
    # first answer has three claims: advance on decide)
    held = "select 1 from leases where reviewer = 'Robin'"
    if rows(db, "select count(*) from claims where answer_id = ?", (first[0][0],)) != [(3,)]:
        page.keyboard.press("n")
    wait_for(lambda: len(rows(db, held)) == 2)
    (session,) = server.children()
    page.close()
    wait_for(lambda: any("session of Robin ended" in line for line in server.lines))
    assert any(f"(process {session} exit 0)" in line for line in server.lines), server.lines
    assert not server.children()
    # quitting freed every answer the session held (docs/team-review.md "Leases"); the one
    # Robin finished stays hers by its labels, not by a lease
    assert rows(db, "select answer_id from leases where reviewer = 'Robin'") == []


def test_a_wrong_or_revoked_link_is_refused_and_starts_no_process(
    served: tuple[Served, Path],
    browser: Any,
) -> None:
    server, db = served
    with Store(db) as store:
        _, token = store.reviewers.add("Sam")
        store.reviewers.revoke("Sam")
    page = browser.new_page()
    for url in (
        f"{server.url}/?token={token}",
        f"{server.url}/?token=not-a-token",
        f"{server.url}/",
    ):
        response = page.goto(url)
        assert response.status == 403
        assert "groundtui: this link is not valid" in page.inner_text("body")
    # A valid link after them: once its session has started, anything the refused links
    # had started would have started too; only Robin's did.
    with Store(db) as store:
        _, valid = store.reviewers.add("Robin")
    assert browser.new_page().goto(f"{server.url}/?token={valid}").status == 200
    wait_for(lambda: any("session of Robin started" in line for line in server.lines))
    assert len(server.children()) == 1
    assert [line for line in server.lines if "started" in line] == [
        next(line for line in server.lines if "session of Robin started" in line)
    ]
    wait_for(lambda: rows(db, "select reviewer from leases"))
    assert {r for (r,) in rows(db, "select reviewer from leases")} == {"Robin"}


def test_the_terminal_and_a_browser_review_one_database_at_once(
    served: tuple[Served, Path],
    browser: Any,
    tmp_path: Path,
) -> None:
    """A terminal reviewer (Textual's Pilot in a process of its own) and a browser one each
    take a different answer and both labels land."""
    server, db = served
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    terminal = subprocess.Popen(
        [sys.executable, "-c", TERMINAL_REVIEWER, str(db)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{server.url}/?token={token}")
    page.wait_for_selector("body.-first-byte", timeout=30_000)
    wait_for(lambda: rows(db, "select 1 from leases where reviewer = 'Robin'"))
    page.focus(".xterm-helper-textarea")  # a click would select a claim
    page.keyboard.press("c")
    assert terminal.wait(timeout=90) == 0
    done = wait_for(
        lambda: (
            (
                r := rows(
                    db,
                    "select r.reviewer, c.answer_id from reviews r join claims c on c.id = r.claim_id"
                    " order by r.reviewer",
                )
            )
            and len(r) == 2
            and r
        )
    )
    assert [name for name, _ in done] == ["Robin", "Tess"] and done[0][1] != done[1][1]
    page.close()
    wait_for(lambda: any("session of Robin ended" in line for line in server.lines))


TERMINAL_REVIEWER = """
import asyncio, sqlite3, sys
from groundtui.tui.app import make_app

async def main():
    app = make_app(sys.argv[1], "Tess", False)
    async with app.run_test(size=(140, 45)) as pilot:
        # her answer shown (a key before is held, and dropped if she quits first)
        for _ in range(600):
            await pilot.pause(0.1)
            if app.screen.detail is not None and not app.screen.awaiting_answer:
                break
        await pilot.press("s")
        for _ in range(600):  # her label on disk before she quits
            await pilot.pause(0.1)
            with sqlite3.connect(sys.argv[1]) as conn:
                if conn.execute("select 1 from reviews where reviewer = 'Tess'").fetchone():
                    break
        await pilot.press("q")
asyncio.run(main())
"""


LINK = "https://tracker.example/collect?answer=1"


def test_a_url_in_an_answer_is_no_link_hovering_and_clicking_it_opens_nothing(
    tmp_path: Path, browser: Any
) -> None:
    """The answer's question is a URL and its response holds it again: the answer pane at
    the terminal's left (below 100 columns the queue is hidden) shows it on two of its
    first rows. The mouse goes over every third cell of rows 2–10 and columns 0–59 (where
    textual-serve's own script finds links on two rows) and clicks each: no pointer, no page
    opened, no request to the URL. A label key follows the clicks; once its row is in the
    database, the browser has handled every click before it."""
    from tests.helpers.builders import imported_db, make_answer

    claim = {"kind": "figure", "citation": 1, "verdict": "stated", "judge": "prod"}
    db = imported_db(
        tmp_path,
        "links",
        [
            make_answer(
                "L-1",
                question=LINK,
                response=f"Sofas can be returned within 14 days [1]. See {LINK} [2].",
                claims=[{**claim, "text": "Sofas can be returned within 14 days."}],
            )
        ],
    )
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    server = Served(db)
    try:
        context = browser.new_context(viewport={"width": 860, "height": 600})
        opened: list[Any] = []
        requested: list[str] = []
        context.on("page", lambda p: opened.append(p))

        def route(r: Any) -> None:
            if "tracker.example" in r.request.url:
                requested.append(r.request.url)
                r.abort()
            else:
                r.continue_()

        context.route("**/*", route)
        page = context.new_page()
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(f"{server.url}/?token={token}")
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        wait_for(lambda: rows(db, "select 1 from leases where reviewer = 'Robin'"))
        size = dict(p.split("=") for p in sockets[0].split("?", 1)[1].split("&"))
        cols, lines = int(size["width"]), int(size["height"])
        assert cols < 100, cols  # the queue hidden: the answer pane at the left edge
        box = page.locator(".xterm-screen").bounding_box()
        cell = box["width"] / cols, box["height"] / lines
        pointers = []
        for row in range(2, 11):  # not row 0 (a click there makes the header tall)
            for col in range(0, 60, 3):
                x, y = box["x"] + (col + 0.5) * cell[0], box["y"] + (row + 0.5) * cell[1]
                page.mouse.move(x, y)  # xterm looks for a link under the mouse as it moves
                if page.locator(".xterm-cursor-pointer").count():
                    pointers.append((row, col))
                page.mouse.click(x, y)
        assert pointers == []
        page.keyboard.press("s")  # after the clicks: once it lands, they were handled
        wait_for(lambda: rows(db, "select 1 from reviews where reviewer = 'Robin'"))
        assert opened == [page] and requested == []
        context.close()
    finally:
        server.stop()


def test_revoking_the_link_of_an_open_page_ends_its_session_and_the_page_says_why(
    served: tuple[Served, Path], browser: Any
) -> None:
    server, db = served
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{server.url}/?token={token}")
    page.wait_for_selector("body.-first-byte", timeout=30_000)
    wait_for(lambda: rows(db, "select 1 from leases where reviewer = 'Robin'"))
    with Store(db) as store:
        store.reviewers.revoke("Robin")
    notice = page.wait_for_selector(".notice.revoked", state="visible", timeout=30_000)
    assert "Your link was revoked" in notice.inner_text()
    assert not page.is_visible(".notice.ended")  # no "Open again": the link opens nothing
    wait_for(lambda: any("session of Robin ended" in line for line in server.lines))
    assert not rows(db, "select 1 from leases where reviewer = 'Robin'")


def test_no_request_of_the_page_carries_the_token_in_a_referer(
    served: tuple[Served, Path],
    browser: Any,
) -> None:
    """The font request carried the whole link, token and all, in its ``Referer``: Chromium
    gave a font named by the page's inline style the page's address, whatever the page's
    referrer policy."""
    server, db = served
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    requests: list[Any] = []
    page.on("request", lambda request: requests.append(request))
    page.goto(f"{server.url}/?token={token}")
    page.wait_for_selector("body.-first-byte", timeout=30_000)
    wait_for(lambda: any(r.resource_type == "font" for r in requests))
    for request in requests:
        headers = request.all_headers()  # as sent on the wire
        assert not any(token in value for value in headers.values()), (request.url, headers)
        if request.url != page.url:
            assert token not in request.url
    assert {r.resource_type for r in requests} >= {"document", "stylesheet", "script", "font"}
    page.close()


def test_an_answer_with_60_combining_marks_on_a_digit_draws_and_the_tab_stays_responsive(
    tmp_path: Path,
    browser: Any,
) -> None:
    """``1`` with 60 combining marks, in the question, the response, a claim and the
    source, froze the tab for minutes (6 of 6 runs): no first frame, no animation frame.
    Shown as stand-ins, the page draws, answers, and takes a label."""
    from tests.helpers.builders import imported_db, make_answer

    marks = "\u0336\u0338\u0489" * 20
    response = f"Sofas can be returned within 1{marks}4 days [1]. Refunds take 5 days [2]."
    claim = f"Sofas can be returned within 1{marks}4 days"
    record = make_answer(
        "M-1",
        question=f"Within 1{marks}4 days?",
        response=response,
        claims=[
            {
                "text": claim,
                "span": [0, len(claim)],
                "citation": 1,
                "verdict": "absent",
                "judge": "j",
            }
        ],
    )
    record["sources"][0]["text"] = f"Sofas can be returned within 1{marks}4 days."
    db = imported_db(tmp_path, "marks", [record])
    with Store(db) as store:
        _, token = store.reviewers.add("Robin")
    server = Served(db)
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{server.url}/?token={token}")
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        for _ in range(3):  # the page draws frames: its main thread is free
            page.wait_for_function("() => true", polling="raf", timeout=20_000)
        wait_for(lambda: rows(db, "select 1 from leases where reviewer = 'Robin'"))
        page.focus(".xterm-helper-textarea")
        page.keyboard.press("y")
        wait_for(lambda: rows(db, "select verdict from reviews where reviewer = 'Robin'"))
        assert rows(db, "select claim_id, verdict from reviews") == [("M-1#1", "absent")]
        page.screenshot(path=str(tmp_path / "marks.png"), timeout=20_000)
        page.close()
        wait_for(lambda: any("session of Robin ended" in line for line in server.lines))
    finally:
        server.stop()
