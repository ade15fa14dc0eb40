"""The item every pass of the mechanical check returns: one specific, read from a text."""

from __future__ import annotations

from typing import NamedTuple


class Item(NamedTuple):
    """A figure, date or name read from a response or a source, at ``text[start:end]``.

    Attributes:
        start: Offset of its first character.
        end: Offset just past its last character.
        kind: ``"figure"``, ``"date"`` or ``"name"``.
        need: Alternatives of key sets, any one of which a source must hold in full for
            the value to count as sourced (a range needs both ends; "6:30" is 06:30 or
            18:30). For a name, empty, or ``((the name without its first word,),)`` when
            that word may be an ordinary one opening the sentence ("Recently Harbor").
        probe: A spelling that proves the value when found as a whole token in a source,
            tried before the source is indexed (most specifics are copied), or None.
        also: The coarser keys the same text states when it appears in a *source*
            ("March 5, 2024" also states 2024 and March 2024): sources are read liberally,
            responses strictly, so a response's items have none.
    """

    start: int
    end: int
    kind: str
    need: tuple[tuple[str, ...], ...]
    probe: str | None
    also: tuple[str, ...] = ()
