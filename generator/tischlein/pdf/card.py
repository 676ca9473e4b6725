"""The generic card component: background with bleed, panels, title, points badge, icon discs, fitted text.

Everything draws relative to the card's trim lower-left corner (0, 0). Text is fitted, never cut: a text box
shrinks the type down to its minimum size and, if the text still does not fit, raises PdfBuildError naming the
card. Minimum sizes are chosen for legibility at real size: titles 9 pt, body text 6.5 pt.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import fonts
from .errors import PdfBuildError
from .icons import color, place_centred
from .units import mm

MIN_TITLE = 9.0
MIN_BODY = 6.5
SAFE = mm(3)           # keep text and icons this far inside the trim


@dataclass(frozen=True)
class FaceBox:
    """The card being drawn: its trim size, the bleed its background must cover, and who it is (for errors)."""

    w: float
    h: float
    bleed: float
    label: str


@dataclass(frozen=True)
class Fitted:
    lines: list[str]
    size: float
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; paragraphs at newlines. None if a single word is wider than `width`."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        line = ""
        for word in words:
            if fonts.width(word, font, size) > width:
                return None
            trial = f"{line} {word}" if line else word
            if fonts.width(trial, font, size) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(box: FaceBox, text: str, font: str, size: float, min_size: float, width: float,
        height: float | None = None, max_lines: int | None = None, leading: float = 1.2,
        what: str = "text") -> Fitted:
    """The largest size from `size` down to `min_size` (0.25 pt steps) at which `text` fits the box."""
    bad = fonts.missing_glyphs(text, font)
    if bad:
        raise PdfBuildError(f"card {box.label}: the font {font} has no glyph for {bad!r} in the {what} {text!r}")
    s = size
    while s >= min_size - 1e-9:
        lines = wrap(text, font, s, width)
        if lines is not None and (max_lines is None or len(lines) <= max_lines) and \
                (height is None or len(lines) * s * leading <= height + 1e-6):
            return Fitted(lines, s, s * leading)
        s -= 0.25
    limit = []
    if max_lines is not None:
        limit.append(f"{max_lines} line{'s' if max_lines != 1 else ''}")
    if height is not None:
        limit.append(f"{height / mm(1):.1f} mm high")
    raise PdfBuildError(
        f"card {box.label}: the {what} does not fit its box ({width / mm(1):.1f} mm wide, {', '.join(limit)}) "
        f"even at {min_size:g} pt: {text!r}")


def draw_lines(c, fitted: Fitted, font: str, x: float, top: float, width: float, align: str = "centre",
               fill: str = "#3b2417") -> float:
    """Draw fitted lines below `top`; returns the y of the last baseline's descent (bottom of the block)."""
    c.setFont(font, fitted.size)
    c.setFillColor(color(fill))
    y = top - fitted.size * 0.82
    for line in fitted.lines:
        if align == "centre":
            c.drawCentredString(x + width / 2, y, line)
        elif align == "right":
            c.drawRightString(x + width, y, line)
        else:
            c.drawString(x, y, line)
        y -= fitted.leading
    return top - fitted.height


def text_box(c, box: FaceBox, text: str, x: float, y: float, w: float, h: float, font: str, size: float,
             min_size: float = MIN_BODY, fill: str = "#3b2417", align: str = "centre", valign: str = "top",
             max_lines: int | None = None, leading: float = 1.2, what: str = "text") -> Fitted:
    """Fit `text` into the rectangle (x, y, w, h) and draw it."""
    fitted = fit(box, text, font, size, min_size, w, h, max_lines, leading, what)
    top = y + h
    if valign == "middle":
        top = y + (h + fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    draw_lines(c, fitted, font, x, top, w, align, fill)
    return fitted


def background(c, box: FaceBox, fill: str) -> None:
    """Fill the trim and its bleed: the edge colour that cutting may reveal."""
    c.setFillColor(color(fill))
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)


def panel(c, x: float, y: float, w: float, h: float, fill: str, radius: float = mm(2.5),
          stroke: str | None = None, width: float = 0.8) -> None:
    c.setFillColor(color(fill))
    if stroke:
        c.setStrokeColor(color(stroke))
        c.setLineWidth(width)
    c.roundRect(x, y, w, h, radius, stroke=1 if stroke else 0, fill=1)


def badge(c, cx: float, cy: float, r: float, value: str, fill: str, ink: str, ring: str,
          label: str | None = None, ring_width: float = 1.6) -> None:
    """The points badge: a ringed disc with a big number and an optional small word under it."""
    c.setFillColor(color(fill))
    c.setStrokeColor(color(ring))
    c.setLineWidth(ring_width)
    c.circle(cx, cy, r, stroke=1, fill=1)
    size = r * (1.05 if len(value) <= 1 else 0.9 if len(value) == 2 else 0.72)
    if label:
        size *= 0.86
    c.setFillColor(color(ink))
    c.setFont(fonts.TITLE, size)
    base = cy - size * 0.36 + (r * 0.16 if label else 0)
    c.drawCentredString(cx, base, value)
    if label:
        lsize = max(5.5, r * 0.3)
        while fonts.width(label, fonts.BOLD, lsize) > r * 1.6 and lsize > 4.5:
            lsize -= 0.25
        c.setFont(fonts.BOLD, lsize)
        c.drawCentredString(cx, cy - r * 0.62, label)


def icon_disc(c, icon: str, cx: float, cy: float, r: float, fill: str | None, ring: str | None = None,
              scale: float = 1.5, ring_width: float = 1.0) -> None:
    """An icon on a round plate (the icon's 100-unit box fills `scale` × r)."""
    if fill:
        c.setFillColor(color(fill))
        if ring:
            c.setStrokeColor(color(ring))
            c.setLineWidth(ring_width)
        c.circle(cx, cy, r, stroke=1 if ring else 0, fill=1)
    place_centred(c, icon, cx, cy, r * scale)


def corner_mark(c, box: FaceBox, mark: str, fill: str) -> None:
    """The provenance mark (* reconstructed, E erratum) small in the lower-right corner, inside the coloured
    frame and clear of the cut; nothing for facts from the rulebook."""
    if mark == "R":
        return
    c.setFont(fonts.BOLD, 7)
    c.setFillColor(color(fill))
    c.drawRightString(box.w - SAFE - mm(1.2), SAFE + mm(0.25), mark)


def numbered_box(c, box: FaceBox, items: list[str], x: float, y: float, w: float, h: float, font: str,
                 size: float, min_size: float = MIN_BODY, fill: str = "#3b2417", leading: float = 1.22,
                 gap: float = 0.35, what: str = "list") -> float:
    """Items like "1. Draw…" with a hanging indent, all at one size, the largest that fits; returns it."""
    s = size
    while s >= min_size - 1e-9:
        indent = max(fonts.width(_number(it)[0] + " ", fonts.BOLD, s) for it in items)
        wrapped = [wrap(_number(it)[1], font, s, w - indent) for it in items]
        if all(wr is not None for wr in wrapped):
            total = sum(len(wr) for wr in wrapped) * s * leading + gap * s * (len(items) - 1)
            if total <= h + 1e-6:
                break
        s -= 0.25
    else:
        raise PdfBuildError(f"card {box.label}: the {what} does not fit its box ({w / mm(1):.1f} × "
                            f"{h / mm(1):.1f} mm) even at {min_size:g} pt: {' / '.join(items)!r}")
    for item in items:
        bad = fonts.missing_glyphs(item, font)
        if bad:
            raise PdfBuildError(f"card {box.label}: the font {font} has no glyph for {bad!r} in the {what}")
    top = y + h
    c.setFillColor(color(fill))
    for item, lines in zip(items, wrapped):
        number, _ = _number(item)
        base = top - s * 0.85
        if number:
            c.setFont(fonts.BOLD, s)
            c.drawString(x, base, number)
        c.setFont(font, s)
        for line in lines:
            c.drawString(x + indent, base, line)
            base -= s * leading
        top -= len(lines) * s * leading + gap * s
    return s


def _number(item: str) -> tuple[str, str]:
    """"1. Draw 2 cards" -> ("1.", "Draw 2 cards"); items without a number get none."""
    head, _, rest = item.strip().partition(" ")
    if head[:-1].isdigit() and head.endswith((".", ")")):
        return head, rest
    return "", item.strip()
