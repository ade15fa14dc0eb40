"""The one trace reader: spans grouped by trace, each trace built into an answer by the
dialect its spans speak (docs/formats.md "Traces").

Records come in any order and any shape a dialect knows (a span a line, an OTLP request,
a run tree, a trace with its spans): each is cut into spans, the spans grouped by trace,
and every trace built at the end of the input, numbered by the record its first span came
from. A trace's question and answer are its root's input and output; its sources the
retriever spans' documents, in the order the retrievers started. ``build`` does the same
for spans handed over already decoded (the collector's).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from groundtui.importing.formats.base import Row
from groundtui.importing.traces.dialects import DIALECTS
from groundtui.importing.traces.dialects.base import Dialect, Trace, Unreadable, carried
from groundtui.importing.traces.spans import Span, is_span, otlp_spans, span_of
from groundtui.json_input import check_record, instant
from groundtui.text.inert import quoted

__all__ = ["Built", "Unreadable", "build", "read"]


@dataclass(frozen=True)
class Built:
    """What one trace made: its answer (the import format's record), or why none."""

    trace: str
    answer: dict[str, Any] | None = None
    error: str | None = None


def _spans(record: dict[str, Any], order: int, dialects: Sequence[Dialect]) -> list[Span]:
    """The spans of one record, in whichever shape it is.

    Raises:
        ValueError: a record of no shape the dialects know, or one that cannot be read.
    """
    if "resourceSpans" in record:
        spans = [span_of(s, order) for s in otlp_spans(record)]
        if any(s is None for s in spans):
            raise ValueError("a span without 'traceId'")
        return [s for s in spans if s is not None]
    if is_span(record):
        span = span_of(record, order)
        if span is None:
            raise ValueError("missing field 'context.trace_id'")
        return [span]
    for dialect in dialects:
        found = dialect.unpack(record, order)
        if found is not None:
            return found
    keys = ", ".join(quoted(k) for k in list(record)[:8])
    titles = ", ".join(dict.fromkeys(d.title for d in dialects))
    raise ValueError(f"not a span, run or trace of {titles} (its fields: {keys})")


def _dialect(trace: Trace, dialects: Sequence[Dialect]) -> Dialect | None:
    """The first of ``dialects`` whose marks one of the trace's spans carries."""
    for dialect in dialects:
        if any(dialect.owns(span) for span in trace.spans):
            return dialect
    return None


def _ordered(retrievers: list[Span]) -> list[Span]:
    """Retrievers in the order they started, when every one says when (else as read)."""
    starts = [s.start for s in retrievers]
    if len(retrievers) > 1 and all(isinstance(t, str) for t in starts):
        return sorted(retrievers, key=lambda s: str(s.start))
    if len(retrievers) > 1 and all(isinstance(t, int) for t in starts):
        return sorted(retrievers, key=lambda s: int(s.start))
    return retrievers


def answer(trace: Trace, dialect: Dialect) -> dict[str, Any]:
    """The answer ``trace`` makes, read as ``dialect``.

    Raises:
        ValueError: the trace lacks its question, answer or sources (said with the trace's
            id when the record's number alone does not say which trace), or a document
            cannot be a source.
    """
    named = "" if trace.whole else f"trace {trace.key}: "
    try:
        root = dialect.root(trace)
        question = dialect.question(trace, root)
        response = dialect.response(trace, root)
    except ValueError as exc:
        raise ValueError(f"{named}{exc}") from None
    retrievers = _ordered([s for s in trace.spans if dialect.is_retriever(s)])
    sources, metadata, fields = dialect.sources(trace, retrievers)
    if not sources:
        raise ValueError(named + dialect.no_sources(trace, retrievers, fields))
    record: dict[str, Any] = {
        "id": dialect.answer_id(trace, root),
        "question": question,
        "response": response,
        "sources": sources,
        "meta": dialect.meta(trace, root, metadata),
    }
    try:
        when = instant(dialect.answered_at(trace, root))
    except ValueError:
        when = None  # a time the producer wrote oddly: absent, as when it wrote none
    if when is not None:
        record["answered_at"] = when
    return record


def _add(traces: dict[str, Trace], found: list[Span], number: int) -> None:
    """Each span of ``found`` (of record ``number``) into its trace in ``traces``; a trace
    stays ``whole`` while every span of it came whole from that one record."""
    for span in found:
        trace = traces.get(span.trace)
        if trace is None:
            trace = traces[span.trace] = Trace(span.trace, number, whole=span.whole)
        elif trace.whole and (span.order != trace.number or not span.whole):
            trace.whole = False
        trace.spans.append(span)


def _finish(
    trace: Trace, dialect: Dialect | None, dialects: Sequence[Dialect], forced: bool
) -> Built:
    """The answer ``trace`` makes read as ``dialect`` (its own, of ``dialects``), or why
    none; with none, what it looks like when the dialects were ``forced`` (``--format``)."""
    if dialect is None:
        what = " or ".join(dict.fromkeys(d.title for d in dialects))
        other = _dialect(trace, DIALECTS) if forced else None
        hint = f"; they look like {other.title} (--format {other.name})" if other else ""
        return Built(
            trace.key,
            error=(
                f"trace {trace.key}: none of its {len(trace.spans)} spans is one of {what} "
                f"(they carry {carried(trace.spans)}){hint}"
            ),
        )
    try:
        return Built(trace.key, check_record(answer(trace, dialect)))
    except ValueError as exc:
        return Built(trace.key, error=str(exc))


def build(
    spans: Iterable[dict[str, Any]], dialects: Sequence[Dialect] | None = None
) -> list[Built]:
    """Span records (OTLP JSON's or ``span.to_json()``'s shape), grouped by trace, each
    trace built into an answer or refused saying why, in the order the traces began.

    ``dialects`` (None: every one) are those the traces may be in, each read by the first
    whose marks its spans carry. No file is read: the caller decoded the spans.
    """
    forced = dialects is not None
    dialects = dialects or DIALECTS
    traces: dict[str, Trace] = {}
    out: list[Built] = []
    for order, record in enumerate(spans, start=1):
        try:
            _add(traces, _spans(record, order, dialects), order)
        except (ValueError, Unreadable) as exc:
            out.append(Built("", error=str(exc)))
    for trace in traces.values():
        trace.whole = False  # the collector's spans come in many requests: name the trace
        out.append(_finish(trace, _dialect(trace, dialects), dialects, forced))
    return out


def read(rows: Iterable[Row], dialects: Sequence[Dialect] | None = None) -> Iterator[Row]:
    """Records in (spans, runs, traces, in any order), one row per trace out, each numbered
    by the record its first span came from; every trace is held until the end of the input.

    ``dialects`` (None: every one, each trace read by the first its spans speak) are those
    the input is read as; a trace in none of them is a bad line naming what it looks like.

    Raises:
        Unreadable: no trace of the input is in any of ``dialects`` (the file is refused
            whole, naming the dialects and what its spans carry), or the file is of a kind
            that carries no answers.
    """
    forced = dialects is not None
    dialects = dialects or DIALECTS
    traces: dict[str, Trace] = {}
    for row in rows:
        if row.record is None:
            yield row
            continue
        try:
            _add(traces, _spans(row.record, row.number, dialects), row.number)
        except ValueError as exc:
            yield Row(row.number, error=str(exc))
    spoken = {key: _dialect(trace, dialects) for key, trace in traces.items()}
    if traces and not any(spoken.values()):
        every = [s for t in traces.values() for s in t.spans]
        titles = ", ".join(dict.fromkeys(d.title for d in dialects))
        raise Unreadable(
            f"its spans match no dialect groundtui reads (tried {titles}); "
            f"they carry {carried(every)}"
        )
    for key, trace in traces.items():
        built = _finish(trace, spoken[key], dialects, forced)
        yield Row(trace.number, built.answer, built.error, ident=trace.key)
