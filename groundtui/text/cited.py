"""What a claim is verified against: the sources it cites, joined in citation order, or every
source of its answer when it cites none (docs/judge.md). The judges and the label export's
``source`` column read it here, so a verifier trained on the export sees what the judge saw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from groundtui.text.markers import distinct, source_index

SEPARATOR = "\n\n"
"""Between two sources' texts read together: a blank line."""


def joined(texts: Iterable[str]) -> str:
    """Sources' texts read together, in the order given, a blank line between each."""
    return SEPARATOR.join(texts)


def cited_places(
    citation: int | None, cited_keys: Sequence[str], keys: Sequence[str], numbers: Sequence[int]
) -> tuple[int, ...] | None:
    """The places (from 0, among the answer's sources ``keys``) of the sources a claim cites,
    in the order first cited; None when it cites none of the answer's.

    Args:
        citation: the claim's first citation number.
        cited_keys: the keys of every source it cites, as stored.
        numbers: each source's citation number.
    """
    wanted = distinct(cited_keys)
    if len(wanted) <= 1:
        index = source_index(citation, numbers)
        return None if index is None else (index,)
    place = {key: i for i, key in enumerate(keys)}
    return tuple(place[k] for k in wanted if k in place)


def read_places(
    citation: int | None,
    cited_keys: Sequence[str],
    dangling: bool,
    keys: Sequence[str],
    numbers: Sequence[int],
) -> tuple[int, ...]:
    """The places of the sources a judge verifies a claim against: those it cites, else (an
    uncited claim) all; none for a dangling citation, which is not verified."""
    if dangling:
        return ()
    cited = cited_places(citation, cited_keys, keys, numbers)
    return cited if cited is not None else tuple(range(len(keys)))
