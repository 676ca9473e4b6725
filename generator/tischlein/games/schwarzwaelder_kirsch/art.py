"""Schwarzwälder Kirsch's icons: the cake's eight ingredients, the joker star, the three action cards, the food
processor and the cake. Same 100-unit box and sticker style as pdf/icons.py; names start with `sk-`.

Palette: dark chocolate, cherry red, cream.
"""
from __future__ import annotations

from ...pdf.icons import Pen, cube, register_icons, star_points

CHOC = "#3d2116"
CHOC_LIGHT = "#6b3a26"
CHERRY = "#b3102a"
CHERRY_DARK = "#7c0a1d"
CREAM = "#fff4de"
LEAF = "#4f7d32"


def eggs(d: Pen) -> None:
    d.ellipse(38, 44, 20, 27, fill="#f7ecd8", angle=-12)
    d.ellipse(64, 40, 19, 25, fill="#e9c79a", angle=14)
    d.ellipse(32, 56, 5, 8, fill="#ffffff", stroke=False, angle=-12)
    d.ellipse(58, 52, 4, 7, fill="#f6dcb8", stroke=False, angle=14)
    d.rect(12, 10, 76, 12, fill="#c9a06a", r=5)


def sugar(d: Pen) -> None:
    for x, y, s in ((12, 12, 30), (50, 12, 30), (30, 48, 30)):
        cube(d, x, y, s, "#ffffff", "#d8d2c6", "#f1ede4", depth=0.42)
        d.dots([(x + s * .3, y + s * .7), (x + s * .7, y + s * .3), (x + s * .55, y + s * .6)], s * .04, "#c9c1b0")


def flour(d: Pen) -> None:
    d.shape((20, 10), (80, 10), (88, 40, 84, 64, 74, 76), (26, 76), (16, 64, 12, 40, 20, 10), fill="#efe4cf")
    d.shape((26, 76), (30, 90, 70, 90, 74, 76), fill="#e2d2b4")
    d.line((36, 86), (50, 80), (64, 86), width=2.4)
    d.rect(30, 26, 40, 28, fill="#ffffff", r=4)
    # a wheat ear on the label
    d.line((50, 30), (50, 50), width=2.2, stroke="#b8862b")
    for y in (34, 40, 46):
        d.ellipse(45, y, 4, 2.2, fill="#d9a441", width=1.2, angle=30)
        d.ellipse(55, y, 4, 2.2, fill="#d9a441", width=1.2, angle=-30)


def cocoa(d: Pen) -> None:
    d.rect(24, 10, 52, 66, fill=CHOC_LIGHT, r=6)
    d.rect(20, 72, 60, 14, fill=CHOC, r=4)
    d.rect(30, 26, 40, 34, fill=CREAM, r=4)
    d.ellipse(50, 43, 10, 14, fill="#8a4b2a", width=2)
    d.line((50, 30), (50, 56), width=1.6)
    d.line((30, 16), (30, 66), width=2.6, stroke="#8c5a3c")


def cherries(d: Pen) -> None:
    d.shape((50, 92), (44, 76, 34, 62, 30, 44), closed=False, width=3, stroke=LEAF)
    d.shape((50, 92), (58, 76, 66, 62, 70, 40), closed=False, width=3, stroke=LEAF)
    d.shape((50, 92), (60, 100, 80, 98, 86, 86), (72, 82, 58, 84, 50, 92), fill="#6f9a3c")
    d.circle(30, 32, 18, fill=CHERRY)
    d.circle(70, 28, 18, fill=CHERRY)
    d.ellipse(24, 38, 5, 3.4, fill="#f08a9a", stroke=False, angle=30)
    d.ellipse(64, 34, 5, 3.4, fill="#f08a9a", stroke=False, angle=30)


def cream(d: Pen) -> None:
    d.shape((16, 44), (84, 44), (80, 16, 66, 8, 50, 8), (34, 8, 20, 16, 16, 44), fill="#c9d8e6")
    d.shape((18, 44), (16, 58, 28, 62, 34, 60), (36, 72, 54, 74, 58, 66), (64, 76, 82, 70, 78, 58),
            (88, 56, 86, 46, 82, 44), fill="#ffffff")
    d.shape((44, 66), (46, 80, 54, 88, 60, 92), (60, 82, 58, 74, 56, 66), fill="#ffffff")
    d.line((28, 52), (40, 54), width=2, stroke="#d8cdbb")
    d.line((58, 58), (70, 56), width=2, stroke="#d8cdbb")


def kirschwasser(d: Pen) -> None:
    d.rect(42, 70, 16, 20, fill="#dfe9ec", r=3)
    d.rect(40, 86, 20, 8, fill=CHERRY_DARK, r=2)
    d.shape((42, 72), (28, 64, 26, 56, 26, 46), (26, 10), (74, 10), (74, 46), (74, 56, 72, 64, 58, 72),
            fill="#e8f1f3")
    d.rect(32, 22, 36, 26, fill=CREAM, r=3)
    d.circle(44, 33, 6, fill=CHERRY, width=1.6)
    d.circle(56, 31, 6, fill=CHERRY, width=1.6)
    d.line((44, 39), (50, 45), (56, 37), width=1.6, stroke=LEAF)
    d.line((66, 14), (66, 44), width=3, stroke="#ffffff")


def shavings(d: Pen) -> None:
    d.rect(16, 10, 44, 30, fill=CHOC, r=3)
    d.line((31, 12), (31, 38), width=1.6, stroke=CHOC_LIGHT)
    d.line((45, 12), (45, 38), width=1.6, stroke=CHOC_LIGHT)
    for x, y, a in ((66, 30, 20), (54, 54, -10), (76, 58, 40), (36, 64, 15), (62, 78, -30), (82, 40, 70)):
        d.c.saveState()
        d.c.translate(x, y)
        d.c.rotate(a)
        d.shape((-10, 0), (-6, 8, 6, 8, 10, 0), (6, 4, -6, 4, -10, 0), fill=CHOC_LIGHT, width=1.8)
        d.c.restoreState()


def star(d: Pen) -> None:
    d.poly(star_points(5, 46, 20, cy=48), fill="#f2b705")
    d.poly([(50, 84), (44, 58), (50, 48)], fill="#ffd54a", stroke=False)


def steal(d: Pen) -> None:
    """A hand reaching for a cherry."""
    d.circle(72, 70, 14, fill=CHERRY)
    d.line((72, 84), (78, 96), width=3, stroke=LEAF)
    d.shape((8, 20), (30, 24), (44, 28, 56, 38, 62, 46), (66, 52, 60, 56, 54, 52), (46, 46), (58, 58),
            (62, 64, 56, 68, 50, 64), (34, 50), (20, 42), (8, 40), fill="#f0c8a0")
    d.rect(0, 14, 12, 32, fill=CHOC_LIGHT, r=2)
    d.line((40, 38), (52, 48), width=1.8)


def swap(d: Pen) -> None:
    """Two curved arrows around two cherries."""
    d.shape((18, 62), (26, 84, 62, 90, 80, 70), closed=False, width=7, stroke=CHOC)
    d.poly([(86, 80), (86, 60), (66, 64)], fill=CHOC, stroke=False)
    d.shape((82, 38), (74, 16, 38, 10, 20, 30), closed=False, width=7, stroke=CHERRY)
    d.poly([(14, 20), (14, 40), (34, 36)], fill=CHERRY, stroke=False)
    d.circle(36, 50, 10, fill=CHERRY)
    d.circle(64, 50, 10, fill=CREAM)


def garnish(d: Pen) -> None:
    """A slice of cake crowned with cream and a cherry."""
    d.poly([(10, 16), (90, 16), (90, 58), (10, 58)], fill=CHOC_LIGHT)
    d.rect(10, 28, 80, 8, fill=CREAM, stroke=False)
    d.rect(10, 44, 80, 6, fill=CHERRY, stroke=False)
    d.poly([(10, 16), (90, 16), (90, 58), (10, 58)])
    for x in (22, 40, 58, 76):
        d.shape((x - 9, 58), (x - 9, 72, x + 9, 72, x + 9, 58), fill="#ffffff")
    d.circle(49, 78, 10, fill=CHERRY)
    d.shape((50, 88), (52, 94, 56, 98, 62, 98), closed=False, width=2.6, stroke=LEAF)
    d.dots([(20, 22), (34, 24), (60, 22), (78, 24)], 2, CHOC)


def mixer(d: Pen) -> None:
    """The food processor (Küchenmaschine): a stand mixer."""
    d.rect(14, 8, 64, 10, fill="#a3a9ae", r=4)
    d.rect(18, 18, 18, 62, fill=CHERRY, r=6)
    d.shape((18, 70), (22, 92, 80, 92, 86, 76), (86, 64), (18, 62), fill=CHERRY)
    d.circle(40, 76, 5, fill="#d8dde0", width=1.8)
    d.line((62, 64), (62, 52), width=3)
    d.shape((42, 52), (82, 52), (80, 24, 70, 18, 62, 18), (54, 18, 44, 24, 42, 52), fill="#d8dde0")
    d.shape((48, 50), (52, 36, 56, 30, 62, 30), (68, 30, 74, 36, 76, 50), closed=False, width=2, stroke="#8a9399")
    d.line((26, 24), (26, 58), width=2.6, stroke="#e8606f")


def cake(d: Pen) -> None:
    """The whole Schwarzwälder Kirschtorte."""
    d.ellipse(50, 14, 44, 8, fill="#e2e6e8")
    d.shape((10, 26), (10, 62), (90, 62), (90, 26), (80, 14, 20, 14, 10, 26), fill=CHOC_LIGHT)
    d.shape((10, 40), (30, 36, 70, 36, 90, 40), (90, 46), (70, 42, 30, 42, 10, 46), fill=CREAM, stroke=False)
    d.ellipse(50, 62, 40, 9, fill="#ffffff")
    for x in (20, 35, 50, 65, 80):
        d.shape((x - 6, 62), (x - 6, 74, x + 6, 74, x + 6, 62), fill="#ffffff", width=2)
        d.circle(x, 78, 5.2, fill=CHERRY, width=2)
    d.dots([(18, 52), (30, 50), (44, 54), (58, 50), (72, 53), (84, 50), (24, 30), (52, 28), (76, 30)], 2, CHOC)
    d.shape((10, 26), (10, 62), (90, 62), (90, 26), (80, 14, 20, 14, 10, 26), closed=True)


def cutting_board(d: Pen) -> None:
    """Player aid: a recipe card on a board."""
    d.rect(12, 8, 76, 84, fill="#c99a62", r=10)
    d.circle(50, 84, 4, fill=CREAM)
    d.rect(22, 16, 56, 58, fill=CREAM, r=4)
    for y in (60, 48, 36, 24):
        d.circle(30, y + 3, 3.2, fill=CHERRY, width=1.4)
        d.line((38, y + 3), (70, y + 3), width=2.6, stroke="#9c8a78")


SK_ICONS = {
    "sk-eggs": eggs, "sk-sugar": sugar, "sk-flour": flour, "sk-cocoa": cocoa, "sk-cherries": cherries,
    "sk-cream": cream, "sk-kirschwasser": kirschwasser, "sk-shavings": shavings, "sk-star": star,
    "sk-steal": steal, "sk-swap": swap, "sk-garnish": garnish, "sk-mixer": mixer, "sk-cake": cake,
    "sk-aid": cutting_board,
}


def register() -> list[str]:
    """Add this game's icons to icons.ICONS (idempotent); returns their names."""
    return register_icons(SK_ICONS)


register()
