"""The dialects the trace reader reads: where each producer keeps a trace's question,
answer and retrieved documents (each module's table says where)."""

from __future__ import annotations

from groundtui.importing.traces.dialects.base import Dialect
from groundtui.importing.traces.dialects.genai import GenAI
from groundtui.importing.traces.dialects.langfuse import Langfuse
from groundtui.importing.traces.dialects.langsmith import LangSmith
from groundtui.importing.traces.dialects.mlflow import MLflow
from groundtui.importing.traces.dialects.openinference import OpenInference
from groundtui.importing.traces.dialects.trulens import TruLensEvents, TruLensRecords

DIALECTS: tuple[Dialect, ...] = (
    OpenInference(),
    MLflow(),
    TruLensEvents(),
    TruLensRecords(),
    Langfuse(),
    LangSmith(),
    GenAI(),
)
"""Every dialect, in the order a trace is matched against them: a span may carry a later
one's marks beside its own (TruLens and OpenInference spans write ``gen_ai.*`` too)."""


def of_format(name: str) -> tuple[Dialect, ...]:
    """The dialects ``--format NAME`` reads (``trulens``: its events and its records)."""
    return tuple(d for d in DIALECTS if d.name == name)
