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
from collections import Counter
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from groundtui import __version__
from groundtui.exporting.claim_rows import COLUMNS, SHARES, SPLITS, rows
from groundtui.exporting.parquet import JSON_TEXT, REVIEWER_FIELDS, BatchWriter, output_path
from groundtui.report.compute import compute
from groundtui.scratch import make_folder, sweep
from groundtui.store import Store
from groundtui.targets import refuse_database

CONFIGS = ("default", "aggrefact")
CONFIG_FOLDERS = ("data", "aggrefact")
"""Where each config's split files are: ``data/<split>.parquet``, ``aggrefact/<split>.parquet``."""

MEANINGS = {
    "answer_id": "the answer's id, as imported",
    "claim_id": "the claim's id, stable across runs: `<answer id>#<n>`",
    "claim": "the claim's text",
    "kind": "figure, date, name, policy or relation",
    "citation": "the first source number the claim cites (null: uncited)",
    "source_id": "the first cited source's id (null: the claim counts under no source)",
    "source_origin": "that source's origin",
    "evidence": "the judge's evidence span text, or null",
    "evidence_source_id": "the id of the source that evidence is from (null: no evidence)",
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
    "label_source": "whose label `label` is: adjudicated, reviewer or judge",
    "supported": "1 when `label` is stated, else 0 (null: no label)",
    "reviewers": "every reviewer's latest label on the claim, oldest first "
    "(reviewer, verdict, invention_kind, note, at; blind: made with the judge's labels "
    "hidden; independent: with the other reviewers' hidden)",
    "adjudicator": "who settled a disagreement between reviewers",
    "adjudicated_verdict": "the adjudicated verdict",
    "adjudicated_invention_kind": "the adjudicated invention kind",
    "citations": "every source number the claim cites",
    "source_ids": "every source the claim cites (null: it counts under no source)",
    "meta": "the answer's meta object (trace and span ids from a tracing tool) as JSON text",
    "question": "the answer's question",
    "response": "the answer's response, as imported",
    "source": "the text the claim is verified against, as the judges read it: the sources it "
    "cites, joined in citation order by a blank line (an uncited claim: all the answer's; "
    "null: a dangling citation, or no sources)",
    "split": "train, validation or test: a stable, salted hash of the answer id",
}

_LIST = {"citations": "int64", "source_ids": "string"}
_INT = ("citation", "supported")


AGGREFACT = {
    "doc": ("string", "the text the claim is verified against: the export's `source`"),
    "claim": ("string", "the claim's text"),
    "label": ("int64", "1 when the claim is stated in the doc, else 0: the export's `supported`"),
}
"""The ``aggrefact`` config's columns, as MiniCheck and LLM-AggreFact trainers read them."""


def aggrefact_row(row: dict) -> dict | None:
    """A label row as an ``aggrefact`` row; None for a claim with no text to check it
    against (a dangling citation, no sources) or no label."""
    if row["source"] is None or row["supported"] is None or row["label"] == "not_a_claim":
        return None
    return {"doc": row["source"], "claim": row["claim"], "label": row["supported"]}


@cache
def aggrefact_schema() -> Any:
    """The ``aggrefact`` config's Parquet schema."""
    import pyarrow as pa

    return pa.schema([(name, pa.type_for_alias(kind)) for name, (kind, _) in AGGREFACT.items()])


@dataclass
class SplitTally:
    """The rows of one split of one config: how many, by label and by label source."""

    rows: int = 0
    labels: Counter[str] = field(default_factory=Counter)
    label_sources: Counter[str] = field(default_factory=Counter)

    def add(self, label: object, label_source: object) -> None:
        """Count one row."""
        self.rows += 1
        self.labels[str(label)] += 1
        self.label_sources[str(label_source)] += 1


@dataclass
class About:
    """What the card says beside the rows: where they came from and what they are worth."""

    database: str
    human_only: bool
    shares: dict[str, float]
    agreement: dict[str, Any]
    """The report's ``agreement``: ``reviewer_vs_reviewer`` and ``judge_vs_reviewer``."""


def card(tallies: dict[str, dict[str, SplitTally]], about: About) -> str:
    """The card for an export of ``tallies`` (config -> split -> rows)."""
    lines = ["---", "configs:"]
    for config in CONFIGS:
        lines += [f"- config_name: {config}"]
        if config == "default":
            lines.append("  default: true")
        lines.append("  data_files:")
        for split in SPLITS:
            if split not in _empty(tallies[config]):
                lines += [f"  - split: {split}", f"    path: {_path(config, split)}"]
    lines += ["dataset_info:", "- config_name: default", "  features:"]
    for name in COLUMNS:
        lines.append(f"  - name: {name}")
        if name in _INT:
            lines.append("    dtype: int64")
        elif name in _LIST:
            lines.append(f"    list: {_LIST[name]}")
        elif name == "reviewers":
            lines.append("    list:")
            for field_name, kind in REVIEWER_FIELDS.items():
                lines += [f"    - name: {field_name}", f"      dtype: {kind}"]
        else:
            lines.append("    dtype: string")
    lines += ["- config_name: aggrefact", "  features:"]
    for name, (kind, _) in AGGREFACT.items():
        lines += [f"  - name: {name}", f"    dtype: {kind}"]
    lines += ["tags:", "- groundtui", "- rag", "- groundedness", "---", ""]
    default = tallies["default"]
    total = sum(t.rows for t in default.values())
    shares = "/".join(f"{about.shares[split] * 100:g}" for split in SPLITS)
    whose = (
        "people's labels only (adjudicated, else the latest reviewer's)"
        if about.human_only
        else "people's labels, and the judge's for claims no person labelled (`label_source` judge)"
    )
    lines += [
        "# groundtui labels",
        "",
        f"One row per claim of a RAG assistant's answers: {total:,} claims, "
        + ", ".join(f"{default[split].rows:,} in `{split}`" for split in SPLITS)
        + f"; {whose}. Written by `groundtui export --format hf` (groundtui "
        f"{__version__}) from the database `{about.database}`. An answer's claims are all "
        f"in one split ({shares} by answer, {'/'.join(SPLITS)}), and an answer keeps its "
        "split as the database grows.",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        'labels = load_dataset("THIS_FOLDER")  # every column',
        'pairs = load_dataset("THIS_FOLDER", "aggrefact")  # doc, claim, label (0/1)',
        "```",
        "",
        "## What the labels are worth",
        "",
        *_agreement_lines(about.agreement),
        "",
        "## Rows",
        "",
        "| config | split | rows | by label | by label source |",
        "| --- | --- | --- | --- | --- |",
    ]
    for config in CONFIGS:
        for split in SPLITS:
            t = tallies[config][split]
            lines.append(
                f"| {config} | {split} | {t.rows:,} | {_counted(t.labels)} | "
                f"{_counted(t.label_sources)} |"
            )
    lines += [
        "",
        "## The `default` config",
        "",
        "Null means what it does in groundtui's JSON Lines export; `meta` is JSON text "
        "(`json.loads` it) because its keys differ from answer to answer.",
        "",
        "| column | type | meaning |",
        "| --- | --- | --- |",
    ]
    for name in COLUMNS:
        lines.append(f"| `{name}` | {_type(name)} | {MEANINGS[name]} |")
    lines += [
        "",
        "## The `aggrefact` config",
        "",
        "The claims of `default` that have a text to check them against and a label "
        "(a claim with a dangling citation, or of an answer without sources, is left out), "
        "in the columns MiniCheck and LLM-AggreFact trainers read.",
        "",
        "| column | type | meaning |",
        "| --- | --- | --- |",
    ]
    for name, (kind, meaning) in AGGREFACT.items():
        lines.append(f"| `{name}` | {kind} | {meaning} |")
    return "\n".join(lines) + "\n"


def _counted(counts: Counter[str]) -> str:
    return ", ".join(f"{name} {n:,}" for name, n in sorted(counts.items())) or "none"


def _agreement_lines(agreement: dict[str, Any]) -> list[str]:
    """The reviewers' kappa and the judge's agreement with people, over the whole database."""
    found = []
    for key, who in (
        (
            "reviewer_vs_reviewer",
            "Reviewers with each other (the overlap's claims two reviewers labelled, each"
            " before seeing the other's)",
        ),
        ("judge_vs_reviewer", "The judge with people (claims both labelled)"),
    ):
        a = agreement[key]
        if not a["n"]:
            found.append(f"- {who}: no claims to compare.")
            continue
        kappa = "undefined" if a["kappa"] is None else f"{a['kappa']:.3f}"
        ci = a.get("ci")
        interval = f" (95% interval {ci[0]:.3f} to {ci[1]:.3f})" if ci else ""
        found.append(
            f"- {who}: Cohen's kappa {kappa}{interval}, raw agreement "
            f"{a['raw']:.3f}, over {a['n']:,} claim{'' if a['n'] == 1 else 's'}."
        )
    found.append(
        "- Over every claim of the database, as `groundtui report` counts them; "
        "the judge is each claim's latest unless `--judge` named one."
    )
    return found


def _empty(tallies: dict[str, SplitTally]) -> list[str]:
    """The splits of one config left out for holding no rows: every empty one, but ``train``
    when all are empty, so that the config still has a file with its columns."""
    empty = [split for split in SPLITS if not tallies[split].rows]
    return [s for s in empty if s != "train"] if len(empty) == len(SPLITS) else empty


def _path(config: str, split: str) -> str:
    return f"data/{split}.parquet" if config == "default" else f"{config}/{split}.parquet"


def _type(name: str) -> str:
    if name in _INT:
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
    human_only: bool = True,
    shares: dict[str, float] = SHARES,
    database: str | None = None,
) -> dict[str, int]:
    """Write the Hugging Face folder ``output``; return the rows per split.

    ``output`` may be new, an empty folder, or an earlier ``hf`` export (replaced whole);
    any other folder is refused, so an export never deletes files it did not write.

    Args:
        human_only: people's labels only; False adds the claims only the judge labelled.
        shares: each split's share of answers.
        database: the database's name for the card (default: ``store.path``).

    Raises:
        ValueError: no folder name.
        OSError: the folder cannot be written, or is taken; nothing is left half-written.
    """
    target = output_path(output, "FOLDER")
    _check_folder(target, str(output))
    sweep(target.parent)
    temporary = make_folder(target.parent, f".{target.name}", ".tmp")
    tallies = {config: {split: SplitTally() for split in SPLITS} for config in CONFIGS}
    try:
        if target.is_dir():  # an earlier export's folder keeps its mode
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode) & 0o777)
        for config in CONFIGS:
            (temporary / _path(config, SPLITS[0])).parent.mkdir()
        with ExitStack() as stack:
            files = {
                (config, split): stack.enter_context(open(temporary / _path(config, split), "wb"))
                for config in CONFIGS
                for split in SPLITS
            }
            writers = {
                (config, split): stack.enter_context(
                    BatchWriter(
                        files[config, split],
                        table=None if config == "default" else aggrefact_schema(),
                        json_text=JSON_TEXT if config == "default" else (),
                    )
                )
                for config, split in files
            }
            with closing(
                rows(
                    store,
                    reviewed_only=reviewed_only,
                    judge=judge,
                    cell=cell,
                    all_claims=all_claims,
                    human_only=human_only,
                    shares=shares,
                )
            ) as source:
                for row in source:
                    split = row["split"]
                    writers["default", split].add(row)
                    tallies["default"][split].add(row["label"], row["label_source"])
                    pair = aggrefact_row(row)
                    if pair is not None:
                        writers["aggrefact", split].add(pair)
                        tallies["aggrefact"][split].add(pair["label"], row["label_source"])
            for key, writer in writers.items():
                writer.close()
                files[key].flush()
                os.fsync(files[key].fileno())
        for config in CONFIGS:  # datasets refuses a split of no rows: leave it out
            for split in SPLITS:
                if split in _empty(tallies[config]):
                    (temporary / _path(config, split)).unlink()
        about = About(
            database=database or store.path,
            human_only=human_only,
            shares=shares,
            agreement=compute(store, judge)["agreement"],
        )
        (temporary / "README.md").write_text(card(tallies, about), encoding="utf-8")
        _swap_in(temporary, target)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return {split: tallies["default"][split].rows for split in SPLITS}


def _check_folder(target: Path, name: str) -> None:
    """Refuse a target that is a file, a folder holding anything but an earlier export, or
    a name SQLite gives a database's files (a folder ``team.db-wal`` blocks ``team.db``)."""
    refuse_database(target)
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
    if not {"README.md", "data"} <= entries <= {"README.md", *CONFIG_FOLDERS}:
        return False
    for name in entries - {"README.md"}:
        folder_of = folder / name
        if not folder_of.is_dir() or folder_of.is_symlink():
            return False
        # An earlier export's split files, of this version's splits or the train/test of old
        if not {p.name for p in folder_of.iterdir()} <= {
            f"{split}.parquet" for split in (*SPLITS, "test")
        }:
            return False
    return True


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
