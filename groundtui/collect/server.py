"""``groundtui collect``'s server: OTLP/HTTP traces in, each request's spans on disk before
its 200 (docs/collect.md).

aiohttp (which textual-serve brings) serves ``POST /v1/traces`` and ``GET /healthz``. A
request is authenticated (``--token``: ``Authorization: Bearer``, compared in constant
time), bounded (``MAX_BODY`` bytes, before and after decompression), decoded
(``decode``), and its spans committed to the spool (``spool``) before the answer; the
writer (``writer``) builds and writes the finished traces in a thread of its own. Every
refusal is the status an OTLP exporter acts on, with OTLP's ``Status`` message saying why:
400 (malformed), 401, 413, 415, and 429 with ``Retry-After`` while the spool holds
``max_pending`` spans (the exporter sends the batch again later).

Requests that arrive together are committed together (one fsync for all of them): the
spool's disk is what bounds the rate of requests, not their number.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import signal
import socket
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aiohttp import web
from google.protobuf.json_format import MessageToDict
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTracePartialSuccess,
    ExportTraceServiceResponse,
)

from groundtui.collect.decode import (
    JSON,
    MAX_BODY,
    PROTOBUF,
    BadBody,
    Decoded,
    decode,
    inflate,
    media_type,
)
from groundtui.collect.spool import TraceSpool, hold, spool_path
from groundtui.collect.writer import CollectorTally, Writer
from groundtui.importing.traces.spans import otlp_parent

RETRY_AFTER = 1
"""Seconds a sender is asked to wait when the collector is behind."""
TICK = 0.5
"""Seconds between two calls of the progress callback."""
# gRPC's codes, which OTLP's Status carries.
INVALID_ARGUMENT, RESOURCE_EXHAUSTED, UNAVAILABLE, UNAUTHENTICATED = 3, 8, 14, 16


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def status_body(kind: str, code: int, message: str) -> bytes:
    """OTLP's error body: ``google.rpc.Status {code, message}`` in the request's encoding.

    Its two fields are written out here: the message's module (googleapis-common-protos) is
    a dependency for two fields of one message.
    """
    if kind == PROTOBUF:
        text = message.encode()
        return b"\x08" + _varint(code) + b"\x12" + _varint(len(text)) + text
    return json.dumps({"code": code, "message": message}).encode()


class Collector:
    """The server, the spool and the writer for one database.

    Args:
        db_path: the database answers are written to (opened and checked by the caller).
        token: the bearer token every request must carry; None: any request on the bound
            address is taken.
        grace: seconds a trace waits after its root span arrived, for late children.
        orphan_after: seconds a trace waits for its root span before it is built as it is.
        max_pending: spans the spool may hold before requests are answered 429.
        say: prints one line (on stderr).
        tick: called every ``TICK`` seconds with the counts (the progress line).
    """

    def __init__(
        self,
        db_path: str,
        *,
        token: str | None,
        grace: float,
        orphan_after: float,
        max_pending: int,
        say: Callable[[str], None],
        tick: Callable[[CollectorTally], None] | None = None,
    ) -> None:
        self.db_path = db_path
        self.spool_path = spool_path(db_path)
        self.lock = hold(self.spool_path)
        self.token = token.encode() if token else None
        self.max_pending = max_pending
        self.say, self.tick = say, tick
        self.tally = CollectorTally()
        self.spool = TraceSpool(self.spool_path)
        self.tally.pending_traces, self.tally.pending_spans = self.spool.held()
        self.writer = Writer(
            db_path, self.spool_path, self.tally, grace=grace, orphan_after=orphan_after, say=say
        )
        # The spool's connection is used by this one thread alone, a request batch at a time.
        self.committer = ThreadPoolExecutor(1, thread_name_prefix="groundtui-collect-spool")
        self.waiting: asyncio.Queue[tuple[list[dict[str, Any]], asyncio.Future[int]]] | None = None

    def app(self) -> web.Application:
        """The aiohttp application: ``POST /v1/traces`` and ``GET /healthz``."""
        app = web.Application(middlewares=[self._authorised])
        app.router.add_post("/v1/traces", self._traces)
        app.router.add_get("/healthz", self._health)
        return app

    def run(self, sock: socket.socket) -> None:
        """Serve on ``sock`` until SIGINT or SIGTERM; then stop taking requests, let the
        writer finish its batch, and return (what is still pending waits in the spool)."""
        asyncio.run(self._serve(sock))

    async def _serve(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        stopped = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stopped.set)
        self.waiting = asyncio.Queue()
        # The body is decompressed here (``decode.inflate``), never past ``MAX_BODY``:
        # aiohttp's own decompression would hand over a gzip bomb whole.
        runner = web.AppRunner(
            self.app(), access_log=None, handle_signals=False, auto_decompress=False
        )
        await runner.setup()
        self.writer.start()
        committing = asyncio.create_task(self._commit())
        ticking = asyncio.create_task(self._ticks())
        try:
            await web.SockSite(runner, sock).start()
            await stopped.wait()
        finally:
            await runner.cleanup()
            committing.cancel()
            ticking.cancel()
            await loop.run_in_executor(None, self.writer.stop)
            self.committer.shutdown()
            self.spool.close()
            if self.tick is not None:
                self.tick(self.tally)

    async def _ticks(self) -> None:
        while self.tick is not None:
            self.tick(self.tally)
            await asyncio.sleep(TICK)

    async def _commit(self) -> None:
        """Commit the spans of the requests waiting, all of them in one transaction."""
        assert self.waiting is not None
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self.waiting.get()]
            while not self.waiting.empty():
                batch.append(self.waiting.get_nowait())
            spans = [span for request, _ in batch for span in request]
            try:
                await loop.run_in_executor(self.committer, self.spool.add, spans, time.time())
            except Exception as exc:  # the disk is full, or the file went: the senders retry
                for _, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            for request, done in batch:
                if not done.done():
                    done.set_result(len(request))

    @web.middleware
    async def _authorised(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if self.token is not None:
            given = request.headers.get("Authorization", "")
            scheme, _, credential = given.partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(
                credential.strip().encode(), self.token
            ):
                return self._refuse(
                    request,
                    401,
                    UNAUTHENTICATED,
                    "send the collector's token: Authorization: Bearer TOKEN",
                    {"WWW-Authenticate": "Bearer"},
                )
        return await handler(request)

    def _refuse(
        self,
        request: web.Request,
        status: int,
        code: int,
        message: str,
        headers: dict[str, str] | None = None,
    ) -> web.Response:
        self.tally.refused += 1
        if status in (429, 503):
            self.tally.busy += 1
        kind = media_type(request.headers.get("Content-Type", "")) or JSON
        return web.Response(
            status=status,
            body=status_body(kind, code, message),
            content_type=kind,
            headers=headers,
        )

    async def _traces(self, request: web.Request) -> web.StreamResponse:
        kind = media_type(request.headers.get("Content-Type", ""))
        if kind is None:
            return self._refuse(
                request, 415, INVALID_ARGUMENT, f"Content-Type: send {PROTOBUF} or {JSON}"
            )
        if self.tally.pending_spans >= self.max_pending:
            return self._refuse(
                request,
                429,
                RESOURCE_EXHAUSTED,
                f"the collector holds {self.tally.pending_spans:,} spans not yet written; "
                f"send again in {RETRY_AFTER} s",
                {"Retry-After": str(RETRY_AFTER)},
            )
        try:
            body = await _body(request)
            decoded = await asyncio.get_running_loop().run_in_executor(
                None, _decoded, body, request.headers.get("Content-Encoding", ""), kind
            )
        except BadBody as exc:
            return self._refuse(request, exc.status, INVALID_ARGUMENT, str(exc))
        tally = self.tally
        if decoded.spans:
            assert self.waiting is not None
            done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self.waiting.put_nowait((decoded.spans, done))
            tally.pending_spans += len(decoded.spans)  # held from now: the next is behind it
            try:
                await done
            except Exception as exc:
                tally.pending_spans -= len(decoded.spans)
                return self._refuse(
                    request,
                    503,
                    UNAVAILABLE,
                    f"the collector cannot keep the spans now ({exc}); send again later",
                    {"Retry-After": str(RETRY_AFTER * 5)},
                )
        tally.requests += 1
        tally.spans += len(decoded.spans)
        tally.traces += sum(1 for s in decoded.spans if otlp_parent(s) is None)
        reply = ExportTraceServiceResponse()
        if decoded.rejected:
            reply.partial_success.CopyFrom(
                ExportTracePartialSuccess(
                    rejected_spans=decoded.rejected, error_message=decoded.reason
                )
            )
        body_out = (
            reply.SerializeToString()
            if kind == PROTOBUF
            else json.dumps(MessageToDict(reply)).encode()
        )
        return web.Response(status=200, body=body_out, content_type=kind)

    async def _health(self, request: web.Request) -> web.StreamResponse:
        tally = self.tally
        return web.json_response(
            {
                "status": "ok" if not tally.error else "behind",
                "error": tally.error or None,
                "requests": tally.requests,
                "refused": tally.refused,
                "busy": tally.busy,
                "spans": tally.spans,
                "traces": tally.traces,
                "stored": tally.stored,
                "flagged": tally.flagged,
                "unchanged": tally.unchanged,
                "unbuilt": tally.unbuilt,
                "orphans": tally.orphans,
                "pending": {"traces": tally.pending_traces, "spans": tally.pending_spans},
            }
        )


async def _body(request: web.Request) -> bytes:
    """The request's body, refused (413) past ``MAX_BODY`` bytes without reading on."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise BadBody(413, f"the body is over {MAX_BODY:,} bytes")
    chunks, size = [], 0
    async for chunk in request.content.iter_chunked(2**16):
        size += len(chunk)
        if size > MAX_BODY:
            raise BadBody(413, f"the body is over {MAX_BODY:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _decoded(body: bytes, encoding: str, kind: str) -> Decoded:
    """``decode`` of the inflated body: run in a worker thread, off the event loop."""
    return decode(inflate(body, encoding), kind)
