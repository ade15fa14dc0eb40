"""Synthetic news summaries for the benchmarks: short, dense in names, citing 1–3 articles.

The shape of public human-labelled summarisation sets: a summary of about 540 characters
naming people, organisations and places, with dates and figures, over articles of about
1.6 KB in total that state most of its specifics but not all (a summariser adds a title,
a place or a figure the article does not give). Seeded, made from the lists below only.
"""

from __future__ import annotations

import random

FIRST = (
    "Angela Marcus Priya Tomás Helena Oluwaseun Dmitri Sofia Rafael Ingrid Kenji Amara "
    "Lucas Fatima Henrik Chloe Mateo Aisha Viktor Elena Jonah Leila Stefan Mira"
).split()
LAST = (
    "Whitfield Oyelaran Natarajan Ferreira Lindqvist Okafor Petrov Castellano Moreau "
    "Halvorsen Tanaka Mbeki Carvalho Haddad Brandt Dubois Ibarra Rahman Novak Ivanova "
    "Sterling Achebe Keller Santos"
).split()
TITLES = ["Prime Minister", "Chief Executive", "Senator", "Mayor", "Professor", "Judge"]
ORGS = [
    "Northbridge Capital Partners", "Ministry of Coastal Affairs", "University of Alderney",
    "Westmark Energy", "the National Rail Authority", "Crescent Pharmaceuticals",
    "Bank of the Lowlands", "Helios Aerospace", "the Harbour Workers Union",
    "Greenvale Water Company", "Orion Broadcasting Corporation", "the Federal Audit Office",
]  # fmt: skip
PLACES = [
    "Port Elsby", "New Carrow", "Lake Venn", "Kestrel Bay", "East Marlow", "Santa Ysidra",
    "Vellmar", "Upper Daleford", "Costa Brava Norte", "Ashgrove", "Fort Halden", "Brightwater",
]  # fmt: skip
MONTHS = (
    "January February March April May June July August September October November December"
).split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
FILLER = [
    "The announcement followed weeks of speculation in local media.",
    "Officials declined to comment further when approached on the matter.",
    "Critics said the decision had been taken without proper consultation.",
    "Supporters welcomed the move, calling it long overdue.",
    "Further details are expected to be published later this month.",
    "The matter is likely to be raised again at the next session.",
    "Residents gathered outside the building as the news spread.",
    "Analysts cautioned that the full impact would take time to assess.",
]


def _person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _facts(rng: random.Random) -> list[tuple[str, str]]:
    """The facts of one story: each ``(the article's sentence, the summary's)``."""
    people = [_person(rng) for _ in range(6)]
    org, org2 = rng.sample(ORGS, 2)
    place, place2 = rng.sample(PLACES, 2)
    title = rng.choice(TITLES)
    year = rng.randint(2015, 2025)
    month = MONTHS[rng.randrange(12)]
    day = rng.randint(1, 28)
    money = f"{rng.randint(2, 95) / 10:.1f}"
    jobs = rng.randint(2, 40) * 100
    pct = rng.randint(3, 60)
    count = rng.randint(12, 480)
    weekday = rng.choice(DAYS)
    org_cap = org[0].upper() + org[1:]
    price = f"{rng.randint(5, 300)}.{rng.randint(10, 99)}"
    return [
        (
            f"Shares in {org2} rose {rng.randint(2, 19)}.{rng.randint(1, 9)}% to ${price} on "
            f"the Vellmar Stock Exchange after the news.",
            f"Shares in {org2} closed at ${price} on the Vellmar Stock Exchange.",
        ),
        (
            f"{people[4]}, who leads the opposition in {place2}, met {people[5]} of {org} in "
            f"{month} to discuss the plan.",
            f"{people[4]} met {people[5]} of {org} in {month}.",
        ),
        (
            f"{title} {people[0]} announced on {weekday} that {org} would open a new site "
            f"in {place}, creating {jobs:,} jobs.",
            f"{title} {people[0]} said {org} will open a site in {place} with {jobs:,} jobs.",
        ),
        (
            f"The project, backed by {org2}, is expected to cost ${money} billion over "
            f"{rng.randint(3, 9)} years.",
            f"The ${money} billion project is backed by {org2}.",
        ),
        (
            f"{people[1]}, a spokesperson for {org_cap}, said the first phase would begin "
            f"on {day} {month} {year}.",
            f"Work begins on {month} {day}, {year}, according to {people[1]}.",
        ),
        (
            f"Support for the plan in {place2} has fallen by {pct}% since {year - 1}, a "
            f"survey by {people[2]} of the University of Alderney found.",
            f"Support in {place2} fell {pct}% since {year - 1}, {people[2]} found.",
        ),
        (
            f"At least {count} residents attended a public meeting in {place} chaired by "
            f"{people[3]}.",
            f"{count} residents met in {place} with {people[3]}.",
        ),
    ]


def _invented(rng: random.Random) -> str:
    """A sentence no article states: the names and figures a summariser adds."""
    return rng.choice([
        f"{_person(rng)} of {rng.choice(ORGS)} called it a turning point for {rng.choice(PLACES)}.",
        f"The scheme mirrors one launched in {rng.choice(PLACES)} in {rng.randint(2005, 2014)}.",
        f"Talks with {rng.choice(ORGS)} resume on {rng.choice(MONTHS)} {rng.randint(1, 28)}.",
    ])  # fmt: skip


def generate_answer(rng: random.Random) -> tuple[str, list[str]]:
    """One summary of about 540 characters and the 1–3 articles (about 1.6 KB) it cites.

    Args:
        rng: The seeded random generator to draw from.

    Returns:
        ``(response, sources)``, the sources in citation order.
    """
    n_sources = rng.choice((1, 1, 2, 2, 3))
    facts = _facts(rng)
    rng.shuffle(facts)
    # the story's facts shared among its articles, which pad them to ~1.6 KB in all
    parts: list[list[str]] = [[] for _ in range(n_sources)]
    owner = []
    for k, (article, _) in enumerate(facts):
        n = k % n_sources
        parts[n].append(article)
        owner.append(n)
    budget = rng.randint(1300, 1900) // n_sources
    for part in parts:
        while sum(len(p) + 1 for p in part) < budget:
            part.insert(rng.randrange(len(part) + 1), rng.choice(FILLER))
    sources = [" ".join(part) for part in parts]
    cited = rng.random() < 0.5  # many sets give summaries without citation markers
    lines = []
    for (_, summary), n in zip(facts, owner, strict=True):
        if sum(map(len, lines)) > 500:
            break
        line = summary
        if cited:
            line = f"{summary[:-1]} [{n + 1}]."
        lines.append(line)
    if rng.random() < 0.6:
        lines.insert(rng.randrange(len(lines) + 1), _invented(rng))
    return " ".join(lines), sources
