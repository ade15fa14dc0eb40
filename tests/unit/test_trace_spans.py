"""A span's parent as the trace reader takes it from OTLP JSON (``otlp_parent``)."""

from __future__ import annotations

import pytest

from groundtui.importing.traces.spans import otlp_parent, otlp_spans

PARENT = "1122334455667788"


@pytest.mark.parametrize(
    ("flags", "parent"),
    [
        (None, PARENT),  # no flags: the parent as given
        (0x100, PARENT),  # the SDK knows the parent is local
        (0x300, None),  # remote: the request came with a traceparent, its trace's root here
        (0x301, None),  # sampled beside it
        ("768", None),  # protobuf's JSON may write a fixed32 as text
    ],
)
def test_a_parent_flagged_remote_makes_its_span_a_root(flags: object, parent: str | None):
    record: dict[str, object] = {"traceId": "a" * 32, "spanId": "b" * 16, "parentSpanId": PARENT}
    if flags is not None:
        record["flags"] = flags
    assert otlp_parent(record) == parent


def test_no_parent_or_an_empty_one_is_a_root():
    assert otlp_parent({"traceId": "a" * 32, "spanId": "b" * 16}) is None
    assert otlp_parent({"traceId": "a" * 32, "spanId": "b" * 16, "parentSpanId": ""}) is None


def test_lists_left_out_of_a_request_are_empty_and_others_are_refused():
    """protobuf's JSON mapping leaves an empty repeated field out."""
    assert list(otlp_spans({})) == []
    assert list(otlp_spans({"resourceSpans": [{"resource": {}}]})) == []
    assert list(otlp_spans({"resourceSpans": [{"scopeSpans": [{"scope": {}}]}]})) == []
    with pytest.raises(ValueError, match=r"field 'resourceSpans\[0\].scopeSpans': not a list"):
        list(otlp_spans({"resourceSpans": [{"scopeSpans": {}}]}))
