"""click parameter types the commands share."""

from __future__ import annotations

import math
from typing import Any

import click


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that refuses ``nan`` and ``inf``, which Python reads as floats
    and which no range check catches (``nan`` compares false with every bound)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number
