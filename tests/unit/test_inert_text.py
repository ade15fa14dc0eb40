"""Untrusted text is shown inert: control, bidi, zero-width and joiner characters,
variation selectors and long runs of combining marks as visible stand-ins, with offsets
that still point at the same characters."""

from __future__ import annotations

import json

import pytest

from groundtui.text.inert import MARKS, blank, json_inert, one_line, shown

ZALGO = "\u0336\u0338\u0489"  # a long stroke, a solidus and the millions sign, over a digit


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
        # variation selectors draw nothing: a sentence hidden in them, one byte each
        ("14 days\U000e0100\U000e01ef", "14 days<U+E0100><U+E01EF>"),
        ("ok\ufe0f\ufe00", "ok<U+FE0F><U+FE00>"),
        ("\u2764\ufe0f", "\u2764<U+FE0F>"),
        ("\u1820\u180b", "\u1820<U+180B>"),
        # more than MARKS combining marks on one character: every one of them
        ("1" + ZALGO * 20 + "4", "1" + "<U+0336><U+0338><U+0489>" * 20 + "4"),
        ("a" + "\u0301" * (MARKS + 1) + "b", "a" + "<U+0301>" * (MARKS + 1) + "b"),
        ("x" + "\u0e31" * 9, "x" + "<U+0E31>" * 9),  # any script's marks, Mn, Mc or Me
        # ... and MARKS or fewer are drawn, as real text needs them
        ("a" + "\u0301" * MARKS + "b", "a" + "\u0301" * MARKS + "b"),
        (
            "\u05e9\u05b8\u05bc\u05c1\u05dc\u05d5\u05b9\u05dd",
            "\u05e9\u05b8\u05bc\u05c1\u05dc\u05d5\u05b9\u05dd",
        ),
        (
            "Vie\u0323\u0302t, \u0928\u092e\u0938\u094d\u0924\u0947",
            "Vie\u0323\u0302t, \u0928\u092e\u0938\u094d\u0924\u0947",
        ),
        (
            "\u2014\u2014\u2014\u2014\u2014\u2014 \U0001f389\U0001f389\U0001f389\U0001f389\U0001f389",
            "\u2014\u2014\u2014\u2014\u2014\u2014 \U0001f389\U0001f389\U0001f389\U0001f389\U0001f389",
        ),
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


def test_offsets_point_past_a_run_of_marks_shown_as_stand_ins():
    raw = "within 1" + ZALGO * 20 + "4 days [1]"
    view = shown(raw)
    start, end = view.span(raw.index("4 days"), len(raw))
    assert view.text[start:end] == "4 days [1]"
    first = view.at(raw.index("\u0336"))
    assert view.text[first:].startswith("<U+0336><U+0338>")
    assert view.original(first) == raw.index("\u0336")


def test_json_escapes_what_the_screen_replaces_and_reads_back_the_same():
    value = {"response": "1" + ZALGO * 20 + "4 days\U000e0100", "fine": "Vie\u0323\u0302t \u2764"}
    dumped = json_inert(json.dumps(value, ensure_ascii=False))
    assert "\\u0336\\u0338\\u0489" in dumped and "\\udb40\\udd00" in dumped
    assert "\u0336" not in dumped and "\U000e0100" not in dumped
    assert "Vie\u0323\u0302t \u2764" in dumped  # marks of real text stay as they are
    assert json.loads(dumped) == value


def test_a_text_of_variation_selectors_only_is_blank():
    assert blank("\ufe0f \U000e0100\u200b")
    assert not blank("\u2764\ufe0f")
