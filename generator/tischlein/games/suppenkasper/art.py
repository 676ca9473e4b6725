"""Suppenkasper's icons in a 1980s family-game style: bold outlines, flat saturated colours, a little shine.

Same 100-unit box as pdf/icons.py; names start with `sp-` (Schwarzwälder Kirsch's start with `sk-`).
Importing the module registers them into icons.ICONS (`register()` is idempotent).
"""
from __future__ import annotations

from ...pdf.icons import Pen, register_icons, star_points

INK = "#1d1d1b"
MUSTARD = "#f2b705"
TOMATO = "#d7263d"
TEAL = "#1b998b"
PINK = "#ef6f9c"
SKY = "#2e86de"
BROWN = "#9c5a2c"
CREAM = "#fff3d6"
GREEN = "#5aa02c"


def cake(d: Pen) -> None:
    d.shape((14, 24), (86, 24), (86, 52), (50, 70), (14, 52), fill=PINK)
    d.rect(14, 16, 72, 10, fill="#f6d7a7")
    d.shape((14, 52), (50, 70), (86, 52), (86, 60), (50, 78), (14, 60), fill="#ffffff")
    d.circle(50, 84, 7, fill=TOMATO)
    d.line((50, 91), (54, 97), width=2.4)


def fish(d: Pen) -> None:
    d.shape((14, 50), (30, 76, 62, 76, 74, 50), (62, 24, 30, 24, 14, 50), fill=SKY)
    d.shape((72, 50), (92, 68), (88, 50), (92, 32), fill=SKY)
    d.circle(30, 54, 5, fill="#ffffff")
    d.circle(31, 54, 2.2, fill=INK, stroke=False)
    d.line((44, 36), (50, 50), (44, 64), width=2)


def meat(d: Pen) -> None:
    d.shape((18, 40), (14, 70, 50, 84, 70, 70), (84, 60, 80, 36, 62, 28), (44, 20, 22, 24, 18, 40), fill=BROWN)
    d.ellipse(46, 52, 18, 12, fill="#c9825a", stroke=False)
    d.rect(64, 30, 30, 10, fill="#fff6e6", r=5, width=2.2)
    d.circle(92, 28, 5, fill="#fff6e6")
    d.circle(92, 42, 5, fill="#fff6e6")


def cream(d: Pen) -> None:
    d.shape((26, 22), (74, 22), (66, 50), (34, 50), fill="#9fd3f2")
    d.shape((30, 50), (22, 64, 38, 66, 40, 74), (44, 86, 58, 88, 60, 74), (62, 66, 78, 64, 70, 50), fill="#ffffff")
    d.circle(50, 84, 5, fill=TOMATO)


def potatoes(d: Pen) -> None:
    for cx, cy, rx, ry, a in ((34, 38, 22, 16, 15), (66, 36, 22, 15, -10), (50, 60, 22, 16, 5)):
        d.ellipse(cx, cy, rx, ry, fill="#d9a55b", angle=a)
    d.dots([(28, 40), (40, 32), (62, 30), (72, 40), (44, 62), (56, 58)], 1.8, "#7a5530")


def dumplings(d: Pen) -> None:
    d.ellipse(50, 20, 42, 8, fill="#ffffff")
    d.circle(34, 42, 18, fill="#efe0b9")
    d.circle(66, 42, 18, fill="#efe0b9")
    d.circle(50, 64, 18, fill="#f5e9c8")
    d.dots([(30, 46), (62, 40), (52, 68), (70, 46)], 1.6, "#8a6a3a")


def burger(d: Pen) -> None:
    d.shape((14, 56), (16, 84, 84, 84, 86, 56), fill="#e5a03c")
    d.rect(12, 46, 76, 10, fill=GREEN, r=4)
    d.rect(14, 36, 72, 10, fill=BROWN, r=4)
    d.rect(16, 18, 68, 18, fill="#e5a03c", r=7)
    d.dots([(36, 72), (50, 76), (64, 72), (44, 66), (58, 66)], 1.6, "#fff3d6")


def takeout(d: Pen) -> None:
    d.shape((22, 14), (78, 14), (88, 70), (12, 70), fill="#ffffff")
    d.shape((12, 70), (30, 84), (70, 84), (88, 70), fill="#f0f0f0")
    d.line((40, 84), (44, 94), (56, 94), (60, 84), width=2.6)
    d.rect(30, 30, 40, 22, fill=TOMATO, r=4)
    d.line((36, 41), (64, 41), width=2.4, stroke="#ffffff")


def muesli(d: Pen) -> None:
    d.shape((12, 56), (18, 20, 82, 20, 88, 56), fill=TEAL)
    d.ellipse(50, 56, 38, 9, fill="#f3d9a4")
    d.dots([(34, 58), (46, 54), (58, 59), (66, 55), (40, 61), (54, 62)], 2.4, "#9c5a2c")
    d.dots([(42, 57), (62, 60)], 2.6, TOMATO)


def scale(d: Pen) -> None:
    d.rect(12, 14, 76, 62, fill="#ffffff", r=10)
    d.rect(24, 48, 52, 20, fill=CREAM, r=5)
    d.line((50, 50), (60, 64), width=3, stroke=TOMATO)
    d.circle(50, 50, 3, fill=INK)
    d.rect(18, 16, 64, 6, fill="#d8d8d8", r=3, stroke=False)


def diet(d: Pen) -> None:
    d.circle(50, 50, 38, fill="#ffffff")
    d.circle(50, 50, 30, fill="#ffffff", width=2)
    d.line((20, 80), (80, 20), width=9, stroke=TOMATO)
    d.shape((66, 30), (86, 12), (88, 18), (70, 36), fill="#c0c0c0", width=2)


def star(d: Pen) -> None:
    d.poly(star_points(8, 46, 30), fill=MUSTARD)


def table(d: Pen) -> None:
    d.ellipse(50, 60, 40, 12, fill="#ffffff")
    d.rect(14, 50, 72, 10, fill=TOMATO, r=2)
    d.line((24, 50), (24, 16), width=5)
    d.line((76, 50), (76, 16), width=5)
    d.ellipse(50, 64, 14, 5, fill=MUSTARD)


def goat(d: Pen) -> None:
    d.ellipse(50, 52, 26, 30, fill="#f4f1ea")
    d.shape((30, 70), (18, 92), (36, 76), fill="#c9b79a")
    d.shape((70, 70), (82, 92), (64, 76), fill="#c9b79a")
    d.dots([(40, 58), (60, 58)], 4, INK)
    d.shape((44, 28), (50, 12), (56, 28), fill="#f4f1ea")
    d.ellipse(50, 36, 8, 5, fill=PINK)


def cat(d: Pen) -> None:
    d.circle(50, 46, 30, fill="#f29e4c")
    d.poly([(24, 62), (26, 90), (44, 72)], fill="#f29e4c")
    d.poly([(76, 62), (74, 90), (56, 72)], fill="#f29e4c")
    d.dots([(40, 52), (60, 52)], 4, INK)
    d.poly([(46, 42), (54, 42), (50, 37)], fill=PINK, width=1.6)
    d.line((20, 40), (38, 38), width=1.6)
    d.line((80, 40), (62, 38), width=1.6)


def sack(d: Pen) -> None:
    d.shape((24, 14), (76, 14), (86, 56, 70, 74, 60, 76), (40, 76), (30, 74, 14, 56, 24, 14), fill="#c8a165")
    d.shape((40, 76), (36, 90), (64, 90), (60, 76), fill="#c8a165")
    d.line((38, 78), (62, 78), width=3, stroke=TOMATO)
    d.circle(50, 42, 12, fill="#f2dcb1")


def figure(d: Pen) -> None:
    d.circle(50, 74, 16, fill="#ffffff")
    d.shape((22, 10), (78, 10), (80, 44, 66, 58, 50, 58), (34, 58, 20, 44, 22, 10), fill="#ffffff")


def chip(d: Pen) -> None:
    d.circle(50, 50, 40, fill=TOMATO)
    d.circle(50, 50, 30, fill=None, stroke="#ffffff", width=3)


def soup(d: Pen) -> None:
    d.shape((10, 56), (14, 20, 86, 20, 90, 56), fill="#ffffff")
    d.ellipse(50, 56, 40, 10, fill="#f2b705")
    d.line((34, 68), (30, 78), (36, 88), width=2.4, stroke="#9a9a9a")
    d.line((52, 68), (48, 78), (54, 88), width=2.4, stroke="#9a9a9a")
    d.line((70, 66), (80, 90), width=5, stroke="#b0b0b0")


SP_ICONS = {
    "sp-torte": cake, "sp-fisch": fish, "sp-fleisch": meat, "sp-sahne": cream, "sp-kartoffeln": potatoes,
    "sp-knoedel": dumplings, "sp-fast-food": burger, "sp-fertiggericht": takeout, "sp-muesli": muesli,
    "sp-scale": scale, "sp-diet": diet, "sp-star": star, "sp-table": table, "sp-goat": goat, "sp-cat": cat,
    "sp-sack": sack, "sp-figure": figure, "sp-chip": chip, "sp-soup": soup,
}


def register() -> list[str]:
    """Add this game's icons to icons.ICONS (idempotent); returns their names."""
    return register_icons(SP_ICONS)


register()
