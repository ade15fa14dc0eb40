"""``groundtui collect``: production answers in as they happen, over OTLP/HTTP
(docs/collect.md).

``server`` takes requests (authenticated, bounded, refused while behind), ``decode`` reads a
request's body into spans, ``spool`` keeps every span acknowledged on disk until its trace
is written, and ``writer`` hands finished traces to the trace reader ``import`` uses
(``groundtui.importing.traces``) and their answers to the one write path
(``groundtui.importing.add``). No format logic lives here.
"""
