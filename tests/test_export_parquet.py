"""The export for training (docs/export.md): ``--format parquet`` and ``--format hf``.

The Parquet rows are the JSON Lines rows, typed; the hf folder holds them by split with a
dataset card naming every column. Read back with pyarrow always; with Hugging Face
``datasets`` too where it is installed (it is not a dependency: see docs/export.md).
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner, Result

from groundtui.cli import cli
from groundtui.exporting import claim_rows as exports
from groundtui.exporting import hf
from groundtui.exporting import parquet as export_parquet
from groundtui.exporting import parquet as writer
from groundtui.exporting.hf import MEANINGS
from groundtui.importing.files import import_files
from groundtui.store import Store
from tests.test_export import ALL_COLUMNS, ANSWERS, FAQ, REFUNDS, jsonl, many_answers, write_answers

MULTI: dict[str, Any] = {
    "id": "M1",
    "question": "q",
    "response": "Refunds take 5 days [1][2].",
    "sources": [REFUNDS, FAQ],
    "meta": {"trace_id": "abc", "n": 3, "tags": ["x"]},
    "claims": [{"text": "Refunds take 5 days."}],
}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """The JSON Lines export's answers, a claim citing two sources with meta, 40 more."""
    path = write_answers(tmp_path / "answers.jsonl", [*ANSWERS, MULTI, *many_answers(40)])
    with Store(tmp_path / "export.db") as s:
        assert import_files(s, [str(path)]).exit_code == 0
        s.labels.add_review("E2#1", "lee", None, at="2026-12-01T00:00:00.000000Z")  # retracted
        s.labels.add_judgement(
            "E1#2", "second", "v1", verdict="stated", at="2030-01-01T00:00:00.000000Z"
        )
        yield s


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["export", *args])


def test_parquet_rows_are_the_jsonl_rows_typed(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "labels.parquet"
    assert export_parquet.export_parquet(store, target) == 125
    table = pq.read_table(target)
    assert table.schema.names == ALL_COLUMNS == exports.COLUMNS
    types = {f.name: f.type for f in table.schema}
    assert types["citation"] == pa.int64()
    assert types["citations"] == pa.list_(pa.int64())
    assert types["source_ids"] == pa.list_(pa.string())
    assert types["reviewers"] == pa.list_(
        pa.struct(
            [(k, pa.string()) for k in ("reviewer", "verdict", "invention_kind", "note", "at")]
            + [("blind", pa.bool_()), ("independent", pa.bool_())]
        )
    )
    others = set(ALL_COLUMNS) - {"citation", "supported", "citations", "source_ids", "reviewers"}
    assert {types[c] for c in others} == {pa.string()}  # meta too: its JSON text
    expected = jsonl(store)
    assert writer.read_rows(str(target)) == expected  # every value, null, list and struct
    multi = next(r for r in table.to_pylist() if r["answer_id"] == "M1")
    assert (multi["citations"], multi["source_ids"]) == ([1, 2], ["refunds", "faq"])
    assert json.loads(multi["meta"]) == MULTI["meta"]  # meta is its JSON text


def test_rows_are_written_in_batches(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "small-batches.parquet"
    with target.open("wb") as out:
        assert writer.write(exports.rows(store), out, batch_rows=50) == 125
    assert pq.ParquetFile(target).metadata.num_row_groups == 3  # 50 + 50 + 25
    assert writer.read_rows(str(target)) == jsonl(store)
    empty = tmp_path / "empty.parquet"
    with empty.open("wb") as out:
        assert writer.write(iter(()), out) == 0
    assert pq.read_table(empty).schema.names == ALL_COLUMNS  # no rows, still the columns


def test_cli_parquet_with_reviewed_only_and_judge(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "labels.parquet"
    result = run("--format", "parquet", "-o", str(target), "--reviewed-only", "--db", store.path)
    assert result.exit_code == 0, result.output
    assert result.stderr == f"Wrote 1 claim to {target}.\n"
    assert writer.read_rows(str(target)) == jsonl(store, reviewed_only=True)
    result = run("--format", "parquet", "-o", str(target), "--judge", "prod", "--db", store.path)
    assert result.exit_code == 0, result.output
    rows = writer.read_rows(str(target))
    assert rows == jsonl(store, judge="prod")
    assert rows[1]["judge"] == "prod"  # not the later judge "second"


def test_parquet_and_hf_need_an_output_name(store: Store) -> None:
    for fmt, what in (("parquet", "a file"), ("hf", "a folder")):
        result = run("--format", fmt, "--db", store.path)
        assert result.exit_code == 2
        assert result.stderr == (
            f"groundtui: --format {fmt} writes {what}, not to stdout: give -o "
            f"{'FILE.parquet' if fmt == 'parquet' else 'FOLDER'}\n"
        )
        with pytest.raises(ValueError, match="no output name"):
            export_parquet.export_parquet(store, "-")


def test_a_bad_output_path_leaves_nothing(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no-such-folder" / "labels.parquet"
    for fmt in ("parquet", "hf"):
        result = run("--format", fmt, "-o", str(missing), "--db", store.path)
        assert result.exit_code == 2
        assert result.stderr == f"groundtui: cannot write {missing}: No such file or directory\n"
    result = run("--format", "parquet", "-o", str(tmp_path), "--db", store.path)
    assert result.stderr == f"groundtui: cannot write {tmp_path}: is a folder, not a file name\n"
    before = sorted(p.name for p in tmp_path.iterdir())
    # A failure halfway: the earlier export stays, no temporary file or folder is left.
    earlier = tmp_path / "labels.parquet"
    earlier.write_bytes(b"the previous export")
    real_rows = exports.rows

    def failing(*args: Any, **kwargs: Any) -> Iterator[dict]:
        yield from list(real_rows(*args, **kwargs))[:60]
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(export_parquet, "rows", failing)
    monkeypatch.setattr(hf, "rows", failing)
    with pytest.raises(RuntimeError):
        export_parquet.export_parquet(store, earlier)
    with pytest.raises(RuntimeError):
        hf.export_hf(store, tmp_path / "hf")
    assert earlier.read_bytes() == b"the previous export"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "labels.parquet"])


def test_hf_folder_by_split_with_a_card(store: Store, tmp_path: Path) -> None:
    folder = tmp_path / "labels"
    result = run("--format", "hf", "--with-judge-labels", "-o", str(folder), "--db", store.path)
    assert result.exit_code == 0, result.output
    expected = jsonl(store)
    by_split = {s: [r for r in expected if r["split"] == s] for s in exports.SPLITS}
    assert len(by_split["test"]) > 0 and len(by_split["train"]) > len(by_split["test"])
    assert result.stderr == (
        f"Wrote 125 claims ({len(by_split['train'])} train, "
        f"{len(by_split['validation'])} validation, {len(by_split['test'])} test) "
        f"to {folder}.\n"
    )
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) == [
        "README.md",
        "aggrefact",
        "aggrefact/test.parquet",
        "aggrefact/train.parquet",
        "aggrefact/validation.parquet",
        "data",
        "data/test.parquet",
        "data/train.parquet",
        "data/validation.parquet",
    ]
    for split, rows in by_split.items():
        assert writer.read_rows(str(folder / "data" / f"{split}.parquet")) == rows
    card = (folder / "README.md").read_text(encoding="utf-8")
    front, body = card.split("---\n")[1:3]
    assert "  - split: train\n    path: data/train.parquet\n" in front
    assert "  - split: test\n    path: data/test.parquet\n" in front
    assert "  - split: validation\n    path: data/validation.parquet\n" in front
    assert "  - split: test\n    path: aggrefact/test.parquet\n" in front
    # the features: default's columns, then aggrefact's
    assert re.findall(r"^  - name: (\w+)$", front, re.M) == [*ALL_COLUMNS, *hf.AGGREFACT]
    assert "  - name: citations\n    list: int64\n" in front
    # the column tables
    assert re.findall(r"^\| `(\w+)` \|", body, re.M) == [*ALL_COLUMNS, *hf.AGGREFACT]
    assert set(MEANINGS) == set(ALL_COLUMNS)


def test_hf_replaces_an_earlier_export_and_no_other_folder(store: Store, tmp_path: Path) -> None:
    folder = tmp_path / "labels"
    folder.mkdir()  # an empty folder is fine
    assert sum(hf.export_hf(store, folder, human_only=False).values()) == 125
    counts = hf.export_hf(store, folder)  # over the last one: people's labels only
    assert sum(counts.values()) == 1  # one split holds no rows: a file of no rows
    # a split of no rows is left out (datasets refuses one), from the folder and the card
    [(split, held)] = [(s, n) for s, n in counts.items() if n]
    assert [p.name for p in (folder / "data").iterdir()] == [f"{split}.parquet"]
    assert pq.read_table(folder / "data" / f"{split}.parquet").num_rows == held == 1
    assert "/validation.parquet" not in (folder / "README.md").read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    result = run("--format", "hf", "-o", str(other), "--db", store.path)
    assert result.exit_code == 2
    assert result.stderr == (
        f"groundtui: cannot write {other}: is a folder that is neither empty nor an earlier "
        "hf export\n"
    )
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    a_file = tmp_path / "answers.jsonl"
    result = run("--format", "hf", "-o", str(a_file), "--db", store.path)
    assert result.stderr == f"groundtui: cannot write {a_file}: is a file, not a folder name\n"


@pytest.mark.skipif(
    importlib.util.find_spec("datasets") is None,
    reason="Hugging Face datasets is not installed (not a dependency; pip install datasets "
    "to run this test)",
)
def test_hf_folder_loads_with_datasets(store: Store, tmp_path: Path) -> None:
    import datasets

    folder = tmp_path / "labels"
    hf.export_hf(store, folder, human_only=False)
    expected = jsonl(store)
    for loaded in (
        datasets.load_dataset(
            "parquet", data_dir=str(folder / "data"), cache_dir=str(tmp_path / "c1")
        ),
        datasets.load_dataset(str(folder), cache_dir=str(tmp_path / "c2")),  # by its card
    ):
        assert set(loaded) == set(exports.SPLITS)
        for split in exports.SPLITS:
            rows = loaded[split].to_list()
            for row in rows:
                row["meta"] = json.loads(row["meta"])
            assert rows == [r for r in expected if r["split"] == split]
        assert loaded["train"].features["citations"].feature.dtype == "int64"
