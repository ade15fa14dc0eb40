"""Rules that split a response into claims for the heuristic judge.

One claim per verifiable assertion: sentences, then compound sentences split at "; ",
", and …", ", but …" and " but …" (not before a clause without a verb of its own, "…, but
energy costs are", which stays with the clause it leans on), and after a marker citing
another source than a later one ("… guarantee [2], which covers … [1]"); answer particles
and hedges opening a claim ("No.", "Yes,", "I think") left out of it; greetings, questions,
hedges and offers to help dropped;
the ``[n]`` markers read as the claim's citation and removed from its text, which otherwise
keeps the response's wording so the pipeline can find it again.
"""

from __future__ import annotations

import re

from groundtui.judge.base import ExtractedClaim
from groundtui.judge.heuristic.assertions import elliptical, particle_end
from groundtui.judge.heuristic.quantities import values
from groundtui.judge.heuristic.words import content_tokens
from groundtui.models import ClaimKind
from groundtui.text.kinds import infer_kind
from groundtui.text.markers import MARKER, distinct, marker_citations
from groundtui.text.sentences import sentence_spans

_MARKER = re.compile(rf"\s*{MARKER.pattern}")
"""A citation marker with the blanks before it, which leave the claim's text with it."""
_GREETING = re.compile(
    r"^(hi|hello|hey|dear|greetings|thanks|thank you|great question|good question|good news)\b",
    re.IGNORECASE,
)
_ASSENT = re.compile(r"^(yes|no|sure|certainly|of course|absolutely|okay|ok)\b", re.IGNORECASE)
_OFFER = re.compile(
    r"\b(let (me|us) know|feel free|don'?t hesitate|happy to help|glad to help|hope (this|that)"
    r" helps|if you have any( other| more| further)? questions|is there anything else"
    r"|if you need (any )?(more|further|additional) (help|information|assistance)"
    r"|reach out (to us )?if|i'?d be happy to|i can help)\b",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"^(i'?m not (sure|certain)|i am not (sure|certain)|i don'?t know|i do not know"
    r"|i (can(no|')t|could not|couldn'?t) (confirm|be certain|find)|i do not have|i don'?t have"
    r"|unfortunately,? i)\b",
    re.IGNORECASE,
)
_SPLIT = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+|\s+but\s+", re.IGNORECASE)


def extract_claims(response: str) -> list[ExtractedClaim]:
    """Split ``response`` into claims with their citations and kinds.

    Args:
        response: the assistant's answer, with ``[n]`` citation markers.

    Returns:
        One claim per verifiable assertion, in the order they appear.
    """
    claims: list[ExtractedClaim] = []
    # A sentence holds the markers that trail it on its line ("… days. [1]"), as the
    # mechanical check scopes them; a marker opening a line cites the sentence it opens.
    for start, end in sentence_spans(response):
        sentence = response[start:end]
        markers = marker_citations(sentence)
        plain = _MARKER.sub("", sentence).strip()
        if _is_filler(plain):
            continue
        for clause_start, clause_end in _by_marker(sentence, _clauses(sentence)):
            # "No. You can self-certify…" asserts that you can: the particle is no part of it
            clause_start += particle_end(sentence[clause_start:clause_end])
            clause = sentence[clause_start:clause_end]
            own = marker_citations(clause)
            text = _MARKER.sub("", clause).strip()
            if not content_tokens(text) and not values(text):
                continue
            claims.append(
                ExtractedClaim(
                    text=text,
                    kind=ClaimKind(infer_kind(text)),
                    citations=distinct(own or markers),
                    span=(start + clause_start, start + clause_end),
                )
            )
    return claims


def _is_filler(sentence: str) -> bool:
    """Questions, greetings, hedges and offers to help are not claims."""
    if sentence.endswith("?"):
        return True
    if _OFFER.search(sentence) and not values(sentence):
        return True
    if _HEDGE.search(sentence) and not values(sentence):
        return True
    assent = _ASSENT.match(sentence)
    if assent and not content_tokens(sentence[assent.end() :]):
        return True  # "Sure!", "Yes, you can."; but "No refunds are given." is a claim
    return bool(_GREETING.match(sentence) and len(sentence.split()) <= 4)


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """Split a compound sentence where both sides can stand as assertions.

    Returns each clause's ``(start, end)`` in the sentence, without the blanks around it.
    """
    pieces: list[tuple[int, int]] = []
    start = 0
    for match in _SPLIT.finditer(sentence):
        left, right = sentence[start : match.start()], sentence[match.end() :]
        if len(left.split()) < 3 or len(_first_clause(right).split()) < 3:
            continue
        if elliptical(_MARKER.sub("", _first_clause(right))):
            continue  # "…, but energy costs are": kept with the clause it leans on
        if _in_list(left, match.group()):
            continue
        pieces.append((start, match.start()))
        start = match.end()
    pieces.append((start, len(sentence)))
    return [_stripped(sentence, a, b) for a, b in pieces if sentence[a:b].strip()]


def _by_marker(sentence: str, clauses: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Clauses split after a marker that cites another source than a later one.

    "a 5-year guarantee [2], which covers sagging deeper than 3 cm [1]" is two claims,
    each with its own citation: one claim would be verified against one source only.
    The text after the marker keeps its wording ("which covers …"), so it is found in the
    response as written.
    """
    out: list[tuple[int, int]] = []
    for start, end in clauses:
        clause = sentence[start:end]
        cut = start
        for m in MARKER.finditer(clause):
            rest = clause[m.end() :]
            if _MARKER.match(rest):  # "[1][2]": split after the last marker of a run
                continue
            later = marker_citations(rest)
            here = marker_citations(clause[cut - start : m.end()])
            left = _MARKER.sub("", clause[cut - start : m.start()]).split()
            right = _MARKER.sub("", rest).strip(" ,;:-–—").split()
            if not later or not here or later[0] in here or min(len(left), len(right)) < 3:
                continue
            out.append(_stripped(sentence, cut, start + m.end()))
            cut = start + m.end()
            cut += len(rest) - len(rest.lstrip(" ,;:-–—"))
        out.append(_stripped(sentence, cut, end))
    return [(a, b) for a, b in out if b > a]


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]``'s span without the blanks at its ends."""
    piece = text[start:end]
    return start + len(piece) - len(piece.lstrip()), end - len(piece) + len(piece.rstrip())


def _first_clause(text: str) -> str:
    match = _SPLIT.search(text)
    return text[: match.start()] if match else text


def _in_list(left: str, separator: str) -> bool:
    """ ", and" closing a list ("the UK, France, and Spain") joins items, not clauses."""
    if "and" not in separator.lower() or "," not in left:
        return False
    return len(left.rsplit(",", 1)[1].split()) <= 3
