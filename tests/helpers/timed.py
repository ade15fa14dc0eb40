"""A database of answers given over five weeks, by three models and two prompt versions,
citing sources of three origins, for the report by group and its page.

Every answer is an import record, so a test knows each claim's effective label without the
database: a reviewer's verdict where the claim has a review, else the judge's, else none
(pending). Some answers have no time, some no model, some no claims; some claims cite two
sources of different origins, some none. Untrusted text rides along: one origin, one model
and every response carry markup that must stay text wherever shown.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from groundtui.importing.files import import_files
from groundtui.store import Store

HOSTILE = "<script>window.pwned=1</script><b>x</b>"
"""Markup that must stay text: a script and a tag."""
ORIGINS = ["help-centre", "pdf-archive", f"wiki {HOSTILE}"]
MODELS = ["gpt-4o-mini", "claude-haiku", f"m {HOSTILE}"]
VERDICTS = ["stated", "stated", "stated", "stated", "absent", "partial", "contradicted"]
KINDS = ["plausible_specifics", "bridging_inference", "confident_generalisation"]
START = datetime(2026, 11, 2, tzinfo=UTC)  # a Monday
REVIEWED_AT = "2026-12-20T10:00:00Z"


def records(answers: int = 160, seed: int = 5, times: bool = True) -> list[dict[str, Any]]:
    """The import records (``id`` ``T-001``…), the same for the same arguments; without
    ``times``, none has an ``answered_at``."""
    rng = random.Random(seed)
    pool = [
        {"id": f"s{k}", "origin": ORIGINS[k % 3], "text": f"Fact {k} holds for every order."}
        for k in range(6)
    ]
    out = []
    for i in range(1, answers + 1):
        sources = rng.sample(pool, 2)
        # a few answers share a fate: their claims lean one way, as real answers' do
        lean = rng.choice([0.97, 0.8, 0.3])
        claims, parts = [], []
        for k in range(1, rng.choice([0, 1, 2, 3, 4, 5, 6]) + 1):
            text = f"Claim {k} of answer {i} holds"
            citation = rng.choice([[1], [2], [1], [1, 2], None])
            claim: dict[str, Any] = {"text": text + ".", "kind": "policy", "judge": "prod"}
            if citation is not None:
                claim["citation"] = citation
            if rng.random() < 0.92:  # else pending: never judged
                verdict = "stated" if rng.random() < lean else rng.choice(VERDICTS[4:])
                claim["verdict"] = verdict
                claim["invention_kind"] = None if verdict == "stated" else rng.choice(KINDS)
            if rng.random() < 0.3:
                verdict = rng.choice(VERDICTS)
                kind = None if verdict == "stated" else rng.choice(KINDS)
                claim["reviews"] = [
                    {
                        "reviewer": "dana",
                        "verdict": verdict,
                        "invention_kind": kind,
                        "at": REVIEWED_AT,
                    }
                ]
            marker = "".join(f"[{n}]" for n in citation) if citation else ""
            parts.append(f"{text} {marker}.".replace(" .", "."))
            claims.append(claim)
        record: dict[str, Any] = {
            "id": f"T-{i:03d}",
            "question": f"Question {i}? {HOSTILE}",
            "response": " ".join(parts) + f" {HOSTILE}",
            "sources": sources,
            "claims": claims,
            "meta": {"prompt": {"version": "v1" if i <= answers // 2 else "v2"}},
        }
        if rng.random() < 0.9:
            record["meta"]["model"] = rng.choice(MODELS)
        if rng.random() < 0.92 and times:
            when = START + timedelta(minutes=rng.randrange(35 * 24 * 60))
            record["answered_at"] = when.strftime("%Y-%m-%dT%H:%M:%SZ")
        out.append(record)
    return out


def build(
    path: Path, answers: int = 160, seed: int = 5, times: bool = True
) -> list[dict[str, Any]]:
    """Import ``records(answers, seed, times)`` into a new database at ``path``; return them."""
    made = records(answers, seed, times)
    source = path.with_suffix(".jsonl")
    source.write_text("".join(json.dumps(r) + "\n" for r in made), encoding="utf-8")
    with Store(path) as store:
        result = import_files(store, [str(source)])
    assert result.exit_code == 0 and not result.bad, [b.reason for b in result.bad]
    return made


def effective(claim: dict[str, Any]) -> tuple[str | None, str | None]:
    """A record's claim's effective verdict and kind: the review's, else the judge's."""
    if claim.get("reviews"):
        review = claim["reviews"][-1]
        return review["verdict"], review["invention_kind"]
    return claim.get("verdict"), claim.get("invention_kind")
