"""Judges: extract an answer's claims and verify each against its cited source.

Importing this package never imports litellm; the litellm judge imports it lazily.

This package is also ``groundtui.judge()``, the library's function (docs/python.md):
``groundtui/__init__.py`` says why, and makes it callable here, as it is imported.
"""

import sys

from groundtui import CallablePackage
from groundtui.judge.base import ExtractedClaim, Extraction, Judge, JudgeError, Usage, Verification

__all__ = ["ExtractedClaim", "Extraction", "Judge", "JudgeError", "Usage", "Verification"]

sys.modules[__name__].__class__ = CallablePackage
