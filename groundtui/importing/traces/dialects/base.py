"""What a dialect is: where one producer keeps a trace's question, answer and documents.

A dialect says which spans are its producer's (``owns``), which span is the trace's root,
where the root keeps the question and the answer, which spans are retrievers and where
they keep their documents. The defaults here fit most; each dialect sets its table of
keys and overrides what its producer does its own way. A dialect reads spans, never files.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from groundtui.importing.documents import sources_in
from groundtui.importing.traces.spans import Span
from groundtui.text.inert import quoted


class Unreadable(Exception):
    """A file whose records cannot carry answers at all: said once, for the whole file."""


@dataclass
class Trace:
    """One trace's spans, in the order they were read, with where it was read from."""

    key: str
    number: int
    """The record its first span was read from (a file's line, or a record's number)."""
    spans: list[Span] = field(default_factory=list)
    whole: bool = True
    """Whether one record held the trace and nothing else: its number says which trace."""

    @property
    def info(self) -> dict[str, Any]:
        """What its records say of the whole trace (empty when they say nothing)."""
        return next((s.info for s in self.spans if s.info is not None), {})


class Dialect:
    """The defaults of a dialect; a subclass sets its producer's table."""

    name = ""
    """Its ``--format`` name."""
    title = ""
    """Its name in a message: ``OpenInference spans``."""
    origin = ""
    """A source's origin when the document names none."""
    retriever = "retriever"
    """What its retriever spans are called in a message."""

    def owns(self, span: Span) -> bool:
        """Whether ``span`` carries this producer's marks."""
        raise NotImplementedError

    def unpack(self, record: dict[str, Any], order: int) -> list[Span] | None:
        """The spans of a record of this producer's own shapes (a run, a trace with its
        spans, a record of calls), or None when ``record`` is none of them.

        Raises:
            ValueError: the record is of this producer's shapes but cannot be read.
        """
        return None

    def root(self, trace: Trace) -> Span | None:
        """The span standing for the whole trace: the first without a parent."""
        return next((s for s in trace.spans if not s.parent), None)

    def question(self, trace: Trace, root: Span | None) -> str:
        """The question the trace answered.

        Raises:
            ValueError: it is not where this producer keeps it.
        """
        raise NotImplementedError

    def response(self, trace: Trace, root: Span | None) -> str:
        """The answer the trace gave.

        Raises:
            ValueError: it is not where this producer keeps it.
        """
        raise NotImplementedError

    def is_retriever(self, span: Span) -> bool:
        """Whether ``span`` retrieved documents."""
        raise NotImplementedError

    def documents(self, span: Span) -> tuple[str, Any]:
        """Where a retriever span keeps its documents (as a message names it) and what is
        there, read by ``groundtui.importing.documents``."""
        raise NotImplementedError

    def sources(
        self, trace: Trace, retrievers: list[Span]
    ) -> tuple[list[dict[str, Any]], list[Any], list[str]]:
        """The retrievers' documents as sources, in order, with each one's metadata, and
        the fields they were read from.

        Raises:
            ValueError: a document that cannot be a source.
        """
        sources: list[dict[str, Any]] = []
        metadata: list[Any] = []
        fields = []
        for span in retrievers:
            where, value = self.documents(span)
            fields.append(where)
            found, meta = sources_in(value, where, self.origin)
            sources += found
            metadata += meta
        return sources, metadata, fields

    def no_sources(self, trace: Trace, retrievers: list[Span], fields: list[str]) -> str:
        """Why the trace has no source, in this producer's words."""
        if fields:
            named = ", ".join(f"'{f}'" for f in dict.fromkeys(fields))
            return (
                f"field {named}: no source in it ({len(retrievers)} of its {len(trace.spans)} "
                f"spans are {self.retriever} spans); an answer needs its sources"
            )
        return (
            f"no {self.retriever} span among its {len(trace.spans)} spans; "
            "an answer needs its sources"
        )

    def answer_id(self, trace: Trace, root: Span | None) -> str:
        """The answer's id: the trace's."""
        return trace.key

    def answered_at(self, trace: Trace, root: Span | None) -> Any:
        """When the answer was given: the root's start."""
        return root.start if root is not None else None

    def meta(self, trace: Trace, root: Span | None, metadata: list[Any]) -> dict[str, Any]:
        """What the answer keeps of the trace beside its texts."""
        return {"trace_id": trace.key}


def carried(spans: list[Span], most: int = 6) -> str:
    """What a trace's spans carry, for a message: their commonest attribute prefixes."""
    counts: Counter[str] = Counter()
    for span in spans:
        counts.update(list(dict.fromkeys(".".join(k.split(".")[:2]) for k in span.attributes)))
    names = [quoted(name) for name, _ in counts.most_common(most)]
    return ", ".join(names) if names else "no attributes"
