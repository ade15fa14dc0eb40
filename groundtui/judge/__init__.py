"""Judges: extract an answer's claims and verify each against its cited source.

Importing this package never imports litellm; the litellm judge imports it lazily.
"""

from groundtui.judge.base import ExtractedClaim, Extraction, Judge, JudgeError, Usage, Verification

__all__ = ["ExtractedClaim", "Extraction", "Judge", "JudgeError", "Usage", "Verification"]
