"""The benchmark's answers written in each import format (for ``bench/import.py --format``).

Each writer takes the answers as ``bench/import.py`` makes them (groundtui records) and
writes them as the format's producer would: ragas rows, deepeval test cases, OpenInference
spans (three a trace, the root last), Langfuse traces. Claims exist only in groundtui's own
formats; the others carry question, answer and sources.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FORMATS = (
    "jsonl",
    "json",
    "csv",
    "parquet",
    "ragas",
    "deepeval",
    "openinference",
    "langfuse",
    "answers",
)


def _texts(answer: dict) -> list[str]:
    return [s["text"] for s in answer["sources"]]


def _spans(answer: dict) -> list[dict[str, Any]]:
    trace, root = f"0x{answer['id'].encode().hex():0>32}", f"0x{1:016x}"
    docs = {}
    for i, s in enumerate(answer["sources"]):
        docs[f"retrieval.documents.{i}.document.id"] = s["id"]
        docs[f"retrieval.documents.{i}.document.content"] = s["text"]
        docs[f"retrieval.documents.{i}.document.metadata"] = json.dumps({"title": s["title"]})

    def span(span_id: int, parent: str | None, attributes: dict) -> dict:
        return {
            "name": "span",
            "context": {"trace_id": trace, "span_id": f"0x{span_id:016x}"},
            "parent_id": parent,
            "attributes": attributes,
        }

    return [
        span(2, root, {"openinference.span.kind": "RETRIEVER", **docs}),
        span(3, root, {"openinference.span.kind": "LLM", "output.value": answer["response"]}),
        span(
            1,
            None,
            {
                "openinference.span.kind": "CHAIN",
                "input.value": answer["question"],
                "output.value": answer["response"],
            },
        ),
    ]


def _row(fmt: str, answer: dict) -> dict[str, Any]:
    if fmt == "answers":  # as export --format answers writes it: every verdict a judgement
        return {
            **answer,
            "groundtui": "answers/1",
            "claims": [
                {
                    "text": c["text"],
                    "kind": c["kind"],
                    "citation": [c["citation"]],
                    "judgements": [
                        {
                            "judge": c["judge"],
                            "prompt_version": "import",
                            "verdict": c["verdict"],
                            "at": "2026-12-01T10:00:00.000000Z",
                        }
                    ],
                }
                for c in answer["claims"]
            ],
        }
    if fmt == "ragas":
        return {
            "user_input": answer["question"],
            "retrieved_contexts": _texts(answer),
            "response": answer["response"],
            "reference": "a reference answer",
        }
    if fmt == "deepeval":
        return {
            "input": answer["question"],
            "actual_output": answer["response"],
            "retrieval_context": _texts(answer),
            "expected_output": "an expected output",
        }
    if fmt == "langfuse":
        return {
            "id": answer["id"],
            "timestamp": "2024-05-01T10:00:00Z",
            "input": {"question": answer["question"]},
            "output": answer["response"],
            "observations": [
                {
                    "id": "o-1",
                    "type": "RETRIEVER",
                    "output": [
                        {"page_content": s["text"], "metadata": {"id": s["id"]}}
                        for s in answer["sources"]
                    ],
                }
            ],
        }
    return answer


def write(fmt: str, path: Path, answers: Iterable[dict]) -> None:
    """``answers`` into ``path`` in ``fmt``, a record at a time (Parquet: 1,000 at a time)."""
    if fmt == "parquet":
        _parquet(path, answers)
        return
    with path.open("w", newline="", encoding="utf-8") as out:
        if fmt == "csv":
            writer = csv.writer(out)
            writer.writerow(["id", "question", "response", "sources", "claims"])
            for a in answers:
                writer.writerow(
                    [
                        a["id"],
                        a["question"],
                        a["response"],
                        json.dumps(a["sources"]),
                        json.dumps(a["claims"]),
                    ]
                )
            return
        array = fmt in ("json", "deepeval")
        out.write("[\n" if array else "")
        for n, a in enumerate(answers):
            records = _spans(a) if fmt == "openinference" else [_row(fmt, a)]
            for record in records:
                out.write(("," if array and n else "") + json.dumps(record) + "\n")
        out.write("]\n" if array else "")


def _parquet(path: Path, answers: Iterable[dict]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer, chunk = None, []
    for a in answers:
        chunk.append(a)
        if len(chunk) == 1000:
            table = pa.Table.from_pylist(chunk, schema=writer.schema if writer else None)
            writer = writer or pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
            chunk = []
    if chunk:
        table = pa.Table.from_pylist(chunk, schema=writer.schema if writer else None)
        writer = writer or pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
    if writer:
        writer.close()
