"""The generic card component: background with bleed, panels, title, points badge, icon discs, fitted text.

Everything draws relative to the card's trim lower-left corner (0, 0). Text is fitted, never cut: a text box
shrinks the type down to its minimum size and, if the text still does not fit, raises PdfBuildError naming the
card. Minimum sizes are chosen for legibility at real size: titles 9 pt, body text 6.5 pt.

`tischlein check` draws every face with the same code inside `collecting_overflows()`: there a text that does
not fit (or has a character its font lacks) is recorded as an `Overflow` and drawn anyway, so one run finds all
of them (pdf/measure.py draws them; content/fitting.py names the file and line of each).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from . import fonts
from .errors import PdfBuildError
from .icons import color, place_centred
from .palette import area, outline
from .units import mm

MIN_TITLE = 9.0
MIN_BODY = 6.5
SAFE = mm(25.4 / 8)     # keep text and icons this far inside the trim: 1/8 in, as DriveThruCards asks


@dataclass(frozen=True)
class FaceBox:
    """The card being drawn: its trim size, the bleed its background must cover, and who it is (for errors)."""

    w: float
    h: float
    bleed: float
    label: str


@dataclass(frozen=True)
class Overflow:
    """A text a face cannot print: it does not fit its box even at `min_size`, or its font lacks `missing`."""

    card: str
    what: str
    text: str
    font: str
    width: float
    min_size: float
    max_lines: int | None = None
    height: float | None = None
    missing: str = ""
    leading: float = 1.2

    @property
    def box(self) -> str:
        """"52.6 mm wide, 2 lines" or "47.6 mm wide, 9 lines, 25.9 mm high"."""
        parts = [f"{self.width / mm(1):.1f} mm wide"]
        if self.max_lines is not None:
            parts.append(f"{self.max_lines} line{'s' if self.max_lines != 1 else ''}")
        if self.height is not None:
            if self.max_lines is None:      # as many lines as its height holds at the smallest size
                fits = int(self.height / (self.min_size * self.leading) + 1e-6)
                parts.append(f"{fits} line{'s' if fits != 1 else ''}")
            parts.append(f"{self.height / mm(1):.1f} mm high")
        return ", ".join(parts)

    def problem(self) -> str:
        """What is wrong, without naming the card (check names the file and line instead)."""
        text = self.text if len(self.text) <= 90 else self.text[:80] + " …"
        if self.missing:
            return f"the font {self.font} has no glyph for {self.missing!r} in the {self.what} {text!r}"
        return f"the {self.what} does not fit its box ({self.box}) even at {self.min_size:g} pt: {text!r}"

    def message(self) -> str:
        return f"card {self.card}: {self.problem()}"


# the overflows found while collecting (None: a build, where the first one raises PdfBuildError)
_OVERFLOWS: list[Overflow] | None = None


@contextmanager
def collecting_overflows():
    """Within the block, texts that cannot be printed are recorded in the yielded list instead of raising, and
    drawn at their smallest size anyway, so every face can still be measured."""
    global _OVERFLOWS
    saved, _OVERFLOWS = _OVERFLOWS, []
    try:
        yield _OVERFLOWS
    finally:
        _OVERFLOWS = saved


# every box a text was fitted into, while recording (the translation export states each string's limit)
_BOXES: list[Overflow] | None = None


@contextmanager
def recording_boxes():
    """Within the block, each text fitted is recorded in the yielded list with its box (as an Overflow record
    whose `missing` is empty: the same fields describe a box that fits)."""
    global _BOXES
    saved, _BOXES = _BOXES, []
    try:
        yield _BOXES
    finally:
        _BOXES = saved


def _overflow(found: Overflow) -> None:
    if _OVERFLOWS is None:
        raise PdfBuildError(found.message())
    _OVERFLOWS.append(found)


@dataclass(frozen=True)
class Fitted:
    lines: list[str]
    size: float
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


# (text, font, size, width) -> wrap's lines, while accel.memo_numbers() builds one PDF (its fonts fixed): the
# print guide and the credits are laid out twice (once to count their pages), and a face's texts are tried at
# several sizes that other faces try too; half of a card PDF's wraps repeat one before
_WRAPPED: dict[tuple, list[str] | None] | None = None


@contextmanager
def memo_wraps():
    global _WRAPPED
    saved, _WRAPPED = _WRAPPED, {}
    try:
        yield
    finally:
        _WRAPPED = saved


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; paragraphs at newlines. None if a single word is wider than `width`."""
    if _WRAPPED is None:
        return _wrap(text, font, size, width)
    key = (text, font, size, width)
    if key not in _WRAPPED:
        _WRAPPED[key] = _wrap(text, font, size, width)
    lines = _WRAPPED[key]
    return None if lines is None else list(lines)


def _wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
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
    if _BOXES is not None:
        _BOXES.append(Overflow(box.label, what, text, font, width, min_size, max_lines, height, leading=leading))
    bad = fonts.missing_glyphs(text, font)
    if bad:
        _overflow(Overflow(box.label, what, text, font, width, min_size, max_lines, height, missing=bad))
    s = size
    while s >= min_size - 1e-9:
        lines = wrap(text, font, s, width)
        if lines is not None and (max_lines is None or len(lines) <= max_lines) and \
                (height is None or len(lines) * s * leading <= height + 1e-6):
            return Fitted(lines, s, s * leading)
        s -= 0.25
    _overflow(Overflow(box.label, what, text, font, width, min_size, max_lines, height))
    return Fitted(text.split("\n"), min_size, min_size * leading)      # only while collecting: drawn to go on


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
    paint_bleed(c, box.w, box.h, box.bleed, fill)


def paint_bleed(c, w: float, h: float, bleed: float, fill: str) -> None:
    """Fill a w × h piece and `bleed` beyond each edge; for boards and dice faces, which are drawn without a
    FaceBox (cards, tiles and tokens use `background`)."""
    c.setFillColor(color(fill))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)


def title_block(c, box: FaceBox, name: str, gloss: str | None, cx: float, top: float, width: float, ink: str,
                size: float, gloss_size: float = 8.0, *, leading: float = 1.06, ascent: float = 0.86,
                gloss_width: float | None = None, gloss_gap: float = 0.3, what: str = "title") -> float:
    """A name in the display face, up to two lines centred on `cx` below `top`, and its gloss under it in italics
    on one line (`gloss_width` wide, default `width`). `ascent` places each baseline below the line's top, in
    ems. Returns the y below the block; each game adds its own gap."""
    t = fit(box, name, fonts.TITLE, size, MIN_TITLE, width, max_lines=2, leading=leading, what=what)
    c.setFillColor(color(ink))
    c.setFont(fonts.TITLE, t.size)
    y = top
    for line in t.lines:
        y -= t.size * ascent
        c.drawCentredString(cx, y, line)
        y -= t.leading - t.size * ascent
    if gloss:
        g = fit(box, gloss, fonts.ITALIC, gloss_size, MIN_BODY, gloss_width or width, max_lines=1, what="gloss")
        y -= g.size * 1.05
        c.setFont(fonts.ITALIC, g.size)
        c.drawCentredString(cx, y, gloss)
        y -= g.size * gloss_gap
    return y


def panel(c, x: float, y: float, w: float, h: float, fill: str, radius: float = mm(2.5),
          stroke: str | None = None, width: float = 0.8) -> None:
    c.setFillColor(color(fill))
    if stroke:
        c.setStrokeColor(color(stroke))
        c.setLineWidth(width)
    c.roundRect(x, y, w, h, radius, stroke=1 if stroke else 0, fill=1)


def divider(c, x: float, w: float, y: float, inset: float, colour: str, width: float = 0.8) -> None:
    """A thin rule across a panel (x, w) at `y`, `inset` in from both sides: between an icon and its text, the
    steps of an aid and what follows them."""
    c.setStrokeColor(color(colour))
    c.setLineWidth(width)
    c.line(x + inset, y, x + w - inset, y)


def icon_over_text(c, icon: str, x: float, y: float, w: float, text_h: float, icon_h: float, size: float,
                   rule: str, inset: float) -> None:
    """A body panel (from `y`, `w` wide) split for a rule card: the icon, `size` wide, centred in the `icon_h`
    above the lower `text_h` that the text keeps, a divider in `rule` between them."""
    place_centred(c, icon, x + w / 2, y + text_h + icon_h / 2, size)
    divider(c, x, w, y + text_h, inset, rule)


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


class Ring(NamedTuple):
    """A line drawn round inside a disc, `inset` points in from its edge."""

    colour: str
    width: float
    inset: float


def icon_disc(c, icon: str, cx: float, cy: float, r: float, fill: str | None, ring: str | None = None,
              scale: float = 1.5, ring_width: float = 1.0, inner: Ring | None = None) -> None:
    """An icon on a round plate (the icon's 100-unit box fills `scale` × r), optionally with an `inner` ring."""
    if fill:
        c.setFillColor(color(fill))
        if ring:
            c.setStrokeColor(color(ring))
            c.setLineWidth(ring_width)
        c.circle(cx, cy, r, stroke=1 if ring else 0, fill=1)
        if inner:
            c.setStrokeColor(color(inner.colour))
            c.setLineWidth(inner.width)
            c.circle(cx, cy, r - inner.inset, stroke=1, fill=0)
    place_centred(c, icon, cx, cy, r * scale)


def corner_mark(c, box: FaceBox, mark: str, fill: str) -> None:
    """The provenance mark (* reconstructed, E erratum) small in the lower-right corner, inside the coloured
    frame and clear of the cut; nothing for facts from the rulebook."""
    if mark == "R":
        return
    c.setFont(fonts.BOLD, 7)
    c.setFillColor(color(fill))
    c.drawRightString(box.w - SAFE - mm(1.2), SAFE + mm(0.25), mark)


class Frame:
    """One front drawn from a 63 × 88 mm design at the chosen card size: a rim of `rim` (the bleed too, so butted
    neighbours meet in one colour) round a rounded panel of `fill`, outlined in ink-saver mode.

    `k` scales the design to the card, `s(mm)` one of its lengths; `ink` is the colour that reads on the panel, for
    the title and the provenance mark. Games subclass it for their title sizes and body panels.
    """

    def __init__(self, c, box: FaceBox, fill: str, rim: str, ink: str, outline_width: float):
        self.c, self.box, self.fill, self.ink = c, box, fill, ink
        self.k = min(box.w / mm(63), box.h / mm(88))
        edge = mm(3) if self.k >= 0.9 else mm(2.2)     # small cards keep more room for their words
        self.x0, self.y0, self.x1, self.y1 = edge, edge, box.w - edge, box.h - edge
        self.pad = mm(2.2) * self.k
        background(c, box, area(rim))
        panel(c, self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0, area(fill), radius=mm(3),
              stroke=outline(fill), width=outline_width)

    def s(self, v: float) -> float:
        return mm(v) * self.k

    @property
    def inner_w(self) -> float:
        return self.x1 - self.x0 - 2 * self.pad

    def title_at(self, top: float, name: str, gloss: str | None, size: float, gloss_size: float, gap: float,
                 width: float | None = None) -> float:
        """The name (`size` pt at full size, never below MIN_TITLE) and its gloss, centred on the card; returns
        the y `gap` mm (scaled) below them."""
        y = title_block(self.c, self.box, name, gloss, self.box.w / 2, top, width or self.inner_w, self.ink,
                        max(size * self.k, MIN_TITLE), max(gloss_size * self.k, MIN_BODY), gloss_width=self.inner_w)
        return y - self.s(gap)

    def paper(self, top: float, bottom: float, fill: str, stroke: str | None = None) -> tuple[
            float, float, float, float]:
        """The body panel between `top` and `bottom`, inside the padding; returns it as (x, y, w, h)."""
        x, w = self.x0 + self.pad, self.inner_w
        panel(self.c, x, bottom, w, top - bottom, fill, radius=mm(2), stroke=stroke)
        return x, bottom, w, top - bottom

    def mark(self, mark: str) -> None:
        corner_mark(self.c, self.box, mark, self.ink)


def numbered_box(c, box: FaceBox, items: list[str], x: float, y: float, w: float, h: float, font: str,
                 size: float, min_size: float = MIN_BODY, fill: str = "#3b2417", leading: float = 1.22,
                 gap: float = 0.35, what: str = "list") -> float:
    """Items like "1. Draw…" with a hanging indent, all at one size, the largest that fits; returns it."""
    if _BOXES is not None:
        _BOXES.append(Overflow(box.label, what, "\n".join(items), font, w, min_size, height=h, leading=leading))
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
        for item in items:      # name the items that cannot fit alone; else the list as a whole
            alone = wrap(_number(item)[1], font, min_size, w - indent)
            if alone is None or len(alone) * min_size * leading > h + 1e-6:
                _overflow(Overflow(box.label, what, item, font, w, min_size, height=h, leading=leading))
        if _OVERFLOWS is None or not any(o.card == box.label and o.text in items for o in _OVERFLOWS):
            _overflow(Overflow(box.label, what, "\n".join(items), font, w, min_size, height=h, leading=leading))
        s = min_size
        wrapped = [wrap(_number(it)[1], font, s, w - indent) or [_number(it)[1]] for it in items]
    for item in items:
        bad = fonts.missing_glyphs(item, font)
        if bad:
            _overflow(Overflow(box.label, what, item, font, w, min_size, height=h, missing=bad, leading=leading))
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
