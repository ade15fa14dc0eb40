"""A reviewer's corrections of an answer's claims: edit, split, add, dismiss, and their undo.

Each correction is one append-only ``claim_edits`` row, like a label. Claims are never
rewritten: an edit or a split *replaces* its claim (the old row is retired as
``replaced``, new rows take its place), an added claim is a new row, a dismissed claim is
retired as ``dismissed``. A retired claim leaves every count of the report (the triggers in
``groundtui/store/sql/claims.sql``); a new claim has no judgement, so the next ``groundtui
judge`` verifies it. An undo appends a row that reverts one correction: the claim it
retired comes back and the claims it made are retired as ``undone``.

A claim a reviewer makes gets the id ``<answer id>#<n>``, ``n`` one past every number an
id of that answer's claims ends with, so it is stable and never reused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from groundtui.store.answer_reads import AnswerReads
from groundtui.store.connection import Connection, Part
from groundtui.store.labelling import LabelWrites, _new_id
from groundtui.store.rows import ClaimRow, cited_keys, now_iso
from groundtui.text.kinds import infer_kind
from groundtui.text.locate import locate
from groundtui.text.markers import citations_near, distinct

#: The corrections, as ``claim_edits.action`` names them.
ACTIONS = ("edit", "split", "add", "dismiss", "undo")
#: What each correction sets ``retired`` to on the claim it acts on.
_RETIRES = {"edit": "replaced", "split": "replaced", "dismiss": "dismissed"}
_ID_NUMBER = re.compile(r"#(\d+)$")
#: A claim to make: its text, span, the numbers it cites, its kind, how its span was found.
Made = tuple[str, tuple[int, int] | None, tuple[int, ...], str, str]


class CorrectionError(ValueError):
    """A correction that cannot be made (an unknown or retired claim, an empty span)."""


class ClaimEditWrites(Part):
    """Corrections of claims by reviewers, each an append-only ``claim_edits`` row
    (``Store.corrections``)."""

    def __init__(self, connection: Connection, labels: LabelWrites, answers: AnswerReads) -> None:
        super().__init__(connection)
        self.labels = labels
        self.answers = answers

    def dismiss(self, claim_id: str, reviewer: str) -> int:
        """Dismiss a "claim" that is not one (a hedge, an offer to help); the row's id."""
        claim = self._live_claim(claim_id)
        return self._correct("dismiss", claim, reviewer, [])

    def edit(self, claim_id: str, reviewer: str, text: str) -> tuple[int, str]:
        """Replace a claim's text: ``(row id, the new claim's id)``.

        The new claim keeps what the old one cites and its kind; its span is where the new
        text stands in the response, else the old claim's.
        """
        claim = self._live_claim(claim_id)
        text = text.strip()
        if not text:
            raise CorrectionError("a claim's text cannot be empty: dismiss it with x instead")
        response = self._response(claim["answer_id"])
        found = locate(text, response)
        span = (found[0], found[1]) if found else _span(claim)
        made = self._made(claim, [(text, span, _citations(claim), claim["kind"], "exact")])
        edit_id = self._correct("edit", claim, reviewer, made, text=text, span=span)
        return edit_id, made[0].id

    def split(self, claim_id: str, reviewer: str, at: int) -> tuple[int, list[str]]:
        """Split a claim's text at offset ``at`` into two claims: ``(row id, their ids)``.

        Each part takes its place in the response (``_split_spans``), so both stay in
        reading order where the claim was, and cites the markers in or right after it, else
        what the old claim cites.
        """
        claim = self._live_claim(claim_id)
        text = claim["text"]
        first, second = text[:at].strip(), text[at:].strip()
        if not first or not second:
            raise CorrectionError("split inside the claim's text: both parts need words")
        response = self._response(claim["answer_id"])
        placed = _split_spans(text, at, (first, second), response, _span(claim))
        parts: list[Made] = []
        for part, (part_span, how) in zip((first, second), placed, strict=True):
            near = distinct(citations_near(response, *part_span)) if part_span else ()
            parts.append((part, part_span, near or _citations(claim), infer_kind(part), how))
        made = self._made(claim, parts)
        edit_id = self._correct("split", claim, reviewer, made, span=(at, at))
        return edit_id, [c.id for c in made]

    def add(self, answer_id: str, reviewer: str, span: tuple[int, int]) -> tuple[int, str]:
        """Add the claim the judge missed at ``span`` of the response: ``(row id, its id)``.

        It cites the markers in or right after its span.
        """
        response = self._response(answer_id)
        start, end = max(0, min(span)), min(len(response), max(span))
        text = response[start:end].strip()
        if not text:
            raise CorrectionError("select some of the answer's words to add as a claim")
        start += len(response[start:end]) - len(response[start:end].lstrip())
        end = start + len(text)
        citations = distinct(citations_near(response, start, end))
        anchor = {"answer_id": answer_id, "ordinal": self._ordinal_at(answer_id, start)}
        made = self._made(anchor, [(text, (start, end), citations, infer_kind(text), "exact")])
        edit_id = self._correct(
            "add",
            {"id": None, "answer_id": answer_id},
            reviewer,
            made,
            text=text,
            span=(start, end),
        )
        return edit_id, made[0].id

    def undo(self, edit_id: int, reviewer: str) -> int:
        """Revert correction ``edit_id``: the claim it retired counts again, the claims it
        made are retired as ``undone``. The undo row's id."""
        row = self.db.execute(
            "select claim_id, answer_id, action, made from claim_edits where id = ?", [edit_id]
        ).fetchone()
        if row is None or row[2] == "undo":
            raise CorrectionError(f"no correction {edit_id} to undo")
        claim_id, answer_id, _action, made = row
        reviewer = self.labels.reviewers.name(reviewer)
        made_ids = json.loads(made or "[]")
        with self.transaction():
            if made_ids:
                marks = ",".join("?" * len(made_ids))
                self.db.execute(
                    f"update claims set retired = 'undone' where id in ({marks})", made_ids
                )
            if claim_id is not None:
                self.db.execute("update claims set retired = null where id = ?", [claim_id])
            self.labels.refresh([*made_ids, *([claim_id] if claim_id else [])])
            return _new_id(
                self.db.table("claim_edits").insert(
                    {
                        "claim_id": claim_id,
                        "answer_id": answer_id,
                        "reviewer": reviewer,
                        "action": "undo",
                        "at": now_iso(),
                        "reverts": edit_id,
                    }
                )
            )

    def of_answer(self, answer_id: str) -> list[dict]:
        """The answer's corrections, oldest first."""
        return self.query(
            "select * from claim_edits where answer_id = ? order by at, id", [answer_id]
        )

    # -- helpers ----------------------------------------------------------------------

    def _live_claim(self, claim_id: str) -> dict[str, Any]:
        rows = self.query("select * from claims where id = ?", [claim_id])
        if not rows:
            raise CorrectionError(f"no claim {claim_id}")
        if rows[0]["retired"] is not None:
            raise CorrectionError(f"claim {claim_id} is {rows[0]['retired']}")
        return rows[0]

    def _response(self, answer_id: str) -> str:
        """The response as the judge reads it: markers naming a source by id numbered."""
        answer = self.answers.as_cited(answer_id)
        if answer is None:
            raise CorrectionError(f"no answer {answer_id}")
        return answer.response

    def _ordinal_at(self, answer_id: str, start: int) -> int:
        """The ordinal an added claim starting at ``start`` sorts by: that of the last live
        claim starting before it (0 when none)."""
        value = self.scalar(
            "select max(ordinal) from claims where answer_id = ? and retired is null"
            " and span_start <= ?",
            [answer_id, start],
        )
        return int(value or 0)

    def _made(self, like: dict[str, Any], parts: Sequence[Made]) -> list[ClaimRow]:
        """New claim rows in the place (answer, ordinal) of ``like``, one per part."""
        answer_id = like["answer_id"]
        sources = self.answers.sources(answer_id)
        numbers, keys = [s["cited_as"] for s in sources], [s["key"] for s in sources]
        taken = [
            int(m.group(1))
            for (i,) in self.db.execute("select id from claims where answer_id = ?", [answer_id])
            if (m := _ID_NUMBER.search(i))
        ]
        first = max(taken, default=0) + 1
        return [
            ClaimRow(
                id=f"{answer_id}#{first + k}",
                answer_id=answer_id,
                ordinal=like["ordinal"],
                text=text,
                kind=kind,
                citations=citations,
                cited_keys=cited_keys(citations, numbers, keys),
                span=span,
                located=how if span else "unlocated",
            )
            for k, (text, span, citations, kind, how) in enumerate(parts)
        ]

    def _correct(
        self,
        action: str,
        claim: dict[str, Any],
        reviewer: str,
        made: list[ClaimRow],
        *,
        text: str | None = None,
        span: tuple[int, int] | None = None,
    ) -> int:
        reviewer = self.labels.reviewers.name(reviewer)
        at = now_iso()
        for row in made:
            row.extracted_by = reviewer
        with self.transaction():
            if action in _RETIRES:
                self.db.execute(
                    "update claims set retired = ? where id = ? and retired is null",
                    [_RETIRES[action], claim["id"]],
                )
                self.labels.refresh([claim["id"]])
            if made:
                self.labels.add_claims(made, at)
            return _new_id(
                self.db.table("claim_edits").insert(
                    {
                        "claim_id": claim["id"],
                        "answer_id": claim["answer_id"],
                        "reviewer": reviewer,
                        "action": action,
                        "text": text,
                        "span_start": span[0] if span else None,
                        "span_end": span[1] if span else None,
                        "made": json.dumps([c.id for c in made]) if made else None,
                        "at": at,
                    }
                )
            )


def _span(claim: dict[str, Any]) -> tuple[int, int] | None:
    if claim["span_start"] is None or claim["span_end"] is None:
        return None
    return claim["span_start"], claim["span_end"]


def _citations(claim: dict[str, Any]) -> tuple[int, ...]:
    return tuple(json.loads(claim["citations"] or "[]"))


def _located(text: str, response: str, near: tuple[int, int] | None) -> tuple[int, int] | None:
    found = locate(text, response, near)
    return (found[0], found[1]) if found else None


Placed = tuple[tuple[int, int] | None, str]


def _split_spans(
    text: str,
    at: int,
    parts: tuple[str, str],
    response: str,
    span: tuple[int, int] | None,
) -> tuple[Placed, Placed]:
    """Where each part of a claim split at ``at`` stands in the response, and how found.

    A claim whose text is its span of the response is cut at the same offset. Otherwise
    (a claim reworded from its sentence, or a marker such as ``[1]`` in the response and
    not in the claim) each part is looked for in the claim's span; a part not found there
    takes the rest of that span beside the other ("fuzzy"), or, neither found, the span is
    cut at the space nearest the same share of it. So no part of a claim placed in the
    response loses its place, nor moves out of reading order.
    """
    if span is None:
        return (_located(parts[0], response, None), "exact"), (
            _located(parts[1], response, None),
            "exact",
        )
    start, end = span
    if response[start:end] == text:
        return ((start, start + at), "exact"), ((start + at, end), "exact")
    one, two = (_located(p, response, span) for p in parts)
    one = one if one and start <= one[0] and one[1] <= end else None
    two = two if two and start <= two[0] and two[1] <= end else None
    if one and two and one[1] <= two[0]:
        return (one, "exact"), (two, "exact")
    if one and not two and (rest := _trimmed(response, one[1], end)):
        return (one, "exact"), (rest, "fuzzy")
    if two and not one and (rest := _trimmed(response, start, two[0])):
        return (rest, "fuzzy"), (two, "exact")
    share = start + round((end - start) * at / max(1, len(text)))
    spaces = [i for i in range(start + 1, end) if response[i].isspace()]
    cut = min(spaces, key=lambda i: abs(i - share)) if spaces else share
    halves = _trimmed(response, start, cut), _trimmed(response, cut, end)
    if halves[0] and halves[1]:
        return (halves[0], "fuzzy"), (halves[1], "fuzzy")
    return (span, "fuzzy"), (span, "fuzzy")


def _trimmed(response: str, start: int, end: int) -> tuple[int, int] | None:
    """``(start, end)`` without the spaces and commas at its ends; None when nothing is left."""
    while start < end and (response[start].isspace() or response[start] in ",;"):
        start += 1
    while end > start and response[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None
