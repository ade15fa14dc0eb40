"""Traces in: one reader that groups spans by trace and builds answers (``reader``), and
the dialects it reads them in (``dialects``). ``import`` reads files through ``read``; a
caller holding decoded spans (the collector) calls ``build``."""

from groundtui.importing.traces.dialects import DIALECTS, of_format
from groundtui.importing.traces.dialects.base import Unreadable
from groundtui.importing.traces.reader import Built, build, read

__all__ = ["DIALECTS", "Built", "Unreadable", "build", "of_format", "read"]
