"""The offline heuristic judge: claims by sentence rules, verdicts by word and value matching.

What others use of it is here: the judge, its thresholds and decision, and ``coverage``,
the matcher's measure the pipeline ranks sources by (``judge.provenance``).
"""

from groundtui.judge.heuristic.judge import HeuristicJudge, Thresholds, decide
from groundtui.judge.heuristic.matching import coverage

__all__ = ["HeuristicJudge", "Thresholds", "coverage", "decide"]
