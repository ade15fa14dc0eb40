"""Text drawn legibly: every run of text at least 4.5:1 against its own background.

Two parts. ``component_style`` reads a component class (``.source--evidence``) as it will
show on its widget: Textual's ``get_component_rich_style(partial=True)`` drops a colour's
alpha, so ``background: $foreground 22%`` came out as the foreground itself and the
evidence was drawn in its own text colour. Here the alpha is blended over what lies
beneath, as Textual does for a widget's own colours.

``Legible`` is a line filter on everything the app draws, its own widgets and Textual's
(the header, the footer, the buttons): a run of text whose colour is under ``MINIMUM``
contrast with its background (WCAG 2's ratio), in truecolor or once reduced to 256 colours,
gets its colour moved towards black or white until it passes (and, where no colour
can pass on that background, the background moved the other way). Themes are other people's
palettes; this holds them to the ratio the way xterm.js's ``minimumContrastRatio`` does,
and no theme variable can undo it. Textual has no such setting, hence this filter.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.widget import Widget

MINIMUM = 4.5
"""WCAG 2 level AA for text: the least contrast any text is drawn with."""

RGB = tuple[int, int, int]
_WHITE: RGB = (255, 255, 255)
_BLACK: RGB = (0, 0, 0)


def luminance(rgb: RGB) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@lru_cache(maxsize=4096)
def in_256(rgb: RGB) -> RGB:
    """The colour a 256-colour terminal shows for ``rgb`` (Rich's own reduction)."""
    reduced = RichColor.from_rgb(*rgb).downgrade(ColorSystem.EIGHT_BIT)
    return tuple(reduced.get_truecolor())  # type: ignore[return-value]


def readable(fg: RGB, bg: RGB) -> bool:
    """Whether ``fg`` on ``bg`` reaches ``MINIMUM``, in truecolor and in 256 colours."""
    return contrast(fg, bg) >= MINIMUM and contrast(in_256(fg), in_256(bg)) >= MINIMUM


def _mix(a: RGB, b: RGB, share: float) -> RGB:
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def legible(fg: RGB, bg: RGB) -> tuple[RGB, RGB]:
    """``(fg, bg)`` as they are when readable; else ``fg`` moved towards black or white
    until it is, and if even that is not enough (a mid-tone that 256 colours round the
    wrong way), ``bg`` moved the other way too."""
    if readable(fg, bg):
        return fg, bg
    target = _WHITE if contrast(_WHITE, bg) >= contrast(_BLACK, bg) else _BLACK
    for step in range(1, 21):
        moved = _mix(fg, target, step / 20)
        if readable(moved, bg):
            return moved, bg
    away = _BLACK if target == _WHITE else _WHITE
    for step in range(1, 21):
        moved = _mix(bg, away, step / 20)
        if readable(target, moved):
            return target, moved
    return target, away


def _rgb(color: RichColor | None) -> RGB | None:
    return None if color is None else tuple(color.get_truecolor())  # type: ignore[return-value]


def _has_text(text: str) -> bool:
    """Whether a run holds something to read: not only spaces, box lines, blocks."""
    return any(not ch.isspace() and not 0x2500 <= ord(ch) <= 0x259F for ch in text)


class Legible(LineFilter):
    """Moves the colour of any run of text under ``MINIMUM`` contrast until it reaches it.

    A run in the ``dim`` attribute counts as its colour half-way to its background (what
    a terminal draws); when that is too faint it is drawn in a plain, readable colour.
    """

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """Each segment with text, readable against its own background."""
        return [self._segment(segment, background) for segment in segments]

    @staticmethod
    def _segment(segment: Segment, background: Color) -> Segment:
        style = segment.style
        if style is None or segment.control or not _has_text(segment.text):
            return segment
        fg: RGB | None = _rgb(style.color)
        bg: RGB | None = _rgb(style.bgcolor) or background.rgb
        if style.reverse:
            fg, bg = bg, fg
        if fg is None or bg is None:
            return segment  # the terminal's own default colour: not ours to judge
        seen = _mix(fg, bg, 0.5) if style.dim else fg
        fixed = legible(seen, bg)
        if fixed == (seen, bg):
            return segment
        text, under = (RichColor.from_rgb(*c) for c in fixed)
        if style.reverse:
            patch = Style(bgcolor=text, color=under)
        else:
            patch = Style(color=text, bgcolor=under)
        if style.dim:
            patch += Style(dim=False)
        return Segment(segment.text, style + patch, segment.control)


def component_style(widget: Widget, *names: str) -> Style:
    """The component classes ``names`` of ``widget`` as they show on it, alpha blended.

    A background with alpha is laid over the widget's own background, and a colour with
    alpha over that: ``background: $foreground 22%`` is a light tint, not the foreground.
    """
    beneath = widget.background_colors[1]
    background, color = beneath, None
    style = Style()
    for name in names:
        styles = widget.get_component_styles(name)
        if styles.has_rule("background"):
            background = background + styles.background
        if styles.has_rule("color"):
            color = styles.color.multiply_alpha(styles.text_opacity)
        style += styles.text_style
    return style + Style(
        color=None if color is None else (background + color).rich_color,
        bgcolor=None if background is beneath else background.rich_color,
    )
