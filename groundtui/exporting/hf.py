"""``groundtui export --format hf``: a folder that Hugging Face ``datasets`` loads
(docs/export.md): the rows of each ``split`` in ``data/<split>.parquet`` and a dataset card,
``README.md``, naming the columns and their types.

The folder is written under a scratch name beside the target (``groundtui.scratch``) and put
in place only once complete, replacing an earlier ``hf`` export whole; any other folder is
refused, so an export never deletes files it did not write.

The card's front matter is what ``datasets`` reads when the folder is loaded by its name:
``configs`` (a split's Parquet file each) and ``dataset_info`` (every column's type, in the
YAML that ``datasets.Features`` writes; no split sizes, which ``datasets`` wants with sizes
in bytes of its own Arrow form: the text gives the rows of each). The table below it says
what each column means.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
from contextlib import ExitStack, closing
from pathlib import Path

from groundtui.exporting.labels import COLUMNS, TEST_SHARE, rows
from groundtui.exporting.parquet import REVIEWER_FIELDS, BatchWriter, output_path
from groundtui.scratch import make_folder, sweep
from groundtui.store import Store

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


def export_hf(
    store: Store,
    output: str | Path,
    *,
    reviewed_only: bool = False,
    judge: str | None = None,
    cell: tuple[str | None, str | None] = (None, None),
    all_claims: bool = False,
) -> dict[str, int]:
    """Write the Hugging Face folder ``output``; return the rows per split.

    ``output`` may be new, an empty folder, or an earlier ``hf`` export (replaced whole);
    any other folder is refused, so an export never deletes files it did not write.

    Raises:
        ValueError: no folder name.
        OSError: the folder cannot be written, or is taken; nothing is left half-written.
    """
    target = output_path(output, "FOLDER")
    _check_folder(target, str(output))
    sweep(target.parent)
    temporary = make_folder(target.parent, f".{target.name}", ".tmp")
    try:
        if target.is_dir():  # an earlier export's folder keeps its mode
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode) & 0o777)
        (temporary / "data").mkdir()
        with ExitStack() as stack:
            files = {
                split: stack.enter_context(open(temporary / "data" / f"{split}.parquet", "wb"))
                for split in SPLITS
            }
            writers = {split: stack.enter_context(BatchWriter(files[split])) for split in SPLITS}
            with closing(
                rows(
                    store,
                    reviewed_only=reviewed_only,
                    judge=judge,
                    cell=cell,
                    all_claims=all_claims,
                )
            ) as source:
                for row in source:
                    writers[row["split"]].add(row)
            for split in SPLITS:
                writers[split].close()
                files[split].flush()
                os.fsync(files[split].fileno())
        counts = {split: writers[split].rows for split in SPLITS}
        (temporary / "README.md").write_text(card(counts), encoding="utf-8")
        _swap_in(temporary, target)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return counts


def _check_folder(target: Path, name: str) -> None:
    """Refuse a target that is a file, or a folder holding anything but an earlier export."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise NotADirectoryError(errno.ENOTDIR, "is a file, not a folder name", name)
    if target.is_dir() and not _is_export(target):
        raise FileExistsError(
            errno.EEXIST, "is a folder that is neither empty nor an earlier hf export", name
        )


def _is_export(folder: Path) -> bool:
    """Empty, or exactly what ``export_hf`` writes: README.md and data/ of split files."""
    entries = {p.name for p in folder.iterdir()}
    if not entries:
        return True
    data = folder / "data"
    return (
        entries == {"README.md", "data"}
        and data.is_dir()
        and not data.is_symlink()
        and {p.name for p in data.iterdir()} <= {f"{split}.parquet" for split in SPLITS}
    )


def _swap_in(temporary: Path, target: Path) -> None:
    """Put the finished folder at ``target``, replacing an earlier export whole."""
    if not target.exists():
        os.replace(temporary, target)
        return
    if not any(target.iterdir()):
        os.replace(temporary, target)  # rename(2) replaces an empty folder
        return
    old = make_folder(target.parent, f".{target.name}", ".old", mode=0o700)
    os.replace(target, old / target.name)
    os.replace(temporary, target)
    shutil.rmtree(old, ignore_errors=True)
