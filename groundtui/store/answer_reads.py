"""Reads of one answer as the judge and the claim corrections take it: its sources, in the
order they came, and its response with every citation marker read as a number.

One reading for both, so that a claim a reviewer makes cites what a judge's would.
"""

from __future__ import annotations

from groundtui.store.connection import Connection
from groundtui.text.markers import numbered


class AnswerReads(Connection):
    """An answer's sources and its response as cited."""

    def answer_sources(self, answer_id: str) -> list[dict]:
        """The answer's sources in the order they came, each with its ``position``, the
        ``number`` the input gave it (or None) and ``cited_as``: the number the response
        cites it by (that number, else its position)."""
        return self.query(
            "select a.position, a.number, coalesce(a.number, a.position) as cited_as, s.*"
            " from answer_sources a join sources s on s.key = a.source_key"
            " where a.answer_id = ? order by a.position",
            [answer_id],
        )

    def cited_response(self, answer_id: str) -> tuple[str, list[dict]] | None:
        """The response with markers naming a source by id read as its number, offsets
        unchanged (README "Input"), and ``answer_sources``; None for no such answer."""
        response = self.scalar("select response from answers where id = ?", [answer_id])
        if response is None:
            return None
        sources = self.answer_sources(answer_id)
        ids = [s["source_id"] for s in sources]
        return numbered(response, ids, [s["cited_as"] for s in sources]), sources
