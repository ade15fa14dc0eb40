"""Write ragas fixtures with ragas' own ``EvaluationDataset`` writers.

Run with a Python that has ragas installed (not needed by the test suite):
``python tests/data/producers/make_ragas.py``. Writes ``ragas/`` here: ``dataset.jsonl``
(``to_jsonl``), ``dataset.csv`` (``to_csv``, lists as Python repr), both with
``retrieved_context_ids``, and ``VERSIONS``.
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from ragas import EvaluationDataset, SingleTurnSample
from support_bot import answers

OUT = Path(__file__).parent / "ragas"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    samples = [
        SingleTurnSample(
            user_input=a["question"],
            response=a["response"],
            retrieved_contexts=[s["text"] for s in a["sources"]],
            retrieved_context_ids=[s["id"] for s in a["sources"]],
        )
        for a in answers()
    ]
    dataset = EvaluationDataset(samples=samples)
    dataset.to_jsonl(OUT / "dataset.jsonl")
    dataset.to_csv(OUT / "dataset.csv")
    (OUT / "VERSIONS").write_text(
        f"ragas {version('ragas')}\n"
        f"langchain-community {version('langchain-community')} (ragas 0.4.3 needs < 0.4)\n"
    )


if __name__ == "__main__":
    main()
