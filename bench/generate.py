"""A large synthetic groundtui database, shaped like the demo, for the benchmarks.

Run from the repository root::

    .venv/bin/python bench/generate.py --answers 200000 --db /tmp/bench.db

or import it (``bench/review.py`` does)::

    from generate import generate
    counts = generate("/tmp/bench.db", answers=100_000, seed=0)

Sources come from a pool with four origins, some in two versions (answers cite the
superseded one now and then); answers carry about five claims each (some none, some
uncited, a few dangling citations); every claim is judged by one judge, a share again by a
second, later judge; one reviewer labels a share of the claims (changing their mind now and
then), a second reviewer labels a share of those; some answers carry a correctness mark or
an imported ``correct``; every answer is scanned and some are flagged. Answers were given
over twelve weeks in the order of their ids (``answered_at``; a few have no time), and carry
``meta`` as a trace would: ``model`` (one of three), ``prompt.version`` (``v2`` from the
halfway mark) and ``channel``; these come from a generator of their own, so the rest of
the database is what the same seed gave before answers had them.

Rows go through the real schema (``Store(path)`` creates it) with sqlite-utils
``insert_all`` in batches, in one transaction with the report triggers off
(``groundtui.aggregates.bulk_load``); ``claim_labels`` rows are computed here the way
``Store.refresh_labels`` computes them, and the report aggregates are rebuilt once at the
end. The same ``seed`` gives the same database.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from groundtui.store import Store, source_key
from groundtui.store.counts import bulk_load
from groundtui.store.rows import overlap_point

ORIGINS = ["help-centre", "pdf-archive", "email-export", "wiki"]
PRODUCTS = ["Basic", "Plus", "Premium", "Family", "Business", "Student", "Travel", "Home"]
NAMES = ["Dana Ortiz", "Lee Park", "Acme Logistics", "Northwind", "Sam Reyes", "Globex"]
FEATURES = ["free delivery", "priority support", "device cover", "cloud backup", "refunds"]
KINDS = ["figure", "date", "name", "policy", "relation"]
VERDICTS = ["stated", "absent", "partial", "contradicted"]
VERDICT_WEIGHTS = [90, 5, 3, 2]
INVENTIONS = [
    "plausible_specifics",
    "bridging_inference",
    "confident_generalisation",
    "fabricated_provenance",
]
CLAIM_COUNTS = [0, 4, 5, 5, 6, 6, 7, 7]  # mean 5
JUDGE, SECOND_JUDGE = "heuristic-v1", "gpt-4o-mini"
MODELS = ["gpt-4o-mini", "claude-haiku", "llama-3.1-8b"]
CHANNELS = ["web", "email", "chat"]
WEEKS = 12
FIRST_DAY = datetime(2026, 1, 5, tzinfo=UTC)  # a Monday
REVIEWERS = ("dana", "lee")
CHUNK = 2_000  # answers written per round of insert_all calls


def _at(seconds: int) -> str:
    """A fixed-format UTC instant ``seconds`` after 2026-01-01, as the store writes them."""
    day, rest = divmod(seconds, 86_400)
    hour, rest = divmod(rest, 3_600)
    minute, second = divmod(rest, 60)
    month, day = divmod(day % 336, 28)
    return f"2026-{month + 1:02d}-{day + 1:02d}T{hour:02d}:{minute:02d}:{second:02d}.000000Z"


def _given(rng: random.Random, n: int, answers: int) -> tuple[str | None, str]:
    """Answer ``n``'s ``answered_at`` (2% have none) and ``meta`` JSON."""
    at = None
    if rng.random() >= 0.02:
        seconds = (n - 1) * WEEKS * 7 * 86_400 // answers + rng.randrange(3_600)
        at = (FIRST_DAY + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    meta = {
        "model": rng.choice(MODELS),
        "prompt": {"version": "v1" if n <= answers // 2 else "v2"},
        "channel": rng.choice(CHANNELS),
    }
    return at, json.dumps(meta)


def _claim_text(rng: random.Random, kind: str) -> str:
    product = rng.choice(PRODUCTS)
    if kind == "figure":
        return f"The {product} plan costs ${rng.randint(5, 99)}.99 per month"
    if kind == "date":
        return f"The {product} offer ends on 2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if kind == "name":
        return f"{product} orders are delivered by {rng.choice(NAMES)}"
    if kind == "policy":
        return f"{product} purchases can be returned within {rng.randint(7, 60)} days"
    return f"{product} includes {rng.choice(FEATURES)}, so no extra fee applies"


def _sources(rng: random.Random, count: int) -> tuple[list[dict], list[list[str]]]:
    """Source rows and, per source id, its version keys (oldest first)."""
    rows, versions = [], []
    for i in range(count):
        origin = ORIGINS[i % len(ORIGINS)]
        source_id = f"{origin}-{i:04d}"
        facts = [_claim_text(rng, rng.choice(KINDS)) + "." for _ in range(6)]
        texts = [" ".join(facts)]
        if rng.random() < 0.1:  # a superseded version: one fact changed
            texts.insert(0, " ".join([_claim_text(rng, "figure") + ".", *facts[1:]]))
        keys = []
        for v, text in enumerate(texts):
            key = source_key(source_id, text)
            keys.append(key)
            rows.append(
                {
                    "key": key,
                    "source_id": source_id,
                    "text_hash": key.split("@")[1],
                    "title": f"{origin.replace('-', ' ').title()} article {i}",
                    "origin": origin,
                    "text": text,
                    "updated_at": f"202{4 + v}-0{1 + i % 9}-10",
                    "first_seen": _at(0),
                }
            )
        versions.append(keys)
    return rows, versions


class _Ids:
    """Explicit primary keys, so ``claim_labels`` can name judgements and reviews."""

    def __init__(self) -> None:
        self.judgement = self.review = self.mark = 0

    def next(self, name: str) -> int:
        value = getattr(self, name) + 1
        setattr(self, name, value)
        return value


def _answer(
    rng: random.Random,
    n: int,
    seq: int,
    versions: list[list[str]],
    ids: _Ids,
    rows: dict[str, list[dict]],
    given: tuple[str | None, str] = (None, "{}"),
) -> None:
    """Append every row of answer number ``n`` to ``rows``; ``given``: its ``answered_at``
    and ``meta``."""
    answer_id = f"A-{n:07d}"
    t = n * 7
    keys = []
    for _ in range(rng.choice([1, 2, 2, 3])):
        source_versions = rng.choice(versions)
        old = len(source_versions) > 1 and rng.random() < 0.3
        keys.append(source_versions[0] if old else source_versions[-1])
    parts, claims = [], []
    for ordinal in range(1, rng.choice(CLAIM_COUNTS) + 1):
        kind = rng.choice(KINDS)
        text = _claim_text(rng, kind)
        r = rng.random()
        citation = len(keys) + 1 if r < 0.02 else None if r < 0.08 else rng.randint(1, len(keys))
        start = sum(len(p) + 1 for p in parts)
        parts.append(f"{text} [{citation}]." if citation else f"{text}.")
        claims.append((ordinal, kind, text, citation, start, start + len(text)))
    scanned = rng.random() < 0.95
    rows["answers"].append(
        {
            "id": answer_id,
            "question": f"Question {n} about {rng.choice(PRODUCTS)}?",
            "response": " ".join(parts),
            "correct": rng.choice([0, 1, 1, 1]) if rng.random() < 0.3 else None,
            "meta": given[1],
            "answered_at": given[0],
            "content_hash": f"{n:064x}",
            "imported_at": _at(t),
            "seq": seq,
            "scanned_at": _at(t + 1) if scanned else None,
            "overlap_point": overlap_point(answer_id),
        }
    )
    rows["answer_sources"].extend(
        {"answer_id": answer_id, "position": i, "source_key": k}
        for i, k in enumerate(keys, start=1)
    )
    second_judge = rng.random() < 0.2
    flagged = False
    for ordinal, kind, text, citation, start, end in claims:
        claim_id = f"{answer_id}#{ordinal}"
        dangling = citation is not None and citation > len(keys)
        key = keys[citation - 1] if citation is not None and not dangling else None
        rows["claims"].append(
            {
                "id": claim_id,
                "answer_id": answer_id,
                "ordinal": ordinal,
                "text": text,
                "kind": kind,
                "citation": citation,
                "source_key": key,
                "citations": json.dumps([citation]) if citation else None,
                "cited_keys": json.dumps([key]) if key else None,
                "span_start": start,
                "span_end": end,
                "located": "given",
                "uncited": int(citation is None),
                "dangling": int(dangling),
                "extracted_by": None,
                "created_at": _at(t),
            }
        )
        verdict = "absent" if dangling else rng.choices(VERDICTS, VERDICT_WEIGHTS)[0]
        invention = (
            "fabricated_provenance"
            if dangling
            else None
            if verdict == "stated"
            else rng.choice(INVENTIONS)
        )
        flagged = flagged or (verdict != "stated" and kind in ("figure", "date", "name"))
        judged = [(JUDGE, verdict, invention, t + 2)]
        if second_judge:
            v2 = verdict if rng.random() < 0.9 else rng.choice(VERDICTS)
            judged.append((SECOND_JUDGE, v2, None if v2 == "stated" else invention, t + 3))
        judgement = None
        for judge, v, kind_, at in judged:
            judgement = (ids.next("judgement"), judge, v, kind_)
            rows["judgements"].append(
                {
                    "id": judgement[0],
                    "claim_id": claim_id,
                    "judge": judge,
                    "prompt_version": "bench",
                    "verdict": v,
                    "invention_kind": kind_,
                    "evidence_text": text if v != "absent" else None,
                    "evidence_start": 0 if v != "absent" else None,
                    "evidence_end": len(text) if v != "absent" else None,
                    "rationale": "synthetic",
                    "calls": 1,
                    "at": _at(at),
                }
            )
        review = _reviews(rng, claim_id, judgement, t, ids, rows)
        label = review or judgement
        rows["claim_labels"].append(
            {
                "claim_id": claim_id,
                "answer_id": answer_id,
                "judge": judgement[1],
                "judge_verdict": judgement[2],
                "judge_kind": judgement[3],
                "judgement_id": judgement[0],
                "reviewer": review[1] if review else None,
                "reviewer_verdict": review[2] if review else None,
                "reviewer_kind": review[3] if review else None,
                "review_id": review[0] if review else None,
                "reviewed_at": review[4] if review else None,
                "note": review[5] if review else None,
                "label": label[2],
                "label_kind": label[3],
            }
        )
    if scanned and ((flagged and rng.random() < 0.7) or rng.random() < 0.03):
        rows["flags"].append(
            {
                "answer_id": answer_id,
                "check_name": "unsourced_specifics",
                "at": _at(t + 1),
                "details": json.dumps({"specifics": [], "sources": len(keys)}),
            }
        )
    if claims and rng.random() < 0.1:
        rows["answer_marks"].append(
            {
                "id": ids.next("mark"),
                "answer_id": answer_id,
                "reviewer": REVIEWERS[0],
                "correct": rng.choice([1, 1, 0, None]),
                "at": _at(t + 5),
                "reverts": None,
            }
        )


def _reviews(
    rng: random.Random,
    claim_id: str,
    judgement: tuple,
    t: int,
    ids: _Ids,
    rows: dict[str, list[dict]],
) -> tuple | None:
    """Review rows for one claim; the latest live label ``(id, reviewer, verdict, kind,
    at, note)``, or ``None``."""
    if rng.random() >= 0.2:
        return None
    latest = None
    reviewers = REVIEWERS if rng.random() < 0.3 else REVIEWERS[:1]
    for offset, reviewer in enumerate(reviewers):
        labels = 2 if rng.random() < 0.05 else 1  # a change of mind
        for step in range(labels):
            agree = rng.random() < 0.85
            verdict = judgement[2] if agree else rng.choice(VERDICTS)
            kind = (
                None
                if verdict == "stated"
                else (judgement[3] if agree and judgement[3] else rng.choice(INVENTIONS))
            )
            at = _at(t + 10 + offset * 3 + step)
            note = "" if rng.random() < 0.9 else "checked the PDF, page 2"
            review = (ids.next("review"), reviewer, verdict, kind, at, note)
            rows["reviews"].append(
                {
                    "id": review[0],
                    "claim_id": claim_id,
                    "reviewer": reviewer,
                    "verdict": verdict,
                    "invention_kind": kind,
                    "note": note,
                    "blind": 0,
                    "at": at,
                    "origin": "bench",
                    "reverts": None,
                }
            )
            latest = review
    return latest


TABLES = [
    "answers",
    "answer_sources",
    "claims",
    "judgements",
    "reviews",
    "claim_labels",
    "answer_marks",
    "flags",
]


def generate(
    path: str | Path, answers: int = 10_000, seed: int = 0, *, sources: int = 400
) -> dict[str, int]:
    """Write a synthetic database of ``answers`` answers at ``path`` (a new file).

    Returns:
        Rows written per table.

    Raises:
        FileExistsError: ``path`` already exists.
    """
    if Path(path).exists():
        raise FileExistsError(f"{path} exists: generate() writes a new database")
    rng = random.Random(seed)
    counts = dict.fromkeys(["sources", *TABLES], 0)
    store = Store(path)
    try:
        with bulk_load(store.db):
            source_rows, versions = _sources(rng, sources)
            store.db["sources"].insert_all(source_rows, batch_size=500)
            counts["sources"] = len(source_rows)
            ids = _Ids()
            given = random.Random(seed + 1)
            for first in range(0, answers, CHUNK):
                rows: dict[str, list[dict]] = {t: [] for t in TABLES}
                for n in range(first, min(first + CHUNK, answers)):
                    when = _given(given, n + 1, answers)
                    _answer(rng, n + 1, n + 1, versions, ids, rows, when)
                for table in TABLES:
                    if rows[table]:
                        store.db[table].insert_all(rows[table], batch_size=1_000)
                        counts[table] += len(rows[table])
            store.db.execute(  # the reviewers the reviews name, as an import registers them
                "insert or ignore into reviewers (key, name, lead, added_at)"
                " select casefold(reviewer), reviewer, 0, min(at) from reviews group by reviewer"
            )
    finally:
        store.close()
    return counts


def main() -> None:
    """``python bench/generate.py --answers N --db PATH``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--db", required=True, help="where to write (must not exist)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        counts = generate(args.db, answers=args.answers, seed=args.seed)
    except FileExistsError as exc:
        sys.exit(f"generate.py: {exc}")
    seconds = time.perf_counter() - start
    print(
        f"{args.db}: " + ", ".join(f"{n:,} {t}" for t, n in counts.items()) + f" in {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
