"""Reads of one answer as the judge and the claim corrections take it: its sources, in the
order they came, and its response with every citation marker read as a number.

One reading for both, so that a claim a reviewer makes cites what a judge's would.
"""

from __future__ import annotations

from typing import NamedTuple

from groundtui.store.connection import Part
from groundtui.text.markers import numbered


class AnswerAsCited(NamedTuple):
    """One answer as the judge reads it (``AnswerReads.as_cited``)."""

    question: str
    response: str
    """The response, every citation marker a number."""
    sources: list[dict]
    """``AnswerReads.sources``."""


class AnswerReads(Part):
    """An answer's sources and its response as cited (``Store.answers``)."""

    def sources(self, answer_id: str) -> list[dict]:
        """The answer's sources in the order they came, each with its ``position``, the
        ``number`` the input gave it (or None) and ``cited_as``: the number the response
        cites it by (that number, else its position)."""
        return self.query(
            "select a.position, a.number, coalesce(a.number, a.position) as cited_as, s.*"
            " from answer_sources a join sources s on s.key = a.source_key"
            " where a.answer_id = ? order by a.position",
            [answer_id],
        )

    def as_cited(self, answer_id: str) -> AnswerAsCited | None:
        """The answer's question, its response with markers naming a source by id read as
        its number, offsets unchanged (docs/formats.md), and ``sources``; None for no
        such answer."""
        rows = self.query("select question, response from answers where id = ?", [answer_id])
        if not rows:
            return None
        sources = self.sources(answer_id)
        ids = [s["source_id"] for s in sources]
        response = numbered(rows[0]["response"], ids, [s["cited_as"] for s in sources])
        return AnswerAsCited(rows[0]["question"], response, sources)
