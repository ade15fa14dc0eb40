"""Untrusted text made inert to show: the UI's name for :mod:`groundtui.text.inert`."""

from groundtui.text.inert import Shown, one_line, shown

__all__ = ["Shown", "one_line", "shown"]
