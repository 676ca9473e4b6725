"""Vector icons drawn by code: foods, drinks and kitchen things, in a flat sticker style with a brown outline.

Every icon draws into a 100 × 100 unit box (y up). Each is defined once per PDF as a Form XObject and placed at
any size with `place`, so a hundred cards that show the same potato cost a few bytes each.
Icons are named for what they show (`potatoes`, `beer`), not for a game's ids; games map their ids to them.
"""
from __future__ import annotations

import math
from typing import Callable

from reportlab.lib.colors import HexColor

INK = "#3b2417"           # outline and text brown
LINE = 2.6                # outline width in icon units
BOX = 100.0
_PAD = 6.0                # form bounding box margin for outlines that reach the edge

_colors: dict[str, HexColor] = {}


def color(hex_: str) -> HexColor:
    if hex_ not in _colors:
        _colors[hex_] = HexColor(hex_)
    return _colors[hex_]


class Pen:
    """Small drawing helper on a reportlab canvas: filled shapes with the ink outline."""

    def __init__(self, canvas, ink: str = INK, width: float = LINE):
        self.c = canvas
        self.ink = ink
        self.width = width
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        canvas.setLineWidth(width)
        canvas.setStrokeColor(color(ink))

    def _paint(self, path, fill: str | None, stroke: bool | str = True, width: float | None = None) -> None:
        if fill:
            self.c.setFillColor(color(fill))
        if stroke:
            self.c.setStrokeColor(color(stroke if isinstance(stroke, str) else self.ink))
        if width is not None:
            self.c.setLineWidth(width)
        self.c.drawPath(path, stroke=1 if stroke else 0, fill=1 if fill else 0)
        if width is not None:
            self.c.setLineWidth(self.width)
        if isinstance(stroke, str):
            self.c.setStrokeColor(color(self.ink))

    def circle(self, x, y, r, fill=None, stroke=True, width=None):
        p = self.c.beginPath()
        p.circle(x, y, r)
        self._paint(p, fill, stroke, width)

    def ellipse(self, cx, cy, rx, ry, fill=None, stroke=True, angle=0.0, width=None):
        if angle:
            self.c.saveState()
            self.c.translate(cx, cy)
            self.c.rotate(angle)
            cx = cy = 0
        p = self.c.beginPath()
        p.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)
        self._paint(p, fill, stroke, width)
        if angle:
            self.c.restoreState()

    def rect(self, x, y, w, h, fill=None, r=0.0, stroke=True, width=None):
        p = self.c.beginPath()
        if r:
            p.roundRect(x, y, w, h, r)
        else:
            p.rect(x, y, w, h)
        self._paint(p, fill, stroke, width)

    def poly(self, pts, fill=None, stroke=True, closed=True, width=None):
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        if closed:
            p.close()
        self._paint(p, fill, stroke, width)

    def shape(self, start, *segments, fill=None, stroke=True, closed=True, width=None):
        """A path of lines (2 numbers) and cubic curves (6 numbers: two controls, the end point)."""
        p = self.c.beginPath()
        p.moveTo(*start)
        for seg in segments:
            if len(seg) == 2:
                p.lineTo(*seg)
            else:
                p.curveTo(*seg)
        if closed:
            p.close()
        self._paint(p, fill, stroke, width)

    def line(self, *pts, width=None, stroke: bool | str = True):
        self.shape(pts[0], *pts[1:], fill=None, stroke=stroke, closed=False, width=width)

    def dots(self, pts, r, fill):
        p = self.c.beginPath()
        for x, y in pts:
            p.circle(x, y, r)
        self._paint(p, fill, False)


# --- shapes several icons are built from ---------------------------------------------------------------------

def cube(d: Pen, x: float, y: float, s: float, top: str, side: str, front: str, depth: float) -> None:
    """A cube of edge `s` seen from the front, a little above and to the right: its top and right side (`depth`
    × s deep), then its front face with the lower-left corner at (x, y)."""
    k = s * depth
    d.poly([(x, y + s), (x + k, y + s + k * 0.6), (x + s + k, y + s + k * 0.6), (x + s, y + s)], fill=top)
    d.poly([(x + s, y), (x + s + k, y + k * 0.6), (x + s + k, y + s + k * 0.6), (x + s, y + s)], fill=side)
    d.rect(x, y, s, s, fill=front)


def star_points(tips: int, outer: float, inner: float, cx: float = 50, cy: float = 50) -> list[tuple[float, float]]:
    """The corners of a star with `tips` points, the first straight up: tips at radius `outer`, notches at
    `inner` round (cx, cy)."""
    step = 180 / tips
    return [(cx + r * math.cos(a), cy + r * math.sin(a))
            for r, a in ((outer if i % 2 == 0 else inner, math.radians(90 + step * i)) for i in range(2 * tips))]


def pot_body(d: Pen, y: float, body: str, handles: str, rim: str, rim_radii: tuple[float, float]) -> None:
    """A cooking pot seen from the side: two handles, the body from `y` up, the rim; what is in it or rises from
    it belongs to the icon."""
    d.rect(6, y + 34, 14, 7, r=3, fill=handles)
    d.rect(80, y + 34, 14, 7, r=3, fill=handles)
    d.rect(16, y, 68, 52, fill=body, r=6)
    d.ellipse(50, y + 52, *rim_radii, fill=rim)


# --- ingredients ---------------------------------------------------------------------------------------------

def potatoes(d: Pen) -> None:
    for cx, cy, rx, ry, a in ((36, 40, 25, 18, 20), (64, 36, 24, 17, -15), (50, 62, 26, 19, 5)):
        d.ellipse(cx, cy, rx, ry, fill="#c9975a", angle=a)
    d.dots([(28, 44), (40, 34), (60, 30), (70, 40), (42, 64), (56, 60), (62, 68)], 1.8, "#7a5530")
    d.ellipse(44, 68, 8, 3, fill="#e2bd86", stroke=False, angle=10)


def bread_cubes(d: Pen) -> None:
    for x, y, s in ((14, 14, 30), (52, 18, 26), (30, 48, 28)):
        cube(d, x, y, s, "#e0a95a", "#b97a34", "#f4d9a4", depth=0.45)
        d.dots([(x + s * .3, y + s * .6), (x + s * .65, y + s * .35), (x + s * .7, y + s * .75)], s * .05, "#d9b272")


def marinade(d: Pen) -> None:
    d.line((58, 66), (62, 76), (70, 92), width=3.2, stroke="#5c7a2e")            # bay leaf stem
    d.shape((62, 74), (56, 86, 64, 96, 74, 96), (78, 86, 70, 76, 62, 74), fill="#7fa34a")
    d.rect(22, 10, 56, 62, fill="#e4eef0", r=10)                              # jar
    d.shape((25, 14), (25, 50), (40, 54, 60, 46, 75, 50), (75, 14), fill="#8c3426", stroke=False)
    d.rect(22, 10, 56, 62, r=10)
    d.rect(18, 70, 64, 10, fill="#c9a06a", r=3)                                # rim
    d.dots([(38, 30), (52, 36), (62, 24), (44, 20)], 3, "#3b2417")
    d.line((30, 18), (30, 44), width=3, stroke="#ffffff")


def roast(d: Pen) -> None:
    d.shape((10, 30), (8, 58, 30, 76, 52, 76), (76, 76, 94, 58, 90, 30), (70, 22, 30, 22, 10, 30), fill="#9c4a35")
    d.shape((22, 56), (30, 68, 48, 72, 60, 70), closed=False, width=3.2, stroke="#c96a4b")
    for x in (26, 46, 66):
        d.shape((x - 4, 26), (x - 8, 44, x - 6, 62, x + 2, 74), closed=False, width=2.6, stroke="#f6ead2")
    d.ellipse(68, 24, 22, 13, fill="#b85a3e")
    d.ellipse(68, 25, 16, 8.5, fill="#e8a08a", stroke=False)
    d.ellipse(66, 26, 6, 2.6, fill="#f3c4b2", stroke=False)


def bratwurst(d: Pen) -> None:
    d.shape((12, 38), (20, 66, 70, 76, 88, 58), (96, 50, 90, 38, 80, 42),
            (66, 56, 30, 50, 24, 30), (20, 22, 10, 26, 12, 38), fill="#b5562f")
    for x in (30, 44, 58, 72):
        d.line((x, 48 + (x - 30) * .18), (x + 8, 58 + (x - 30) * .18), width=3, stroke="#6e2a14")
    d.shape((20, 40), (28, 58, 60, 66, 78, 56), closed=False, width=2.6, stroke="#e08a5e")


def fries(d: Pen) -> None:
    for x, top, lean in ((30, 80, -6), (40, 90, -2), (50, 84, 0), (60, 92, 3), (70, 78, 6), (45, 70, -4),
                         (63, 72, 2)):
        d.poly([(x - 4, 40), (x - 4 + lean, top), (x + 4 + lean, top), (x + 4, 40)], fill="#f4c542")
    d.poly([(18, 58), (82, 58), (72, 8), (28, 8)], fill="#d7372f")
    d.shape((28, 58), (40, 46, 60, 46, 72, 58), closed=False, stroke="#ffffff", width=3)
    d.poly([(18, 58), (82, 58), (72, 8), (28, 8)])


def curry_sauce(d: Pen) -> None:
    d.shape((14, 46), (18, 70, 82, 70, 86, 46), (88, 58, 62, 66, 50, 66), (36, 66, 14, 60, 14, 46),
            fill="#d9541e")
    d.shape((10, 46), (90, 46), (86, 20, 70, 10, 50, 10), (30, 10, 14, 20, 10, 46), fill="#f6ead2")
    d.shape((20, 38), (28, 22, 40, 18, 50, 18), closed=False, stroke="#e2cfa8", width=3)
    d.shape((16, 48), (24, 64, 76, 64, 84, 48), (80, 46, 20, 46, 16, 48), fill="#e0662a", stroke=False)
    d.dots([(30, 54), (42, 58), (56, 55), (68, 57), (48, 52), (62, 51), (36, 51)], 2.2, "#f0b240")
    d.line((10, 46), (90, 46))


def pretzel(d: Pen) -> None:
    path = ((30, 36), (34, 46, 44, 52, 56, 60), (70, 70, 82, 80, 80, 88), (76, 98, 58, 96, 52, 86),
            (40, 66, 30, 40, 34, 22), (38, 8, 62, 8, 66, 22), (70, 40, 60, 66, 48, 86),
            (42, 96, 24, 98, 20, 88), (18, 80, 30, 70, 44, 60), (56, 52, 66, 46, 70, 36))
    d.shape(*path, closed=False, width=19)
    d.shape(*path, closed=False, width=13, stroke="#a4622b")
    d.shape(*path[:4], closed=False, width=3, stroke="#c9834a")
    d.dots([(36, 20), (60, 18), (72, 84), (26, 84), (46, 74), (56, 76), (64, 30)], 2.2, "#ffffff")


def mustard(d: Pen) -> None:
    d.rect(22, 10, 56, 58, fill="#eef3f4", r=8)
    d.rect(25, 13, 50, 44, fill="#b8862b", r=6, stroke=False)
    d.rect(22, 10, 56, 58, r=8)
    d.rect(30, 24, 40, 20, fill="#f6ead2", r=3)
    d.poly([(34, 34), (50, 40), (66, 34)], closed=False, stroke="#3c78b4", width=3)
    d.rect(18, 66, 64, 16, fill="#3c78b4", r=4)
    for x in (28, 40, 52, 64):
        d.poly([(x, 70), (x + 6, 76), (x + 12, 70)], closed=False, stroke="#ffffff", width=2)


def weisswurst(d: Pen) -> None:
    for dy, a in ((22, 8), (-2, -6)):
        d.c.saveState()
        d.c.translate(50, 50 + dy - 10)
        d.c.rotate(a)
        d.rect(-40, -12, 80, 24, fill="#f3eee0", r=12)
        d.dots([(-24, 2), (-10, -5), (4, 4), (18, -3), (28, 5), (-30, -5), (10, -6)], 1.8, "#6f9a3c")
        d.c.restoreState()


def fried_onions(d: Pen) -> None:
    rings = ((30, 30, 16, 9, 10), (58, 26, 17, 9, -12), (44, 46, 18, 10, 18), (70, 48, 14, 8, -20),
             (24, 54, 13, 8, -25), (50, 66, 15, 9, 6))
    for cx, cy, rx, ry, a in rings:
        d.ellipse(cx, cy, rx, ry, stroke=True, width=10, angle=a)
        d.ellipse(cx, cy, rx, ry, stroke="#c77a2b", width=5.4, angle=a)
    d.ellipse(50, 66, 15, 9, stroke="#e3a25a", width=2, angle=6)


def cheese(d: Pen) -> None:
    d.poly([(10, 40), (58, 78), (92, 52), (92, 40)], fill="#f6d365")           # top
    d.poly([(10, 40), (92, 40), (92, 18), (10, 18)], fill="#ebb93a")            # front
    d.poly([(10, 40), (58, 78), (92, 52), (92, 18), (10, 18)], fill=None)
    for cx, cy, rx, ry in ((30, 30, 5, 4), (56, 27, 7, 5), (80, 32, 4, 3), (60, 55, 5, 3), (76, 48, 4, 2.5)):
        d.ellipse(cx, cy, rx, ry, fill="#d19a22", width=1.6)


def spaetzle(d: Pen) -> None:
    d.shape((10, 46), (90, 46), (86, 18, 68, 10, 50, 10), (32, 10, 14, 18, 10, 46), fill="#f6ead2")
    d.rect(10, 40, 80, 6, fill="#3c78b4", r=2, stroke=False)
    d.ellipse(50, 50, 40, 10, fill="#f2d27a")
    for x, y, s in ((22, 52, 1), (34, 58, -1), (48, 54, 1), (60, 60, -1), (70, 52, 1), (40, 64, 1), (56, 46, -1),
                    (30, 46, -1), (66, 66, 1), (50, 70, -1)):
        d.shape((x, y), (x + 3, y + 4 * s, x + 7, y - 4 * s, x + 10, y), closed=False, width=4.2, stroke="#e0b24a")
    d.line((10, 46), (90, 46))


def berries(d: Pen) -> None:
    d.line((50, 92), (48, 76), (34, 60), width=2.4)
    d.line((48, 76), (64, 62), width=2.4)
    d.shape((50, 88), (58, 98, 74, 96, 80, 86), (70, 82, 58, 82, 50, 88), fill="#6f9a3c")
    for x, y, r in ((34, 48, 13), (62, 50, 13), (48, 28, 14), (22, 26, 11), (74, 26, 12), (48, 58, 9)):
        d.circle(x, y, r, fill="#c0283a")
        d.circle(x - r * .35, y + r * .35, r * .22, fill="#f28a96", stroke=False)


def starch(d: Pen) -> None:
    d.poly([(22, 10), (70, 10), (70, 76), (22, 76)], fill="#f3efe4")
    d.poly([(70, 10), (84, 18), (84, 84), (70, 76)], fill="#d8d0bc")
    d.poly([(22, 76), (70, 76), (84, 84), (36, 84)], fill="#fbf8f0")
    d.rect(22, 36, 48, 22, fill="#3c78b4", stroke=False)
    d.poly([(22, 10), (70, 10), (70, 76), (22, 76)])
    d.ellipse(46, 47, 5, 8, fill="#f4c542", width=1.6)                          # corn cob
    d.shape((40, 40), (36, 48, 38, 54, 44, 58), closed=False, stroke="#7fa34a", width=2.4)
    d.shape((52, 40), (56, 48, 54, 54, 48, 58), closed=False, stroke="#7fa34a", width=2.4)
    d.shape((66, 8), (70, 22, 96, 22, 98, 8), fill="#ffffff")                    # powder heap


def vanilla_sauce(d: Pen) -> None:
    d.shape((72, 66), (94, 66, 94, 34, 72, 30), closed=False, width=7)                # handle
    d.shape((72, 66), (94, 66, 94, 34, 72, 30), closed=False, width=2.4, stroke="#ffffff")
    d.shape((22, 76), (20, 44, 24, 12, 50, 12), (76, 12, 80, 44, 78, 76), fill="#f6d77a")
    d.shape((23, 60), (24, 40, 28, 22, 40, 16), closed=False, width=3, stroke="#fbe9b0")
    d.shape((26, 74), (12, 86), (10, 80), (22, 70), fill="#ffffff")                  # spout
    d.ellipse(50, 76, 28, 7, fill="#ffffff")
    d.ellipse(50, 76, 24, 5, fill="#f2c94c", stroke=False)
    d.shape((12, 84), (6, 72, 8, 64, 12, 60), (16, 64, 16, 72, 12, 84), fill="#f6d77a", width=1.8)
    d.shape((16, 8), (40, 18, 70, 12, 96, 4), closed=False, width=5, stroke="#3b2417")  # vanilla pod
    d.shape((16, 8), (40, 18, 70, 12, 96, 4), closed=False, width=2.4, stroke="#7a4a26")


# --- drinks --------------------------------------------------------------------------------------------------

def beer(d: Pen) -> None:
    d.rect(64, 26, 26, 36, r=12, width=7)
    d.rect(64, 26, 26, 36, r=12, width=2.6, stroke="#f6f1e6")
    d.rect(20, 8, 50, 66, fill="#f2a900", r=6)
    for x in (32, 45, 58):
        d.line((x, 16), (x, 62), width=3, stroke="#f8c64a")
    d.shape((16, 70), (14, 90, 34, 92, 40, 86), (46, 96, 64, 94, 66, 86), (80, 90, 80, 70, 72, 68),
            (50, 64), (16, 70), fill="#ffffff")
    d.dots([(30, 30), (50, 44), (40, 56), (58, 24)], 2, "#fde59a")


def wine(d: Pen) -> None:
    d.shape((26, 94), (74, 94), (80, 56, 64, 40, 50, 40), (36, 40, 20, 56, 26, 94), fill="#f6f1e6")
    d.shape((24, 70), (76, 70), (76, 50, 62, 42, 50, 42), (38, 42, 24, 50, 24, 70), fill="#7b1e3a", stroke=False)
    d.shape((26, 94), (74, 94), (80, 56, 64, 40, 50, 40), (36, 40, 20, 56, 26, 94), fill=None)
    d.line((24, 70), (76, 70))
    d.rect(47, 14, 6, 27, fill="#f6f1e6")
    d.ellipse(50, 12, 22, 6, fill="#f6f1e6")
    d.line((32, 82), (34, 62), width=3, stroke="#ffffff")


def coffee(d: Pen) -> None:
    for x in (38, 52, 66):
        d.shape((x, 68), (x - 6, 76, x + 6, 82, x, 92), closed=False, stroke="#9c8a78", width=3)
    d.ellipse(50, 14, 42, 9, fill="#f6f1e6")
    d.rect(70, 30, 20, 24, r=10, width=7)
    d.rect(70, 30, 20, 24, r=10, width=2.4, stroke="#ffffff")
    d.shape((18, 62), (82, 62), (82, 30, 70, 16, 50, 16), (30, 16, 18, 30, 18, 62), fill="#ffffff")
    d.ellipse(50, 62, 32, 7, fill="#6f4a2f")
    d.rect(24, 32, 52, 6, fill="#c0283a", stroke=False)


# --- card kinds ----------------------------------------------------------------------------------------------

def spoon(d: Pen) -> None:
    d.c.saveState()
    d.c.translate(50, 50)
    d.c.rotate(-40)
    d.rect(-5, -50, 10, 62, fill="#c68e54", r=5)
    d.ellipse(0, 26, 15, 22, fill="#c68e54")
    d.ellipse(0, 26, 9, 15, fill="#a96f3a", stroke=False)
    d.circle(0, -44, 2, fill="#3b2417", stroke=False)
    d.c.restoreState()


def dirty_pots(d: Pen) -> None:
    for x in (30, 50, 70):
        d.shape((x, 74), (x - 8, 82, x + 8, 88, x, 98), closed=False, stroke="#7fa34a", width=3.2)
    pot_body(d, 12, body="#9aa19e", handles="#7d8582", rim="#7d8582", rim_radii=(36, 7))
    d.shape((22, 40), (34, 28, 52, 50, 60, 34), (66, 24, 78, 40, 78, 22), (78, 14), (26, 14), fill="#6b5a2e",
            stroke=False)
    d.dots([(30, 52), (64, 54), (44, 44), (70, 30)], 3, "#6b5a2e")
    d.rect(16, 12, 68, 52, r=6)
    d.line((28, 22), (28, 56), width=3, stroke="#c7cdca")


def cutlery(d: Pen) -> None:
    d.rect(22, 8, 10, 44, r=5, fill="#c9ced3")                                 # fork
    d.shape((16, 52), (38, 52), (38, 70, 34, 76, 27, 76), (20, 76, 16, 70, 16, 52), fill="#c9ced3")
    for x in (18, 24.5, 30.5, 36):
        d.rect(x - 1.8, 70, 3.6, 24, r=1.8, fill="#c9ced3")
    d.rect(64, 8, 10, 46, r=5, fill="#c9ced3")                                 # knife
    d.shape((64, 52), (64, 94), (82, 88, 84, 64, 74, 52), fill="#e3e7ea")
    d.line((68, 60), (68, 86), width=2.4, stroke="#ffffff")


def apron(d: Pen) -> None:
    d.shape((38, 76), (38, 90, 62, 90, 62, 76), closed=False, width=3)          # neck strap
    d.line((30, 54), (10, 44), width=3)
    d.line((70, 54), (90, 44), width=3)
    d.shape((36, 76), (64, 76), (66, 62), (74, 54), (78, 10), (22, 10), (26, 54), (34, 62), fill="#c0392b")
    d.rect(36, 22, 28, 18, fill="#f6ead2", r=3)
    d.line((50, 22), (50, 40), width=2)
    d.dots([(30, 66), (40, 58), (62, 60), (70, 46), (30, 38), (70, 20)], 2.2, "#f6ead2")


def towel(d: Pen) -> None:
    d.rect(8, 80, 84, 6, r=3, fill="#a96f3a")
    d.shape((24, 84), (76, 84), (80, 10), (20, 10), fill="#ffffff")
    for y in (24, 64):
        d.rect(22.5, y, 55.5, 6, fill="#c0392b", stroke=False)
    for x in (36, 62):
        d.rect(x, 12, 5, 70, fill="#e48a80", stroke=False)
    d.shape((24, 84), (76, 84), (80, 10), (20, 10), fill=None)
    d.line((20, 10), (24, 4), width=2)
    d.line((50, 10), (50, 4), width=2)
    d.line((80, 10), (76, 4), width=2)


def chef_hat(d: Pen) -> None:
    d.rect(26, 10, 48, 22, fill="#ece6dc", r=3)
    for cx, cy, r in ((28, 54, 18), (72, 54, 18), (50, 66, 24)):
        d.circle(cx, cy, r, fill="#ffffff")
    d.rect(28, 30, 44, 26, fill="#ffffff", stroke=False)
    d.shape((38, 34), (36, 44, 40, 52, 44, 58), closed=False, stroke="#d8d0c4", width=2.4)
    d.shape((62, 34), (64, 44, 60, 52, 56, 58), closed=False, stroke="#d8d0c4", width=2.4)
    d.line((40, 16), (40, 26), width=2)
    d.line((60, 16), (60, 26), width=2)
    d.line((26, 32), (74, 32))


def plate(d: Pen) -> None:
    d.rect(6, 22, 7, 58, r=3.5, fill="#c9ced3")                                 # fork
    for x in (5, 9.5, 14):
        d.rect(x - 1.5, 70, 3, 22, r=1.5, fill="#c9ced3")
    d.shape((86, 20), (86, 94), (98, 84, 98, 56, 92, 48), (92, 20), fill="#c9ced3")   # knife
    d.circle(50, 52, 33, fill="#ffffff")
    d.circle(50, 52, 23, fill="#f3ede0", width=1.8)


def pot(d: Pen) -> None:
    for x in (36, 50, 64):
        d.shape((x, 78), (x - 6, 86, x + 6, 90, x, 98), closed=False, stroke="#b9a794", width=3)
    pot_body(d, 10, body="#d9533f", handles="#c0392b", rim="#b03a2a", rim_radii=(38, 8))
    d.rect(44, 68, 12, 6, r=3, fill="#3b2417", stroke=False)
    d.ellipse(50, 64, 30, 5, fill="#c0392b", stroke=False)
    d.line((26, 20), (26, 54), width=3.2, stroke="#f08a70")


def checklist(d: Pen) -> None:
    d.rect(18, 6, 64, 84, r=6, fill="#f6f1e6")
    d.rect(36, 84, 28, 12, r=4, fill="#a96f3a")
    for i, y in enumerate((64, 44, 24)):
        d.rect(28, y, 10, 10, r=2, fill="#ffffff", width=2)
        d.line((44, y + 5), (72, y + 5), width=3, stroke="#9c8a78")
    d.line((29, 68), (33, 64), (39, 76), width=3, stroke="#2e8b57")


ICONS: dict[str, Callable[[Pen], None]] = {
    "potatoes": potatoes, "bread-cubes": bread_cubes, "marinade": marinade, "roast": roast,
    "bratwurst": bratwurst, "fries": fries, "curry-sauce": curry_sauce, "pretzel": pretzel,
    "mustard": mustard, "weisswurst": weisswurst, "fried-onions": fried_onions, "cheese": cheese,
    "spaetzle": spaetzle, "berries": berries, "starch": starch, "vanilla-sauce": vanilla_sauce,
    "beer": beer, "wine": wine, "coffee": coffee,
    "spoon": spoon, "dirty-pots": dirty_pots, "cutlery": cutlery, "apron": apron, "towel": towel,
    "chef-hat": chef_hat, "plate": plate, "pot": pot, "checklist": checklist,
}


def register_icons(icons: dict[str, Callable[[Pen], None]]) -> list[str]:
    """Add a game's icons to ICONS, the registry `define` draws from; idempotent, so a game's art module may call
    it on import and again from its print set. Returns the names, sorted."""
    ICONS.update(icons)
    return sorted(icons)


def form_name(icon: str) -> str:
    return f"icon-{icon}"


def define(canvas, icon: str) -> None:
    """Draw `icon` once as a Form XObject (bounding box a little larger than its 100-unit box)."""
    if icon not in ICONS:
        raise KeyError(f"no icon named {icon!r}; known: {', '.join(sorted(ICONS))}")
    canvas.beginForm(form_name(icon), -_PAD, -_PAD, BOX + _PAD, BOX + _PAD)
    ICONS[icon](Pen(canvas))
    canvas.endForm()


def place(canvas, icon: str, x: float, y: float, size: float, angle: float = 0.0) -> None:
    """Draw a defined icon with its box's lower-left corner at (x, y), `size` points wide."""
    canvas.saveState()
    canvas.translate(x, y)
    if angle:
        canvas.translate(size / 2, size / 2)
        canvas.rotate(angle)
        canvas.translate(-size / 2, -size / 2)
    canvas.scale(size / BOX, size / BOX)
    canvas.doForm(form_name(icon))
    canvas.restoreState()


def place_centred(canvas, icon: str, cx: float, cy: float, size: float, angle: float = 0.0) -> None:
    place(canvas, icon, cx - size / 2, cy - size / 2, size, angle)


__all__ = ["ICONS", "Pen", "color", "cube", "define", "place", "place_centred", "form_name", "pot_body",
           "register_icons", "star_points", "INK"]
