"""Tá na Mesa's icons: the ten ingredients, five class symbols, six spices, the cook, the stove, the
vegetarian leaf and the markers. Same 100-unit box and sticker style as pdf/icons.py; names start with `tnm-`.

The five ingredient classes also differ by shape (for colour-blind players) — `SHAPES` and `shape_path` give
each colour a shape that is symmetric about a horizontal line, so two half-symbols on neighbouring edges make one
whole symbol: yellow circle, green hexagon, blue square, red diamond, orange cross.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import HexColor

from ...pdf.icons import Pen, register_icons, star_points

RICE = "#f6f1e1"
BEAN = "#4a2a1e"
LEAF = "#3f8a3a"
LEAF_DARK = "#2b6a2a"
RED = "#c8332b"
MEAT = "#a8402e"

SHAPES = {"yellow": "circle", "green": "hexagon", "blue": "square", "red": "diamond", "orange": "cross"}


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """The outline of a class shape of "radius" r (None for the circle, which is drawn as a circle)."""
    if shape == "circle":
        return None
    if shape == "hexagon":      # points left and right: symmetric about the horizontal and vertical axes
        return [(cx + r * math.cos(math.radians(a)), cy + r * 0.92 * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]
    if shape == "square":
        k = r * 0.84
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - r * 1.08), (cx + r * 1.08, cy), (cx, cy + r * 1.08), (cx - r * 1.08, cy)]
    if shape == "cross":
        a, b = r * 0.98, r * 0.4
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    raise KeyError(shape)


def add_shape(p, shape: str, cx: float, cy: float, r: float) -> None:
    """Add the outline of a class shape to the path `p` (one path may hold many, as on a wallpaper)."""
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        p.circle(cx, cy, r)
    else:
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        p.close()


def shape_path(c, shape: str, cx: float, cy: float, r: float):
    p = c.beginPath()
    add_shape(p, shape, cx, cy, r)
    return p


# --- ingredients -----------------------------------------------------------------------------------------------

def _bowl(d: Pen, fill: str) -> None:
    d.shape((10, 46), (90, 46), (86, 18, 68, 10, 50, 10), (32, 10, 14, 18, 10, 46), fill=fill)
    d.rect(36, 6, 28, 6, fill=fill, r=2)


def rice(d: Pen) -> None:
    d.shape((12, 46), (14, 74, 86, 74, 88, 46), fill=RICE)
    for x, y, a in ((26, 52, 20), (36, 60, -10), (48, 66, 30), (60, 58, -20), (72, 52, 10), (42, 52, 60),
                    (56, 50, -40), (66, 64, 50), (30, 58, 80)):
        d.ellipse(x, y, 4, 1.8, fill="#ffffff", width=1.2, angle=a)
    _bowl(d, "#d25f34")
    d.shape((14, 34), (30, 24, 70, 24, 86, 34), closed=False, width=3, stroke="#f3c27a")


def beans(d: Pen) -> None:
    d.shape((12, 46), (14, 70, 86, 70, 88, 46), fill="#3a1e16")
    for x, y, a in ((26, 52, 20), (38, 60, -10), (50, 64, 30), (62, 58, -20), (74, 52, 10), (44, 52, 60),
                    (58, 50, -40), (32, 58, 80), (68, 64, 40)):
        d.ellipse(x, y, 5, 3, fill=BEAN, width=1.2, angle=a)
        d.ellipse(x - 1, y + 1, 1.6, 0.8, fill="#8a5a4a", stroke=False, angle=a)
    _bowl(d, "#8c5a2b")


def collard(d: Pen) -> None:
    d.shape((50, 8), (18, 20, 6, 56, 24, 84), (36, 98, 64, 98, 76, 84), (94, 56, 82, 20, 50, 8), fill=LEAF)
    d.line((50, 4), (50, 88), width=3, stroke="#b9dc8a")
    for y in (28, 46, 64):
        d.line((50, y), (30, y + 14), width=2, stroke="#b9dc8a")
        d.line((50, y), (70, y + 14), width=2, stroke="#b9dc8a")


def tomato(d: Pen) -> None:
    d.ellipse(50, 44, 40, 34, fill=RED)
    d.ellipse(34, 54, 9, 6, fill="#f07a6a", stroke=False, angle=30)
    d.poly([(50, 76), (38, 86), (46, 78), (30, 76), (46, 72), (50, 66), (54, 72), (70, 76), (54, 78),
            (62, 86)], fill=LEAF)
    d.line((50, 78), (52, 92), width=3, stroke=LEAF_DARK)


def cheese_wedge(d: Pen) -> None:
    d.poly([(10, 40), (58, 78), (92, 52), (92, 40)], fill="#f6d365")
    d.poly([(10, 40), (92, 40), (92, 18), (10, 18)], fill="#ebb93a")
    for cx, cy, rx, ry in ((30, 30, 5, 4), (56, 27, 7, 5), (80, 32, 4, 3), (60, 55, 5, 3)):
        d.ellipse(cx, cy, rx, ry, fill="#d19a22", width=1.6)


def egg(d: Pen) -> None:
    """A whole egg and a fried one."""
    d.ellipse(30, 58, 18, 24, fill="#f3e3c8", angle=-10)
    d.ellipse(25, 66, 4, 7, fill="#ffffff", stroke=False, angle=-10)
    d.shape((40, 20), (30, 36, 46, 52, 62, 46), (78, 58, 98, 44, 92, 28), (98, 12, 74, 4, 60, 10),
            (48, 2, 36, 8, 40, 20), fill="#ffffff")
    d.circle(66, 28, 11, fill="#f2b705")
    d.ellipse(62, 32, 3.5, 2.2, fill="#ffe27a", stroke=False, angle=30)


def dried_beef(d: Pen) -> None:
    d.shape((12, 30), (10, 60, 40, 82, 70, 76), (92, 70, 94, 42, 86, 26), (70, 12, 30, 10, 12, 30), fill=MEAT)
    d.shape((26, 36), (40, 46, 62, 48, 78, 40), closed=False, width=3, stroke="#e9b9a0")
    d.shape((24, 54), (40, 62, 58, 64, 74, 58), closed=False, width=3, stroke="#e9b9a0")
    d.dots([(30, 26), (52, 24), (70, 28), (80, 50), (20, 46)], 2.4, "#ffffff")


def sausage(d: Pen) -> None:
    """A coil of linguiça."""
    d.shape((16, 30), (6, 60, 30, 88, 58, 86), (86, 84, 96, 58, 84, 40), (74, 26, 52, 28, 50, 44),
            closed=False, width=21)
    d.shape((16, 30), (6, 60, 30, 88, 58, 86), (86, 84, 96, 58, 84, 40), (74, 26, 52, 28, 50, 44),
            closed=False, width=15.5, stroke="#a8402e")
    d.shape((14, 44), (14, 66, 34, 82, 56, 80), closed=False, width=3, stroke="#d0704e")
    d.dots([(24, 52), (30, 70), (46, 78), (66, 76), (80, 62), (78, 46), (62, 38)], 2, "#f3d3b0")
    d.circle(16, 28, 6, fill="#e8c9a0", width=2)
    d.circle(50, 46, 6, fill="#e8c9a0", width=2)


def chicken_breast(d: Pen) -> None:
    """A raw chicken breast fillet on a board."""
    d.rect(6, 10, 88, 20, fill="#c99a62", r=8)
    d.shape((14, 34), (10, 64, 34, 90, 60, 86), (84, 82, 94, 58, 86, 40), (76, 26, 40, 22, 14, 34),
            fill="#f6c7b0")
    d.shape((26, 44), (40, 58, 58, 64, 76, 58), closed=False, width=2.6, stroke="#ffffff")
    d.shape((24, 58), (36, 70, 52, 76, 68, 74), closed=False, width=2.6, stroke="#ffffff")
    d.shape((62, 40), (70, 44, 76, 50, 80, 56), closed=False, width=2.2, stroke="#e79a84")


def drumstick(d: Pen) -> None:
    """A chicken leg: the meaty end up right, the bone down left with its knuckle."""
    d.c.saveState()
    d.c.translate(50, 50)
    d.c.rotate(45)
    d.rect(-6, -44, 12, 40, fill="#fbf3e4", r=4)                       # bone
    d.circle(-7, -44, 7.5, fill="#fbf3e4")
    d.circle(7, -44, 7.5, fill="#fbf3e4")
    d.rect(-5.2, -46, 10.4, 12, fill="#fbf3e4", stroke=False)
    d.shape((-10, -8), (-30, 14, -26, 46, 0, 48), (26, 46, 30, 14, 10, -8), (4, -14, -4, -14, -10, -8),
            fill="#d98a3c")                                             # meat
    d.shape((-14, 30), (-10, 40, 0, 42, 8, 40), closed=False, width=3, stroke="#f3c27a")
    d.c.restoreState()


# --- class symbols ---------------------------------------------------------------------------------------------

def grains(d: Pen) -> None:
    d.line((50, 8), (50, 90), width=3.4, stroke="#9a6a1a")
    for i, y in enumerate((30, 44, 58, 72)):
        d.ellipse(38, y, 11, 5.5, fill="#f2c14e", width=2, angle=35)
        d.ellipse(62, y, 11, 5.5, fill="#f2c14e", width=2, angle=-35)
    d.ellipse(50, 86, 6, 10, fill="#f2c14e", width=2)


def vegetable(d: Pen) -> None:
    collard(d)


def dairy(d: Pen) -> None:
    d.shape((32, 66), (32, 10), (68, 10), (68, 66), (58, 78), (42, 78), fill="#ffffff")
    d.rect(40, 78, 20, 12, fill="#2f6db5", r=2)
    d.rect(32, 28, 36, 22, fill="#2f6db5", stroke=False)
    d.shape((32, 66), (32, 10), (68, 10), (68, 66), (58, 78), (42, 78))
    d.line((40, 16), (40, 60), width=3, stroke="#d9e6f5")


def steak(d: Pen) -> None:
    d.shape((10, 44), (8, 74, 40, 90, 66, 84), (92, 78, 96, 50, 84, 34), (70, 14, 30, 8, 16, 22),
            (8, 30, 12, 38, 10, 44), fill=MEAT)
    d.shape((20, 44), (18, 66, 44, 78, 64, 74), (84, 70, 86, 52, 76, 40), (64, 26, 34, 22, 24, 32),
            fill="#cf5a44", stroke=False)
    d.ellipse(66, 54, 9, 7, fill="#fbe3d0", width=2)
    d.line((34, 40), (50, 64), width=2.4, stroke="#f2b3a0")


# --- spices ----------------------------------------------------------------------------------------------------

def garlic(d: Pen) -> None:
    d.shape((50, 88), (46, 80, 22, 72, 16, 46), (12, 22, 34, 10, 50, 10), (66, 10, 88, 22, 84, 46),
            (78, 72, 54, 80, 50, 88), fill="#f7f2e6")
    d.shape((50, 84), (40, 70, 36, 40, 44, 12), closed=False, width=2, stroke="#c9bfa8")
    d.shape((50, 84), (60, 70, 64, 40, 56, 12), closed=False, width=2, stroke="#c9bfa8")
    d.line((50, 86), (50, 96), width=3)
    d.line((44, 12), (42, 6), width=2)
    d.line((56, 12), (58, 6), width=2)


def spring_onion(d: Pen) -> None:
    for x, lean in ((36, -10), (50, 0), (64, 10)):
        d.shape((x - 5, 40), (x - 4 + lean, 96), (x + 4 + lean, 96), (x + 5, 40), fill="#4fa64a")
    d.shape((30, 42), (24, 16, 40, 8, 50, 8), (60, 8, 76, 16, 70, 42), fill="#f4f1e4")
    d.line((44, 8), (40, 2), width=2)
    d.line((56, 8), (60, 2), width=2)


def coriander(d: Pen) -> None:
    d.line((50, 6), (50, 50), width=3, stroke=LEAF_DARK)
    for cx, cy in ((30, 56), (50, 74), (70, 56), (38, 36), (62, 36)):
        d.shape((cx, cy - 12), (cx - 16, cy - 8, cx - 14, cy + 12, cx - 4, cy + 12), (cx, cy + 18),
                (cx + 4, cy + 12), (cx + 14, cy + 12, cx + 16, cy - 8, cx, cy - 12), fill="#5cae4c", width=2)
        d.line((50, 44), (cx, cy - 4), width=2, stroke=LEAF_DARK)


def chilli(d: Pen) -> None:
    d.shape((26, 78), (56, 80, 86, 48, 88, 12), (74, 30, 52, 54, 22, 64), fill="#d7261e")
    d.shape((18, 66), (12, 70, 14, 82, 26, 80), (30, 76), (28, 66, 24, 64, 18, 66), fill=LEAF)
    d.line((16, 78), (8, 92), width=3.2, stroke=LEAF_DARK)
    d.shape((34, 70), (52, 68, 70, 52, 78, 32), closed=False, width=2.4, stroke="#f37a6a")


def annatto(d: Pen) -> None:
    d.shape((18, 50), (22, 72, 78, 72, 82, 50), fill="#d9481e")
    d.dots([(34, 56), (48, 60), (62, 56), (42, 52), (56, 52)], 2.4, "#f08a40")
    d.shape((10, 50), (90, 50), (86, 22, 68, 14, 50, 14), (32, 14, 14, 22, 10, 50), fill="#b07a4a")
    d.shape((20, 40), (36, 30, 64, 30, 80, 40), closed=False, width=2.4, stroke="#d9a878")
    d.line((70, 70), (92, 92), width=5, stroke="#8a5a2a")


def bay_leaf(d: Pen) -> None:
    d.shape((18, 18), (20, 56, 48, 84, 86, 86), (84, 48, 56, 20, 18, 18), fill="#6f9a3c")
    d.shape((18, 18), (40, 40, 62, 62, 86, 86), closed=False, width=2.4, stroke="#c7dca0")
    d.line((18, 18), (10, 10), width=3, stroke="#6a4a2a")


# --- people and things -----------------------------------------------------------------------------------------

def cook(d: Pen) -> None:
    d.shape((16, 4), (18, 30, 30, 40, 50, 40), (70, 40, 82, 30, 84, 4), fill="#ffffff")     # jacket
    d.line((50, 8), (50, 38), width=1.6)
    d.dots([(44, 30), (44, 18), (56, 30), (56, 18)], 2, "#3b2417")
    d.poly([(40, 40), (50, 32), (60, 40)], fill="#c8332b", width=2)                   # neckerchief
    d.circle(50, 56, 17, fill="#c98a5a")                                               # face
    d.dots([(44, 58), (56, 58)], 2.2, "#3b2417")
    d.shape((43, 49), (47, 45, 53, 45, 57, 49), closed=False, width=2)
    d.shape((30, 70), (22, 76, 24, 92, 36, 90), (40, 100, 60, 100, 64, 90), (76, 92, 78, 76, 70, 70),
            fill="#ffffff")                                                             # toque
    d.rect(32, 68, 36, 8, fill="#ffffff", r=2)


def stove(d: Pen) -> None:
    d.rect(10, 8, 80, 70, fill="#e9e2d4", r=6)
    d.rect(10, 66, 80, 12, fill="#7a4a2a", r=4)
    d.rect(20, 14, 60, 36, fill="#3b2417", r=3)
    d.shape((32, 18), (36, 36, 44, 30, 50, 44), (56, 30, 64, 36, 68, 18), fill="#f39c1e", stroke=False)
    d.shape((40, 18), (44, 28, 48, 26, 50, 34), (52, 26, 56, 28, 60, 18), fill="#ffd34a", stroke=False)
    d.circle(30, 58, 4, fill="#c8332b", width=1.6)
    d.circle(70, 58, 4, fill="#c8332b", width=1.6)
    d.rect(36, 82, 28, 10, fill="#4a4a4a", r=3)


def veg_leaf(d: Pen) -> None:
    d.circle(50, 50, 44, fill="#e3f1d5")
    d.shape((24, 26), (26, 62, 50, 82, 80, 80), (80, 46, 58, 24, 24, 26), fill=LEAF)
    d.shape((24, 26), (44, 44, 60, 60, 78, 78), closed=False, width=2.6, stroke="#cfe8b0")
    d.circle(50, 50, 44)


def score_star(d: Pen) -> None:
    d.poly(star_points(5, 44, 19, cy=48), fill="#f2b705")


def sum_sigma(d: Pen) -> None:
    d.poly([(22, 86), (78, 86), (78, 70), (46, 70), (64, 50), (46, 30), (78, 30), (78, 14), (22, 14), (22, 22),
            (44, 50), (22, 78)], fill="#ffffff", width=3)


def recipe_book(d: Pen) -> None:
    d.rect(18, 10, 64, 80, fill="#c4532d", r=5)
    d.rect(26, 18, 48, 64, fill="#fff3dc", r=3)
    d.circle(50, 58, 12, fill="#ffffff")
    d.ellipse(50, 58, 8, 4, fill="#e9b824", stroke=False)
    for y in (36, 28):
        d.line((34, y), (66, y), width=2.6, stroke="#9c8a78")


def wallpaper_icon(shape: str, fill: str):
    """A 100-unit square of small class shapes in `fill`, defined once as a form and laid behind a card panel."""
    def draw(d: Pen) -> None:
        step = 100 / 14
        p = d.c.beginPath()
        for j in range(16):
            for i in range(16):
                add_shape(p, shape, i * step + (step / 2 if j % 2 else 0), j * step, step * 0.17)
        d.c.setFillColor(HexColor(fill))
        d.c.drawPath(p, stroke=0, fill=1)
    return draw


def chita(d: Pen) -> None:
    """Chita, the Brazilian flowered cotton: a scatter of small cream flowers with yellow hearts (card backs)."""
    step = 100 / 9
    petals, hearts = d.c.beginPath(), d.c.beginPath()
    for j in range(11):
        for i in range(11):
            x, y = i * step + (step / 2 if j % 2 else 0), j * step
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                petals.circle(x + dx * 1.6, y + dy * 1.6, 1.5)
            hearts.circle(x, y, 1.0)
    d.c.setFillColor(HexColor("#fbe7c6"))
    d.c.drawPath(petals, stroke=0, fill=1)
    d.c.setFillColor(HexColor("#f2c14e"))
    d.c.drawPath(hearts, stroke=0, fill=1)


TNM_ICONS = {
    "tnm-chita": chita,
    "tnm-rice": rice, "tnm-beans": beans, "tnm-collard": collard, "tnm-tomato": tomato,
    "tnm-cheese": cheese_wedge, "tnm-egg": egg, "tnm-dried-beef": dried_beef, "tnm-sausage": sausage,
    "tnm-chicken-breast": chicken_breast, "tnm-drumstick": drumstick,
    "tnm-grains": grains, "tnm-vegetable": vegetable, "tnm-dairy": dairy, "tnm-meat": steak,
    "tnm-garlic": garlic, "tnm-spring-onion": spring_onion, "tnm-coriander": coriander, "tnm-chilli": chilli,
    "tnm-annatto": annatto, "tnm-bay-leaf": bay_leaf,
    "tnm-cook": cook, "tnm-stove": stove, "tnm-veg": veg_leaf, "tnm-star": score_star, "tnm-sum": sum_sigma,
    "tnm-recipe": recipe_book,
}


def register() -> list[str]:
    """Add this game's icons to icons.ICONS (idempotent); returns their names."""
    return register_icons(TNM_ICONS)


register()
