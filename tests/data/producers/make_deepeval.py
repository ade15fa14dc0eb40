"""Write deepeval fixtures with deepeval's own ``EvaluationDataset.save_as``.

Run with a Python that has deepeval installed (not needed by the test suite):
``python tests/data/producers/make_deepeval.py``. Writes ``deepeval/`` here: ``plain.json``,
``plain.jsonl``, ``plain.csv`` (contexts as text) and ``sourced.json``, ``sourced.jsonl``
(contexts as ``RetrievedContextData(source, context)``), ``multiline.json`` and
``multiline.jsonl`` (``RetrievedContextData`` whose context holds line breaks: two answers,
the second's one context only whitespace and a line break), and ``VERSIONS``.
"""

from __future__ import annotations

import os
from importlib.metadata import version
from pathlib import Path

os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")

from deepeval.dataset import EvaluationDataset, Golden
from deepeval.test_case import RetrievedContextData
from support_bot import answers

OUT = Path(__file__).parent / "deepeval"


def dataset(sourced: bool) -> EvaluationDataset:
    goldens = []
    for a in answers():
        contexts = [
            RetrievedContextData(source=s["id"], context=s["text"]) if sourced else s["text"]
            for s in a["sources"]
        ]
        goldens.append(
            Golden(
                input=a["question"],
                actual_output=a["response"],
                retrieval_context=contexts,
                name=a["id"],
            )
        )
    return EvaluationDataset(goldens=goldens)


MULTILINE = [
    {
        "question": "How long do refunds take, and how are they paid?",
        "response": "Refunds take 5 working days [1] and go to the original card [2].",
        "sources": [
            ("kb-refunds-01", "Refunds\n\nRefunds take 5 working days.\nThey are paid back."),
            ("kb-cards-01", "Payment\nRefunds go to the original card."),
        ],
    },
    {
        "question": "Is there a warranty?",
        "response": "Yes, two years [1].",
        "sources": [("kb-blank-02", " \n ")],
    },
]
"""Contexts with line breaks: deepeval's own loader keeps the marker of such a context in
its text (its pattern's ``.`` stops at a line break), which a reader must not do."""


def multiline() -> EvaluationDataset:
    return EvaluationDataset(
        goldens=[
            Golden(
                input=a["question"],
                actual_output=a["response"],
                retrieval_context=[
                    RetrievedContextData(source=i, context=t) for i, t in a["sources"]
                ],
                name=f"multiline-{n}",
            )
            for n, a in enumerate(MULTILINE, start=1)
        ]
    )


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for kind in ("json", "jsonl", "csv"):
        dataset(False).save_as(kind, str(OUT), file_name="plain")
    for kind in ("json", "jsonl"):
        dataset(True).save_as(kind, str(OUT), file_name="sourced")
        multiline().save_as(kind, str(OUT), file_name="multiline")
    (OUT / "VERSIONS").write_text(f"deepeval {version('deepeval')}\n")


if __name__ == "__main__":
    main()
