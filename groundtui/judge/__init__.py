"""Judges: extract an answer's claims and verify each against its cited source.

Importing this package never imports litellm; the litellm judge imports it lazily.

This package is also ``groundtui.judge``, the function (docs/python.md): Python binds a
package's subpackage to its name in the package as soon as it is imported, so the name
``groundtui.judge`` cannot hold both. Renaming the package would move every judge module;
instead the package itself is callable, and calling it is :func:`groundtui.api.judge`.
"""

import sys
from types import ModuleType
from typing import Any

from groundtui.judge.base import ExtractedClaim, Extraction, Judge, JudgeError, Usage, Verification

__all__ = ["ExtractedClaim", "Extraction", "Judge", "JudgeError", "Usage", "Verification"]


class _CallablePackage(ModuleType):
    """This package, callable as :func:`groundtui.api.judge`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from groundtui.api import judge

        return judge(*args, **kwargs)

    @property
    def __signature__(self) -> Any:  # what inspect.signature and help() show for the call
        import inspect

        from groundtui.api import judge

        return inspect.signature(judge)


sys.modules[__name__].__class__ = _CallablePackage
