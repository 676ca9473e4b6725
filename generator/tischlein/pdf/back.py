"""What the card backs of every game are made of: a pattern over the whole card and its bleed, and an emblem in
the middle — an icon on a disc, the game's name on a banner under it, a short word below that.

Backs are drawn unmirrored behind their fronts (document.py), so a pattern is laid out from the card's centre
(`pattern_cells` gives how many cells cover it) and clipped to the bleed (`clipped_to_bleed`). Each game keeps
its own proportions and colours: `emblem` places the parts, then the game draws them with `card.icon_disc` (the
disc), `banner` (the name) and `word_under` or `word_plate` (the word).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from ..content.capitals import capitals
from . import fonts
from .card import MIN_BODY, MIN_TITLE, FaceBox, fit
from .icons import color
from .units import mm


def pattern_cells(box: FaceBox, step: float, spare: int = 2) -> tuple[int, int]:
    """How many cells of `step` points cover the card and its bleed across and up, `spare` more each way so a
    pattern laid out from the centre still reaches every edge."""
    b = box.bleed
    return int((box.w + 2 * b) / step) + spare, int((box.h + 2 * b) / step) + spare


@contextmanager
def clipped_to_bleed(c, box: FaceBox):
    """Draw inside the card and its bleed only: patterns may overrun, the sheet around them stays clean."""
    b = box.bleed
    c.saveState()
    p = c.beginPath()
    p.rect(-b, -b, box.w + 2 * b, box.h + 2 * b)
    c.clipPath(p, stroke=0, fill=0)
    try:
        yield
    finally:
        c.restoreState()


@dataclass(frozen=True)
class Emblem:
    """Where the parts of a back's emblem sit: the disc's centre (cx, cy) and radius r; the banner's centre
    height by, its width bw and height bh (it is centred on cx too)."""

    cx: float
    cy: float
    r: float
    by: float
    bw: float
    bh: float

    @property
    def below(self) -> float:
        """The banner's lower edge: the word under it is placed from here."""
        return self.by - self.bh / 2


def emblem(box: FaceBox, rise_mm: float, banner_w: float, banner_h_mm: float = 12.0, disc: float = 0.3,
           gap_mm: float = 9.0) -> Emblem:
    """Lay out a back's emblem: the disc `rise_mm` above the card's centre, its radius `disc` × the card's shorter
    side; the banner `banner_w` × the card's width wide, its centre `gap_mm` below the disc."""
    cx, cy = box.w / 2, box.h / 2 + mm(rise_mm)
    r = min(box.w, box.h) * disc
    return Emblem(cx, cy, r, cy - r - mm(gap_mm), box.w * banner_w, mm(banner_h_mm))


def banner(c, box: FaceBox, title: str, e: Emblem, *, fill: str, ink: str, size: float, stroke: str, width: float,
           max_lines: int = 1, leading: float = 1.2) -> None:
    """The game's name on the emblem's banner, a rounded strip of `fill` outlined in `stroke`: in the display
    face, `size` pt at most, on up to `max_lines` lines."""
    c.setFillColor(color(fill))
    c.setStrokeColor(color(stroke))
    c.setLineWidth(width)
    c.roundRect(e.cx - e.bw / 2, e.by - e.bh / 2, e.bw, e.bh, mm(2), stroke=1, fill=1)
    t = fit(box, title, fonts.TITLE, size, MIN_TITLE, e.bw - mm(4), max_lines=max_lines, leading=leading,
            what="back title")
    c.setFillColor(color(ink))
    c.setFont(fonts.TITLE, t.size)
    base = e.by - t.size * 0.35 + t.leading * (len(t.lines) - 1) / 2
    for line in t.lines:
        c.drawCentredString(e.cx, base, line)
        base -= t.leading


def _language(c) -> str:
    """The language the canvas was made for (document.py gives it as the PDF's /Lang), or "" when unknown."""
    lang = getattr(getattr(getattr(getattr(c, "_doc", None), "_catalog", None), "Lang", None), "s", "")
    return lang if isinstance(lang, str) else ""


def word_under(c, box: FaceBox, text: str, e: Emblem, *, plate: str, ink: str, size: float = 9.0) -> None:
    """What kind of cards these are, in capitals on a plate under the emblem's banner, as wide as it at most."""
    word = capitals(text, _language(c))
    s = fit(box, word, fonts.BOLD, size, MIN_BODY, e.bw, max_lines=1, what="back text")
    word_plate(c, word, s.size, e.cx, e.below - mm(5.9), plate=plate, ink=ink, y=e.below - mm(7.4), h=mm(4.8))


def word_plate(c, word: str, size: float, cx: float, baseline: float, *, plate: str, ink: str, y: float, h: float,
               pad: float = mm(4), radius: float = mm(1.2)) -> None:
    """A word in bold, centred on `cx`, on a small rounded plate of `plate` (from `y`, `h` high) that keeps it
    legible on any pattern; the plate is `pad` wider than the word."""
    tw = fonts.width(word, fonts.BOLD, size) + pad
    c.setFillColor(color(plate))
    c.roundRect(cx - tw / 2, y, tw, h, radius, stroke=0, fill=1)
    c.setFillColor(color(ink))
    c.setFont(fonts.BOLD, size)
    c.drawCentredString(cx, baseline, word)
