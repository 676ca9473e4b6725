"""Two-sided tokens (round or square) and fold-over standees, imposed on sheets like cards.

A token sits in a square cell of its diameter: it is a `Deck` of that size, so `sheet.plan()` lays it out and
document.py prints its back on the duplex back page exactly behind the front (mirrored cell, same as cards; the
builder's back offset applies). Each piece names its own back, so two-sided tokens with different backs work:
``Piece("spice-3", "spice-token", face="spice-cinnamon", back="spice-back")``. A one-sided token has back None.

The whole square cell is painted (the bleed too) in the token's edge colour, so a crafter can cut the square with
a guillotine and stop there, or follow the printed circle with scissors or a 25 mm punch.

How to use it::

    from ..token import token_deck, round_token, standee_size, standee
    decks.append(token_deck("spice token", 25, pieces))            # 25 mm tokens
    faces["spice-cinnamon"] = partial(front_draw, ...)             # draw(c, box: FaceBox)
    def front_draw(c, box, ...):
        cx, cy, r = round_token(c, box, fill="#b3263b", ring="#ffffff")  # returns the centre and inner radius
        place_centred(c, "cinnamon", cx, cy, r * 1.4)
    backs["spice-back"] = partial(back_draw, ...)                 # same signature; drawn unmirrored

Standees (player figures) fold over: one strip with the art twice, the upper copy upside down, a fold line in
the middle and a foot at each end that folds out (or slides into a plastic stand). They are one-sided pieces in
a Deck of `standee_size(w, h)`; draw them with `standee(c, box, art)` where `art(c, w, h)` paints one side.
"""
from __future__ import annotations

from collections.abc import Callable

from .card import FaceBox, background
from .component import Deck, Piece
from .icons import color
from .units import Size, mm

CUT_RING_PT = 0.5
FOOT_MM = 10.0


def token_size(name: str, diameter_mm: float) -> Size:
    return Size(name, diameter_mm, diameter_mm)


def token_deck(name: str, diameter_mm: float, pieces: list[Piece]) -> Deck:
    """Round or square tokens of one size."""
    return Deck(token_size(name, diameter_mm), list(pieces))


def round_token(c, box: FaceBox, fill: str, ring: str | None = None, edge: str | None = None,
                cut: str = "#3b2417") -> tuple[float, float, float]:
    """Paint a round token: the whole cell in `edge` (default `fill`), the disc, an inner `ring`, a thin cut
    circle on the trim. Returns (cx, cy, r) of the area inside the ring for the token's art."""
    background(c, box, edge or fill)
    cx, cy = box.w / 2, box.h / 2
    r = min(box.w, box.h) / 2
    c.setFillColor(color(fill))
    c.circle(cx, cy, r, stroke=0, fill=1)
    inner = r - mm(1.6)
    if ring:
        c.setStrokeColor(color(ring))
        c.setLineWidth(mm(0.6))
        c.circle(cx, cy, inner, stroke=1, fill=0)
        inner -= mm(0.6)
    c.setStrokeColor(color(cut))
    c.setLineWidth(CUT_RING_PT)
    c.circle(cx, cy, r, stroke=1, fill=0)
    return cx, cy, inner


def square_token(c, box: FaceBox, fill: str, ring: str | None = None) -> tuple[float, float, float]:
    """A square token (cut on the crop marks). Returns (cx, cy, half-size of the art area)."""
    background(c, box, fill)
    inset = mm(1.6)
    if ring:
        c.setStrokeColor(color(ring))
        c.setLineWidth(mm(0.6))
        c.roundRect(inset, inset, box.w - 2 * inset, box.h - 2 * inset, mm(1.5), stroke=1, fill=0)
    return box.w / 2, box.h / 2, min(box.w, box.h) / 2 - inset - mm(0.8)


def standee_size(name: str, width_mm: float, art_height_mm: float, foot_mm: float = FOOT_MM) -> Size:
    """The flat strip of a fold-over standee: foot, art, art (upside down), foot."""
    return Size(name, width_mm, 2 * art_height_mm + 2 * foot_mm)


def standee(c, box: FaceBox, art: Callable, base: str, foot_mm: float = FOOT_MM, ink: str = "#3b2417") -> None:
    """Draw a fold-over standee: `art(c, w, h)` paints one side in a w × h box (origin lower-left).

    From the bottom: foot (fold back), front art, fold line, back art turned 180°, foot. Dashed lines are folds.
    """
    foot = mm(foot_mm)
    art_h = (box.h - 2 * foot) / 2
    background(c, box, base)
    c.saveState()
    c.translate(0, foot)
    _clip(c, box.w, art_h)
    art(c, box.w, art_h)
    c.restoreState()
    c.saveState()
    c.translate(box.w, box.h - foot)
    c.rotate(180)
    _clip(c, box.w, art_h)
    art(c, box.w, art_h)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(color(ink))
    c.setLineWidth(0.5)
    c.setDash([2.5, 2])
    for y in (foot, foot + art_h, foot + 2 * art_h):
        c.line(0, y, box.w, y)
    c.restoreState()


def _clip(c, w: float, h: float) -> None:
    p = c.beginPath()
    p.rect(0, 0, w, h)
    c.clipPath(p, stroke=0, fill=0)
