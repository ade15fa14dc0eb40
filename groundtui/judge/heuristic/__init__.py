"""The offline heuristic judge: claims by sentence rules, verdicts by word and value matching."""

from groundtui.judge.heuristic.judge import HeuristicJudge, Thresholds, decide

__all__ = ["HeuristicJudge", "Thresholds", "decide"]
