"""``groundtui import``: JSON Lines answers into the store, all or nothing (README "Input")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from groundtui.models import Answer, check_evidence, describe_error
from groundtui.records import read_record
from groundtui.store import ClaimRow, Store, content_hash, now_iso, source_key
from groundtui.store.counts import bulk_load
from groundtui.text.kinds import infer_kind
from groundtui.text.locate import locate
from groundtui.text.markers import citations_near, source_index

IMPORT_JUDGE = "import"
BULK_MIN = 2000


class InputError(Exception):
    """A file that cannot be read at all (missing, a folder, unreadable)."""


@dataclass
class BadLine:
    """One rejected input line, reported as ``file:line: reason``."""

    file: str
    line: int
    reason: str
    order: int = 0
    """The file's position on the command line, to list bad lines in input order."""

    def because(self, reason: str) -> BadLine:
        """This place, with a reason."""
        return BadLine(self.file, self.line, reason, self.order)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.reason}"


@dataclass
class ImportResult:
    """What an import did; ``exit_code`` follows README "Input"."""

    answers: int = 0
    sources: int = 0
    claims: int = 0
    reviews: int = 0
    unchanged: int = 0
    bad: list[BadLine] = field(default_factory=list)
    written: bool = False

    @property
    def exit_code(self) -> int:
        """0 when everything was imported, 1 when lines were skipped, 2 when nothing was."""
        if not self.bad:
            return 0
        return 1 if self.written and (self.answers or self.unchanged) else 2


def _lines(path: str) -> Iterator[tuple[int, bytes]]:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        p = Path(path)
        if not p.exists():
            raise InputError(f"{path}: no such file")
        if p.is_dir():
            raise InputError(f"{path}: is a folder, not a JSONL file")
        try:
            data = p.read_bytes()
        except OSError as exc:
            raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark, as some editors write
        data = data[3:]
    # Split on \n only: JSON strings may hold U+2028 and other breaks str.splitlines() uses.
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip():
            yield number, raw


def parse_line(raw: bytes) -> Answer:
    """One JSONL line as a validated ``Answer``; ``ValueError`` names what is wrong."""
    record = read_record(raw)
    try:
        return Answer.model_validate(record)
    except ValidationError as exc:
        raise ValueError(describe_error(exc)) from None


def import_files(store: Store, paths: list[str], *, skip_invalid: bool = False) -> ImportResult:
    """Validate every line of ``paths``, then write the good answers in one transaction.

    Without ``skip_invalid`` nothing is written when any line is bad.

    Raises:
        InputError: a file cannot be read; nothing is written.
    """
    result = ImportResult()
    good: list[tuple[Answer, str, BadLine]] = []
    first_seen: dict[str, str] = {}
    for order, path in enumerate(paths):
        label = "<stdin>" if path == "-" else path
        for number, raw in _lines(path):
            where = BadLine(label, number, "", order)
            try:
                answer = parse_line(raw)
                _check_inferred_evidence(answer)
            except ValueError as exc:
                result.bad.append(where.because(str(exc)))
                continue
            if answer.id in first_seen:
                result.bad.append(where.because(
                    f"id {answer.id!r} appears twice in the input "
                    f"(first at {first_seen[answer.id]})"))
                continue
            first_seen[answer.id] = f"{label}:{number}"
            good.append((answer, content_hash(answer), where))

    # The check against the database and the write share one write transaction, so a
    # concurrent import cannot slip the same id in between them.
    with store.transaction():
        stored = store.answer_hashes(answer.id for answer, *_ in good)
        fresh = []
        for answer, digest, where in good:
            if answer.id not in stored:
                fresh.append((answer, digest))
            elif stored[answer.id] == digest:
                result.unchanged += 1
            else:
                result.bad.append(where.because(
                    f"id {answer.id!r} is already in the database with different content"))
        result.bad.sort(key=lambda b: (b.order, b.line))
        if result.bad and not skip_invalid:
            result.unchanged = 0
            return result
        if fresh:
            # A large import into a small database is cheaper with the report's triggers
            # off and one recount of its aggregates at the end than with a trigger per
            # row; a small import into a large database is the opposite.
            existing = store.scalar("select count(*) from answers") or 0
            bulk = len(fresh) >= max(BULK_MIN, existing)
            with bulk_load(store.db) if bulk else nullcontext():
                _write(store, fresh, result)
    result.written = True
    return result


def _check_inferred_evidence(answer: Answer) -> None:
    """An ``evidence`` span on a claim whose citation is inferred must fit that source.

    The model checks claims that carry their ``citation``; this checks the others, once
    the citation is read from the markers at the claim's span (as ``_claim_rows`` does).
    """
    for i, claim in enumerate(answer.claims or []):
        if claim.evidence is not None and claim.citation is None:
            citation = _infer_citation(answer.response, claim.text, claim.span)[0]
            check_evidence(i, claim.evidence, citation, answer.sources)


def _infer_citation(
    response: str, text: str, span: tuple[int, int] | None
) -> tuple[int | None, tuple[int, int] | None, str]:
    """``(citation, span, how located)`` of a claim given without them."""
    located = "given"
    if span is None:
        found = locate(text, response)
        span, located = (found[:2], found[2]) if found else (None, "unlocated")
    near = citations_near(response, span[0], span[1]) if span is not None else []
    return (near[0] if near else None), span, located


def _write(store: Store, fresh: list[tuple[Answer, str]], result: ImportResult) -> None:
    at = now_iso()
    seq = store.scalar("select coalesce(max(seq), 0) from answers") or 0
    known_sources = store.existing_source_keys(
        source_key(s.id, s.text) for answer, _ in fresh for s in answer.sources)
    rows: dict[str, list[dict]] = {t: [] for t in (
        "sources", "answers", "answer_sources", "claims", "judgements", "reviews")}
    for answer, digest in fresh:
        seq += 1
        keys = []
        for source in answer.sources:
            key = source_key(source.id, source.text)
            keys.append(key)
            if key not in known_sources:
                known_sources.add(key)
                rows["sources"].append(store.source_row(source, key, at))
        rows["answers"].append(store.answer_row(answer, digest, at, seq))
        rows["answer_sources"].extend(
            {"answer_id": answer.id, "position": i, "source_key": k}
            for i, k in enumerate(keys, start=1))
        _claim_rows(answer, keys, at, rows)
    result.answers += len(fresh)
    result.sources += len(rows["sources"])
    result.claims += len(rows["claims"])
    result.reviews += len(rows["reviews"])
    for table, table_rows in rows.items():
        if table_rows:
            store.db[table].insert_all(table_rows, batch_size=500)
    claim_ids = [c["id"] for c in rows["claims"]]
    store.refresh_labels(claim_ids, new=True)


def _claim_rows(answer: Answer, keys: list[str], at: str, rows: dict[str, list[dict]]) -> None:
    for ordinal, claim in enumerate(answer.claims or [], start=1):
        claim_id = f"{answer.id}#{ordinal}"
        inferred, span, located = _infer_citation(answer.response, claim.text, claim.span)
        citation = claim.citation if claim.citation is not None else inferred
        index = source_index(citation, len(keys))
        dangling = citation is not None and index is None  # "[0]", or "[3]" of two
        key = None if index is None else keys[index]
        kind = claim.kind.value if claim.kind else infer_kind(claim.text)
        rows["claims"].append(Store.claim_row(ClaimRow(
            claim_id, answer.id, ordinal, claim.text, kind, citation, key, span, located,
            uncited=citation is None, dangling=dangling), at))
        if claim.verdict is not None:
            evidence_text = None
            if claim.evidence is not None and index is not None:
                source_text = answer.sources[index].text
                evidence_text = source_text[claim.evidence[0] : claim.evidence[1]]
            rows["judgements"].append({
                "claim_id": claim_id, "judge": claim.judge or IMPORT_JUDGE,
                "prompt_version": IMPORT_JUDGE, "verdict": claim.verdict.value,
                "invention_kind": claim.invention_kind.value if claim.invention_kind else None,
                "evidence_start": claim.evidence[0] if claim.evidence else None,
                "evidence_end": claim.evidence[1] if claim.evidence else None,
                "evidence_text": evidence_text, "rationale": claim.rationale, "at": at,
            })
        for review in claim.reviews:
            kind = review.invention_kind.value if review.invention_kind else None
            rows["reviews"].append(Store.review_row(
                claim_id, review.reviewer, review.verdict.value, kind, review.note,
                blind=review.blind, at=now_iso(review.at), origin="import"))
