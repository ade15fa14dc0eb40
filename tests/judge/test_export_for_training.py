"""Label rows that train and calibrate a verifier as they stand (docs/export.md "For
training"): a database with reviewed, adjudicated, unreviewed, uncited, dangling and
multi-citation claims, judged by a model on the local test server, exported in every format
and checked column by column against the database and against what the model was sent.

Here beside the judge's tests because ``source`` must be what the judge read: the test
server records it."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.exporting import claim_rows as exports
from groundtui.exporting import hf
from groundtui.exporting import parquet as export_parquet
from groundtui.judge.pipeline import judge_answers
from groundtui.report.compute import compute
from groundtui.store import Store

RETURNS = "Sofas can be returned within 14 days of delivery."
REFUNDS = "Refunds are issued within 5 working days."
GIFTS = "Gift cards never expire."
SOURCES = [
    {"id": "returns", "title": "Returns", "origin": "help-centre", "text": RETURNS},
    {"id": "refunds", "title": "Refunds", "origin": "pdf-archive", "text": REFUNDS},
    {"id": "gifts", "origin": "faq", "text": GIFTS},
]
RESPONSE = (
    "Sofas can be returned within 14 days of delivery [1]. "
    "Refunds are issued within 5 working days [1][2]. "
    "Gift cards never expire. "
    "Delivery is always free [4]."
)
NEW = ["source", "evidence_source_id", "label_source", "supported", "question", "response"]


def _answer(answer_id: str) -> dict:
    return {
        "id": answer_id,
        "question": f"What about my sofa ({answer_id})?",
        "response": RESPONSE,
        "sources": SOURCES,
    }


@pytest.fixture
async def judged(server, store: Store, load, make_judge) -> Store:
    """Twelve answers of four claims each, judged by the model; the first answer's first
    claim reviewed, its second (citing [1][2]) labelled by two reviewers and adjudicated,
    the rest of it unreviewed; the second answer's first claim reviewed too."""
    load(*(_answer(f"A-{i:02}") for i in range(12)))
    await judge_answers(store, make_judge(), all_answers=True)
    store.settings.set("overlap", "1")  # every answer: the reviewers' kappa counts A-00#2
    store.labels.add_review("A-00#1", "dana", "stated")
    store.labels.add_review("A-00#2", "dana", "partial", "confident_generalisation")
    store.labels.add_review("A-00#2", "lee", "absent", "plausible_specifics", independent=True)
    store.team.add_adjudication("A-00#2", "lead", "stated")
    store.labels.add_review("A-01#1", "lee", "contradicted", "plausible_specifics")
    return store


def _sent(server) -> dict[str, str]:
    """What the model was asked to verify each claim against, by claim text."""
    return {c.claim: c.source for c in server.calls if c.kind == "verify"}


def _expected(store: Store, server) -> dict[str, dict]:
    """Every claim's new columns, worked out from the database's own tables."""
    sent = _sent(server)
    found = {}
    for c in store.query(
        "select c.id, c.text, c.dangling, a.question, a.response from claims c"
        " join answers a on a.id = c.answer_id"
    ):
        adjudicated = store.query(
            "select verdict from adjudications where claim_id = ? order by at desc, id desc",
            [c["id"]],
        )
        reviewed = store.query(
            "select verdict from reviews where claim_id = ? order by at desc, id desc", [c["id"]]
        )
        judged = store.query(
            "select verdict, evidence_text from judgements where claim_id = ?"
            " order by at desc, id desc",
            [c["id"]],
        )
        if adjudicated:
            source, label = "adjudicated", adjudicated[0]["verdict"]
        elif reviewed:
            source, label = "reviewer", reviewed[0]["verdict"]
        else:
            source, label = "judge", judged[0]["verdict"]
        evidence = judged[0]["evidence_text"] or None
        holder = {"sofas": "returns", "refunds": "refunds", "gift": "gifts"}
        found[c["id"]] = {
            "question": c["question"],
            "response": c["response"],
            # a dangling citation is not sent to the model: nothing was read
            "source": None if c["dangling"] else sent[c["text"]],
            "evidence_source_id": holder[c["text"].split()[0].lower()] if evidence else None,
            "label_source": source,
            "supported": int(label == "stated"),
            "label": label,
        }
    return found


@pytest.mark.slow
async def test_every_format_carries_what_a_verifier_trains_on(
    judged: Store, server, tmp_path: Path
) -> None:
    store = judged
    expected = _expected(store, server)
    assert len(expected) == 48
    # the database holds each case the export must tell apart
    multi = expected["A-00#2"]
    assert multi["source"] == RETURNS + "\n\n" + REFUNDS  # the cited two, in citation order
    assert expected["A-00#3"]["source"] == RETURNS + "\n\n" + REFUNDS + "\n\n" + GIFTS
    assert expected["A-00#4"]["source"] is None

    rows = [json.loads(line) for line in _run(store, "--format", "jsonl").splitlines()]
    assert len(rows) == 48
    for row in rows:
        want = expected[row["claim_id"]]
        assert {k: row[k] for k in [*NEW, "label"]} == want, row["claim_id"]
    by_id = {r["claim_id"]: r for r in rows}
    # the multi-citation row agrees with itself: its evidence is from the source it names
    two = by_id["A-00#2"]
    assert (two["source_id"], two["evidence_source_id"]) == ("returns", "refunds")
    assert two["evidence"] == "Refunds are issued within 5 working days"
    assert two["evidence"] in REFUNDS and two["evidence"] not in RETURNS
    assert (two["label_source"], two["adjudicator"]) == ("adjudicated", "lead")
    assert [by_id[f"A-00#{n}"]["label_source"] for n in (1, 3, 4)] == [
        "reviewer",
        "judge",
        "judge",
    ]

    table = list(csv.DictReader(io.StringIO(_run(store, "--format", "csv"))))
    assert [r["claim_id"] for r in table] == [r["claim_id"] for r in rows]
    for cells, row in zip(table, rows, strict=True):
        assert {k: cells[k] for k in NEW} == {k: "" if row[k] is None else str(row[k]) for k in NEW}

    parquet = tmp_path / "labels.parquet"
    export_parquet.export_parquet(store, parquet)
    assert export_parquet.read_rows(str(parquet)) == rows

    # hf: people's labels only unless asked, the same rows otherwise
    folder = tmp_path / "hf"
    counts = hf.export_hf(store, folder)
    people = [r for r in rows if r["label_source"] != "judge"]
    assert sum(counts.values()) == len(people) == 3
    written = [r for f in (folder / "data").iterdir() for r in export_parquet.read_rows(str(f))]
    assert sorted(r["claim_id"] for r in written) == sorted(r["claim_id"] for r in people)
    hf.export_hf(store, folder, human_only=False)
    held = {f.stem: export_parquet.read_rows(str(f)) for f in sorted((folder / "data").iterdir())}
    assert {r["split"] for r in rows} == set(held)
    assert sorted(r["claim_id"] for s in held.values() for r in s) == sorted(by_id)
    for split, split_rows in held.items():
        assert all(r == by_id[r["claim_id"]] and r["split"] == split for r in split_rows)
        pairs = pq.read_table(folder / "aggrefact" / f"{split}.parquet").to_pylist()
        assert pairs == [
            {"doc": r["source"], "claim": r["claim"], "label": r["supported"]}
            for r in split_rows
            if r["source"] is not None
        ]
    card = (folder / "README.md").read_text(encoding="utf-8")
    assert f"from the database `{store.path}`" in card
    for split in exports.SPLITS:  # the card's counts are the rows written
        mine = held.get(split, [])
        sources = {s: sum(r["label_source"] == s for r in mine) for s in ("judge", "reviewer")}
        assert f"| default | {split} | {len(mine)} |" in card
        if mine:
            assert f"judge {sources['judge']}, reviewer {sources['reviewer']} |" in card
    # the report's numbers: dana and lee disagree on the one claim both labelled
    rvr = compute(store)["agreement"]["reviewer_vs_reviewer"]
    assert rvr["n"] == 1
    assert (
        "- Reviewers with each other (the overlap's claims two reviewers labelled, each"
        f" before seeing the other's): Cohen's kappa "
        f"{rvr['kappa']:.3f} (95% interval {rvr['ci'][0]:.3f} to {rvr['ci'][1]:.3f}), "
        "raw agreement 0.000, over 1 claim.\n"
    ) in card


@pytest.mark.slow
async def test_splits_are_disjoint_by_answer_and_stable_as_answers_come(
    judged: Store, load, make_judge
) -> None:
    before = {r["claim_id"]: r["split"] for r in exports.rows(judged)}
    answers: dict[str, set[str]] = {}
    for claim_id, split in before.items():
        answers.setdefault(claim_id.split("#")[0], set()).add(split)
    assert all(len(splits) == 1 for splits in answers.values())  # an answer in one split
    load(*(_answer(f"B-{i:02}") for i in range(20)))
    await judge_answers(judged, make_judge(), all_answers=True)
    after = {r["claim_id"]: r["split"] for r in exports.rows(judged)}
    assert len(after) == len(before) + 80
    assert {k: after[k] for k in before} == before
    assert set(after.values()) == set(exports.SPLITS)
    shares = exports.parse_splits("train=0.5,validation=0.25,test=0.25")
    moved = {r["claim_id"]: r["split"] for r in exports.rows(judged, shares=shares)}
    assert moved != after


async def test_the_two_configs_load_with_datasets(judged: Store, tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets")
    folder = tmp_path / "hf"
    hf.export_hf(judged, folder, human_only=False)
    rows = list(exports.rows(judged))
    labels = datasets.load_dataset(str(folder), cache_dir=str(tmp_path / "c1"))
    pairs = datasets.load_dataset(str(folder), "aggrefact", cache_dir=str(tmp_path / "c2"))
    assert set(labels) == set(pairs) == {r["split"] for r in rows}  # none of no rows
    for split in labels:
        mine = [r for r in rows if r["split"] == split]
        loaded = labels[split].to_list()
        for row in loaded:
            row["meta"] = json.loads(row["meta"])
        assert loaded == mine
        assert pairs[split].to_list() == [
            {"doc": r["source"], "claim": r["claim"], "label": r["supported"]}
            for r in mine
            if r["source"] is not None
        ]
    assert pairs["train"].features["label"].dtype == "int64"
    assert labels["train"].features["supported"].dtype == "int64"


def _run(store: Store, *args: str) -> str:
    result = CliRunner().invoke(cli, ["export", *args, "--db", store.path])
    assert result.exit_code == 0, result.output
    return result.stdout
