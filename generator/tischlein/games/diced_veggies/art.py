"""Diced Veggies' icons: the five vegetables, the cleaver, the hype flame, the recipe book, the dice block.

Same 100-unit box and sticker style as pdf/icons.py; names start with `dv-`. Importing the module registers
them into icons.ICONS (`register()` is idempotent), the same hook as pdf/art/schwarzwaelder_kirsch.py.
Palette: bright market-stall vegetables on a fresh kitchen green.
"""
from __future__ import annotations

from ...pdf.icons import Pen, register_icons

GREEN, GREEN_DARK, GREEN_LIGHT = "#3f9b3a", "#2b6e28", "#7cc46b"
BEIGE, BEIGE_DARK = "#e9d3a4", "#b99460"
ORANGE, ORANGE_DARK = "#f28c1e", "#c2620b"
RED = "#e23b2e"
PURPLE = "#7a3e9d"
LEAF = "#4f9a34"
STEEL, STEEL_DARK = "#d9dee3", "#8c98a4"
WOOD = "#b5773e"


def broccoli(d: Pen) -> None:
    d.shape((42, 10), (58, 10), (56, 44), (66, 56), (58, 60), (50, 50), (42, 60), (34, 56), (44, 44),
            fill=GREEN_LIGHT)
    for cx, cy, r in ((30, 62, 15), (70, 62, 15), (50, 76, 17), (38, 84, 11), (62, 84, 11), (50, 60, 13)):
        d.circle(cx, cy, r, fill=GREEN)
    d.dots([(26, 66), (34, 58), (46, 80), (56, 72), (66, 66), (74, 58), (40, 86), (60, 86), (50, 62)], 2.4,
           GREEN_DARK)


def onion(d: Pen) -> None:
    d.shape((50, 12), (20, 14, 12, 44, 26, 62), (34, 72, 44, 76, 48, 88), (52, 88),
            (56, 76, 66, 72, 74, 62), (88, 44, 80, 14, 50, 12), fill=BEIGE)
    d.line((50, 16), (38, 30, 40, 56, 48, 80), width=1.8, stroke=BEIGE_DARK)
    d.line((50, 16), (62, 30, 60, 56, 52, 80), width=1.8, stroke=BEIGE_DARK)
    d.line((44, 12), (40, 6), width=2)
    d.line((50, 12), (50, 5), width=2)
    d.line((56, 12), (60, 6), width=2)
    d.shape((47, 86), (44, 96), (50, 92), (56, 97), (53, 86), fill="#9ab86a")


def carrot(d: Pen) -> None:
    d.shape((26, 74), (40, 86, 58, 76, 68, 64), (16, 10), fill=ORANGE)
    for a, b in (((34, 60), (42, 58)), ((44, 48), (52, 46)), ((30, 44), (36, 40)), ((44, 30), (48, 28))):
        d.line(a, b, width=2, stroke=ORANGE_DARK)
    d.shape((54, 76), (58, 96), (64, 80), fill=LEAF)
    d.shape((60, 72), (80, 92), (70, 74), fill=LEAF)
    d.shape((64, 68), (88, 74), (70, 64), fill=LEAF)


def tomato(d: Pen) -> None:
    d.ellipse(50, 44, 38, 33, fill=RED)
    d.ellipse(34, 54, 8, 5, fill="#f47f73", stroke=False, angle=25)
    d.shape((50, 76), (36, 84), (44, 74), (30, 70), (46, 70), (50, 62), (54, 70), (70, 70), (56, 74), (64, 84),
            fill=LEAF)
    d.line((50, 78), (52, 92), width=3.2, stroke=LEAF)


def eggplant(d: Pen) -> None:
    d.shape((70, 78), (92, 62, 80, 30, 56, 18), (32, 6, 8, 16, 14, 34), (20, 50, 40, 52, 50, 62),
            (58, 70, 60, 84, 70, 78), fill=PURPLE)
    d.ellipse(30, 28, 8, 4, fill="#a66bc7", stroke=False, angle=-30)
    d.shape((56, 76), (64, 64), (72, 72), (82, 64), (80, 78), (90, 84), (76, 86), (72, 92), (66, 84),
            fill=LEAF)
    d.line((74, 84), (80, 96), width=3.4, stroke=LEAF)


def cleaver(d: Pen) -> None:
    d.shape((8, 40), (8, 76), (62, 76), (62, 40), (30, 40), (20, 36), fill=STEEL)
    d.line((12, 44), (58, 44), width=1.6, stroke=STEEL_DARK)
    d.circle(18, 66, 4, fill="#ffffff")
    d.rect(62, 50, 32, 16, fill=WOOD, r=4)
    d.dots([(70, 58), (80, 58)], 2.2, "#7a4a22")


def flame(d: Pen) -> None:
    d.shape((50, 8), (22, 10, 14, 36, 26, 58), (30, 66, 30, 74, 26, 84), (42, 78, 48, 68, 46, 56),
            (56, 64, 60, 80, 56, 94), (76, 80, 90, 56, 80, 34), (76, 22, 66, 10, 50, 8), fill="#ff7a1a")
    d.shape((50, 16), (36, 18, 32, 32, 40, 44), (44, 40, 48, 38, 50, 46), (56, 40, 62, 34, 64, 44),
            (70, 32, 64, 18, 50, 16), fill="#ffd23f", stroke=False)


def recipe_book(d: Pen) -> None:
    d.rect(18, 12, 64, 78, fill="#fff7e6", r=4)
    d.rect(18, 12, 10, 78, fill=GREEN, r=3)
    for y in (70, 58, 46, 34):
        d.circle(38, y + 2, 3.4, fill=ORANGE, width=1.4)
        d.line((46, y + 2), (72, y + 2), width=2.6, stroke="#b8a58e")


def block(d: Pen) -> None:
    d.rect(8, 18, 84, 64, fill=WOOD, r=5)
    colours = (GREEN, BEIGE, ORANGE, RED, PURPLE)
    for row in range(3):
        for col in range(5):
            d.rect(14 + col * 15.2, 24 + row * 17.6, 13, 15, fill=colours[(row * 2 + col) % 5], r=2.4, width=1.6)


def chef(d: Pen) -> None:
    d.circle(32, 62, 16, fill="#ffffff")
    d.circle(50, 70, 19, fill="#ffffff")
    d.circle(68, 62, 16, fill="#ffffff")
    d.rect(30, 22, 40, 36, fill="#ffffff", stroke=False)
    d.line((30, 52), (30, 22), (70, 22), (70, 52))
    d.rect(28, 18, 44, 12, fill=GREEN, r=3)


DV_ICONS = {
    "dv-broccoli": broccoli, "dv-onion": onion, "dv-carrot": carrot, "dv-tomato": tomato,
    "dv-eggplant": eggplant, "dv-cleaver": cleaver, "dv-hype": flame, "dv-recipe": recipe_book,
    "dv-block": block, "dv-chef": chef,
}


def register() -> list[str]:
    """Add this game's icons to icons.ICONS (idempotent); returns their names."""
    return register_icons(DV_ICONS)


register()
