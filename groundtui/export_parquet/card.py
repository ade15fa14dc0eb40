"""The dataset card (``README.md``) of an ``hf`` export: YAML front matter, then a column table.

The front matter is what Hugging Face ``datasets`` reads when the folder is loaded by its
name: ``configs`` (a split's Parquet file each) and ``dataset_info`` (every column's type, in
the YAML that ``datasets.Features`` writes; no split sizes, which ``datasets`` wants with
sizes in bytes of its own Arrow form: the text gives the rows of each). The table below it says
what each column means, in the words of groundtui's README ("Export").
"""

from __future__ import annotations

from groundtui.export import COLUMNS, TEST_SHARE
from groundtui.export_parquet.writer import REVIEWER_FIELDS

SPLITS = ("train", "test")

MEANINGS = {
    "answer_id": "the answer's id, as imported",
    "claim_id": "the claim's id, stable across runs: `<answer id>#<n>`",
    "claim": "the claim's text",
    "kind": "figure, date, name, policy or relation",
    "citation": "the first source number the claim cites (null: uncited)",
    "source_id": "the first cited source's id (null: the claim counts under no source)",
    "source_origin": "that source's origin",
    "evidence": "the judge's evidence span text, or null",
    "judge": "the judge whose verdict fills the judge columns",
    "judge_verdict": "stated, partial, absent or contradicted",
    "judge_invention_kind": "the judge's invention kind, for a claim not stated",
    "reviewer": "the latest reviewer",
    "reviewer_verdict": "that reviewer's verdict",
    "reviewer_invention_kind": "that reviewer's invention kind",
    "note": "that reviewer's note",
    "reviewed_at": "when, ISO 8601 UTC",
    "label": "the effective verdict: the adjudication's, else the latest reviewer's, "
    "else the judge's",
    "invention_kind": "the effective invention kind, likewise",
    "reviewers": "every reviewer's latest label on the claim, oldest first "
    "(reviewer, verdict, invention_kind, note, at; blind: made with the judge's labels "
    "hidden; independent: with the other reviewers' hidden)",
    "adjudicator": "who settled a disagreement between reviewers",
    "adjudicated_verdict": "the adjudicated verdict",
    "adjudicated_invention_kind": "the adjudicated invention kind",
    "citations": "every source number the claim cites",
    "source_ids": "every source the claim cites (null: it counts under no source)",
    "meta": "the answer's meta object (trace and span ids from a tracing tool) as JSON text",
    "split": "train or test: a stable, salted hash of the answer id",
}

_LIST = {"citations": "int64", "source_ids": "string"}


def card(counts: dict[str, int]) -> str:
    """The card for an export of ``counts`` rows per split."""
    lines = ["---", "configs:", "- config_name: default", "  data_files:"]
    for split in SPLITS:
        lines += [f"  - split: {split}", f"    path: data/{split}.parquet"]
    lines += ["dataset_info:", "  features:"]
    for name in COLUMNS:
        lines.append(f"  - name: {name}")
        if name == "citation":
            lines.append("    dtype: int64")
        elif name in _LIST:
            lines.append(f"    list: {_LIST[name]}")
        elif name == "reviewers":
            lines.append("    list:")
            for field, kind in REVIEWER_FIELDS.items():
                lines += [f"    - name: {field}", f"      dtype: {kind}"]
        else:
            lines.append("    dtype: string")
    lines += ["tags:", "- groundtui", "- rag", "- groundedness", "---", ""]
    total = sum(counts.values())
    test = round(TEST_SHARE * 100)
    lines += [
        "# groundtui labels",
        "",
        f"One row per claim of a RAG assistant's answers: {total:,} claims, "
        + ", ".join(f"{counts[split]:,} in `{split}`" for split in SPLITS)
        + f". Written by `groundtui export --format hf`. An answer's claims are all in one "
        f"split (about {100 - test}/{test} by answer), so a judge can be calibrated on "
        "`train` and checked on `test`.",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        'labels = load_dataset("parquet", data_dir="THIS_FOLDER")  # or load_dataset("THIS_FOLDER")',
        "```",
        "",
        "Null means what it does in groundtui's JSON Lines export; `meta` is JSON text "
        "(`json.loads` it) because its keys differ from answer to answer.",
        "",
        "| column | type | meaning |",
        "| --- | --- | --- |",
    ]
    for name in COLUMNS:
        lines.append(f"| `{name}` | {_type(name)} | {MEANINGS[name]} |")
    return "\n".join(lines) + "\n"


def _type(name: str) -> str:
    if name == "citation":
        return "int64"
    if name in _LIST:
        return f"list of {_LIST[name]}"
    if name == "reviewers":
        return "list of struct"
    return "string"
