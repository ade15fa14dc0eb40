"""A claim as whole assertions: no answer particle or hedge, no clause that lost its verb.

- **Particles and hedges** open a claim without being part of what it asserts: "No. You
  can self-certify for up to 7 days" asserts that you can; "I believe the notice period is
  4 weeks" that it is. :func:`particle_end` says where they end, so extraction leaves them
  out of the claim and verification reads past them (a "No." read as a negation would
  flip the claim).
- **Elliptical clauses** lean on the clause before them: "Internet costs are not
  reimbursed, but energy costs are" asserts that energy costs *are reimbursed*.
  :func:`elliptical` tells such a clause, so extraction keeps it with the clause it leans
  on; :func:`assertions` completes it from that clause, so each assertion is verified whole.
"""

from __future__ import annotations

import re

_AUX = (
    r"(?:is|are|was|were|do|does|did|can|could|will|would|shall|should|must|may|might"
    r"|has|have|had)"
)
_NEGATED_AUX = rf"(?:{_AUX}n['’]t|can['’]t|won['’]t|cannot)"
_PARTICLE = re.compile(
    r"^(?:"
    # an answer word standing alone: "No.", "Yes,", "Sure!" (not "No refunds are given")
    r"(?:no|yes|yeah|yep|nope|sure|indeed|correct|right|actually|well|okay|ok|of course"
    r"|certainly|absolutely|unfortunately|good news)\s*[.,!:;—–-]+\s*"
    # "yes" needs no stop after it
    r"|(?:yes|yeah|yep)\s+"
    # hedges: "I think", "I'm not sure, but", "It seems that", "Probably,"
    r"|(?:i think|i believe|i guess|i suppose|i['’]m not (?:sure|certain)|i am not (?:sure|certain)"
    r"|it seems|it appears|as far as i know|to my knowledge|to the best of my knowledge"
    r"|probably|perhaps|maybe)(?:,?\s+but)?(?:\s+that)?\s*,?\s+"
    r")+",
    re.IGNORECASE,
)
_TAIL = r"(?:\s+(?:too|also|either|as well))?\s*[.!]?\s*$"
_ELLIPTICAL = re.compile(
    r"^(?:(?:but|and|while|whereas|yet)\s+)?"
    rf"(?P<subject>(?:(?!{_AUX}\b|{_NEGATED_AUX})[\w'’-]+\s+){{1,5}}?)"
    rf"(?:(?P<aux>{_AUX})(?P<not>\s+not)?|(?P<negaux>{_NEGATED_AUX})){_TAIL}",
    re.IGNORECASE,
)
"""A clause with a subject and an auxiliary but no verb of its own: "but energy costs are",
"and HR does not too"."""
_INVERTED = re.compile(
    rf"^(?:(?:but|and)\s+)?(?P<how>so|neither|nor)\s+(?P<aux>{_AUX})\s+"
    rf"(?P<subject>(?:[\w'’-]+\s*){{1,5}}?){_TAIL}",
    re.IGNORECASE,
)
"""The inverted ellipsis: "and so are energy costs", "nor is overtime"."""
_FIRST_AUX = re.compile(rf"\b(?:{_NEGATED_AUX}|{_AUX})\b(?:\s+not\b|\s+never\b)?", re.IGNORECASE)
_NEGATED = re.compile(r"n['’]t\b|\bcannot\b|\bnot\b|\bnever\b", re.IGNORECASE)
_SPLIT = re.compile(r";\s+|,\s+(?:and|but|while|whereas|yet)\s+|\s+but\s+", re.IGNORECASE)


def particle_end(text: str) -> int:
    """Where the answer particles and hedges opening ``text`` end (0 when none do)."""
    found = _PARTICLE.match(text)
    if not found:
        return 0
    rest = text[found.end() :]
    return found.end() if rest.strip() else 0


def without_particles(text: str) -> str:
    """``text`` without the answer particles and hedges opening it."""
    return text[particle_end(text) :]


def elliptical(clause: str) -> bool:
    """Whether ``clause`` has no verb of its own and leans on the clause before it."""
    clause = clause.strip()
    return bool(_ELLIPTICAL.match(clause) or _INVERTED.match(clause))


def assertions(claim: str) -> list[str]:
    """The whole assertions of ``claim``: itself, or, when a clause of it is elliptical,
    the clause it leans on and that clause completed from it.

    "Internet costs are not reimbursed, but energy costs are" gives "Internet costs are not
    reimbursed" and "energy costs are reimbursed". A clause that cannot be completed leaves
    the claim whole.
    """
    cuts = list(_SPLIT.finditer(claim))
    if not cuts:
        return [claim]
    pieces, start = [], 0
    for cut in cuts:
        pieces.append(claim[start : cut.start()].strip())
        start = cut.end()
    pieces.append(claim[start:].strip())
    if not any(elliptical(p) for p in pieces[1:]):
        return [claim]
    out: list[str] = []
    for piece in pieces:
        if out and elliptical(piece):
            completed = _completed(piece, out[-1])
            if completed is None:
                return [claim]
            out.append(completed)
        else:
            out.append(piece)
    return out


def _completed(clause: str, before: str) -> str | None:
    """Elliptical ``clause`` with the predicate of the clause ``before`` it, or None."""
    aux = _FIRST_AUX.search(before)
    if aux is None:
        return None
    predicate = before[aux.end() :].strip(" ,.;")
    if not predicate:
        return None
    plain = _ELLIPTICAL.match(clause)
    if plain:
        subject = plain["subject"].strip()
        negated = bool(plain["not"] or plain["negaux"])
        verb = plain["aux"] or re.sub(r"n['’]t$", "", plain["negaux"], flags=re.IGNORECASE)
    else:
        inverted = _INVERTED.match(clause)
        assert inverted is not None  # ``elliptical`` said it is one of the two
        subject, verb = inverted["subject"].strip(), inverted["aux"]
        negated = inverted["how"].lower() in ("neither", "nor")
        if not negated and _NEGATED.search(before[: aux.end()]):
            negated = True  # "X is not covered, and so is Y": Y is not covered either
    if verb.lower() == "cannot":
        verb, negated = "can", True
    return f"{subject} {verb}{' not' if negated else ''} {predicate}"
