"""groundtui: check that answers say only what their cited sources say.

The library (docs/python.md)::

    import groundtui

    groundtui.check(response, sources)          # the mechanical check: unsourced specifics
    groundtui.judge(response, sources)          # claims and verdicts (model=None: offline)
    groundtui.Database("groundtui.db").add(answers)

Its names are loaded when first used (PEP 562), so ``import groundtui`` costs nothing and
the check loads no judge, and no name loads textual; litellm is loaded once a judge is
given a model.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from groundtui.api import Database, ajudge, check, judge, judge_many
    from groundtui.checks import Specific
    from groundtui.judge.failures import JudgeUnavailable
    from groundtui.judge.judgement import Evidence, JudgedClaim, Judgement
    from groundtui.models import Answer

# Each public name and the module that holds it.
_EXPORTS = {
    "check": "groundtui.api",
    "ajudge": "groundtui.api",
    "judge_many": "groundtui.api",
    "Database": "groundtui.api",
    "Judgement": "groundtui.judge.judgement",
    "JudgedClaim": "groundtui.judge.judgement",
    "Evidence": "groundtui.judge.judgement",
    "Specific": "groundtui.checks",
    "Answer": "groundtui.models",
    "JudgeUnavailable": "groundtui.judge.failures",
}

__all__ = [
    "Answer",
    "Database",
    "Evidence",
    "JudgeUnavailable",
    "JudgedClaim",
    "Judgement",
    "Specific",
    "__version__",
    "ajudge",
    "check",
    "judge",
    "judge_many",
]


def __getattr__(name: str) -> Any:
    """Load a public name from its module the first time it is asked for."""
    if name == "judge":
        # The package groundtui.judge, which Python binds here once it is imported anyway:
        # calling it is groundtui.api.judge (CallablePackage says why).
        return import_module("groundtui.judge")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'groundtui' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # asked once: later reads find it here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class CallablePackage(ModuleType):
    """The package ``groundtui.judge``, callable as the function ``groundtui.judge()``.

    Python binds a package's subpackage to its name in the package as soon as it is
    imported, so ``groundtui.judge`` cannot hold both the function and the judge's package.
    Renaming the package would move every judge module; instead the package is callable,
    and calling it is :func:`groundtui.api.judge` (the package sets this class as it is
    imported, and ``__getattr__`` gives the package for ``judge``).
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from groundtui.api import judge

        return judge(*args, **kwargs)

    @property
    def __signature__(self) -> Any:  # what inspect.signature and help() show for the call
        import inspect

        from groundtui.api import judge

        return inspect.signature(judge)
