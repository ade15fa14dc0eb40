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
    judge_matrix,
    judges,
    ratio,
    summarise,
    team_numbers,
)

__all__ = [
    "AnswerCounts",
    "Report",
    "agreement_by_kind",
    "answer_correct",
    "answer_counts",
    "compute",
    "confusion",
    "cubes_of",
    "judge_matrix",
    "judges",
    "ratio",
    "summarise",
    "team_numbers",
]
