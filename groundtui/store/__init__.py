"""The SQLite store: the one door to it.

Code outside ``groundtui/store/`` imports only what this module exports
(``tests/test_layers.py`` holds it). ``Store`` is a database file with its writes, grouped
by what they write (``store.labels``, ``store.team``, …: ``groundtui.store.store``); the
rest are the rows' builders and keys, the report's rules for queries on other rows, the
counts' helpers and the team's rules, the settings, and the errors as one sentence.
"""

from groundtui.store.answer_reads import AnswerAsCited, AnswerReads
from groundtui.store.checked import CHECKED_BY_SERVE, checked_by_parent, checked_env
from groundtui.store.claim_edits import ClaimEditWrites, CorrectionError
from groundtui.store.connection import default_db_path
from groundtui.store.counts import bulk_load, read_counts, scratch_copy
from groundtui.store.errors import StoreError, describe_error, is_busy, is_damage
from groundtui.store.flags import FlagWrites
from groundtui.store.forget import ForgetWrites, Forgotten, meta_path, split_where
from groundtui.store.imports import ImportWrites, Written
from groundtui.store.judging import JudgingWrites
from groundtui.store.labelling import LabelWrites
from groundtui.store.migrations import MIGRATIONS
from groundtui.store.reviewers import Reviewer, ReviewerWrites, token_hash
from groundtui.store.rows import (
    IMPORT_JUDGE,
    ClaimRow,
    answer_row,
    chunks,
    citation_columns,
    cited_keys,
    claim_row,
    content_hash,
    control_point,
    imported_judgements,
    in_overlap,
    now_iso,
    overlap_point,
    review_row,
    source_key,
    source_row,
)
from groundtui.store.rules import (
    JUDGE_CELLS,
    JUDGE_LABEL,
    JUDGE_LABEL_KIND,
    JUDGE_PICK,
    cites_its_source,
    human_verdict,
    in_control,
)
from groundtui.store.schema import dump as dump_schema
from groundtui.store.settings import SETTINGS, Setting, SettingsError, SettingsWrites, setting_named
from groundtui.store.spool import NewAnswer, Spool
from groundtui.store.store import Store
from groundtui.store.team import (
    ALIVE_MINUTES,
    HEARTBEAT_SECONDS,
    NEEDED,
    ClaimFilled,
    Lease,
    Released,
    TeamWrites,
    disputed_for,
    expiry,
    open_to,
    party_to,
)
from groundtui.store.transaction import immediate

__all__ = [
    # the team's rules
    "ALIVE_MINUTES",
    "CHECKED_BY_SERVE",
    "HEARTBEAT_SECONDS",
    "IMPORT_JUDGE",
    # the report's rules for queries on other rows (the rest are views: sql/rules.sql)
    "JUDGE_CELLS",
    "JUDGE_LABEL",
    "JUDGE_LABEL_KIND",
    "JUDGE_PICK",
    "MIGRATIONS",
    "NEEDED",
    # settings, deletes, errors, the server's check and links
    "SETTINGS",
    "AnswerAsCited",
    "AnswerReads",
    "ClaimEditWrites",
    "ClaimFilled",
    "ClaimRow",
    "CorrectionError",
    "FlagWrites",
    "ForgetWrites",
    "Forgotten",
    "ImportWrites",
    "JudgingWrites",
    "LabelWrites",
    "Lease",
    # an import's spool and rows as the tables hold them
    "NewAnswer",
    "Released",
    "Reviewer",
    "ReviewerWrites",
    "Setting",
    "SettingsError",
    "SettingsWrites",
    "Spool",
    # the database and its parts (store.labels, store.team, ...)
    "Store",
    "StoreError",
    "TeamWrites",
    "Written",
    "answer_row",
    # the counts and the schema
    "bulk_load",
    "checked_by_parent",
    "checked_env",
    "chunks",
    "citation_columns",
    "cited_keys",
    "cites_its_source",
    "claim_row",
    "content_hash",
    "control_point",
    "default_db_path",
    "describe_error",
    "disputed_for",
    "dump_schema",
    "expiry",
    "human_verdict",
    "immediate",
    "imported_judgements",
    "in_control",
    "in_overlap",
    "is_busy",
    "is_damage",
    "meta_path",
    "now_iso",
    "open_to",
    "overlap_point",
    "party_to",
    "read_counts",
    "review_row",
    "scratch_copy",
    "setting_named",
    "source_key",
    "source_row",
    "split_where",
    "token_hash",
]
