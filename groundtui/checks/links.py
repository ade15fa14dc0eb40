"""Web and e-mail addresses: their digits, month names and capitalised words are no specifics."""

from __future__ import annotations

import re

_LINK_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'\])]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _may_hold_links(text: str) -> bool:
    """Whether ``text`` may hold a web or e-mail address (most texts hold none)."""
    return "@" in text or "://" in text or "www." in text


def mark_links(text: str, covered: bytearray) -> None:
    """Mark the web addresses and e-mail addresses of ``text`` in ``covered``: their digits,
    month names and capitalised words are no specifics."""
    if _may_hold_links(text):
        for m in _LINK_RE.finditer(text):
            covered[m.start() : m.end()] = b"\x01" * (m.end() - m.start())


def links_of(text: str) -> bytearray | None:
    """A map of ``text`` with its links marked (as ``mark_links``), or None if it has none."""
    if not _may_hold_links(text):
        return None
    links = bytearray(len(text))
    mark_links(text, links)
    return links
