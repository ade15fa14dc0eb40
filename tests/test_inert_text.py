"""Untrusted text is shown inert: control, bidi, zero-width and joiner characters as
visible stand-ins, with offsets that still point at the same characters."""

from __future__ import annotations

import pytest

from groundtui.text.inert import one_line, shown


@pytest.mark.parametrize(
    "raw, display",
    [
        ("a\x1b[2Jb", "a\\x1b[2Jb"),
        ("a\u202eb", "a<U+202E>b"),
        ("a\u200bb", "a<U+200B>b"),
        ("\ufeffhead", "<U+FEFF>head"),
        ("\U0001f468\u200d\U0001f469", "\U0001f468<U+200D>\U0001f469"),
        ("line\u2028break", "line<U+2028>break"),
        ("soft\u00adhyphen", "soft<U+00AD>hyphen"),
        ("plain text, café", "plain text, café"),
    ],
)
def test_every_invisible_character_gets_a_visible_stand_in(raw, display):
    assert shown(raw).text == display


def test_offsets_still_point_at_the_same_characters():
    raw = "30\u200b days"
    view = shown(raw)
    start, end = view.span(raw.index("days"), raw.index("days") + 4)
    assert view.text[start:end] == "days"


def test_one_line_keeps_a_line_whatever_the_text_holds():
    assert one_line("a\nb\u2029c\td") == "a b<U+2029>c d"
