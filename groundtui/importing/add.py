"""Answers given as models written as ``import`` writes a file's: ``add_answers``.

For a caller that holds ``Answer`` models rather than a file (``groundtui collect``, the
Python API): each answer passes the checks an imported line passes (its sizes against the
database's settings, an ``evidence`` span against the source its citation names, its id
once), its rows are prepared in the import's spool before the write lock is taken, and
the import's one copy writes them, with the mechanical check's result for each (a flag
where it fires, ``scanned_at`` for all), in one short write transaction. An answer already
stored with the same content is left as it is (its ``meta`` keys joined, as an import
joins them); one stored with different content is refused, naming what differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from groundtui.importing.claims import check_inferred_evidence, claim_rows
from groundtui.importing.files import BATCH, check_sizes, in_bulk
from groundtui.models import CHECK_NAME, Answer
from groundtui.scan import flag_of
from groundtui.store import IMPORT_JUDGE, NewAnswer, Spool, Store, content_hash, now_iso
from groundtui.text.inert import quoted


@dataclass
class Added:
    """What ``add_answers`` did with each answer, by id."""

    stored: list[str] = field(default_factory=list)
    """Written now, in the order given."""
    flagged: list[str] = field(default_factory=list)
    """Those of ``stored`` the mechanical check fired on: the review queue's."""
    unchanged: list[str] = field(default_factory=list)
    """Already stored with the same content: left as they were."""
    refused: list[tuple[str, str]] = field(default_factory=list)
    """``(id, why)`` of each answer not written: a check it failed, or an id stored with
    different content."""


def add_answers(
    store: Store, answers: Sequence[Answer], *, check: bool = True, all_or_nothing: bool = False
) -> Added:
    """Write ``answers`` as an import writes them, each with the check's result.

    Args:
        store: the database, opened by the calling thread.
        answers: the answers to add; those refused are named in the result, the rest
            written together.
        check: run the mechanical check on each answer written and store its result, as
            ``groundtui scan`` would (False: left for ``scan``, as ``import`` leaves them).
        all_or_nothing: write nothing when any answer is refused, as ``import`` without
            ``--skip-invalid`` does (the Python API's ``Database.add``).

    Raises:
        StoreError: the write lock did not come within the busy timeout, or the disk is
            full; nothing was written.
    """
    added = Added()
    limits = store.settings.all()
    ready: dict[str, Answer] = {}
    for answer in answers:
        if answer.id in ready:
            added.refused.append((answer.id, f"id {quoted(answer.id)} appears twice"))
            continue
        try:
            check_inferred_evidence(answer)
            check_sizes(answer, limits["max_answer_chars"], limits["max_source_chars"])
        except ValueError as exc:
            added.refused.append((answer.id, str(exc)))
            continue
        ready[answer.id] = answer
    if not ready or (added.refused and all_or_nothing):
        return added
    # The check runs before the write lock is taken: reviewers wait only for the copy.
    flags = {a.id: f for a in ready.values() if (f := flag_of(a)) is not None} if check else {}
    with Spool(store.db) as spool:
        prepared = list(ready.values())
        for start in range(0, len(prepared), BATCH):
            chunk = prepared[start : start + BATCH]
            spool.add(
                [NewAnswer(a, content_hash(a), claim_rows(a)) for a in chunk], judge=IMPORT_JUDGE
            )
        with store.imports.attached(spool), store.transaction():
            present = store.imports.spool_present()
            added.refused += [
                (
                    answer_id,
                    f"id {quoted(answer_id)} is already in the database with a different {what}",
                )
                for answer_id, what in present.differing.items()
            ]
            if added.refused and all_or_nothing:
                return added
            for answer_id in present.merged:
                store.imports.merge_spool_meta(answer_id)
            same = {*present.unchanged, *present.merged}
            added.unchanged = [a for a in ready if a in same]
            added.stored = [a for a in ready if a not in same and a not in present.differing]
            if added.stored:
                store.imports.copy_spool(bulk=in_bulk(store, len(added.stored)))
                if check:
                    found = {a: flags[a] for a in added.stored if a in flags}
                    store.flags.record_scan(CHECK_NAME, added.stored, found, now_iso())
                    added.flagged = list(found)
    return added
