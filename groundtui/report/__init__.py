"""The groundedness report: its numbers, the agreement between raters, and its rendering."""

from groundtui.report.compute import (
    AnswerCounts,
    Report,
    agreement_by_kind,
    answer_correct,
    answer_counts,
    compute,
    confusion,
    cubes_of,
    judges,
    ratio,
    summarise,
    team_numbers,
)
from groundtui.report.coverage import Coverage, coverage, coverage_line
from groundtui.report.matrices import judge_matrix

__all__ = [
    "AnswerCounts",
    "Coverage",
    "Report",
    "agreement_by_kind",
    "answer_correct",
    "answer_counts",
    "compute",
    "confusion",
    "coverage",
    "coverage_line",
    "cubes_of",
    "judge_matrix",
    "judges",
    "ratio",
    "summarise",
    "team_numbers",
]
