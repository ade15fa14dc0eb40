"""The input models: good records pass, bad ones name the field."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from groundtui.models import Answer, ClaimKind, InventionKind, Verdict, describe_error
from tests.helpers.builders import make_answer


def test_good_record_with_defaults() -> None:
    answer = Answer.model_validate(make_answer(claims=[{"text": "Sofas can be returned."}]))
    assert answer.sources[1].origin == "pdf-archive"
    assert answer.claims is not None and answer.claims[0].kind is None
    assert answer.correct is None


def test_unknown_keys_are_kept_in_meta() -> None:
    answer = Answer.model_validate(make_answer(trace_id="t-9", meta={"model": "m"}))
    assert answer.meta == {"model": "m", "trace_id": "t-9"}


def test_source_origin_defaults_to_unknown() -> None:
    answer = Answer.model_validate(make_answer(sources=[{"id": "s", "text": "t", "origin": None}]))
    assert answer.sources[0].origin == "unknown"


def test_vocabularies_are_the_spec_words() -> None:
    assert [v.value for v in Verdict] == ["stated", "contradicted", "absent", "partial"]
    assert {k.value for k in ClaimKind} == {"figure", "date", "name", "policy", "relation"}
    assert {k.value for k in InventionKind} == {
        "plausible_specifics",
        "bridging_inference",
        "confident_generalisation",
        "fabricated_provenance",
    }


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param(
            {k: v for k, v in make_answer().items() if k != "question"},
            "missing field 'question'",
            id="missing-question",
        ),
        pytest.param(make_answer(response=42), "field 'response'", id="wrong-type"),
        pytest.param(
            make_answer(sources=[{"id": "s"}]),
            "missing field 'sources.0.text'",
            id="source-without-text",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "kind": "opinion"}]),
            "field 'claims.0.kind': 'opinion' is not one of",
            id="bad-kind",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "verdict": "true"}]),
            "field 'claims.0.verdict'",
            id="bad-verdict",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "invention_kind": "lie"}]),
            "field 'claims.0.invention_kind'",
            id="bad-invention-kind",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "span": [0, 999]}]),
            "claims[0].span [0, 999] is outside the response",
            id="span-out-of-range",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "span": [5, 2]}]),
            "field 'claims.0.span'",
            id="span-reversed",
        ),
        pytest.param(
            make_answer(claims=[{"text": "x", "citation": 1, "evidence": [0, 500]}]),
            "claims[0].evidence [0, 500] is outside source 1",
            id="evidence-out-of-range",
        ),
        pytest.param(
            make_answer(
                claims=[
                    {
                        "text": "x",
                        "reviews": [
                            {"reviewer": "dana", "verdict": "stated", "at": "2026-11-30T10:12:00"}
                        ],
                    }
                ]
            ),
            "with a zone",
            id="review-time-without-zone",
        ),
        pytest.param(
            make_answer(
                claims=[
                    {"text": "x", "reviews": [{"reviewer": "dana", "at": "2026-11-30T10:12:00Z"}]}
                ]
            ),
            "missing field 'claims.0.reviews.0.verdict'",
            id="review-without-verdict",
        ),
        pytest.param(make_answer(id=""), "field 'id'", id="empty-id"),
        pytest.param(
            make_answer(claims=[{"text": "x", "citation": 0}]),
            "citation numbers start at 1",
            id="citation-zero",
        ),
    ],
)
def test_bad_records_name_the_field(record: dict, expected: str) -> None:
    with pytest.raises(ValidationError) as info:
        Answer.model_validate(record)
    assert expected in describe_error(info.value)
