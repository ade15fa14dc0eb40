"""Synthetic expert answers for the benchmarks: about 1 KB citing several sources, 2.7 KB.

The shape of public human-labelled sets of long expert answers (medicine, law, engineering):
a paragraph or two of claims with measures, years, percentages, ranges, studies and
bodies by name, each sentence citing one or two of 3–4 sources of 500–900 characters.
Seeded, made from the lists below only.
"""

from __future__ import annotations

import random

BODIES = [
    "World Health Organization", "European Medicines Agency", "American Heart Association",
    "National Institute for Health and Care Excellence", "Supreme Court", "Court of Appeal",
    "International Energy Agency", "Institute of Electrical and Electronics Engineers",
]  # fmt: skip
STUDIES = [
    "Framingham Heart Study", "Nurses' Health Study", "SPRINT trial", "UK Biobank cohort",
    "Whitehall II study", "ALLHAT trial", "Rotterdam Study",
]  # fmt: skip
AUTHORS = ["Dr. Elena Marsh", "Professor Kwame Asante", "Dr. Ruth Okonkwo", "Dr. Paul Lindgren"]
DRUGS = ["metformin", "amoxicillin", "atorvastatin", "lisinopril", "ibuprofen", "warfarin"]
ACTS = ["Data Protection Act", "Consumer Rights Act", "Clean Air Act", "Equality Act"]
FILLER = [
    "Guidance differs between jurisdictions and should be checked locally.",
    "The evidence base is still developing and recommendations are reviewed regularly.",
    "Individual circumstances can change which option is most appropriate.",
    "Most practitioners follow the current guideline unless there is a specific reason not to.",
    "These figures are averages and individual results vary considerably.",
    "Earlier versions of the guidance were more conservative on this point.",
]


def _facts(rng: random.Random) -> list[tuple[str, str]]:
    """Claims of one field: each ``(the source's sentence, the answer's)``."""
    body, study, author = rng.choice(BODIES), rng.choice(STUDIES), rng.choice(AUTHORS)
    drug, act = rng.choice(DRUGS), rng.choice(ACTS)
    dose = rng.choice((250, 500, 850, 1000))
    lo, hi = rng.randint(2, 6), rng.randint(8, 14)
    year = rng.randint(1990, 2022)
    pct = f"{rng.randint(5, 45)}.{rng.randint(0, 9)}"
    people = rng.randint(3, 90) * 1000
    section = rng.randint(2, 180)
    pressure = rng.choice((120, 130, 140))
    return [
        (
            f"The usual adult dose of {drug} is {dose} mg taken {rng.choice(('twice', 'three times'))}"
            f" daily, according to the {body}.",
            f"The {body} gives a usual adult dose of {dose} mg of {drug}.",
        ),
        (
            f"The {study}, which followed {people:,} participants from {year}, reported a "
            f"{pct}% lower risk.",
            f"The {study} followed {people:,} people from {year} and found a {pct}% lower risk.",
        ),
        (
            f"Symptoms usually resolve within {lo}–{hi} weeks, as {author} notes in a review "
            f"published in {year + rng.randint(1, 3)}.",
            f"{author} notes that symptoms usually resolve in {lo} to {hi} weeks.",
        ),
        (
            f"Section {section} of the {act} requires written notice within thirty days.",
            f"Under section {section} of the {act}, notice must be given within 30 days.",
        ),
        (
            f"A systolic target below {pressure} mmHg was adopted in {year + 2}.",
            f"A target below {pressure} mmHg has applied since {year + 2}.",
        ),
    ]


def generate_answer(rng: random.Random) -> tuple[str, list[str]]:
    """One answer of about 1 KB and the 3–4 sources (about 2.7 KB) it cites.

    Args:
        rng: The seeded random generator to draw from.

    Returns:
        ``(response, sources)``, the sources in citation order.
    """
    n_sources = rng.randint(3, 4)
    per_source = [_facts(rng) for _ in range(n_sources)]
    sources = []
    budget = rng.randint(2300, 3100) // n_sources
    for facts in per_source:
        part = [article for article, _ in rng.sample(facts, 3)]
        while sum(len(p) + 1 for p in part) < budget:
            part.insert(rng.randrange(len(part) + 1), rng.choice(FILLER))
        sources.append(" ".join(part))
    pool = [(n, claim, article) for n, facts in enumerate(per_source) for article, claim in facts]
    rng.shuffle(pool)
    lines: list[str] = []
    while sum(len(line) + 1 for line in lines) < 950 and pool:
        n, claim, article = pool.pop()
        stated = article in sources[n]
        if not stated and rng.random() < 0.7:
            continue  # most claims are sourced; some are the answer's own
        marker = f"[{n + 1}]" if rng.random() < 0.8 else f"[{n + 1}][{(n + 1) % n_sources + 1}]"
        line = f"{claim[:-1]} {marker}."
        if rng.random() < 0.25:
            line += " " + rng.choice(FILLER)
        lines.append(line)
    text = " ".join(lines)
    return (text if rng.random() < 0.7 else text.replace(". ", ".\n\n", 1)), sources
