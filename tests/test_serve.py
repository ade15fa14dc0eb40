"""``groundtui reviewers`` and the server's sign-in, without a browser (docs/browser.md):
tokens stored hashed, constant-time lookup, 403 that starts nothing, caps."""

from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.listen import is_loopback
from groundtui.serve.server import ReviewServer
from groundtui.store import Store, token_hash
from tests.helpers.serving import alive, serve_db


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return serve_db(tmp_path, answers=2)


def test_a_token_is_stored_only_as_its_hash_and_finds_its_reviewer(db: Path) -> None:
    with Store(db) as store:
        name, token = store.reviewers.add("Dana")
        assert name == "Dana" and len(token) >= 40
        row = store.query("select * from reviewers where key = 'dana'")[0]
        assert row["token_hash"] == token_hash(token) and token not in str(row)
        found = store.reviewers.for_token(token)
        assert found is not None and found.name == "Dana" and not found.lead
        assert store.reviewers.for_token(token[:-1] + "x") is None
        assert store.reviewers.for_token("") is None
        # one person whatever the case; a new link replaces the old one
        again, newer = store.reviewers.add("DANA", lead=True)
        assert again == "Dana" and store.reviewers.for_token(token) is None
        lead = store.reviewers.for_token(newer)
        assert lead is not None and lead.lead
        assert store.reviewers.revoke("dana") == "Dana"
        assert store.reviewers.for_token(newer) is None
        assert store.reviewers.revoke("dana") is None and store.reviewers.revoke("bob") is None
        assert [r["link"] for r in store.reviewers.all()] == ["revoked"]


def test_the_reviewers_commands(db: Path) -> None:
    run = CliRunner().invoke(
        cli,
        ["reviewers", "add", "Lee", "--lead", "--url", "https://review.example/", "--db", str(db)],
    )
    assert run.exit_code == 0, run.output
    assert "Lee (lead): https://review.example/?token=" in run.output
    assert "&adjudicate=1" in run.output
    listed = CliRunner().invoke(cli, ["reviewers", "list", "--db", str(db)])
    assert "Lee\tlead\tlink active" in listed.output
    gone = CliRunner().invoke(cli, ["reviewers", "revoke", "lee", "--db", str(db)])
    assert gone.exit_code == 0 and "Revoked the link of Lee." in gone.output
    bad = CliRunner().invoke(cli, ["reviewers", "revoke", "bob", "--db", str(db)])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "no reviewer 'bob'" in bad.output
    bad_url = CliRunner().invoke(
        cli, ["reviewers", "add", "x", "--url", "review.example", "--db", str(db)]
    )
    assert bad_url.exit_code == 2 and "Traceback" not in bad_url.output
    # A base with a query or a fragment made links like "https://h/?a=1/?token=…"
    for base in ("https://review.example/?a=1", "https://review.example/#top", "https://"):
        bad_url = CliRunner().invoke(cli, ["reviewers", "add", "x", "--url", base, "--db", str(db)])
        assert bad_url.exit_code == 2 and "give the address as" in bad_url.output, base
    listed = CliRunner().invoke(cli, ["reviewers", "list", "--db", str(db)])
    assert "x\t" not in listed.output  # nobody was added
    sub = CliRunner().invoke(
        cli, ["reviewers", "add", "y", "--url", "https://h.example/review", "--db", str(db)]
    )
    assert sub.exit_code == 0 and "https://h.example/review/?token=" in sub.output


def test_serve_on_a_port_in_use_is_one_line(db: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        run = CliRunner().invoke(cli, ["serve", "--port", str(port), "--db", str(db)])
    assert run.exit_code == 2
    assert run.output.startswith(f"groundtui: cannot listen on 127.0.0.1:{port}")
    assert run.output.count("\n") == 1


def test_only_loopback_counts_as_private() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4")


async def _client(server: ReviewServer) -> TestClient:
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1"))
    await client.start_server()
    return client


def _own(client: TestClient) -> dict[str, str]:
    """The ``Origin`` a browser on the server's page sends with its websocket."""
    return {"Origin": f"http://{client.host}:{client.port}"}


async def test_a_wrong_or_revoked_token_gets_403_and_starts_nothing(db: Path) -> None:
    with Store(db) as store:
        _, token = store.reviewers.add("Dana")
        _, revoked = store.reviewers.add("Ann")
        store.reviewers.revoke("ann")
    server = ReviewServer(str(db))
    client = await _client(server)
    try:
        for query in (
            "",
            "?token=",
            "?token=guess",
            f"?token={revoked}",
            f"?token={token}&adjudicate=1",
        ):  # not a lead
            response = await client.get("/" + query)
            assert response.status == 403, query
            assert "groundtui:" in await response.text()
        for path in ("/ws/made-up", "/ws/" + token):  # a websocket needs a ticket
            response = await client.get(path, headers=_own(client))
            assert response.status == 403
        assert server.started == 0 and not server.tickets and not server.sessions
    finally:
        await client.close()


async def test_the_page_is_the_products_and_names_the_reviewer_from_the_token(db: Path) -> None:
    with Store(db) as store:
        _, token = store.reviewers.add("Dana")
    server = ReviewServer(str(db), per_reviewer=1)
    client = await _client(server)
    try:
        # a name in the URL changes nothing: the name comes from the token
        response = await client.get(f"/?token={token}&reviewer=Mallory&name=Mallory")
        page = await response.text()
        assert response.status == 200
        assert "<title>groundtui review · Dana</title>" in page and "Mallory" not in page
        assert "groundtui review --" not in page and "Start" not in page  # no command line
        assert "https://" not in page.replace('"https:"', "")  # nothing fetched from outside
        assert response.headers["Referrer-Policy"] == "no-referrer"
        (ticket,) = server.tickets
        assert server.tickets[ticket].reviewer.name == "Dana"
        # a page load holds no session (a link preview, a mail scanner): a second is served
        second = await client.get(f"/?token={token}")
        assert second.status == 200 and len(server.tickets) == 2
        # a ticket whose reviewer was revoked meanwhile starts nothing
        with Store(db) as store:
            store.reviewers.revoke("Dana")
        refused = await client.get(f"/ws/{ticket}", headers=_own(client))
        assert refused.status == 403 and server.started == 0
        assert "revoked" in await refused.text()
        # and a ticket is used once
        again = await client.get(f"/ws/{ticket}", headers=_own(client))
        assert again.status == 403 and "no valid ticket" in await again.text()
    finally:
        await client.close()


async def test_the_pages_script_is_textual_serves_without_its_link_detection(db: Path) -> None:
    """docs/browser.md: text in answers is never a link. The page loads the server's own
    script, textual-serve's with the statement that loads xterm's WebLinksAddon removed,
    and no window may be opened from it."""
    from groundtui.serve.script import SCRIPT

    with Store(db) as store:
        _, token = store.reviewers.add("Dana")
    server = ReviewServer(str(db))
    client = await _client(server)
    try:
        page = await (await client.get(f"/?token={token}")).text()
        assert '<script src="/page.js">' in page and "js/textual.js" not in page
        assert "window.open = function () { return null; };" in page
        response = await client.get("/page.js")
        script = await response.read()
        assert response.status == 200 and response.content_type == "text/javascript"
        original = SCRIPT.read_bytes()
        assert b"this.terminal.loadAddon(this.weblinksAddon)" in original
        assert b"weblinksAddon" not in script and b"loadAddon(this.fitAddon)" in script
        assert len(original) - len(script) < 100  # one statement gone, the rest as it was
    finally:
        await client.close()


def test_serve_refuses_a_textual_serve_whose_script_it_cannot_rid_of_links(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from groundtui.serve import script

    changed = tmp_path / "textual.js"
    changed.write_text("this.links=new S.WebLinksAddon2,this.terminal.loadAddon(this.links),")
    monkeypatch.setattr(script, "SCRIPT", changed)
    script.page_script.cache_clear()
    try:
        run = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", str(db)])
    finally:
        script.page_script.cache_clear()
    assert run.exit_code == 2 and run.output.count("\n") == 1
    assert "no longer loads xterm's link addon" in run.output and "Traceback" not in run.output


async def test_page_loads_refuse_no_one_and_the_caps_count_open_websockets(db: Path) -> None:
    """Real ``groundtui review`` processes, one per websocket: four page loads of each of
    three links are served (no websocket, no session); the caps count the sockets."""
    import re

    with Store(db) as store:
        tokens = {name: store.reviewers.add(name)[1] for name in ("a", "b", "c")}
    server = ReviewServer(str(db), per_reviewer=1, in_all=2)
    client = await _client(server)
    sockets = []
    try:
        tickets: dict[str, list[str]] = {}
        for name, token in tokens.items():
            for _ in range(4):
                page = await client.get(f"/?token={token}")
                assert page.status == 200, await page.text()
                ticket = re.search(r"/ws/([\w-]+)", await page.text())
                assert ticket is not None, "a page without its websocket's ticket"
                tickets.setdefault(name, []).append(ticket[1])
        for name in "ab":
            sockets.append(
                await client.ws_connect(
                    f"/ws/{tickets[name][0]}?width=100&height=30", headers=_own(client)
                )
            )
        second_of_a = await client.get(f"/ws/{tickets['a'][1]}", headers=_own(client))
        assert second_of_a.status == 429
        assert "a already has 1 review sessions open" in await second_of_a.text()
        third = await client.get(f"/ws/{tickets['c'][0]}", headers=_own(client))
        assert third.status == 429 and "already runs 2 review sessions" in await third.text()
        # counted once a session's process has started, after its websocket's handshake
        for _ in range(600):
            if server.started == 2:
                break
            await asyncio.sleep(0.1)
        assert server.started == 2
    finally:
        for socket in sockets:
            await socket.close()
        await client.close()


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_serving_beyond_loopback_says_it_is_plain_http(
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
    host: str,
    warned: bool,
) -> None:
    served: list[ReviewServer] = []

    def run(self: ReviewServer, sock: socket.socket) -> None:  # started, then stopped
        served.append(self)
        sock.close()

    monkeypatch.setattr(ReviewServer, "run", run)
    result = CliRunner().invoke(cli, ["serve", "--host", host, "--port", "0", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert served and served[0].session_env  # checked once here, for every session
    cores = len(os.sched_getaffinity(0))  # the caps by default: 2 sessions per core, 2 each
    assert f"at most {max(2, 2 * cores)} sessions, 2 per reviewer" in result.output
    plain = [line for line in result.output.splitlines() if "plain HTTP" in line]
    if warned:
        assert plain == [
            f"groundtui serve: plain HTTP on {host}: put TLS in a reverse proxy "
            "in front (docs/browser.md)"
        ]
    else:
        assert plain == []


def test_a_session_skips_the_whole_file_check_its_server_made(
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from groundtui.cli.review import _checked
    from groundtui.store import CHECKED_BY_SERVE

    (tmp_path / "other").mkdir()
    other = serve_db(tmp_path / "other", answers=1)
    checked: list[str] = []
    monkeypatch.setattr(Store, "check_intact", lambda self: checked.append(self.path))
    _checked(str(db), False)
    assert checked == [str(db)]  # a terminal's review checks the file
    assert ReviewServer(str(db)).session_env == {}
    env = ReviewServer(str(db), checked=True).session_env
    monkeypatch.setenv(CHECKED_BY_SERVE, env[CHECKED_BY_SERVE])
    checked.clear()
    _checked(str(db), False)
    assert checked == []  # its server checked it
    _checked(str(other), False)
    assert checked == [str(other)]  # not another file


@pytest.mark.slow
async def test_revoking_a_link_ends_its_open_sessions_and_frees_their_leases(db: Path) -> None:
    """Real processes: a ``groundtui serve``, and a ``groundtui review`` per websocket
    opened as the page opens it. Revoking Robin's link ends his session within the
    server's look at the links; Kim's goes on."""
    import asyncio
    import re
    import sqlite3

    import aiohttp

    from tests.helpers.serving import Served

    with Store(db) as store:
        tokens = {name: store.reviewers.add(name)[1] for name in ("Robin", "Kim")}

    def leases(name: str) -> int:
        with sqlite3.connect(db) as conn:
            return conn.execute(
                "select count(*) from leases where reviewer = ?", [name]
            ).fetchone()[0]

    async def until(what, timeout: float = 60.0) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not what():
            assert asyncio.get_running_loop().time() < deadline, what.__doc__
            await asyncio.sleep(0.1)

    server = Served(db)
    try:
        async with aiohttp.ClientSession() as client:
            sockets = {}
            for name, token in tokens.items():
                async with client.get(f"{server.url}/?token={token}") as page:
                    ticket = re.search(r"/ws/([\w-]+)", await page.text())
                assert ticket is not None
                sockets[name] = await client.ws_connect(
                    f"{server.url}/ws/{ticket[1]}?width=140&height=45", headers=server.origin
                )
            await until(lambda: leases("Robin") and leases("Kim"))  # each opened an answer
            (robin,) = [
                line.split("(process ")[1].split(")")[0]
                for line in server.lines
                if "session of Robin started" in line
            ]
            assert len(server.children()) == 2
            gone = CliRunner().invoke(cli, ["reviewers", "revoke", "Robin", "--db", str(db)])
            assert gone.exit_code == 0, gone.output
            await until(
                lambda: any(
                    f"session of Robin ended (process {robin} exit 0)" in line
                    for line in server.lines
                )
            )
            assert any(
                "session of Robin ending: their link was revoked" in line for line in server.lines
            )
            assert int(robin) not in server.children() and len(server.children()) == 1
            assert leases("Robin") == 0 and leases("Kim") == 1  # his untouched answer freed
            # his page's websocket was closed, after what his app had drawn
            kinds = [message.type async for message in sockets["Robin"]]
            assert aiohttp.WSMsgType.BINARY in kinds and sockets["Robin"].closed
            await sockets["Kim"].close()
            await until(lambda: not server.children())
    finally:
        server.stop()


@pytest.mark.slow
async def test_a_session_ends_within_seconds_of_its_server_killed(db: Path) -> None:
    """Real processes: ``kill -9`` of ``groundtui serve`` while Robin's session runs. The
    session process notices its server gone and quits within 10 s, freeing the answer it
    opened and did not touch."""
    import asyncio
    import re
    import signal
    import sqlite3

    import aiohttp

    from tests.helpers.serving import Served

    with Store(db) as store:
        token = store.reviewers.add("Robin")[1]

    def leases() -> int:
        with sqlite3.connect(db) as conn:
            return conn.execute("select count(*) from leases").fetchone()[0]

    server = Served(db)
    try:
        async with aiohttp.ClientSession() as client:
            async with client.get(f"{server.url}/?token={token}") as page:
                ticket = re.search(r"/ws/([\w-]+)", await page.text())
            assert ticket is not None
            socket = await client.ws_connect(
                f"{server.url}/ws/{ticket[1]}?width=140&height=45", headers=server.origin
            )
            for _ in range(600):
                if leases() and server.children():
                    break
                await asyncio.sleep(0.1)
            (session,) = server.children()
            assert leases() == 1
            server.process.send_signal(signal.SIGKILL)
            server.process.wait(timeout=10)
            for _ in range(100):
                if not alive(session):
                    break
                await asyncio.sleep(0.1)
            assert not alive(session), "the session outlived its server by 10 s"
            assert leases() == 0
            await socket.close()
    finally:
        if server.process.poll() is None:
            server.stop()


@pytest.mark.parametrize(
    "base",
    ["http://[::1", "http://a b", "http://a\tb", "http://h:x", "http://h:99999", "http://h/a b"],
)
def test_a_url_no_browser_can_open_is_refused_in_one_line(db: Path, base: str) -> None:
    """`reviewers add x --url 'http://[::1'` was a traceback; `--url 'http://a b'` was
    accepted, printing a link no browser opens."""
    run = CliRunner().invoke(cli, ["reviewers", "add", "x", "--url", base, "--db", str(db)])
    assert run.exit_code == 2, run.output
    assert run.stderr.startswith("groundtui: --url ") and "give the address as" in run.stderr
    assert run.stderr.count("\n") == 1 and run.stdout == ""
    listed = CliRunner().invoke(cli, ["reviewers", "list", "--db", str(db)])
    assert "x\t" not in listed.output  # nobody was added
    ipv6 = ["reviewers", "add", "x", "--url", "http://[::1]:8000", "--db", str(db)]
    assert CliRunner().invoke(cli, ipv6).exit_code == 0


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_refuses_an_empty_host(db: Path, host: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve --host ""` listened on 0.0.0.0, every interface, where leaving --host out
    listens on 127.0.0.1 only."""

    def serving(*args: object) -> None:
        raise AssertionError("serve listened")

    monkeypatch.setattr(ReviewServer, "run", serving)
    run = CliRunner().invoke(cli, ["serve", "--host", host, "--port", "0", "--db", str(db)])
    assert run.exit_code == 2
    assert run.output == (
        "groundtui: --host is empty: give the address to listen on (127.0.0.1, the default, "
        "or 0.0.0.0 for every interface)\n"
    )


async def test_the_page_shows_a_reviewers_name_inert(db: Path) -> None:
    """A name with an escape sequence, a bidi override and marks piled on a letter reached
    the page's title and top line as it was (HTML-escaped only)."""
    name = "Dana\x1b[31m\u202eevil\ufe0f<b>" + "\u0336" * 5
    with Store(db) as store:
        _, token = store.reviewers.add(name)
    server = ReviewServer(str(db))
    client = await _client(server)
    try:
        response = await client.get(f"/?token={token}")
        page = await response.text()
        shown = "Dana\\x1b[31m&lt;U+202E&gt;evil&lt;U+FE0F&gt;&lt;b&gt;" + "&lt;U+0336&gt;" * 5
        assert f"<title>groundtui review · {shown}</title>" in page
        assert f'<b id="reviewer">{shown}</b>' in page
        assert not any(c in page for c in "\x1b\u202e\ufe0f\u0336")
    finally:
        await client.close()
