"""Write Langfuse fixtures with the Langfuse SDK's own API models and serialiser.

There is no Langfuse server here, so the API's answers are built as the SDK models them:
its Fern models (``TraceWithFullDetails``, ``Traces``, ``ObservationsView``,
``ObservationsV2Response``) dumped as the API sends them (camelCase aliases, JSON mode), and
the ``@observe()`` input as the SDK records it (``LangfuseDecorator._get_input_from_func_args``
through its ``EventSerializer``). The v1 trace models are gone from the 5.x SDK, so every
model here is the 4.18 SDK's (its v2 observations models are the same as 5.2's). The UI
downloads' wrappers (``{"trace", "observations"}``, ``{"observations", "scores"}``) are not
SDK models: they hold the SDK's trace and observation dumps. Run (not needed by the
test suite)::

    pip install --no-deps --target /tmp/lf4 "langfuse==4.18.*"
    python tests/data/producers/make_langfuse.py /tmp/lf4

Writes ``langfuse/`` here: ``traces_observe.jsonl`` (GET /api/public/traces/{id} of
``@observe()`` traces, a line each), ``trace_list.json`` (GET /api/public/traces: the
observations only ids), ``observations_v2.json`` (GET /api/public/v2/observations, every
observation of the 20 traces), ``ui_v3.json`` and ``ui_v4.json`` (the UI's download of one
trace: ``{"trace", "observations"}`` and ``{"observations", "scores"}``), and ``VERSIONS``.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])  # the 4.18 SDK, installed with --target

from langfuse import __version__
from langfuse._client.observe import LangfuseDecorator
from langfuse._utils.serializer import EventSerializer
from langfuse.api.commons.types.observation_v2 import ObservationV2
from langfuse.api.commons.types.observations_view import ObservationsView
from langfuse.api.commons.types.trace_with_details import TraceWithDetails
from langfuse.api.commons.types.trace_with_full_details import (
    TraceWithFullDetails,
)
from langfuse.api.commons.types.usage import Usage
from langfuse.api.observations.types.observations_v2response import (
    ObservationsV2Response,
)
from langfuse.api.trace.types.traces import Traces
from langfuse.api.utils.pagination.types.meta_response import MetaResponse

sys.path.insert(0, str(Path(__file__).parent))
from support_bot import answers

OUT = Path(__file__).parent / "langfuse"
START = dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC)


def recorded(value: object) -> object:
    """A value as the SDK sends it (its EventSerializer), as the API gives it back."""
    return json.loads(json.dumps(value, cls=EventSerializer))


def dump(model: object) -> dict:
    """A model as the API sends it: JSON, camelCase, nulls left out."""
    return json.loads(model.json(by_alias=True, exclude_none=True))  # type: ignore[attr-defined]


def raw(value: object) -> str:
    """An input or output as the v2 observations API returns it: always a raw string."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def v2(view: ObservationsView) -> ObservationV2:
    return ObservationV2(
        id=view.id,
        trace_id=view.trace_id,
        start_time=view.start_time,
        project_id="p",
        type=view.type,
        name=view.name,
        parent_observation_id=view.parent_observation_id,
        input=raw(view.input),
        output=raw(view.output),
        model=view.model,
    )


def observations(n: int, a: dict) -> list[ObservationsView]:
    trace_id = f"trace-{n:03d}"
    at = START + dt.timedelta(minutes=n)
    decorator = LangfuseDecorator()
    common = {
        "trace_id": trace_id,
        "start_time": at,
        "usage": Usage(input=0, output=0, total=0),
        "level": "DEFAULT",
        "environment": "production",
        "model_parameters": {},
        "usage_details": {},
        "cost_details": {},
    }
    documents = [
        {"id": s["id"], "page_content": s["text"], "metadata": {"title": s["title"]}}
        for s in a["sources"]
    ]
    return [
        ObservationsView(
            id=f"{trace_id}-root",
            type="SPAN",
            name="answer",
            input=recorded(decorator._get_input_from_func_args(func_args=(a["question"],))),
            output=recorded(a["response"]),
            **common,
        ),
        ObservationsView(
            id=f"{trace_id}-retrieve",
            type="RETRIEVER",
            name="retrieve",
            parent_observation_id=f"{trace_id}-root",
            input=recorded(decorator._get_input_from_func_args(func_args=(a["question"],))),
            output=recorded(documents),
            **common,
        ),
        ObservationsView(
            id=f"{trace_id}-llm",
            type="GENERATION",
            name="llm",
            model="gpt-4o-mini",
            parent_observation_id=f"{trace_id}-root",
            input=recorded([{"role": "user", "content": a["question"]}]),
            output=recorded({"role": "assistant", "content": a["response"]}),
            **common,
        ),
    ]


def main() -> None:
    OUT.mkdir(exist_ok=True)
    full, listed, every = [], [], []
    for n, a in enumerate(answers(), 1):
        views = observations(n, a)
        trace = {
            "id": f"trace-{n:03d}",
            "timestamp": START + dt.timedelta(minutes=n),
            "name": "answer",
            "input": views[0].input,
            "output": views[0].output,
            "tags": [],
            "public": False,
            "environment": "production",
            "html_path": f"/project/p/traces/trace-{n:03d}",
        }
        full.append(TraceWithFullDetails(**trace, observations=views, scores=[]))
        listed.append(TraceWithDetails(**trace, observations=[v.id for v in views], scores=[]))
        every += views
    with (OUT / "traces_observe.jsonl").open("w", encoding="utf-8") as f:
        for t in full:
            f.write(json.dumps(dump(t), ensure_ascii=False) + "\n")
    meta = MetaResponse(page=1, limit=50, total_items=20, total_pages=1)
    lists = {
        "trace_list.json": dump(Traces(data=listed, meta=meta)),
        "observations_v2.json": dump(
            ObservationsV2Response(data=[v2(v) for v in every], meta={"cursor": None})
        ),
        "ui_v3.json": {"trace": dump(listed[0]), "observations": [dump(v) for v in every[:3]]},
        "ui_v4.json": {"observations": [dump(v) for v in every[:3]], "scores": []},
    }
    for name, value in lists.items():
        (OUT / name).write_text(
            json.dumps(value, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
    (OUT / "VERSIONS").write_text(f"langfuse {__version__} (API models)\n")


if __name__ == "__main__":
    main()
