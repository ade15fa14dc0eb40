"""Write tables of answers as pandas, polars and Hugging Face datasets write them.

Run with a Python that has pandas, polars and datasets installed (not needed by the test
suite): ``python tests/data/producers/make_tables.py``. The columns are the ones most
tutorials and ragas 0.1 use (``question``, ``answer``, ``contexts``, ``ground_truth``), with
no id. Writes ``tables/``:

- ``pandas.csv``: ``DataFrame.to_csv`` (the ``contexts`` lists as Python repr).
- ``pandas_sources.csv``: groundtui's own columns, ``sources`` a list of objects, by pandas.
- ``polars.jsonl``: ``DataFrame.write_ndjson`` (polars cannot write a list column as CSV).
- ``datasets.jsonl`` and ``datasets.csv``: ``Dataset.to_json`` and ``Dataset.to_csv``.
- ``prompt.csv``: pandas, with columns no alias covers (``prompt``, ``completion``,
  ``chunks``), for ``--map``.
- ``VERSIONS``.
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import datasets
import pandas as pd
import polars as pl
from support_bot import answers

OUT = Path(__file__).parent / "tables"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    rows = [
        {
            "question": a["question"],
            "answer": a["response"],
            "contexts": [s["text"] for s in a["sources"]],
            "ground_truth": a["response"],
        }
        for a in answers()
    ]
    pd.DataFrame(rows).to_csv(OUT / "pandas.csv", index=False)
    own = [
        {k: a[k] for k in ("id", "question", "response")}
        | {
            "sources": [
                {"id": s["id"], "title": s["title"], "text": s["text"]} for s in a["sources"]
            ]
        }
        for a in answers()
    ]
    pd.DataFrame(own).to_csv(OUT / "pandas_sources.csv", index=False)
    pl.DataFrame(rows).write_ndjson(OUT / "polars.jsonl")
    dataset = datasets.Dataset.from_list(rows)
    dataset.to_json(OUT / "datasets.jsonl", force_ascii=False)
    dataset.to_csv(OUT / "datasets.csv", index=False)
    renamed = [
        {"prompt": r["question"], "completion": r["answer"], "chunks": r["contexts"]} for r in rows
    ]
    pd.DataFrame(renamed).to_csv(OUT / "prompt.csv", index=False)
    (OUT / "VERSIONS").write_text(
        "".join(f"{n} {version(n)}\n" for n in ("pandas", "polars", "datasets", "pyarrow"))
    )


if __name__ == "__main__":
    main()
