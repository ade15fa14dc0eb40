"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol.

Tests point litellm at it (``api_base=server.url``, model ``openai/test-model``) so the real
client, its retries and its parsing are exercised. Each test scripts it: a queue of replies
consumed first, else a responder called with the request. It counts requests and the most
in flight at once. ``python tests/judge/fake_openai.py --latency 1`` serves it standalone
(for ``bench/judge.py``) and prints ``PORT <n>``.
"""

from __future__ import annotations

import argparse
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    """What the server answers one request with."""

    content: str | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float | None = None
    """Seconds to wait before answering; None for the server's latency."""
    error: str = "error"


@dataclass
class Call:
    """A request as the judge's prompts lay it out (README "Commands"): which call, and its data."""

    body: dict
    kind: str  # "extract", "verify", "verify_claims" or "other"
    response: str | None = None
    source: str | None = None
    claim: str | None = None
    sources: list[str] = field(default_factory=list)
    """A batched verification's sources, in order (SOURCE 1 first)."""
    claims: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    """A batched verification's claims, in order: each its text and the sources it cites."""

    @property
    def last_user(self) -> str:
        """The content of the last user message."""
        return next(m["content"] for m in reversed(self.body["messages"]) if m["role"] == "user")

    @property
    def repair(self) -> bool:
        """Whether this is a repair request (an assistant reply precedes the last message)."""
        return self.body["messages"][-2]["role"] == "assistant" and self.kind == "other"


def _between(text: str, label: str, after: int = 0) -> tuple[str, int] | None:
    """Block ``label`` from ``after`` on, read as the instructions define it: the text after
    the line ``LABEL:`` that follows the opening line the instructions name, up to the
    closing line they name (so no line inside the data can open or close a block), and
    where the closing line ends."""
    opening = re.search(
        rf'the line "{label}:" that follows the line "(~+ BEGIN {label} \d+ ~+)"', text
    )
    closing = (
        re.search(rf'up to the line "(~+ END {label} \d+ ~+)"', text[opening.end() :])
        if opening
        else None
    )
    if not opening or not closing:
        return None
    head = f"\n{opening.group(1)}\n{label}:\n"
    start = text.find(head, max(after - 1, 0))
    if start < 0:
        return None
    start += len(head)
    end = text.find(f"\n{closing.group(1)}\n", start - 1)
    return None if end < 0 else (text[start:end], end + len(closing.group(1)) + 1)


_NUMBERED_TAG = re.compile(r'that follows the line "~+ BEGIN SOURCE n (\d+) ~+"')


def _numbered(text: str, label: str, tag: str) -> list[tuple[str, str | None]]:
    """Blocks ``LABEL 1``, ``LABEL 2``... in order, as the instructions define them: each
    its text and its ``CITES:`` line, if any."""
    found: list[tuple[str, str | None]] = []
    n = 1
    while True:
        opening = f"\n~~~~ BEGIN {label} {n} {tag} ~~~~\n"
        start = text.find(opening)
        if start < 0:
            return found
        start += len(opening)
        cites = None
        if text.startswith("CITES: ", start):
            line_end = text.index("\n", start)
            cites, start = text[start + 7 : line_end], line_end + 1
        head = f"{label} {n}:\n"
        assert text.startswith(head, start), "a block without its label line"
        start += len(head)
        end = text.find(f"\n~~~~ END {label} {n} {tag} ~~~~\n", start - 1)
        found.append((text[start:end], cites))
        n += 1


def parse_call(body: dict) -> Call:
    """Read a chat-completions request the way the prompts lay it out."""
    messages = body.get("messages", [])
    last = messages[-1]["content"] if messages else ""
    if messages and messages[-1]["role"] == "user":
        if (response := _between(last, "RESPONSE")) is not None:
            return Call(body, "extract", response=response[0])
        if (tag := _NUMBERED_TAG.search(last)) is not None:
            sources = [text for text, _ in _numbered(last, "SOURCE", tag.group(1))]
            claims = [
                (text, tuple(int(n) for n in (cites or "").split(", ") if n))
                for text, cites in _numbered(last, "CLAIM", tag.group(1))
            ]
            return Call(body, "verify_claims", sources=sources, claims=claims)
        source = _between(last, "SOURCE")
        claim = _between(last, "CLAIM", source[1]) if source else None
        if source is not None and claim is not None:
            return Call(body, "verify", source=source[0], claim=claim[0])
    return Call(body, "other")


_MARKER = re.compile(r"\s*\[(\d+)\]")


def extract_sentences(response: str) -> dict:
    """An extraction reply: one claim per sentence, citing its marker (a list for several)."""
    claims = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", response.strip()):
        if not sentence or sentence.startswith(("Let me know", "I hope")) or sentence.endswith("?"):
            continue
        cited = [int(m.group(1)) for m in _MARKER.finditer(sentence)]
        text = _MARKER.sub("", sentence).strip()
        citation = (cited[0] if len(cited) == 1 else cited) if cited else None
        claims.append({"text": text, "kind": None, "citation": citation})
    return {"claims": claims}


def verify_by_substring(source: str, claim: str) -> dict:
    """A verification reply: stated when the claim (less its full stop) is in the source."""
    needle = claim.strip().rstrip(".").lower()
    i = source.lower().find(needle)
    if needle and i >= 0:
        return {
            "verdict": "stated",
            "evidence": source[i : i + len(needle)],
            "invention_kind": None,
            "rationale": "the source says so",
        }
    kind = "plausible_specifics" if re.search(r"\d", claim) else None
    return {
        "verdict": "absent",
        "evidence": "",
        "invention_kind": kind,
        "rationale": "the source does not say this",
    }


def verify_claims_by_substring(call: Call) -> dict:
    """A batched verification reply: each claim as :func:`verify_by_substring` against its
    cited sources joined, naming in ``also_stated_by`` the other sources that hold it."""
    entries = []
    for n, (claim, cites) in enumerate(call.claims, 1):
        joined = "\n\n".join(call.sources[i - 1] for i in cites)
        one = verify_by_substring(joined, claim)
        others = [
            i
            for i, source in enumerate(call.sources, 1)
            if i not in cites and verify_by_substring(source, claim)["verdict"] == "stated"
        ]
        entries.append(
            {
                "n": n,
                "evidence": one["evidence"],
                "rationale": one["rationale"],
                "verdict": one["verdict"],
                "invention_kind": one["invention_kind"],
                "also_stated_by": others,
            }
        )
    return {"claims": entries}


def default_responder(call: Call) -> Reply:
    """Answers extraction and verification sensibly; anything else gets an empty object."""
    if call.kind == "extract":
        return Reply(json.dumps(extract_sentences(call.response or "")))
    if call.kind == "verify":
        return Reply(json.dumps(verify_by_substring(call.source or "", call.claim or "")))
    if call.kind == "verify_claims":
        return Reply(json.dumps(verify_claims_by_substring(call)))
    return Reply("{}")


class _Server(ThreadingHTTPServer):
    # socketserver's listen backlog of 5 drops the SYNs of a burst of new connections, and
    # the client's retry after a second would look like a slow judge.
    request_queue_size = 256
    daemon_threads = True


class FakeOpenAI:
    """The server; ``start()`` it, point litellm at ``url``, ``stop()`` it."""

    def __init__(
        self, responder: Callable[[Call], Reply | str] | None = None, latency: float = 0.0
    ) -> None:
        self.responder = responder or default_responder
        self.latency = latency
        self.queue: deque[Reply | str] = deque()
        self.calls: list[Call] = []
        self.times: list[float] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        """The base URL to give litellm as ``api_base``."""
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    @property
    def requests(self) -> int:
        """Chat-completion requests received so far."""
        return len(self.calls)

    def start(self) -> FakeOpenAI:
        """Listen on a free port of 127.0.0.1, serving from a daemon thread."""
        self._server = _Server(("127.0.0.1", 0), _handler(self))
        threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop serving."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def _reply_for(self, body: dict) -> tuple[Call, Reply]:
        call = parse_call(body)
        with self._lock:
            self.calls.append(call)
            self.times.append(time.monotonic())
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            queued = self.queue.popleft() if self.queue else None
        reply = queued if queued is not None else self.responder(call)
        return call, Reply(reply) if isinstance(reply, str) else reply

    def _done(self) -> None:
        with self._lock:
            self.in_flight -= 1


def _handler(server: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; with Nagle on, the client's delayed ACK
        # would hold the body back ~40 ms and every call would look that much slower.
        disable_nagle_algorithm = True

        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            if self.path.startswith("/stats"):
                with server._lock:
                    stats = {"requests": server.requests, "max_in_flight": server.max_in_flight}
                    if "reset" in self.path:
                        server.calls.clear()
                        server.times.clear()
                        server.max_in_flight = 0
                self._send(200, stats, {})
            else:
                self._send(404, {"error": {"message": "no such route"}}, {})

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": "no such route", "type": "not_found"}}, {})
                return
            _call, reply = server._reply_for(body)
            try:
                time.sleep(server.latency if reply.delay is None else reply.delay)
                if reply.status != 200:
                    self._send(
                        reply.status,
                        {"error": {"message": reply.error, "type": "test_error"}},
                        reply.headers,
                    )
                    return
                prompt = sum(len(str(m.get("content", ""))) for m in body["messages"]) // 4
                done = len(reply.content or "") // 4
                self._send(
                    200,
                    {
                        "id": f"chatcmpl-{server.requests}",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": body.get("model", "test-model"),
                        "choices": [
                            {
                                "index": 0,
                                "finish_reason": "stop",
                                "message": {"role": "assistant", "content": reply.content},
                            }
                        ],
                        "usage": {
                            "prompt_tokens": prompt,
                            "completion_tokens": done,
                            "total_tokens": prompt + done,
                        },
                    },
                    reply.headers,
                )
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout): nothing to answer
            finally:
                server._done()

        def _send(self, status: int, payload: dict, headers: dict[str, str]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--latency", type=float, default=0.0)
    args = parser.parse_args()
    fake = FakeOpenAI(latency=args.latency).start()
    print(f"PORT {fake.url.split(':')[2].split('/')[0]}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        fake.stop()
