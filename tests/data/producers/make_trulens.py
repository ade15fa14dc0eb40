"""Write TruLens fixtures: a RAG app recorded by ``TruApp``, read back from ``TruSession``.

The app (``SupportBot``) has a ``retrieve(query) -> list[str]`` (each answer's source texts,
in order), a ``generate_completion`` that calls ``openai`` against
``local_openai.LocalOpenAI``, and ``query(query) -> str``, its main method. It is recorded
twice, each time into its own SQLite ``TruSession`` in a temporary folder (the mode is
chosen by ``TRULENS_OTEL_TRACING`` when TruLens is imported, so the legacy run is this
script again in a child process):

- OTel mode (TruLens 2's default): the methods carry ``@instrument(span_type=...,
  attributes=...)`` as TruLens' RAG quickstart does: ``RETRIEVAL`` with
  ``RETRIEVAL.QUERY_TEXT`` = ``query`` and ``RETRIEVAL.RETRIEVED_CONTEXTS`` = ``return``,
  ``GENERATION``, and ``RECORD_ROOT`` with its ``INPUT``/``OUTPUT``.
- Legacy mode (``TRULENS_OTEL_TRACING=0``): the same methods with the legacy
  ``@instrument``; the record's ``record_json.calls`` hold each call's ``args`` and
  ``rets``.

Run (not needed by the test suite)::

    python3.11 -m venv /tmp/trulens && /tmp/trulens/bin/pip install "trulens==2.16.0" \
        openai pyarrow
    /tmp/trulens/bin/python tests/data/producers/make_trulens.py

Writes ``trulens/`` (see ``trulens/EXPECTED.md``):

- ``events.jsonl`` and ``events.parquet``: OTel mode,
  ``TruSession().get_events(app_name, app_version)`` (a DataFrame, one row a span:
  ``record``, ``record_attributes``, ``trace``, ``start_timestamp``, ...), written with
  ``to_json(orient="records", lines=True)`` and ``to_parquet()`` (see below).
- ``otel_records.jsonl``: OTel mode, ``get_records_and_feedback()[0]``
  ``.to_json(orient="records", lines=True)``: the records as the dashboard's leaderboard
  reads them; they hold the input and output but no contexts at all.
- ``legacy_records.csv``, ``legacy_records.jsonl``, ``legacy_records.parquet``: legacy
  mode, ``get_records_and_feedback()[0]`` with ``to_csv(index=False)``,
  ``to_json(orient="records", lines=True)`` and ``to_parquet()``. In the CSV the dict
  columns (``record_json``, ``app_json``) are Python repr text, as pandas writes dicts.
- ``VERSIONS``.

pyarrow refuses both frames as TruLens gives them: ``record_attributes`` (events) and
``record_json`` (legacy records) are dicts whose values mix a list (the contexts) with
text, ``record_type`` (events) holds an ``EventRecordType`` enum, and ``app_json``
(legacy records) holds an empty dict, which Parquet cannot hold. So in the Parquet
files exactly those columns are text (``parquet_ready``): JSON (``json.dumps``) for the
dicts, the value (``"SPAN"``) for the enum; every other column is as TruLens gives it.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from enum import Enum
from importlib.metadata import version
from pathlib import Path

os.environ.setdefault("TRULENS_OTEL_TRACING", "1")

import openai
import pandas
import pyarrow
import pyarrow.parquet
from local_openai import LocalOpenAI
from support_bot import answers
from trulens.apps.app import TruApp
from trulens.core import TruSession

LEGACY = os.environ["TRULENS_OTEL_TRACING"] == "0"
if LEGACY:
    from trulens.apps.app import instrument

    RETRIEVE = GENERATE = ROOT = instrument
else:
    from trulens.core.otel.instrument import instrument
    from trulens.otel.semconv.trace import SpanAttributes

    RETRIEVE = instrument(
        span_type=SpanAttributes.SpanType.RETRIEVAL,
        attributes={
            SpanAttributes.RETRIEVAL.QUERY_TEXT: "query",
            SpanAttributes.RETRIEVAL.RETRIEVED_CONTEXTS: "return",
        },
    )
    GENERATE = instrument(span_type=SpanAttributes.SpanType.GENERATION)
    ROOT = instrument(
        span_type=SpanAttributes.SpanType.RECORD_ROOT,
        attributes={
            SpanAttributes.RECORD_ROOT.INPUT: "query",
            SpanAttributes.RECORD_ROOT.OUTPUT: "return",
        },
    )

OUT = Path(__file__).parent / "trulens"
BY_QUESTION = {a["question"]: a for a in answers()}


class SupportBot:
    def __init__(self, client: openai.OpenAI) -> None:
        self.client = client

    @RETRIEVE
    def retrieve(self, query: str) -> list[str]:
        return [s["text"] for s in BY_QUESTION[query]["sources"]]

    @GENERATE
    def generate_completion(self, query: str, context_str: list[str]) -> str:
        context = "\n\n".join(f"[{i}] {c}" for i, c in enumerate(context_str, 1))
        reply = self.client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[
                {"role": "system", "content": f"Answer from these sources only.\n\n{context}"},
                {"role": "user", "content": query},
            ],
        )
        return reply.choices[0].message.content or ""

    @ROOT
    def query(self, query: str) -> str:
        return self.generate_completion(query, self.retrieve(query))


def parquet_ready(frame: pandas.DataFrame) -> pandas.DataFrame:
    """The frame with each column pyarrow refuses as TruLens gives it as text, as a user
    must do to write it: an enum as its value, anything else as JSON text.

    pyarrow refuses a column of dicts whose values mix a list (the contexts) with text
    ("cannot mix list and non-list, non-null values"), a column of enums, and a dict
    holding an empty dict ("Cannot write struct type 'metadata' with no child field").
    """
    frame = frame.copy()
    for name in frame.columns:
        try:
            pyarrow.parquet.write_table(pyarrow.Table.from_pandas(frame[[name]]), io.BytesIO())
        except (pyarrow.ArrowInvalid, pyarrow.ArrowTypeError, pyarrow.ArrowNotImplementedError):
            frame[name] = frame[name].map(
                lambda v: v.value if isinstance(v, Enum) else json.dumps(v, ensure_ascii=False)
            )
    return frame


def record(tmp: str) -> TruSession:
    session = TruSession(database_url=f"sqlite:///{tmp}/trulens.sqlite")
    with LocalOpenAI() as llm:
        bot = SupportBot(openai.OpenAI(base_url=llm.url, api_key="local"))
        recorder = TruApp(bot, app_name="support-bot", app_version="v1", main_method=bot.query)
        for a in answers():
            with recorder:
                bot.query(a["question"])
        session.force_flush()
    return session


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        session = record(tmp)
        records = session.get_records_and_feedback(app_name="support-bot")[0]
        if LEGACY:
            records.to_csv(OUT / "legacy_records.csv", index=False)
            records.to_json(OUT / "legacy_records.jsonl", orient="records", lines=True)
            parquet_ready(records).to_parquet(OUT / "legacy_records.parquet")
            return
        events = session.get_events(app_name="support-bot", app_version="v1")
    events.to_json(OUT / "events.jsonl", orient="records", lines=True)
    parquet_ready(events).to_parquet(OUT / "events.parquet")
    records.to_json(OUT / "otel_records.jsonl", orient="records", lines=True)
    subprocess.run(
        [sys.executable, __file__], env={**os.environ, "TRULENS_OTEL_TRACING": "0"}, check=True
    )
    (OUT / "VERSIONS").write_text(
        "".join(f"{n} {version(n)}\n" for n in ("trulens", "trulens-core", "openai", "pandas"))
    )


if __name__ == "__main__":
    main()
