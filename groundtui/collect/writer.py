"""The collector's writer: finished traces out of the spool, built into answers by the
trace reader ``import`` uses, and written with their check's result through the one
write path (``groundtui.importing.add``).

A trace is finished ``grace`` seconds after its root span arrived (the time late children
get), or ``orphan_after`` seconds after its first span when its root never came; then it
is built from what arrived. A trace that makes no answer is kept in the spool's
``unbuilt`` table with why, never dropped (docs/collect.md).

The spool lets go of a trace only after the database has committed its answer: a writer
killed in between builds it again at the next start, and finds it stored with the same
content (``Added.unchanged``), so every answer is written once.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from groundtui.collect.spool import Due, Finished, TraceSpool
from groundtui.importing.add import add_answers
from groundtui.importing.files import parse_record
from groundtui.importing.traces import Built, build
from groundtui.models import Answer
from groundtui.store import Store, StoreError, now_iso
from groundtui.text.inert import quoted

BATCH = 100
"""Traces built and written at a time: the database's write lock is held for one batch's
copy (a few milliseconds), so a reviewer's key waits no longer than that."""
TICK = 0.1
"""Seconds between two looks at the spool when nothing was due."""
RETRY = 2.0
"""Seconds before a write the database refused (its lock held too long) is tried again."""


@dataclass
class CollectorTally:
    """What the collector has done since it started, for its progress line and ``/healthz``;
    and what the spool holds, as the writer last saw it."""

    requests: int = 0
    """Requests whose spans were taken (answered 200)."""
    refused: int = 0
    """Requests answered with an error: bad, unauthorised, too large, or while behind."""
    busy: int = 0
    """Of ``refused``, those answered 429 or 503: to be sent again later."""
    spans: int = 0
    """Spans taken."""
    traces: int = 0
    """Traces whose root span arrived."""
    stored: int = 0
    """Answers written."""
    flagged: int = 0
    """Of ``stored``, those the mechanical check flagged: the review queue's."""
    unchanged: int = 0
    """Answers built again that the database already held (a trace sent twice)."""
    unbuilt: int = 0
    """Traces that made no answer, kept in the spool's ``unbuilt`` table (all time)."""
    orphans: int = 0
    """Traces whose root never arrived, built or kept as they were."""
    pending_traces: int = 0
    """Traces in the spool, waiting for their root or their grace."""
    pending_spans: int = 0
    """Their spans: what decides whether the collector is behind."""
    error: str = ""
    """Why the last write failed, until one succeeds."""


class Writer:
    """Builds and writes the spool's finished traces, in a thread of its own.

    Args:
        db_path: the database.
        spool_path: its collector's spool.
        tally: counts shared with the server.
        grace: seconds a trace waits after its root arrived.
        orphan_after: seconds a trace waits for its root.
        say: prints one line (a write that failed and is tried again).
    """

    def __init__(
        self,
        db_path: str,
        spool_path: str,
        tally: CollectorTally,
        *,
        grace: float,
        orphan_after: float,
        say: Callable[[str], None],
    ) -> None:
        self.db_path, self.spool_path, self.tally = db_path, spool_path, tally
        self.grace, self.orphan_after, self.say = grace, orphan_after, say
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="groundtui-collect-writer")

    def start(self) -> None:
        """Start writing in the writer's thread."""
        self.thread.start()

    def stop(self) -> None:
        """Finish the batch in hand and stop; what is still due waits in the spool."""
        self.stopping.set()
        self.thread.join()

    def _run(self) -> None:
        # A SQLite connection belongs to the thread that opened it: both are opened here.
        spool = TraceSpool(self.spool_path)
        self.tally.unbuilt = spool.unbuilt()
        try:
            with Store(self.db_path) as store:
                while not self.stopping.is_set():
                    why = ""
                    try:
                        written = self.round(store, spool)
                    except StoreError as exc:
                        why = f"cannot write to the database ({exc})"
                    except sqlite3.Error as exc:  # the spool's disk is full, say
                        why = f"cannot write to the spool {self.spool_path} ({exc})"
                    except Exception as exc:  # a bug: said, and the traces kept for a fix
                        why = f"the writer failed ({type(exc).__name__}: {exc})"
                    self.tally.error = why
                    with contextlib.suppress(sqlite3.Error):
                        self.tally.pending_traces, self.tally.pending_spans = spool.held()
                    if why:
                        # The traces stay in the spool: said, and tried again a little later.
                        self.say(f"{why}; trying again in {RETRY:g} s")
                        self.stopping.wait(RETRY)
                    elif not written:
                        self.stopping.wait(TICK)
        finally:
            spool.close()

    def round(self, store: Store, spool: TraceSpool) -> int:
        """Build and write one batch of finished traces; how many there were."""
        due = spool.due(time.time(), self.grace, self.orphan_after, BATCH)
        if not due:
            return 0
        held = spool.spans_of(d.trace for d in due)
        answers: dict[str, Answer] = {}
        trace_of: dict[str, Finished] = {}
        done: list[Finished] = []
        for d, built in zip(due, _built(due, held), strict=True):
            finished = Finished(d.trace, held[d.trace][-1][0], d.rooted)
            done.append(finished)
            reason = built.error
            if built.answer is not None:
                try:
                    answer = parse_record(built.answer)
                except ValueError as exc:
                    reason = str(exc)
                else:
                    if answer.id in answers:
                        reason = (
                            f"its answer's id {quoted(answer.id)} is that of trace "
                            f"{trace_of[answer.id].trace}'s"
                        )
                    else:
                        answers[answer.id], trace_of[answer.id] = answer, finished
            if reason is not None:
                finished.reason = _why(reason, finished, self.orphan_after)
        added = add_answers(store, list(answers.values()))
        for answer_id, why in added.refused:
            trace_of[answer_id].reason = _why(why, trace_of[answer_id], self.orphan_after)
        for finished in done:
            if finished.reason is not None:
                finished.spans = [record for _, record in held[finished.trace]]
        spool.finish(done, now_iso(), time.time())
        tally = self.tally
        tally.stored += len(added.stored)
        tally.flagged += len(added.flagged)
        tally.unchanged += len(added.unchanged)
        tally.unbuilt += sum(1 for f in done if f.reason is not None)
        tally.orphans += sum(1 for d in due if not d.rooted)
        return len(due)


def _built(due: list[Due], held: dict[str, list[tuple[int, dict]]]) -> list[Built]:
    """Each due trace built by the trace reader, in ``due``'s order."""
    by_trace = {b.trace: b for b in build(record for d in due for _, record in held[d.trace])}
    return [by_trace.get(d.trace) or Built(d.trace, error="no span to build") for d in due]


def _why(reason: str, finished: Finished, orphan_after: float) -> str:
    """``reason`` (without the trace's id: its row says it), saying first that the trace's
    root never came when it did not."""
    reason = reason.removeprefix(f"trace {finished.trace}: ")
    if finished.rooted:
        return reason
    return f"its root span did not arrive in {orphan_after:g} s; {reason}"
