"""The groundedness report (docs/report.md) against a fixture whose every number is worked by hand.

The fixture, eight answers and eleven claims (``T1``… are review instants):

=====  ==================================  ======  ============  ================================
claim  cites (origin)                      kind    judgements    reviews -> effective label
=====  ==================================  ======  ============  ================================
A1#1   returns, current (help-centre)      policy  prod stated   dana stated T1, lee stated T2*
                                                                  -> stated (lee)
A1#2   refunds (pdf-archive)               figure  prod partial  dana absent T1, lee partial T2*,
                                                                  dana stated T3 -> stated (dana)
A2#1   returns, superseded (help-centre)   policy  prod stated   -> stated
A2#2   shipping (email-export)             policy  prod absent   dana absent T1, kim partial T7*,
                                                                  lee absent T8 -> absent (lee)
A3#1   refunds (pdf-archive)               figure  prod contra.  lee contradicted T2
A3#2   [3] of one source: dangling         name    prod absent   -> absent
A3#3   uncited                             rel.    prod partial  -> partial
A4#1   refunds (pdf-archive)               figure  prod absent,  -> stated (second)
                                                   second stated
A7#1   shipping (email-export)             figure  prod stated   -> stated
A7#2   shipping (email-export)             policy  second failed -> none: pending
A8#1   shipping (email-export)             figure  prod stated,  lee absent T2, lee retracts T6
                                                   second partial -> partial (second)
=====  ==================================  ======  ============  ================================

A label marked * was made with the other reviewers' hidden (``independent``): lee and kim
reviewed after dana without seeing her labels; dana's change of mind at T3 came after she
could see lee's. The overlap is 0.5: A1, A3, A4, A7 and A8 are in it, A2 is not.

A5 and A6 have no claims. Correctness: A1 imported true; A2 imported false, marked correct;
A3 unknown; A4 imported true, marked incorrect then unknown; A7 true; A8 imported false.
Scanned: A1-A5; flagged: A2, A3 (twice), and A7, which was never scanned.

The definition read literally: A7#2 (pending) is simply not stated. It is in the denominator of
``claim_level`` (11 claims), and A7, with a claim not stated, is an ungrounded answer among
the six with claims (A1-A4, A7, A8), under email-export as well.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from click.testing import CliRunner

from groundtui import report
from groundtui.cli import cli
from groundtui.importing.files import import_files
from groundtui.report.cubes import full_cubes, read_cubes
from groundtui.store import ClaimRow, Store, bulk_load
from tests.helpers.corrections import correct

T1, T2 = "2026-11-30T10:00:00Z", "2026-11-30T10:05:00Z"
T3, T4, T5 = (
    "2026-12-01T09:00:00.000000Z",
    "2026-12-01T10:00:00.000000Z",
    "2026-12-01T11:00:00.000000Z",
)
T6, T7, T8 = (
    "2026-12-01T12:00:00.000000Z",
    "2026-12-01T13:00:00.000000Z",
    "2026-12-01T14:00:00.000000Z",
)
LATER = "2030-01-01T00:00:00.000000Z"  # after the import, whenever the tests run

RETURNS = {
    "id": "returns",
    "title": "Returns policy",
    "origin": "help-centre",
    "text": "Sofas can be returned within 14 days of delivery.",
    "updated_at": "2025-01-10",
}
RETURNS_OLD = {
    "id": "returns",
    "title": "Returns policy",
    "origin": "help-centre",
    "text": "Sofas can be returned within 30 days of delivery.",
    "updated_at": "2024-03-01",
}
REFUNDS = {
    "id": "refunds",
    "origin": "pdf-archive",
    "text": "Refunds are issued within 5 working days.",
}
SHIPPING = {"id": "shipping", "origin": "email-export", "text": "Delivery is free over $50."}


def review(
    reviewer: str, verdict: str, at: str, kind: str | None = None, independent: bool = False
) -> dict:
    return {
        "reviewer": reviewer,
        "verdict": verdict,
        "invention_kind": kind,
        "at": at,
        "independent": independent,
    }


def claim(
    text: str,
    kind: str,
    citation: int | None,
    verdict: str | None = None,
    invention: str | None = None,
    **extra: object,
) -> dict:
    record = {"text": text, "kind": kind, "judge": "prod", **extra}
    if citation is not None:
        record["citation"] = citation
    if verdict is not None:
        record.update(verdict=verdict, invention_kind=invention)
    return record


ANSWERS = [
    {
        "id": "A1",
        "question": "Returns?",
        "correct": True,
        "response": "Sofas can be returned within 14 days [1]. Refunds take 5 days [2].",
        "sources": [RETURNS, REFUNDS],
        "claims": [
            claim(
                "Sofas can be returned within 14 days.",
                "policy",
                1,
                "stated",
                evidence=[0, 36],
                reviews=[
                    review("dana", "stated", T1),
                    review("lee", "stated", T2, independent=True),
                ],
            ),
            claim(
                "Refunds take 5 days.",
                "figure",
                2,
                "partial",
                "bridging_inference",
                reviews=[
                    review("dana", "absent", T1, "plausible_specifics"),
                    review("lee", "partial", T2, "bridging_inference", independent=True),
                ],
            ),
        ],
    },
    {
        "id": "A2",
        "question": "Returns after a month?",
        "correct": False,
        "response": "Sofas can be returned within 30 days [1]. Delivery is always free [2].",
        "sources": [RETURNS_OLD, SHIPPING],
        "claims": [
            claim("Sofas can be returned within 30 days.", "policy", 1, "stated"),
            claim(
                "Delivery is always free.",
                "policy",
                2,
                "absent",
                "confident_generalisation",
                reviews=[review("dana", "absent", T1, "confident_generalisation")],
            ),
        ],
    },
    {
        "id": "A3",
        "question": "Refunds?",
        "response": "Refunds take 10 days [1]. Our CEO is Jane Roe [3]. "
        "Most customers choose express shipping.",
        "sources": [REFUNDS],
        "claims": [
            claim(
                "Refunds take 10 days.",
                "figure",
                1,
                "contradicted",
                "plausible_specifics",
                reviews=[review("lee", "contradicted", T2, "plausible_specifics")],
            ),
            claim("Our CEO is Jane Roe.", "name", 3, "absent", "fabricated_provenance"),
            claim(
                "Most customers choose express shipping.",
                "relation",
                None,
                "partial",
                "bridging_inference",
            ),
        ],
    },
    {
        "id": "A4",
        "question": "How long do refunds take?",
        "correct": True,
        "response": "Refunds take 5 days [1].",
        "sources": [REFUNDS],
        "claims": [claim("Refunds take 5 days.", "figure", 1, "absent", "plausible_specifics")],
    },
    {"id": "A5", "question": "Hi", "response": "Hello.", "sources": []},
    {
        "id": "A6",
        "question": "Shipping?",
        "response": "See the shipping page.",
        "sources": [SHIPPING],
        "claims": [],
    },
    {
        "id": "A7",
        "question": "Delivery and returns?",
        "correct": True,
        "response": "Delivery is free over $50 [1]. Returns are free [1].",
        "sources": [SHIPPING],
        "claims": [
            claim("Delivery is free over $50.", "figure", 1, "stated"),
            claim("Returns are free.", "policy", 1),
        ],
    },
    {
        "id": "A8",
        "question": "Delivery?",
        "correct": False,
        "response": "Delivery is free over $50 [1].",
        "sources": [SHIPPING],
        "claims": [
            claim(
                "Delivery is free over $50.",
                "figure",
                1,
                "stated",
                reviews=[review("lee", "absent", T2, "plausible_specifics")],
            )
        ],
    },
]


def build(store: Store, tmp_path: Path) -> None:
    """Import ``ANSWERS``, then the labels, marks, judgements and flags made afterwards."""
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in ANSWERS) + "\n", encoding="utf-8")
    result = import_files(store, [str(path)])
    assert result.exit_code == 0, result.bad
    store.settings.set("overlap", "0.5")
    store.labels.add_review("A1#2", "dana", "stated", at=T3)  # dana changes her mind, seeing lee's
    store.labels.add_review("A2#2", "kim", "partial", "bridging_inference", at=T7, independent=True)
    store.labels.add_review("A2#2", "lee", "absent", "confident_generalisation", at=T8)
    store.labels.add_review("A8#1", "lee", None, at=T6)  # lee retracts
    store.labels.add_judgement("A4#1", "second", "v1", verdict="stated", at=LATER)
    store.labels.add_judgement(
        "A8#1", "second", "v1", verdict="partial", invention_kind="bridging_inference", at=LATER
    )
    store.labels.add_judgement("A7#2", "second", "v1", verdict=None, error="timeout", at=LATER)
    store.labels.add_mark("A2", "dana", True, at=T4)
    store.labels.add_mark("A4", "dana", False, at=T4)
    store.labels.add_mark("A4", "dana", None, at=T5)  # an explicit "unknown" beats imported true
    with store.transaction():
        store.db.execute(
            "update answers set scanned_at = ? where id in ('A1', 'A2', 'A3', 'A4', 'A5')", [T5]
        )
        store.db.table("flags").insert_all(
            [
                {"answer_id": a, "check_name": check, "details": "{}", "at": T5}
                for a, check in [
                    ("A2", "specifics"),
                    ("A3", "specifics"),
                    ("A3", "other"),
                    ("A7", "specifics"),
                ]
            ]
        )


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "fixture.db") as s:
        build(s, tmp_path)
        yield s


EXPECTED: dict[str, Any] = {
    "answers": 8,
    "claims": 11,
    "reviewed_claims": 4,  # A1#1, A1#2, A2#2, A3#1 (A8#1's label was retracted)
    "dismissed": 0,
    # stated: A1#1, A1#2, A2#1, A4#1, A7#1 of all 11 claims (A7#2, pending, is not stated).
    "claim_level": 5 / 11,
    # grounded: A1, A4 of the 6 answers with a claim, A1-A4, A7, A8 (A5, A6 have none);
    # A7 is ungrounded: its claim A7#2 is pending, so not every claim is stated.
    "answer_level": 2 / 6,
    "invention_rate": 2 / 6,  # A2 (A2#2 absent), A3 (A3#2 absent), of the same 6
    # 10 labelled claims (A7#2 is in no bucket): stated 5 as above, contradicted A3#1,
    # absent A2#2 and A3#2, partial A3#3 and A8#1.
    "verdicts": {"stated": 5, "contradicted": 1, "absent": 2, "partial": 2},
    "invention_kinds": {
        "plausible_specifics": 1,
        "bridging_inference": 2,
        "confident_generalisation": 1,
        "fabricated_provenance": 1,
    },
    "by_source": {
        # A2#2 absent, A7#1 stated, A7#2 pending, A8#1 partial: 1 of 4 claims stated;
        # answers A2, A7, A8, each with a claim not stated: 3 of 3 ungrounded.
        "email-export": {
            "claims": 4,
            "claim_level": 1 / 4,
            "answers": 3,
            "ungrounded_answer_rate": 1.0,
        },
        # A1#1, A2#1 stated; answers A1 (grounded), A2 (A2#2 absent): 1 of 2 ungrounded.
        "help-centre": {
            "claims": 2,
            "claim_level": 1.0,
            "answers": 2,
            "ungrounded_answer_rate": 0.5,
        },
        # A1#2 stated, A3#1 contradicted, A4#1 stated; answers A1, A3, A4: A3 ungrounded.
        "pdf-archive": {
            "claims": 3,
            "claim_level": 2 / 3,
            "answers": 3,
            "ungrounded_answer_rate": 1 / 3,
        },
    },
    # A1 grounded, imported true; A2 ungrounded, marked correct; A7 ungrounded (pending
    # A7#2), imported true; A8 ungrounded, imported false; A3 and A4 unknown: 6 answers.
    "quadrants": {
        "grounded_correct": 1,
        "grounded_incorrect": 0,
        "ungrounded_correct": 2,
        "ungrounded_incorrect": 1,
        "correctness_unknown": 2,
    },
    "flags": {"scanned": 5, "flagged": 2, "rate": 0.4},
    "agreement": {
        # (stated, stated), (partial, stated), (absent, absent), (contradicted, contradicted):
        # p_o = 3/4, p_e = (1·2 + 1·0 + 1·1 + 1·1)/16 = 1/4, kappa = (3/4 - 1/4)/(3/4).
        "judge_vs_reviewer": {
            "n": 4,
            "raw": 0.75,
            "kappa": 2 / 3,
            "ci": ANY,  # the interval: its own tests
            "confusion": {
                "stated": {"stated": 1, "contradicted": 0, "absent": 0, "partial": 0},
                "contradicted": {"stated": 0, "contradicted": 1, "absent": 0, "partial": 0},
                "absent": {"stated": 0, "contradicted": 0, "absent": 1, "partial": 0},
                "partial": {"stated": 1, "contradicted": 0, "absent": 0, "partial": 0},
            },
            # figure: A1#2 (partial, stated), A3#1 (contradicted, contradicted): p_o = 1/2,
            # p_e = 1/4, kappa 1/3; policy: A1#1, A2#2, both agreeing; no date, name, relation.
            "by_kind": {
                "figure": {"n": 2, "raw": 0.5, "kappa": 1 / 3, "ci": ANY},
                "date": {"n": 0, "raw": None, "kappa": None, "ci": None},
                "name": {"n": 0, "raw": None, "kappa": None, "ci": None},
                "policy": {"n": 2, "raw": 1.0, "kappa": 1.0, "ci": ANY},
                "relation": {"n": 0, "raw": None, "kappa": None, "ci": None},
            },
            # A2#2 (email-export), A1#1 (help-centre): one pair each, chance agreement 1;
            # pdf-archive: A1#2 and A3#1, as figure above.
            "by_origin": {
                "email-export": {"n": 1, "raw": 1.0, "kappa": None, "ci": None},
                "help-centre": {"n": 1, "raw": 1.0, "kappa": None, "ci": None},
                "pdf-archive": {"n": 2, "raw": 0.5, "kappa": 1 / 3, "ci": ANY},
            },
        },
        # The overlap's claims two reviewers labelled, each with the last label made before
        # seeing the other's: A1#1 (dana stated T1, lee stated T2*), A1#2 (dana absent T1,
        # not her stated T3, made after lee's partial; lee partial T2*). A2#2 is outside the
        # overlap. p_o = 1/2; p_e = (1·1 + 1·0)/4 = 1/4; kappa (1/2 - 1/4)/(3/4) = 1/3.
        "reviewer_vs_reviewer": {
            "n": 2,
            "raw": 1 / 2,
            "kappa": 1 / 3,
            "ci": ANY,
            "confusion": {
                "stated": {"stated": 1, "contradicted": 0, "absent": 0, "partial": 0},
                "contradicted": {"stated": 0, "contradicted": 0, "absent": 0, "partial": 0},
                "absent": {"stated": 0, "contradicted": 0, "absent": 0, "partial": 1},
                "partial": {"stated": 0, "contradicted": 0, "absent": 0, "partial": 0},
            },
        },
        "reviewer_pairs": [
            {"reviewers": ["dana", "lee"], "n": 2, "raw": 1 / 2, "kappa": 1 / 3, "ci": ANY}
        ],
        # help-centre: A1#1 alone, both stated: chance agreement 1, no kappa; pdf-archive:
        # A1#2 alone, (absent, partial): p_o = 0, p_e = 0, kappa 0 in every resample.
        "reviewer_vs_reviewer_by_origin": {
            "help-centre": {"n": 1, "raw": 1.0, "kappa": None, "ci": None},
            "pdf-archive": {"n": 1, "raw": 0.0, "kappa": 0.0, "ci": [0.0, 0.0]},
        },
        "reviewer_vs_adjudicated": {},  # nothing adjudicated
    },
    # Answers: scanned A1-A5, flagged A2 and A3 (A7's flag is on an unscanned answer);
    # judged: A1, A2, A3, A4, A8 (A7#2 has no verdict; A5, A6 were never extracted);
    # reviewed: A1 alone has a person's label on every claim (A8#1's was retracted).
    "coverage": {"answers": 8, "scanned": 5, "flagged": 2, "judged": 5, "reviewed": 1},
    # control_share 0.05: no unflagged scanned answer's control_point is below it.
    "control": {"answers": 0, "judged": 0, "with_unstated_claim": 0, "rate": None, "ci": None},
    # Each reviewer's latest label per claim, against the claim's judge verdict:
    "reviewers": {
        # A1#1 (stated, stated), A1#2 (partial, stated: her T3 change of mind), A2#2
        # (absent, absent): p_o = 2/3, p_e = (1·2 + 1·0 + 1·1)/9 = 1/3, kappa 1/2.
        "dana": {
            "claims": 3,
            "answers": 2,
            "judge_agreement": {"n": 3, "raw": 2 / 3, "kappa": 0.5},
        },
        # A2#2 (absent, partial): p_o = 0, p_e = 0, kappa 0.
        "kim": {"claims": 1, "answers": 1, "judge_agreement": {"n": 1, "raw": 0.0, "kappa": 0.0}},
        # A1#1, A1#2, A2#2, A3#1 all as the judge (A8#1 retracted): kappa 1.
        "lee": {"claims": 4, "answers": 3, "judge_agreement": {"n": 4, "raw": 1.0, "kappa": 1.0}},
    },
    # Overlap 0.5: A1, A3, A4, A7, A8. Of their claims, A1#1 and A1#2 are labelled by two
    # reviewers, and their latest labels differ on A1#2 (dana stated, lee partial). A2#2,
    # labelled by three, is outside the overlap.
    "overlap": {
        "share": 0.5,
        "answers": 5,
        "double_reviewed_claims": 2,
        "disagreements": 1,
        "adjudicated": 0,
    },
}

# --judge prod: A4#1 absent (ungrounded, invented), A8#1 stated (grounded, incorrect); prod
# never gave A7#2 a verdict, so it is still pending. claim_level stays 5 / 11: A1#1, A1#2,
# A2#1, A7#1, A8#1 stated.
EXPECTED_PROD = {
    **EXPECTED,
    "answer_level": 2 / 6,  # A1, A8 of A1-A4, A7, A8
    "invention_rate": 3 / 6,  # A2, A3, A4
    "verdicts": {"stated": 5, "contradicted": 1, "absent": 3, "partial": 1},
    "invention_kinds": {
        "plausible_specifics": 2,
        "bridging_inference": 1,
        "confident_generalisation": 1,
        "fabricated_provenance": 1,
    },
    "by_source": {
        # A2#2 absent, A7#1 stated, A7#2 pending, A8#1 stated: 2 of 4; answers A2 and A7
        # ungrounded, A8 grounded: 2 of 3.
        "email-export": {
            "claims": 4,
            "claim_level": 2 / 4,
            "answers": 3,
            "ungrounded_answer_rate": 2 / 3,
        },
        "help-centre": EXPECTED["by_source"]["help-centre"],  # prod judged it alike
        # A1#2 stated, A3#1 contradicted, A4#1 absent; A3 and A4 of A1, A3, A4 ungrounded.
        "pdf-archive": {
            "claims": 3,
            "claim_level": 1 / 3,
            "answers": 3,
            "ungrounded_answer_rate": 2 / 3,
        },
    },
    # A1 grounded correct; A8 grounded, imported false; A2 (marked correct) and A7 (pending
    # A7#2, imported true) ungrounded correct; A3, A4 unknown.
    "quadrants": {
        "grounded_correct": 1,
        "grounded_incorrect": 1,
        "ungrounded_correct": 2,
        "ungrounded_incorrect": 0,
        "correctness_unknown": 2,
    },
}


def approx(value: object) -> object:
    """``value`` with every float compared approximately, nested dicts included."""
    if isinstance(value, dict):
        return {k: approx(v) for k, v in value.items()}
    return pytest.approx(value) if isinstance(value, float) else value


def test_fixture_is_what_the_table_says(store: Store) -> None:
    rows = {r["id"]: r for r in store.query("select * from claims")}
    assert (rows["A3#2"]["dangling"], rows["A3#3"]["uncited"]) == (1, 1)
    assert rows["A2#1"]["source_key"] != rows["A1#1"]["source_key"]  # the superseded version
    labels = {r["claim_id"]: r for r in store.query("select * from claim_labels")}
    assert labels["A7#2"]["label"] is None
    assert (labels["A4#1"]["judge"], labels["A4#1"]["label"]) == ("second", "stated")


def test_every_key_by_hand(store: Store) -> None:
    result = report.compute(store)
    assert list(result) == list(EXPECTED)  # the README's report keys, in its order
    assert result == approx(EXPECTED)


def test_the_report_carries_the_counts_behind_its_answer_ratios(store: Store) -> None:
    """Grounded A1, A4; invented A2, A3; of the six with claims: counted, not ratio × n."""
    result = report.compute(store)
    assert report.answer_counts(result) == (2, 2, 6)
    assert json.loads(json.dumps(result)) == dict(result)  # the JSON holds the keys only
    assert list(json.loads(json.dumps(result))) == list(EXPECTED)
    assert report.answer_counts(report.compute(store, judge="prod")) == (2, 3, 6)


def test_coverage_counts_the_judged_answers_of_a_judge(store: Store) -> None:
    """ "second" judged A4#1 and A8#1, each its answer's only claim: 2 answers judged."""
    assert report.compute(store, judge="second")["coverage"]["judged"] == 2
    coverage = report.compute(store).coverage
    assert coverage is not None
    line = report.coverage_line(coverage)
    assert line.startswith("judged 5 of 8 answers: 2 of 2 flagged, 3 unflagged;")


def test_control_sample_is_the_unflagged_answers_a_hash_picks(store: Store) -> None:
    """control_point: A1 0.22, A4 0.71, A5 0.50, the unflagged scanned answers. At 0.6 the
    sample is A1 and A5; A5 (no claims, never extracted) is not judged; A1 is, and every
    claim of it is stated: 0 of 1, the Wilson interval [0, 0.794]."""
    store.settings.set("control_share", "0.6")
    control = report.compute(store)["control"]
    assert control == {
        "answers": 2,
        "judged": 1,
        "with_unstated_claim": 0,
        "rate": 0.0,
        "ci": [0.0, pytest.approx(0.79346, abs=1e-4)],
    }
    store.settings.set("control_share", "0.8")  # A4 joins: judged, its A4#1 stated (second)
    assert report.compute(store)["control"]["judged"] == 2
    store.labels.add_review("A1#1", "kim", "absent", at=LATER)  # A1 now holds an unstated claim
    control = report.compute(store)["control"]
    assert (control["with_unstated_claim"], control["rate"]) == (1, 0.5)


def test_an_answers_correctness_is_its_latest_mark_else_as_imported(store: Store) -> None:
    """A1 imported true; A2 imported false, marked correct; A4 marked incorrect then unknown."""
    assert [report.answer_correct(store, a) for a in ("A1", "A2", "A3", "A4")] == [
        True,
        True,
        None,
        None,
    ]
    store.labels.add_mark("A1", "dana", False, at=LATER)
    assert report.answer_correct(store, "A1") is False
    assert report.answer_correct(store, "no such answer") is None


def test_judge_name_picks_that_judges_latest_verdicts(store: Store) -> None:
    assert report.compute(store, judge="prod") == approx(EXPECTED_PROD)
    # "second" judged only A4#1 and A8#1 (and failed on A7#2): the other claims keep their
    # reviewer's label, or are pending without one.
    second = report.compute(store, judge="second")
    assert second["verdicts"] == {"stated": 3, "contradicted": 1, "absent": 1, "partial": 1}
    assert report.judges(store) == ["prod", "second"]


def test_unknown_judge_leaves_only_reviewer_labels(store: Store) -> None:
    result = report.compute(store, judge="nobody")
    assert result["verdicts"] == {"stated": 2, "contradicted": 1, "absent": 1, "partial": 0}
    jvr = result["agreement"]["judge_vs_reviewer"]
    assert (jvr["n"], jvr["raw"], jvr["kappa"], jvr["ci"]) == (0, None, None, None)
    assert sum(n for row in jvr["confusion"].values() for n in row.values()) == 0


def test_confusion_and_agreement_by_kind(store: Store) -> None:
    matrix = report.confusion(store)
    assert matrix["stated"] == {"stated": 1, "contradicted": 0, "absent": 0, "partial": 0}
    assert matrix["partial"]["stated"] == 1
    assert matrix["absent"]["absent"] == matrix["contradicted"]["contradicted"] == 1
    assert sum(sum(row.values()) for row in matrix.values()) == 4
    by_kind = report.agreement_by_kind(store)
    assert list(by_kind) == ["figure", "date", "name", "policy", "relation"]
    # policy: (stated, stated), (absent, absent); figure: (partial, stated), (contra, contra).
    assert by_kind["policy"] == {"n": 2, "raw": 1.0, "kappa": 1.0}
    assert by_kind["figure"] == approx({"n": 2, "raw": 0.5, "kappa": 1 / 3})
    assert by_kind["date"] == {"n": 0, "raw": None, "kappa": None}


def test_empty_database_has_counts_of_zero_and_null_ratios(tmp_path: Path) -> None:
    with Store(tmp_path / "empty.db") as store:
        result = report.compute(store)
    assert (result["answers"], result["claims"], result["reviewed_claims"]) == (0, 0, 0)
    assert result["claim_level"] is result["answer_level"] is result["invention_rate"] is None
    assert result["by_source"] == {}
    assert result["flags"] == {"scanned": 0, "flagged": 0, "rate": None}
    rvr = result["agreement"]["reviewer_vs_reviewer"]
    assert (rvr["n"], rvr["raw"], rvr["kappa"], rvr["ci"]) == (0, None, None, None)
    assert result["control"] == {
        "answers": 0,
        "judged": 0,
        "with_unstated_claim": 0,
        "rate": None,
        "ci": None,
    }


def test_report_follows_each_write(store: Store) -> None:
    """The counts the UI reads move with every label, mark and retraction."""
    store.labels.add_review("A3#2", "dana", "stated", at=T8)  # the dangling claim, overruled
    store.labels.add_review("A3#3", "dana", "stated", at=T8)
    store.labels.add_review("A3#1", "dana", "stated", at=T8)
    result = report.compute(store)
    assert result["verdicts"]["stated"] == 8
    assert result["quadrants"]["correctness_unknown"] == 2  # A3 is now grounded, unknown
    assert result["answer_level"] == pytest.approx(3 / 6)  # A1, A3, A4 of the 6 with claims
    store.labels.add_review("A3#1", "dana", None, at=LATER)  # retracted: lee's label is back
    assert report.compute(store)["verdicts"]["contradicted"] == 1
    store.labels.add_mark("A3", "dana", False)
    assert report.compute(store)["quadrants"]["ungrounded_incorrect"] == 2


def test_a_pending_claim_is_simply_not_stated(store: Store) -> None:
    """The report's definition literally: A7 (A7#1 stated, A7#2 pending) moves as its labels do."""
    store.labels.add_review("A7#1", "dana", "absent", at=T8)
    result = report.compute(store)
    # Stated: A1#1, A1#2, A2#1, A4#1 of 11. Invented: A2, A3 and A7 (A7#1 absent, A7#2
    # still pending) of the 6 answers with claims.
    assert result["claim_level"] == pytest.approx(4 / 11)
    assert result["invention_rate"] == pytest.approx(3 / 6)
    assert result["quadrants"]["ungrounded_correct"] == 2  # A2, A7
    # email-export: A2#2 absent, A7#1 absent, A7#2 pending, A8#1 partial: none stated.
    assert result["by_source"]["email-export"]["claim_level"] == 0.0
    assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()
    store.labels.add_review("A7#1", "dana", "stated", at=LATER)
    store.labels.add_review("A7#2", "dana", "stated", at=LATER)  # no claim of A7 is pending now
    result = report.compute(store)
    # Stated: the 5 of the fixture and A7#2, of 11; grounded: A1, A4, A7 of 6, A7 correct.
    assert result["claim_level"] == pytest.approx(6 / 11)
    assert result["answer_level"] == pytest.approx(3 / 6)
    assert result["invention_rate"] == pytest.approx(2 / 6)
    assert result["quadrants"]["grounded_correct"] == 2  # A1, A7
    assert result["quadrants"]["ungrounded_correct"] == 1  # A2
    # email-export: A7#1, A7#2 stated of 4 claims; A2 and A8 ungrounded of A2, A7, A8.
    assert result["by_source"]["email-export"] == approx(
        {"claims": 4, "claim_level": 2 / 4, "answers": 3, "ungrounded_answer_rate": 2 / 3}
    )


def test_reviewer_pair_ties_on_time_go_by_order_made(store: Store) -> None:
    # max and kim label A7#1 (in the overlap) at the same instant; max's row was made
    # first, so max is the first reviewer of the pair (not kim, first by name), and the
    # label max made before kim's is the stated one, not the partial made after it.
    store.labels.add_review("A7#1", "max", "stated", at=T8)
    store.labels.add_review("A7#1", "kim", "absent", at=T8, independent=True)
    store.labels.add_review("A7#1", "max", "partial", at=T8)
    assert report.compute(store)["agreement"]["reviewer_vs_reviewer"]["n"] == 3
    pairs = read_cubes(store.db.conn, 0.5).rr
    assert pairs is not None
    assert ("max", "kim", "stated", "absent", '["email-export"]', 1) in pairs
    assert store.query("select a, b from agg_claim_rr where claim_id = 'A7#1'") == [
        {"a": "partial", "b": "absent"}  # their latest labels: the dispute a lead sees
    ]
    assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


def test_maintained_counts_equal_a_full_recount(store: Store) -> None:
    assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()
    # the overlap's pairs alone (A1): the pairs kept by the answer's overlap point
    half = read_cubes(store.db.conn, 0.5).normalised()
    assert half == full_cubes(store.db.conn, share=0.5).normalised()
    assert half.rr and {row[4] for row in half.rr} == {'["help-centre"]', '["pdf-archive"]'}
    before = read_cubes(store.db.conn).normalised()
    with bulk_load(store.db):  # nothing written: the counts are recounted from scratch
        pass
    assert read_cubes(store.db.conn).normalised() == before


def test_migration_fills_the_counts_of_an_existing_database(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Store(path) as store:
        build(store, tmp_path)
        # As if made before m002: no aggregates, no triggers.
        for name, kind in store.db.execute(
            "select name, type from sqlite_master where name like 'agg\\_%' escape '\\'"
            " and type in ('table', 'trigger')"
        ).fetchall():
            store.db.execute(f"drop {kind} if exists {name}")
        store.db.execute(
            "delete from _migrations where name in ('m002_report_aggregates', 'm012_work_counts')"
        )
        store.db.conn.commit()
    with Store(path) as store:
        assert report.compute(store) == approx(EXPECTED)


def _generate():
    spec = importlib.util.spec_from_file_location(
        "bench_generate", Path(__file__).resolve().parents[1] / "bench" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate


@pytest.mark.slow
def test_random_writes_keep_the_counts_exact(tmp_path: Path) -> None:
    """Random labels, retractions, judgements, marks, flags, claims, and reviewers'
    corrections of claims (dismissed, edited, split, added, undone): counts = a recount."""
    path = tmp_path / "bench.db"
    _generate()(path, answers=300, seed=3)
    rng = random.Random(7)
    verdicts = ["stated", "absent", "partial", "contradicted", None]
    with Store(path) as store:
        claims = [r["id"] for r in store.query("select id from claims")]
        answers = [r["id"] for r in store.query("select id from answers")]
        key = store.scalar("select key from sources limit 1")
        keys = [r["key"] for r in store.query("select key from sources")]
        corrections: list[int] = []
        for i in range(600):
            c, a, op = rng.choice(claims), rng.choice(answers), rng.randrange(13)
            at = f"2026-0{rng.randint(1, 9)}-10T00:00:00.000000Z" if rng.random() < 0.5 else None
            if op <= 1:
                store.labels.add_review(
                    c,
                    rng.choice(["dana", "lee", "kim"]),
                    rng.choice(verdicts),
                    rng.choice([None, "plausible_specifics"]),
                    at=at,
                )
            elif op == 2:
                store.labels.add_judgement(
                    c, rng.choice(["heuristic-v1", "x"]), "v", verdict=rng.choice(verdicts), at=at
                )
            elif op == 3:
                store.labels.add_mark(a, "dana", rng.choice([True, False, None]), at=at)
            elif op == 4:
                with store.transaction():
                    store.db.execute("delete from flags where answer_id = ?", [a])
                    store.db.execute(
                        "update answers set scanned_at = ? where id = ?",
                        [rng.choice([None, at or "2026"]), a],
                    )
            elif op == 5:
                with store.transaction():
                    store.db.execute(
                        "insert or ignore into flags values (?, 'x', '{}', '2026')", [a]
                    )
            elif op == 6:
                with store.transaction():
                    store.labels.add_claims(
                        [
                            ClaimRow(
                                f"{a}#n{i}",
                                a,
                                100 + i,
                                "t",
                                "date",
                                (1, 2),
                                tuple(rng.sample(keys, 2)),
                                None,
                                "given",
                            )
                        ],
                        "2026",
                    )
                claims.append(f"{a}#n{i}")
            elif op >= 8:
                kind = {8: "dismiss", 10: "edit", 11: "split"}.get(
                    op, "undo" if op == 9 and corrections else "add"
                )
                corrections.extend(correct(store, kind, rng, c, a, corrections, claims))
            else:
                with store.transaction():  # a claim re-cited (one source or two), or its kind
                    cited = rng.choice([[key], rng.sample(keys, 2), None])
                    store.db.execute(
                        "update claims set kind = ?, source_key = ?, cited_keys = ?,"
                        " dangling = ? where id = ?",
                        [
                            rng.choice(["figure", "name"]),
                            cited[0] if cited else None,
                            json.dumps(cited) if cited else None,
                            rng.choice([0, 1]),
                            c,
                        ],
                    )
        assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()
        retired = store.scalar("select count(*) from claims where retired is not null")
        assert (
            retired > 20
            and store.scalar("select count(*) from claim_edits where action = 'undo'") > 5
        )
        assert report.compute(store, with_team=False)["dismissed"] == store.scalar(
            "select count(*) from claims where retired = 'dismissed'"
        )


def test_generated_labels_are_what_the_store_would_write(tmp_path: Path) -> None:
    path = tmp_path / "bench.db"
    counts = _generate()(path, answers=200, seed=1)
    assert counts["claims"] == counts["claim_labels"] > 0
    with Store(path) as store:
        before = store.query("select * from claim_labels order by claim_id")
        with store.transaction():
            store.labels.refresh([r["claim_id"] for r in before])
        assert store.query("select * from claim_labels order by claim_id") == before
        assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


# -- the command ---------------------------------------------------------------------


def test_report_json_prints_the_spec_keys(store: Store) -> None:
    result = CliRunner().invoke(cli, ["report", "--json", "--db", store.path])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == approx(EXPECTED)
    result = CliRunner().invoke(cli, ["report", "--json", "--judge", "prod", "--db", store.path])
    assert json.loads(result.output) == approx(EXPECTED_PROD)


def test_report_tables_show_counts_beside_ratios(store: Store) -> None:
    result = CliRunner().invoke(cli, ["report", "--db", store.path], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "5 of 11 claims stated" in out
    assert "1 claim not yet labelled" in out
    assert "2 of 6 answers have every claim stated" in out
    assert "2 answers without claims" in out
    assert "2 of 6 answers have an absent claim" in out
    for origin in ("email-export", "help-centre", "pdf-archive"):
        assert origin in out
    # by source, sorted by ungrounded rate: email-export (100%) before help-centre (50%).
    assert out.index("email-export") < out.index("help-centre") < out.index("pdf-archive")
    assert "0.667" in out and "0.333" in out  # the judge's kappa beside the reviewers'


def test_report_opens_with_what_was_judged_and_names_the_kind_shares_denominator(
    store: Store,
) -> None:
    """A1#1 relabelled absent with no kind: 6 claims not stated, 5 with a kind, so
    bridging inference (2) is 40.0% of those 5, and one is counted without a kind."""
    store.labels.add_review("A1#1", "kim", "absent", at=LATER)
    store.settings.set("control_share", "0.6")
    result = CliRunner().invoke(cli, ["report", "--db", store.path], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("judged 5 of 8 answers: 2 of 2 flagged, 3 unflagged;")
    assert "shares of the 5 claims with a kind; not stated without a kind: 1" in result.output
    assert re.search(r"bridging inference +│ +2 │ +40\.0%", result.output)
    # The control sample A1, A5: A1 judged, and now holding an absent claim.
    assert "Control sample: 1 of 2 unflagged answers judged; 1 hold a claim not stated" in (
        result.output
    )


def test_report_unknown_judge_is_one_line_and_exit_2(store: Store) -> None:
    result = CliRunner().invoke(cli, ["report", "--judge", "nobody", "--db", store.path])
    assert result.exit_code == 2
    assert "no judgements by 'nobody'" in result.output
    assert "prod, second" in result.output


def test_report_without_a_database_is_an_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["report", "--db", str(tmp_path / "missing.db")])
    assert result.exit_code == 2
    assert "no database" in result.output
    assert not (tmp_path / "missing.db").exists()


def test_report_shows_origins_as_written_never_as_markup(tmp_path: Path) -> None:
    odd = {"id": "odd", "origin": "[bold]wiki[/bold]", "text": "Delivery is free."}
    record = {
        "id": "B1",
        "question": "?",
        "response": "Delivery is free [1].",
        "sources": [odd],
        "claims": [claim("Delivery is free.", "policy", 1, "stated")],
    }
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with Store(tmp_path / "odd.db") as store:
        import_files(store, [str(path)])
    result = CliRunner().invoke(
        cli, ["report", "--db", str(tmp_path / "odd.db")], env={"COLUMNS": "120"}
    )
    assert result.exit_code == 0, result.output
    assert "[bold]wiki[/bold]" in result.output


# -- calibration: where the judge and people differ -----------------------------------


def test_the_claims_behind_a_confusion_cell_are_exported(store: Store) -> None:
    """The cell (judge partial, people stated) holds A1#2 alone; (absent, absent) A2#2."""
    runner = CliRunner()
    for jv, rv, ids in [("partial", "stated", ["A1#2"]), ("absent", "absent", ["A2#2"])]:
        result = runner.invoke(
            cli,
            ["export", "--judge-verdict", jv, "--reviewer-verdict", rv, "--db", store.path],
        )
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in result.output.splitlines()]
        assert [r["claim_id"] for r in rows] == ids
    # A row of the matrix: every claim the judge called stated, reviewed or not.
    result = runner.invoke(cli, ["export", "--judge-verdict", "stated", "--db", store.path])
    assert {json.loads(line)["claim_id"] for line in result.output.splitlines()} == {
        "A1#1",
        "A2#1",
        "A4#1",
        "A7#1",
    }
    bad = runner.invoke(cli, ["export", "--judge-verdict", "maybe", "--db", store.path])
    assert bad.exit_code == 2


def test_the_text_report_shows_the_confusion_matrix_and_the_kinds(store: Store) -> None:
    result = CliRunner().invoke(cli, ["report", "--db", store.path], env={"COLUMNS": "200"})
    out = result.output
    assert "Calibration: judge verdict × reviewer verdict" in out
    assert re.search(r"partial +│ +1 │ +0 │ +0 │ +0 │ +1", out)  # judged partial, said stated
    assert re.search(r"figure +│ +2 │ +50\.0% │ 0\.333 │", out)
    assert "95% interval" in out


def test_an_answer_a_judge_extracted_no_claims_from_counts_as_judged(store: Store) -> None:
    """README: judged "when a judge extracted it and found no claims". The subquery read
    `extractions.id` for the answer's id, so no such answer was ever counted judged."""
    by_prod = report.compute(store, judge="prod")["coverage"]["judged"]
    store.judging.add_extraction("A5", "second", "v1", [], at=LATER)
    store.judging.add_extraction("A6", "other", "v1", None, error="timeout", at=LATER)  # failed
    assert report.compute(store)["coverage"]["judged"] == 6
    assert report.compute(store, judge="second")["coverage"]["judged"] == 3
    assert report.compute(store, judge="prod")["coverage"]["judged"] == by_prod  # not its own
