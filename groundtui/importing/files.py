"""``groundtui import``'s run: every input read and validated, its rows prepared, then
written all or nothing (docs/formats.md).

The input is read a record at a time in its format (``groundtui.importing.formats``: JSON Lines,
CSV, Parquet, the producers' answer records, the trace dialects) and its rows are prepared before
the write lock is taken, so an import holds one batch in memory and keeps reviewers waiting only while
its rows are copied in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from groundtui.importing import merge
from groundtui.importing.claims import check_inferred_evidence, claim_rows
from groundtui.importing.formats import InputError, Row, describe, open_input, rows
from groundtui.importing.formats.scanned import NotScanTable, ScanColumns, from_scanned
from groundtui.importing.paths import KeyPath
from groundtui.json_input import read_record
from groundtui.models import CHECK_NAME, Answer, describe_error
from groundtui.store import IMPORT_JUDGE, NewAnswer, Spool, Store, content_hash, now_iso
from groundtui.text.inert import quoted

BULK_MIN = 2000
RECOUNT_WORK = 20
"""A claim's review costs its trigger a look at the claim's other reviews; a recount costs
a look at every claim (about 5 a answer). Measured on a database of 100,000 answers, the
triggers of one claim's n reviews cost about the recount once n² passes 20 per answer."""
BATCH = 500
"""Answers prepared at a time: what an import holds in memory, whatever its size."""


@dataclass
class BadLine:
    """One rejected input line, reported as ``file:line: reason``."""

    file: str
    line: int
    reason: str
    order: int = 0
    """The file's position on the command line, to list bad lines in input order."""
    ident: str | None = None
    """The refused answer's id, where the line says it."""

    def because(self, reason: str, ident: str | None = None) -> BadLine:
        """This place, with a reason (and the refused answer's id, when known)."""
        return BadLine(self.file, self.line, reason, self.order, ident or self.ident)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.reason}"


@dataclass
class ImportResult:
    """What an import did; ``exit_code`` follows docs/formats.md."""

    answers: int = 0
    sources: int = 0
    claims: int = 0
    reviews: int = 0
    unchanged: int = 0
    bad: list[BadLine] = field(default_factory=list)
    written: bool = False
    read_as: list[tuple[str, str, bool]] = field(default_factory=list)
    """Each input's label, the format it was read as, and whether that was detected."""
    unflagged: int = 0
    """Rows passed over by ``flagged_only``: answers the check did not flag."""
    flags: int = 0
    """Stored flags taken with ``flagged_only``."""
    merged: int = 0
    """Answers already stored from another file with the same question, response and
    sources, whose ``meta`` was combined with the stored one."""
    kept: int = 0
    """``meta`` keys both had with different values: the stored value was kept."""
    read: int = 0
    """Records read from the files (spans, lines, rows)."""
    prepared: int = 0
    """Answers read and checked, ready to write."""

    def detected(self) -> str:
        """``read as ragas rows`` (per file when they differ), for the formats detected."""
        named = [(label, describe(name)) for label, name, found in self.read_as if found]
        if len({n for _, n in named}) == 1:
            return f"read as {named[0][1]}"
        return "; ".join(f"{label} read as {n}" for label, n in named)

    @property
    def exit_code(self) -> int:
        """0 when everything was imported, 1 when lines were skipped, 2 when nothing was."""
        if not self.bad:
            return 0
        return 1 if self.written and (self.answers or self.unchanged or self.merged) else 2


def parse_line(raw: bytes) -> Answer:
    """One JSONL line as a validated ``Answer``; ``ValueError`` names what is wrong."""
    return parse_record(read_record(raw))


def parse_record(record: dict[str, Any], reviews_at: str | None = None) -> Answer:
    """One record as a validated ``Answer``; ``ValueError`` names what is wrong.

    A review without ``at`` takes ``reviews_at``; without it, it is a bad line naming the flag.
    """
    _give_reviews_a_time(record, reviews_at)
    try:
        answer = Answer.model_validate(record)
    except ValidationError as exc:
        raise ValueError(describe_error(exc)) from None
    return answer


def _give_reviews_a_time(record: dict[str, Any], reviews_at: str | None) -> None:
    claims = record.get("claims")
    for i, claim in enumerate(claims if isinstance(claims, list) else []):
        reviews = claim.get("reviews") if isinstance(claim, dict) else None
        for j, review in enumerate(reviews if isinstance(reviews, list) else []):
            if isinstance(review, dict) and review.get("at") is None:
                if reviews_at is None:
                    raise ValueError(
                        f"field 'claims.{i}.reviews.{j}.at': missing; pass --reviews-at TIME "
                        "to give reviews without one that time"
                    )
                review["at"] = reviews_at


def import_files(
    store: Store,
    paths: list[str],
    *,
    skip_invalid: bool = False,
    fmt: str | None = None,
    reviews_at: str | None = None,
    flagged_only: ScanColumns | None = None,
    columns: Mapping[str, KeyPath | str] | None = None,
    progress: Callable[[ImportResult, str], None] | None = None,
) -> ImportResult:
    """Validate every line of ``paths``, then write the good answers in one transaction.

    The lines are read one at a time and their rows prepared in batches in a spool file
    (``groundtui.store.spool``) before the write lock is taken: the lock is held only to
    compare the ids with the database and copy the rows. Without ``skip_invalid`` nothing
    is written when any line is bad. ``fmt`` names the files' format (``groundtui.importing.formats``;
    detected per file when None); ``reviews_at`` is the time of reviews given without one.
    ``columns`` (``--map``) says where records that are answers keep a field: a path
    (``groundtui.importing.paths``) a field.
    ``flagged_only`` reads the output of ``groundtui scan-table`` (its columns so named):
    only its flagged rows are imported, each with its stored flag; a folder among ``paths``
    stands for its Parquet files. ``progress`` is called with the result so far and the
    phase (``reading``, ``writing``) every few hundred records and as each phase begins.

    Raises:
        InputError: a file cannot be read, or looks like another format than ``fmt``;
            nothing is written.
    """
    result = ImportResult()
    found: dict[str, dict] = {}
    if flagged_only is not None:
        paths = _parquet_parts(paths)
    held = merge.Held()
    try:
        with Spool(store.db) as spool:
            tell = progress or (lambda _result, _phase: None)
            places = _prepare(
                store,
                spool,
                held,
                paths,
                result,
                fmt,
                reviews_at,
                flagged_only,
                found,
                columns,
                tell,
            )
            tell(result, "writing")
            # The check against the database and the write share one write transaction, so
            # a concurrent import cannot slip the same id in between them.
            with store.imports.attached(spool), store.transaction():
                present = store.imports.spool_present()
                conflicts = [*present.differing, *merge.conflicts(store, held)]
                result.unchanged = len(present.unchanged)
                for answer_id in conflicts:
                    what = present.differing.get(answer_id)
                    result.bad.append(
                        places[answer_id].because(
                            f"id {quoted(answer_id)} is already in the database with "
                            + (f"a different {what}" if what else "different content"),
                            answer_id,
                        )
                    )
                result.bad.sort(key=lambda b: (b.order, b.line))
                if result.bad and not skip_invalid:
                    result.unchanged = 0
                    return result
                for answer_id in present.merged:
                    result.kept += store.imports.merge_spool_meta(answer_id)
                result.merged = len(present.merged)
                # A merge's rows go into the spool beside the import's, for the one copy.
                merged = merge.spool(store, held, skip=set(conflicts))
                result.unchanged += merged.unchanged
                fresh = spool.answers - present.stored
                fresh += merged.answers
                if fresh or merged.spooled:
                    written = store.imports.copy_spool(bulk=in_bulk(store, fresh))
                    result.answers, result.sources, result.claims, result.reviews = written
                flags = {k: v for k, v in found.items() if k not in set(conflicts)}
                if flags:
                    store.flags.record_scan(CHECK_NAME, list(flags), flags, now_iso())
                    result.flags = len(flags)
    finally:
        held.close()
    result.written = True
    return result


def in_bulk(store: Store, fresh: int) -> bool:
    """Whether the attached spool's ``fresh`` answers are copied in bulk (``copy_spool``).

    A large import into a small database is cheaper with the report's triggers off and one
    recount of its aggregates at the end than with a trigger per row; a small import into a
    large database is the opposite.
    """
    existing = store.scalar("select count(*) from answers") or 0
    work = store.imports.spool_review_work()
    return fresh >= max(BULK_MIN, existing) or work >= RECOUNT_WORK * existing


def _parquet_parts(paths: list[str]) -> list[str]:
    """``paths`` with each folder replaced by its Parquet files (a scan-table output)."""
    out = []
    for path in paths:
        folder = Path(path)
        parts = sorted(str(p) for p in folder.rglob("*.parquet")) if folder.is_dir() else []
        out.extend(parts or [path])
    return out


@dataclass
class ReadAnswer:
    """One record of the input as read: an answer checked as an import checks a line, or,
    with ``answer`` None, the bad line ``where`` says why."""

    where: BadLine
    answer: Answer | None = None
    record: dict[str, Any] | None = None
    """The record as the file holds it (a record of ``export --format answers`` is merged
    from it)."""
    format: str = ""
    """The format its file was read as."""
    specifics: list | None = None
    """With ``flagged_only``: the specifics ``scan-table`` stored for it."""


def read_answers(
    paths: list[str],
    result: ImportResult,
    *,
    fmt: str | None = None,
    reviews_at: str | None = None,
    flagged_only: ScanColumns | None = None,
    columns: Mapping[str, KeyPath | str] | None = None,
    limits: Mapping[str, int] | None = None,
    tell: Callable[[ImportResult, str], None] = lambda _result, _phase: None,
) -> Iterator[ReadAnswer]:
    """Every record of ``paths``, each in its format (``fmt``, else detected), checked as
    ``groundtui import`` checks a line: what ``import`` writes and ``check`` checks.

    ``result`` counts the records read, the formats (``read_as``) and, with
    ``flagged_only``, the rows passed over; ``limits`` are a database's
    ``max_answer_chars`` and ``max_source_chars`` (none without a database). An id twice in
    the input is the caller's to find.

    Raises:
        InputError: a file cannot be read, or looks like another format than ``fmt``.
    """
    for order, path in enumerate(paths):
        with open_input(path) as source:
            named_by = None if flagged_only is not None else (columns or {})

            def read_one() -> None:
                result.read += 1
                if result.read % TELL_EVERY == 0:
                    tell(result, "reading")

            name, records = rows(source, fmt, named_by, read_one)
            result.read_as.append((source.label, name, fmt is None))
            tell(result, "reading")
            for done, row in enumerate(records, start=1):
                if done % TELL_EVERY == 0:
                    tell(result, "reading")
                where = BadLine(source.label, row.number, "", order, _ident(row))
                try:
                    if row.record is None:
                        raise ValueError(row.error)
                    record, specifics = row.record, None
                    if flagged_only is not None:
                        record, specifics = from_scanned(record, flagged_only)
                        if specifics is None:
                            result.unflagged += 1
                            continue
                    if name == "answers":
                        answer = merge.check(record)[1]
                    else:
                        # A file is detected by its first 64 KB: this line came after plain ones.
                        if str(record.get("groundtui")).startswith("answers/"):
                            raise ValueError(
                                "a record of export --format answers in a file read as "
                                f"{describe(name)}: import it in a file of its own"
                            )
                        answer = parse_record(record, reviews_at)
                        check_inferred_evidence(answer)
                    if limits is not None:
                        check_sizes(answer, limits["max_answer_chars"], limits["max_source_chars"])
                except NotScanTable as exc:  # every row alike: the file's one line, not a row's
                    raise InputError(f"{source.label}: {exc}") from None
                except ValueError as exc:
                    yield ReadAnswer(where.because(str(exc)))
                    continue
                yield ReadAnswer(where, answer, row.record, name, specifics)


def _prepare(
    store: Store,
    spool: Spool,
    held: merge.Held,
    paths: list[str],
    result: ImportResult,
    fmt: str | None,
    reviews_at: str | None,
    flagged_only: ScanColumns | None,
    found: dict[str, dict],
    columns: Mapping[str, KeyPath | str] | None,
    tell: Callable[[ImportResult, str], None],
) -> dict[str, BadLine]:
    """Validate every line into ``result.bad``, ``spool`` or (records of ``export --format
    answers``, to merge) ``held``; each id's place.

    With ``flagged_only``, each flagged row's stored specifics go into ``found``.
    """
    places: dict[str, BadLine] = {}
    batch: list[NewAnswer] = []
    for read in read_answers(
        paths,
        result,
        fmt=fmt,
        reviews_at=reviews_at,
        flagged_only=flagged_only,
        columns=columns,
        limits=store.settings.all(),
        tell=tell,
    ):
        answer = read.answer
        if answer is None:
            result.bad.append(read.where)
            continue
        if not first_of_its_id(answer, read.where, places, result):
            continue
        if read.format == "answers" and read.record is not None:
            held.add(read.record, answer.id)
            continue
        if read.specifics is not None:
            found[answer.id] = {"specifics": read.specifics, "sources": len(answer.sources)}
        batch.append(NewAnswer(answer, content_hash(answer), claim_rows(answer)))
        if len(batch) >= BATCH:
            spool.add(batch, judge=IMPORT_JUDGE)
            batch = []
    if batch:
        spool.add(batch, judge=IMPORT_JUDGE)
    return places


def first_of_its_id(
    answer: Answer, where: BadLine, places: dict[str, BadLine], result: ImportResult
) -> bool:
    """Whether ``answer``'s id is new in this input; a second one is a bad line."""
    if answer.id in places:
        first = places[answer.id]
        result.bad.append(
            where.because(
                f"id {quoted(answer.id)} appears twice in the input "
                f"(first at {first.file}:{first.line})",
                answer.id,
            )
        )
        return False
    places[answer.id] = where
    result.prepared += 1
    return True


TELL_EVERY = 250
"""Records read between two calls of an import's ``progress``."""


def _ident(row: Row) -> str | None:
    """The id of the answer a row holds or stands for, where it says."""
    if row.ident is not None:
        return row.ident
    ident = row.record.get("id") if row.record is not None else None
    return ident if isinstance(ident, str) and ident else None


MAX_META_CHARS = 2**20
"""The most characters an answer's ``meta`` holds, written as JSON."""


def check_sizes(answer: Answer, max_answer: int, max_source: int) -> None:
    """Refuse a question or response longer than ``max_answer_chars``, a source text longer
    than ``max_source_chars`` (the database's settings), a ``meta`` over ``MAX_META_CHARS``."""
    for name in ("question", "response"):
        if len(getattr(answer, name)) > max_answer:
            raise ValueError(
                f"field '{name}': {len(getattr(answer, name)):,} characters, over "
                f"max_answer_chars ({max_answer:,}; `groundtui config max_answer_chars N` "
                "changes it)"
            )
    meta = len(json.dumps(answer.meta, ensure_ascii=False, default=str))
    if meta > MAX_META_CHARS:
        raise ValueError(
            f"field 'meta': {meta:,} characters as JSON, over {MAX_META_CHARS:,}, the most it holds"
        )
    for i, source in enumerate(answer.sources):
        if len(source.text) > max_source:
            raise ValueError(
                f"field 'sources.{i}.text': {len(source.text):,} characters, over "
                f"max_source_chars ({max_source:,}; `groundtui config max_source_chars N` "
                "changes it)"
            )
