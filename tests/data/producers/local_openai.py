"""A local OpenAI chat-completions server that answers each support-bot question with its answer.

The producer scripts that trace or evaluate a real model call (Traceloop's instrumented
``openai`` client, LlamaIndex's ``OpenAI`` LLM, promptfoo's ``openai:chat`` provider) point
their client at it (``base_url``/``apiBaseUrl`` = ``server.url``): no provider is reachable,
and the reply must be the same every run. It finds the question in the request's last user
message (``support_bot.answers()``) and answers with that answer's ``response``; to a
judge's prompt that asks for "YES or NO" (LlamaIndex's ``FaithfulnessEvaluator``) it says
``YES``. The reply's id, ``created`` and token counts are fixed.
``python local_openai.py`` serves it standalone and prints ``PORT <n>``.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from support_bot import answers

CREATED = 1796115600  # 2026-12-01T09:00:00Z


def reply_to(body: dict) -> str:
    """The answer whose question is in the last user message, or a judge's YES."""
    messages = body.get("messages") or []
    text = ""
    for message in reversed(messages):
        if message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):
                content = " ".join(part.get("text", "") for part in content)
            text = content or ""
            break
    if "YES or NO" in text:
        return "YES"
    for a in sorted(answers(), key=lambda a: -len(a["question"])):
        if a["question"] in text:
            return a["response"]
    return "I do not know."


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        if not self.path.rstrip("/").endswith("chat/completions"):
            self.send_error(404)
            return
        content = reply_to(body)
        reply = {
            "id": "chatcmpl-support-bot",
            "object": "chat.completion",
            "created": CREATED,
            "model": body.get("model", "gpt-4o-mini"),
            "system_fingerprint": "fp_support_bot",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content, "refusal": None},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 42, "completion_tokens": 17, "total_tokens": 59},
        }
        if body.get("stream"):
            self._stream(reply)
            return
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, reply: dict) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        base = {k: reply[k] for k in ("id", "created", "model", "system_fingerprint")}
        content = reply["choices"][0]["message"]["content"]
        for delta, finish in (({"role": "assistant", "content": content}, None), ({}, "stop")):
            chunk = {
                **base,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
        self.wfile.write(b"data: [DONE]\n\n")


class LocalOpenAI:
    """The server on 127.0.0.1 in a thread; ``url`` ends in ``/v1``. A context manager."""

    def __init__(self) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LocalOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


if __name__ == "__main__":
    with LocalOpenAI() as server:
        print(f"PORT {server.server.server_port}", flush=True)
        server.thread.join()
