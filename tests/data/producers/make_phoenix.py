"""Write Phoenix span fixtures with Phoenix's own decoder and encoders.

The spans are make_otel.py's, encoded as OTLP (what Phoenix receives) and decoded by
Phoenix's ``decode_otlp_span``. Run with a Python that has arize-phoenix installed (not
needed by the test suite): ``python tests/data/producers/make_phoenix.py``. Writes
``phoenix/``:

- ``span_to_json.jsonl``: ``phoenix.trace.span_json_encoder.span_to_json`` a line (what
  ``TraceDataset`` writes to ``trace.jsonl`` and reads back): attributes nested.
- ``get_spans.jsonl``: the spans as ``Client().spans.get_spans()`` returns them, a line
  each, each trace's root first: built as Phoenix's ``GET /v1/projects/{id}/spans`` builds
  its ``Span`` (attributes through ``phoenix.trace.attributes.flatten`` with
  ``recurse_on_sequence=True``, ``openinference.span.kind`` moved to ``span_kind``).
- ``VERSIONS``.
"""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

from make_otel import finished_spans
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from phoenix.trace.attributes import flatten
from phoenix.trace.otel import decode_otlp_span
from phoenix.trace.span_json_encoder import span_to_json

OUT = Path(__file__).parent / "phoenix"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    request = encode_spans(finished_spans())
    decoded = [
        decode_otlp_span(span)
        for resource in request.resource_spans
        for scope in resource.scope_spans
        for span in scope.spans
    ]
    with (OUT / "span_to_json.jsonl").open("w", encoding="utf-8") as f:
        for span in decoded:
            f.write(span_to_json(span) + "\n")
    with (OUT / "get_spans.jsonl").open("w", encoding="utf-8") as f:
        for start in range(0, len(decoded), 3):
            trace = decoded[start : start + 3]
            for span in (trace[-1], *trace[:-1]):  # root first, as Phoenix lists them
                attributes = dict(flatten(span.attributes or {}, recurse_on_sequence=True))
                kind = attributes.pop("openinference.span.kind", "UNKNOWN")
                row = {
                    "name": span.name,
                    "context": {
                        "trace_id": span.context.trace_id,
                        "span_id": span.context.span_id,
                    },
                    "span_kind": kind,
                    "parent_id": span.parent_id,
                    "start_time": span.start_time.isoformat(),
                    "end_time": span.end_time.isoformat(),
                    "status_code": span.status_code.value,
                    "status_message": span.status_message or "",
                    "attributes": attributes,
                    "events": [],
                }
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    (OUT / "VERSIONS").write_text(
        "".join(f"{n} {version(n)}\n" for n in ("arize-phoenix", "opentelemetry-sdk"))
    )


if __name__ == "__main__":
    main()
