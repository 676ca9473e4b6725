"""Tá na Mesa's components: 50 ingredient cards, 8 character cards and a player aid per player; 25 recipe tiles;
4 counters (bancadas) with their 2 × 2 stoves; 12 two-sided spice tokens, 8 markers, the vegetarian prize and the
chef's hat; the scoring board with the score and sum tracks.

Palette: warm Brazilian kitchen colours (terracotta, cream, wood) around the five class colours of the content.
Every class also has a shape (yellow circle, green hexagon, blue square, red diamond, orange cross; see
pdf/art/ta_na_mesa.py) and its cards a wallpaper of that shape, so colour-blind players can tell the classes and
the presentation's half-symbols apart. Every value shows its provenance mark (* reconstructed) in a corner.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from .. import fonts
from ..art import ta_na_mesa as art
from ..card import (MIN_BODY, MIN_TITLE, FaceBox, background, corner_mark, fit, numbered_box, panel, text_box)
from ..component import Board, Credit, Deck, Kind, Piece, PrintSet
from ..errors import PdfBuildError
from ..icons import ICONS as ICON_REGISTRY
from ..icons import color, place_centred
from ..palette import active, area, outline, tint
from ..texts import Texts
from ..tile import tile_deck, tile_size
from ..token import round_token, token_deck
from ..units import CARD_SIZES, Size, mm

# --- palette ---------------------------------------------------------------------------------------------------
INK = "#3a2314"
CREAM = "#fff3dc"
PAPER = "#fffaf0"
TERRACOTTA = "#c4532d"
WOOD = "#7a4a2a"
COUNTER = "#f1dfbf"
STOVETOP = "#34302c"
CHARACTER = "#1f6f5c"
AID = "#8a4b2a"

RECIPE_TILE_MM = 45.0
STOVE_SPACE_MM = 46.0          # a stove space is 1 mm larger than a tile, so a tile lies flat in it
COUNTER_MM = (180.0, 110.0)
TOKEN_MM = 25.0
AID_MIN = CARD_SIZES["poker"]      # player aids are never printed smaller than this
BOARD_SPACES = (25, 17)        # score track: spaces along the width and the height of the board (perimeter = 80)
BOARD_SPACE_MM = 11.2

ICONS = {
    # ingredients
    "arroz": "tnm-rice", "feijao": "tnm-beans", "couve": "tnm-collard", "tomate": "tnm-tomato",
    "queijo": "tnm-cheese", "ovo": "tnm-egg", "carne-seca": "tnm-dried-beef", "linguica": "tnm-sausage",
    "peito-de-frango": "tnm-chicken-breast", "coxa-de-frango": "tnm-drumstick",
    # classes
    "graos": "tnm-grains", "verduras": "tnm-vegetable", "derivados": "tnm-dairy", "carnes": "tnm-meat",
    "frango": "tnm-drumstick",
    # spices
    "alho": "tnm-garlic", "cebolinha": "tnm-spring-onion", "coentro": "tnm-coriander", "pimenta": "tnm-chilli",
    "colorau": "tnm-annatto", "louro": "tnm-bay-leaf",
    # things
    "cook": "tnm-cook", "stove": "tnm-stove", "veg": "tnm-veg", "score": "tnm-star", "sum": "tnm-sum",
    "recipe": "tnm-recipe", "hat": "chef-hat", "aid": "checklist", "board": "tnm-star",
}
KIND_ORDER = ("ingredient", "character", "aid", "recipe-tile", "counter", "spice-token", "marker",
              "vegetarian-prize", "chefs-hat", "scoring-board")
KIND_ICON = {"ingredient": "tnm-rice", "character": "tnm-cook", "aid": "checklist", "recipe-tile": "tnm-recipe",
             "counter": "tnm-stove", "spice-token": "tnm-chilli", "marker": "tnm-star",
             "vegetarian-prize": "tnm-veg", "chefs-hat": "chef-hat", "scoring-board": "tnm-sum"}
SIDES = ("top", "right", "bottom", "left")
FIELD_KEYS = {"values": "pdf.field.quality"}     # an ingredient's values are quality numbers here


def _luma(hex_: str) -> float:
    r, g, b = (int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def on(fill: str) -> str:
    return INK if _luma(area(fill)) > 0.55 else "#ffffff"


def icon_for(ref: str) -> str:
    if ref not in ICONS:
        raise PdfBuildError(f"ta-na-mesa: no icon for {ref!r}; add it to pdf/games/ta_na_mesa.py ICONS")
    return ICONS[ref]


def shape_plate(c, shape: str, cx: float, cy: float, r: float, fill: str, ring: str = INK,
                width: float = 0.9) -> None:
    """A class shape filled with its colour and outlined, the colour-blind-safe class sign."""
    c.setFillColor(color(fill))
    c.setStrokeColor(color(ring))
    c.setLineWidth(width)
    c.drawPath(art.shape_path(c, shape, cx, cy, r), stroke=1, fill=1)


def wallpaper_name(shape: str, fill: str) -> str:
    """Register (once) and name the wallpaper icon of one class: its shape, tiled, in a tint of its colour."""
    name = f"tnm-wall-{shape}-{fill.lstrip('#').lower()}"
    if name not in ICON_REGISTRY:
        ICON_REGISTRY[name] = art.wallpaper_icon(shape, fill)
    return name


def wallpaper(c, shape: str, x: float, y: float, w: float, h: float, fill: str) -> None:
    """Small class shapes tiled over a coloured area, so the class reads without its colour (one form per class)."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    size = max(w, h)
    place_centred(c, wallpaper_name(shape, fill), x + w / 2, y + h / 2, size)
    c.restoreState()


def value_text(c, text: str, cx: float, cy: float, size: float, fill: str) -> None:
    c.setFont(fonts.TITLE, size)
    c.setFillColor(color(fill))
    c.drawCentredString(cx, cy - size * 0.36, text)


def _background_all(c, box: FaceBox, fill: str) -> None:
    c.setFillColor(color(area(fill)))
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)


# --- cards -----------------------------------------------------------------------------------------------------

class Frame:
    def __init__(self, c, box: FaceBox, fill: str, shape: str | None = None):
        self.c, self.box, self.fill = c, box, fill
        self.k = min(box.w / mm(63), box.h / mm(88))
        rim = mm(3) if self.k >= 0.9 else mm(2.2)     # small cards keep more room for their words
        self.x0, self.y0, self.x1, self.y1 = rim, rim, box.w - rim, box.h - rim
        self.pad = mm(2.2) * self.k
        background(c, box, area(CREAM))
        panel(c, self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0, area(fill), radius=mm(3),
              stroke=outline(fill), width=1.2)
        if shape:
            wallpaper(c, shape, self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0, tint(fill, 0.28))

    def s(self, v: float) -> float:
        return mm(v) * self.k

    @property
    def inner_w(self) -> float:
        return self.x1 - self.x0 - 2 * self.pad

    def title(self, top: float, name: str, gloss: str | None, size: float = 15, width: float | None = None) -> float:
        c, ink = self.c, on(self.fill)
        width = width or self.inner_w
        t = fit(self.box, name, fonts.TITLE, max(size * self.k, MIN_TITLE), MIN_TITLE, width, max_lines=2, leading=1.06,
                what="title")
        c.setFillColor(color(ink))
        c.setFont(fonts.TITLE, t.size)
        y = top
        for line in t.lines:
            y -= t.size * 0.86
            c.drawCentredString(self.box.w / 2, y, line)
            y -= t.leading - t.size * 0.86
        if gloss:
            g = fit(self.box, gloss, fonts.ITALIC, max(8 * self.k, MIN_BODY), MIN_BODY, self.inner_w, max_lines=1, what="gloss")
            y -= g.size * 1.05
            c.setFont(fonts.ITALIC, g.size)
            c.drawCentredString(self.box.w / 2, y, gloss)
            y -= g.size * 0.3
        return y - self.s(1.5)

    def body(self, top: float, bottom: float) -> tuple[float, float, float, float]:
        x, w = self.x0 + self.pad, self.inner_w
        panel(self.c, x, bottom, w, top - bottom, area(PAPER), radius=mm(2),
              stroke=self.fill if area(PAPER) != PAPER else None)
        return x, bottom, w, top - bottom

    def mark(self, mark: str) -> None:
        corner_mark(self.c, self.box, mark, on(self.fill))


def ingredient_face(c, box: FaceBox, *, name, gloss, icon, value, fill, shape, class_name, class_icon, label,
                    mark) -> None:
    """Value in the class shape top left and top right (readable in a fanned hand), name, icon, class."""
    f = Frame(c, box, fill, shape)
    r = f.s(6.2)
    cy = f.y1 - f.pad - r
    for cx in (f.x0 + f.pad + r, f.x1 - f.pad - r):
        shape_plate(c, shape, cx, cy, r, "#ffffff", INK, 1.1)
        value_text(c, str(value), cx, cy, r * 1.25, INK)
    between = f.inner_w - 4 * r - f.s(1)
    if max(fonts.width(w, fonts.TITLE, MIN_TITLE) for w in name.split()) <= between:
        top = f.title(f.y1 - f.pad - f.s(0.5), name, gloss, size=14, width=between)
        top = min(top, cy - r - f.s(1.2))
    else:       # small cards: the name goes below the value badges
        top = f.title(cy - r - f.s(0.8), name, gloss, size=14)
    foot = f.s(9)
    x, y, w, h = f.body(top, f.y0 + f.pad + foot)
    place_centred(c, icon, x + w / 2, y + h / 2 + f.s(1.5), min(w, h) * 0.78)
    # quality pips along the bottom of the panel: the value as dots too
    pr, gap = f.s(1.2), f.s(3.6)
    px = x + w / 2 - gap * 2
    c.setLineWidth(0.6)
    c.setStrokeColor(color(INK))
    for i in range(5):
        c.setFillColor(color(fill if i < value else "#ffffff"))
        c.circle(px + i * gap, y + f.s(3), pr, stroke=1, fill=1)
    # footer: class shape with its icon and the class name
    fy = f.y0 + f.pad + foot / 2
    shape_plate(c, shape, f.x0 + f.pad + f.s(4), fy, f.s(3.6), "#ffffff", INK, 0.8)
    place_centred(c, class_icon, f.x0 + f.pad + f.s(4), fy, f.s(4.6))
    text_box(c, box, class_name, f.x0 + f.pad + f.s(9.5), fy - foot / 2, f.inner_w - f.s(16), foot,
             fonts.BOLD, max(8.5 * f.k, MIN_BODY), fill=on(fill), align="left", valign="middle", max_lines=2,
             leading=1.1, what="class name")
    f.mark(mark)


def character_face(c, box: FaceBox, *, name, gloss, text, ability, label, mark) -> None:
    """Title, the cook, the ability in words and, for a free symbol, the symbol itself."""
    f = Frame(c, box, CHARACTER)
    top = f.title(f.y1 - f.pad - f.s(1), name, gloss, size=15)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    text_h = h * (0.42 if f.k >= 0.9 else 0.56)
    icon_h = h - text_h
    place_centred(c, "tnm-cook", x + w / 2, y + text_h + icon_h / 2, min(icon_h * 0.86, w * 0.6))
    if ability:
        fill, shape, cls_icon, value = ability
        r = f.s(6.5)
        cx, cy = x + w - r - f.s(2.5), y + text_h + r + f.s(2)
        shape_plate(c, shape, cx, cy, r, fill, INK, 1.1)
        place_centred(c, cls_icon, cx - r * 0.25, cy + r * 0.1, r * 1.2)
        c.setFillColor(color("#ffffff"))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.circle(cx + r * 0.7, cy - r * 0.6, r * 0.48, stroke=1, fill=1)
        value_text(c, str(value), cx + r * 0.7, cy - r * 0.6, r * 0.62, INK)
    c.setStrokeColor(color(CHARACTER))
    c.setLineWidth(0.8)
    c.line(x + f.s(6), y + text_h, x + w - f.s(6), y + text_h)
    text_box(c, box, text, x + f.s(2.5), y + f.s(1.5), w - f.s(5), text_h - f.s(3), fonts.BODY, max(9 * f.k, MIN_BODY),
             valign="middle", what="ability text")
    f.mark(mark)


def aid_face(c, box: FaceBox, *, title, items, combos, combo_label, mark) -> None:
    f = Frame(c, box, AID)
    top = f.title(f.y1 - f.pad - f.s(1), title, None, size=15)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    strip = f.s(15)
    numbered_box(c, box, items, x + f.s(2), y + strip + f.s(1.5), w - f.s(4), h - strip - f.s(3), fonts.BODY,
                 max(8.5 * f.k, MIN_BODY), what="player aid")
    c.setStrokeColor(color(AID))
    c.setLineWidth(0.8)
    c.line(x + f.s(3), y + strip, x + w - f.s(3), y + strip)
    t = fit(box, combo_label, fonts.BOLD, 7, MIN_BODY, w - f.s(4), max_lines=1, what="aid label")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(AID))
    c.drawCentredString(x + w / 2, y + strip - f.s(3.4), combo_label)
    slot = w / len(combos)
    for i, (n, points) in enumerate(combos):
        cx = x + slot * (i + 0.5)
        cy = y + f.s(5)
        for j in range(n):
            c.setFillColor(color("#6f9a3c"))
            c.setStrokeColor(color(INK))
            c.setLineWidth(0.6)
            c.circle(cx - f.s(6) + j * f.s(3.2), cy, f.s(1.3), stroke=1, fill=1)
        c.setFont(fonts.TITLE, 10 * f.k)
        c.setFillColor(color(INK))
        c.drawString(cx + f.s(3.5), cy - 3.6 * f.k, f"{points}")
    f.mark(mark)


# --- tiles -----------------------------------------------------------------------------------------------------

def edge_halves(c, box: FaceBox, edges: list[tuple[str, str]], r: float) -> None:
    """Half-symbols on the four edges (top, right, bottom, left): the shape centred on the cut line."""
    w, h = box.w, box.h
    centres = {"top": (w / 2, h), "right": (w, h / 2), "bottom": (w / 2, 0), "left": (0, h / 2)}
    for side, (hex_, shape) in zip(SIDES, edges):
        cx, cy = centres[side]
        c.saveState()
        c.translate(cx, cy)
        if side in ("left", "right"):
            c.rotate(90)
        shape_plate(c, shape, 0, 0, r, hex_, INK, 0.9)
        c.restoreState()


def recipe_face(c, box: FaceBox, *, name, gloss, needs, points, bonus, vegetarian, edges, mark) -> None:
    """Name, the three class symbols, points (badge), bonus ingredient, vegetarian leaf, the coloured edges."""
    _background_all(c, box, CREAM)
    k = box.w / mm(RECIPE_TILE_MM)
    s = lambda v: mm(v) * k          # noqa: E731
    c.setStrokeColor(color(TERRACOTTA))
    c.setLineWidth(1)
    c.roundRect(s(1.2), s(1.2), box.w - s(2.4), box.h - s(2.4), s(2.5), stroke=1, fill=0)
    edge_halves(c, box, edges, s(4.2))
    inner_w = box.w - s(12)
    y = box.h - s(5)
    t = fit(box, name, fonts.TITLE, max(11 * k, 8), 8, inner_w, max_lines=2, leading=1.04, what="recipe name")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(INK))
    for line in t.lines:
        y -= t.size * 0.86
        c.drawCentredString(box.w / 2, y, line)
        y -= t.leading - t.size * 0.86
    if gloss:
        g = fit(box, gloss, fonts.ITALIC, 6.5, 6, box.w - s(10), max_lines=2, leading=1.1, what="recipe gloss")
        c.setFont(fonts.ITALIC, g.size)
        c.setFillColor(color("#5a4030"))
        for line in g.lines:
            y -= g.size * 1.0
            c.drawCentredString(box.w / 2, y, line)
        y -= g.size * 0.2
    # the three ingredient classes
    r = s(3.9)
    row_y = min(y - s(1.2) - r, s(21.5))
    if row_y - r < s(14.5):
        raise PdfBuildError(f"tile {box.label}: the name and gloss leave no room for the ingredients")
    for i, (hex_, shape, cls_icon) in enumerate(needs):
        cx = box.w / 2 + (i - 1) * s(9.6)
        shape_plate(c, shape, cx, row_y, r, hex_, INK, 0.8)
        place_centred(c, cls_icon, cx, row_y, r * 1.25)
    # points badge, bonus, vegetarian leaf
    by = s(9.2)
    pr = s(4.4)
    c.setFillColor(color(TERRACOTTA))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1)
    c.circle(s(11.5), by, pr, stroke=1, fill=1)
    value_text(c, str(points), s(11.5), by, pr * 1.2, "#ffffff")
    if bonus:
        icon, extra = bonus
        c.setFillColor(color("#ffffff"))
        c.setStrokeColor(color(TERRACOTTA))
        c.setLineWidth(0.8)
        c.roundRect(box.w - s(19.5), by - s(3.6), s(14), s(7.2), s(3.6), stroke=1, fill=1)
        place_centred(c, icon, box.w - s(15.2), by, s(6))
        value_text(c, f"+{extra}", box.w - s(9), by, 9 * k, TERRACOTTA)
    if vegetarian:
        place_centred(c, "tnm-veg", box.w / 2, row_y - r - s(3.2), s(5.2))
    if mark != "R":
        c.setFont(fonts.BOLD, 7)
        c.setFillColor(color(INK))
        c.drawRightString(box.w - s(4), box.h - s(5.2), mark)


def recipe_back(c, box: FaceBox, *, title, text) -> None:
    _background_all(c, box, TERRACOTTA)
    step = box.w / 6
    c.setFillColor(color(area("#b4472a")))
    tiles = c.beginPath()
    for i in range(-1, 7):
        for j in range(-1, 7):
            if (i + j) % 2 == 0:
                tiles.rect(i * step, j * step, step, step)
    c.drawPath(tiles, stroke=0, fill=1)
    cx, cy, r = box.w / 2, box.h / 2 + mm(3), box.w * 0.26
    c.setFillColor(color(CREAM))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1)
    c.circle(cx, cy, r, stroke=1, fill=1)
    place_centred(c, "tnm-recipe", cx, cy, r * 1.4)
    t = fit(box, text.upper(), fonts.BOLD, 8, MIN_BODY, box.w - mm(8), max_lines=1, what="back text")
    tw = fonts.width(text.upper(), fonts.BOLD, t.size) + mm(3)
    c.setFillColor(color(CREAM))
    c.roundRect(cx - tw / 2, mm(4), tw, mm(4.4), mm(1), stroke=0, fill=1)
    c.setFillColor(color(INK))
    c.setFont(fonts.BOLD, t.size)
    c.drawCentredString(cx, mm(5.3), text.upper())


def counter_face(c, box: FaceBox, *, name, gloss, symbols, combos, frame, spaces, label, mark) -> None:
    """The counter: the 2 × 2 stove with its frame of half-symbols (left), name, ingredient symbols and the
    three spice combinations (right)."""
    _background_all(c, box, WOOD)
    rim = mm(3)
    panel(c, rim, rim, box.w - 2 * rim, box.h - 2 * rim, area(COUNTER), radius=mm(3))
    # tiles on the counter top, faint
    c.setStrokeColor(color(tint(WOOD, 0.75)))
    c.setLineWidth(0.5)
    g = mm(12)
    for i in range(1, int(box.w / g) + 1):
        c.line(i * g, rim + mm(1), i * g, box.h - rim - mm(1))
    for j in range(1, int(box.h / g) + 1):
        c.line(rim + mm(1), j * g, box.w - rim - mm(1), j * g)
    sp = mm(STOVE_SPACE_MM)
    sx, sy = mm(9), (box.h - 2 * sp) / 2
    # frame half-symbols: full shapes centred on the stove outline, the inner halves then covered by the spaces
    pos = {("nw", "top"): (sx + sp / 2, sy + 2 * sp, False), ("ne", "top"): (sx + 1.5 * sp, sy + 2 * sp, False),
           ("ne", "right"): (sx + 2 * sp, sy + 1.5 * sp, True), ("se", "right"): (sx + 2 * sp, sy + sp / 2, True),
           ("se", "bottom"): (sx + 1.5 * sp, sy, False), ("sw", "bottom"): (sx + sp / 2, sy, False),
           ("sw", "left"): (sx, sy + sp / 2, True), ("nw", "left"): (sx, sy + 1.5 * sp, True)}
    for (key, (hex_, shape)) in zip(pos, frame):
        x, y, turned = pos[key]
        c.saveState()
        c.translate(x, y)
        if turned:
            c.rotate(90)
        shape_plate(c, shape, 0, 0, mm(4.2), hex_, INK, 0.9)
        c.restoreState()
    origin = {"nw": (sx, sy + sp), "ne": (sx + sp, sy + sp), "sw": (sx, sy), "se": (sx + sp, sy)}
    for space, spices in spaces:
        x, y = origin[space]
        c.setFillColor(color(area(STOVETOP)))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.rect(x, y, sp, sp, stroke=1, fill=1)
        c.setStrokeColor(color("#6a625a"))
        c.setLineWidth(1.2)
        c.circle(x + sp / 2, y + sp / 2, sp * 0.42, stroke=1, fill=0)
        c.circle(x + sp / 2, y + sp / 2, sp * 0.3, stroke=1, fill=0)
        for i, (icon, sname) in enumerate(spices):
            cx = x + sp * (0.3 + 0.4 * i)
            c.setFillColor(color("#fff3dc"))
            c.circle(cx, y + sp * 0.55, mm(7), stroke=0, fill=1)
            place_centred(c, icon, cx, y + sp * 0.55, mm(11))
            t = fit(box, sname, fonts.BOLD, 7, MIN_BODY, sp * 0.46, max_lines=1, what="spice name")
            c.setFont(fonts.BOLD, t.size)
            c.setFillColor(color("#ffffff" if area(STOVETOP) == STOVETOP else INK))
            c.drawCentredString(cx, y + sp * 0.2, sname)
    # right column
    rx = sx + 2 * sp + mm(9)
    rw = box.w - rim - mm(3) - rx
    y = box.h - rim - mm(3)
    t = fit(box, name, fonts.TITLE, 20, MIN_TITLE, rw, max_lines=1, what="counter name")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(INK))
    y -= t.size * 0.9
    c.drawCentredString(rx + rw / 2, y, name)
    if gloss:
        gf = fit(box, gloss, fonts.ITALIC, 9, MIN_BODY, rw, max_lines=1, what="counter gloss")
        c.setFont(fonts.ITALIC, gf.size)
        y -= gf.size * 1.3
        c.drawCentredString(rx + rw / 2, y, gloss)
    y -= mm(4)

    def heading(text: str, y: float) -> float:
        h = fit(box, text.upper(), fonts.BOLD, 7.5, MIN_BODY, rw, max_lines=1, what="heading")
        c.setFont(fonts.BOLD, h.size)
        c.setFillColor(color(TERRACOTTA))
        c.drawCentredString(rx + rw / 2, y - h.size, text.upper())
        return y - h.size - mm(1.5)

    y = heading(label["symbols"], y)
    r = mm(6)
    for i, (hex_, shape, cls_icon, value) in enumerate(symbols):
        cx = rx + rw / 2 + (i - (len(symbols) - 1) / 2) * mm(22)
        cy = y - r - mm(0.5)
        shape_plate(c, shape, cx, cy, r, hex_, INK, 1)
        place_centred(c, cls_icon, cx - r * 0.2, cy + r * 0.1, r * 1.15)
        c.setFillColor(color("#ffffff"))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.circle(cx + r * 0.8, cy - r * 0.55, r * 0.5, stroke=1, fill=1)
        value_text(c, str(value), cx + r * 0.8, cy - r * 0.55, r * 0.65, INK)
    y -= 2 * r + mm(4.5)
    y = heading(label["spices"], y)
    row = mm(11)
    for spices, points in combos:
        cy = y - row / 2
        n = len(spices)
        for i, icon in enumerate(spices):
            cx = rx + mm(6) + i * mm(12)
            c.setFillColor(color("#ffffff"))
            c.setStrokeColor(color(INK))
            c.setLineWidth(0.7)
            c.circle(cx, cy, mm(4.4), stroke=1, fill=1)
            place_centred(c, icon, cx, cy, mm(7))
            if i < n - 1:
                c.setFont(fonts.BOLD, 9)
                c.setFillColor(color(INK))
                c.drawCentredString(cx + mm(6), cy - 3, "+")
        px = rx + rw - mm(6)
        c.setFillColor(color(TERRACOTTA))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.9)
        c.circle(px, cy, mm(4.4), stroke=1, fill=1)
        value_text(c, str(points), px, cy, 13, "#ffffff")
        c.setStrokeColor(color(tint(INK, 0.6)))
        c.setLineWidth(0.6)
        c.setDash(1, 2)
        c.line(rx + mm(6) + (n - 1) * mm(12) + mm(6), cy, px - mm(6), cy)
        c.setDash()
        y -= row
    # what the stove does, in short words, in the room left below the combinations
    note_top = y - mm(3)
    note_h = note_top - rim - mm(6)
    c.setStrokeColor(color(TERRACOTTA))
    c.setLineWidth(0.6)
    c.line(rx + mm(4), note_top + mm(1.5), rx + rw - mm(4), note_top + mm(1.5))
    text_box(c, box, label["note"], rx + mm(1), rim + mm(5), rw - mm(2), note_h, fonts.BODY, 8.5, align="left",
             valign="top", leading=1.25, what="counter note")
    corner_mark(c, box, mark, INK)


# --- tokens ----------------------------------------------------------------------------------------------------

SPICE_RINGS = {"alho": "#9c8a78", "cebolinha": "#6fae3a", "coentro": "#2b7a3a", "pimenta": "#d7261e",
               "colorau": "#e8702a", "louro": "#7a8a2a"}


def spice_token(c, box: FaceBox, *, icon, name, ring) -> None:
    cx, cy, r = round_token(c, box, fill=area("#fff3dc"), ring=ring, edge=area("#fff3dc"))
    c.setStrokeColor(color(ring))
    c.setLineWidth(mm(1.2))
    c.circle(cx, cy, r + mm(0.7), stroke=1, fill=0)
    place_centred(c, icon, cx, cy + r * 0.18, r * 1.25)
    t = fit(box, name, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="spice name")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(INK))
    c.drawCentredString(cx, cy - r * 0.72, name)


def marker_token(c, box: FaceBox, *, fill, icon, word) -> None:
    ring = INK if _luma(fill) > 0.7 else "#ffffff"
    cx, cy, r = round_token(c, box, fill=area(fill), ring=ring, edge=area(fill))
    place_centred(c, icon, cx, cy + r * 0.15, r * 1.0)
    t = fit(box, word, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="marker word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(on(fill)))
    c.drawCentredString(cx, cy - r * 0.72, word)


def prize_token(c, box: FaceBox, *, points, word) -> None:
    cx, cy, r = round_token(c, box, fill=area("#3f8a3a"), ring="#ffffff", edge=area("#3f8a3a"))
    place_centred(c, "tnm-veg", cx, cy + r * 0.2, r * 1.05)
    value_text(c, str(points), cx + r * 0.55, cy + r * 0.5, r * 0.55, "#ffffff")
    t = fit(box, word, fonts.BOLD, 6.5, 6, r * 1.6, max_lines=1, what="prize word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color("#ffffff" if not area("#3f8a3a") != "#3f8a3a" else INK))
    c.drawCentredString(cx, cy - r * 0.72, word)


def hat_token(c, box: FaceBox, *, word) -> None:
    cx, cy, r = round_token(c, box, fill=area(TERRACOTTA), ring="#ffffff", edge=area(TERRACOTTA))
    place_centred(c, "chef-hat", cx, cy + r * 0.15, r * 1.15)
    t = fit(box, word, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="hat word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(on(TERRACOTTA)))
    c.drawCentredString(cx, cy - r * 0.72, word)


# --- card backs ------------------------------------------------------------------------------------------------

def card_back(c, box: FaceBox, *, title, text, fill, icon) -> None:
    """Chita-style: a warm ground with a scatter of flowers, a plate with the icon, the name."""
    _background_all(c, box, fill)
    b = box.bleed
    c.saveState()
    p = c.beginPath()
    p.rect(-b, -b, box.w + 2 * b, box.h + 2 * b)
    c.clipPath(p, stroke=0, fill=0)
    if not active():
        place_centred(c, "tnm-chita", box.w / 2, box.h / 2, max(box.w, box.h) + 2 * b)
    c.restoreState()
    cx, cy = box.w / 2, box.h / 2 + mm(6)
    r = min(box.w, box.h) * 0.3
    c.setFillColor(color(CREAM))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.4)
    c.circle(cx, cy, r, stroke=1, fill=1)
    place_centred(c, icon, cx, cy, r * 1.4)
    bw, bh = box.w * 0.82, mm(12)
    by = cy - r - mm(9)
    c.setFillColor(color(TERRACOTTA if fill != TERRACOTTA else WOOD))
    c.roundRect(cx - bw / 2, by - bh / 2, bw, bh, mm(2), stroke=1, fill=1)
    t = fit(box, title, fonts.TITLE, 20, MIN_TITLE, bw - mm(4), max_lines=1, what="back title")
    c.setFillColor(color("#ffffff"))
    c.setFont(fonts.TITLE, t.size)
    c.drawCentredString(cx, by - t.size * 0.35, title)
    s = fit(box, text.upper(), fonts.BOLD, 9, MIN_BODY, bw, max_lines=1, what="back text")
    tw = fonts.width(text.upper(), fonts.BOLD, s.size) + mm(4)
    c.setFillColor(color(CREAM))
    c.roundRect(cx - tw / 2, by - bh / 2 - mm(7.4), tw, mm(4.8), mm(1.2), stroke=0, fill=1)
    c.setFillColor(color(INK))
    c.setFont(fonts.BOLD, s.size)
    c.drawCentredString(cx, by - bh / 2 - mm(5.9), text.upper())


# --- the scoring board -----------------------------------------------------------------------------------------

def board_size() -> tuple[float, float]:
    cols, rows = BOARD_SPACES
    return cols * BOARD_SPACE_MM, rows * BOARD_SPACE_MM


def perimeter(cols: int, rows: int) -> list[tuple[int, int]]:
    """Cells (col, row from the top) around the edge, clockwise from the top-left corner."""
    cells = [(i, 0) for i in range(cols)]
    cells += [(cols - 1, j) for j in range(1, rows)]
    cells += [(i, rows - 1) for i in range(cols - 2, -1, -1)]
    cells += [(0, j) for j in range(rows - 2, 0, -1)]
    return cells


def scoring_board(c, w: float, h: float, bleed: float, *, title, gloss, score, sum_track, labels, table,
                  legend, classes, mark) -> None:
    cols, rows = BOARD_SPACES
    s = w / cols
    c.setFillColor(color(area(WOOD)))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    # the score track around the edge
    cells = perimeter(cols, rows)
    if len(cells) < len(score):
        raise PdfBuildError(f"scoring board: {len(score)} score spaces do not fit the {len(cells)} edge spaces")
    for value, (i, j) in zip(score, cells):
        x, y = i * s, h - (j + 1) * s
        fill = TERRACOTTA if value % 10 == 0 else "#f2c14e" if value % 5 == 0 else CREAM
        c.setFillColor(color(area(fill)))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.6)
        c.rect(x, y, s, s, stroke=1, fill=1)
        value_text(c, str(value), x + s / 2, y + s / 2, 11 if value % 5 == 0 else 9,
                   "#ffffff" if value % 10 == 0 and area(fill) == fill else INK)
    # the middle: title, the sum track, the round table
    ix, iy, iw, ih = s + mm(4), s + mm(4), w - 2 * s - mm(8), h - 2 * s - mm(8)
    panel(c, ix, iy, iw, ih, area(COUNTER), radius=mm(4))
    y = iy + ih - mm(5)
    size = 34
    c.setFont(fonts.TITLE, size)
    c.setFillColor(color(TERRACOTTA))
    y -= size * 0.8
    c.drawCentredString(ix + iw / 2, y, title)
    if gloss:
        c.setFont(fonts.ITALIC, 11)
        c.setFillColor(color(INK))
        y -= 15
        c.drawCentredString(ix + iw / 2, y, gloss)
    y -= mm(8)
    # sum track
    c.setFont(fonts.BOLD, 10)
    c.setFillColor(color(INK))
    c.drawCentredString(ix + iw / 2, y, labels["sum"].upper())
    y -= mm(3)
    n = len(sum_track)
    ss = min(mm(13), (iw - mm(10)) / n)
    x0 = ix + (iw - n * ss) / 2
    for k, value in enumerate(sum_track):
        x = x0 + k * ss
        c.setFillColor(color(area("#2f6db5" if value % 5 == 0 else "#ffffff")))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.roundRect(x + 1, y - ss + 1, ss - 2, ss - 2, mm(1.5), stroke=1, fill=1)
        value_text(c, str(value), x + ss / 2, y - ss / 2, 13,
                   "#ffffff" if value % 5 == 0 and area("#2f6db5") == "#2f6db5" else INK)
    place_centred(c, "tnm-sum", x0 - mm(7), y - ss / 2, mm(8))
    y -= ss + mm(6)
    c.setFont(fonts.BOLD, 10)
    c.drawCentredString(ix + iw / 2, y, labels["score_note"])
    y -= mm(8)
    # rounds per player count
    col_w = mm(38)
    tx = ix + (iw - col_w * len(table)) / 2
    for k, (players, rounds, spices) in enumerate(table):
        x = tx + k * col_w
        c.setFillColor(color(area(CREAM)))
        c.setStrokeColor(color(TERRACOTTA))
        c.setLineWidth(0.8)
        c.roundRect(x + mm(1), y - mm(17), col_w - mm(2), mm(17), mm(2), stroke=1, fill=1)
        c.setFillColor(color(INK))
        c.setFont(fonts.TITLE, 12)
        c.drawCentredString(x + col_w / 2, y - mm(5.5), players)
        c.setFont(fonts.BODY, 9)
        c.drawCentredString(x + col_w / 2, y - mm(10.5), rounds)
        c.drawCentredString(x + col_w / 2, y - mm(14.5), spices)
    # how points are scored, one line each, under the table
    y -= mm(25)
    for line in legend:
        size = 11
        while fonts.width(line, fonts.BOLD, size) > iw - mm(10) and size > 7:
            size -= 0.5
        if fonts.width(line, fonts.BOLD, size) > iw - mm(10):
            raise PdfBuildError(f"scoring board: the legend line does not fit: {line!r}")
        c.setFont(fonts.BOLD, size)
        c.setFillColor(color(INK))
        c.drawCentredString(ix + iw / 2, y, line)
        y -= size * 1.6
    # the five classes with their colour and shape: the key to every half-symbol on tiles and stoves
    slot = (iw - mm(10)) / len(classes)
    cy = iy + mm(14)
    for k, (hex_, shape, icon, name) in enumerate(classes):
        cx = ix + mm(5) + slot * (k + 0.5)
        shape_plate(c, shape, cx, cy + mm(3), mm(6), hex_, INK, 1)
        place_centred(c, icon, cx, cy + mm(3), mm(7))
        size = 10
        while fonts.width(name, fonts.BOLD, size) > slot - mm(2) and size > 6.5:
            size -= 0.5
        c.setFont(fonts.BOLD, size)
        c.setFillColor(color(INK))
        c.drawCentredString(cx, cy - mm(7), name)
    if mark != "R":
        c.setFont(fonts.BOLD, 9)
        c.setFillColor(color(INK))
        c.drawRightString(ix + iw - mm(3), iy + mm(3), mark)


# --- the print set ---------------------------------------------------------------------------------------------

def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    """Tá na Mesa's components for one language, ready for the PDF builder."""
    m = game.model
    tx = Texts(ui, lang, game)
    original = m.raw.get("original_language")

    def gloss(record_or_key) -> str | None:
        if lang == original:
            return None
        key = record_or_key if isinstance(record_or_key, str) else record_or_key.key
        return tx.game_text(key + "gloss")

    colour_hex = {c.id: c.hex for c in m.colours.values()}
    shape_of = {cid: art.SHAPES[cid] for cid in colour_hex}

    def cls_sign(cls_id: str) -> tuple[str, str, str]:
        cl = m.classes[cls_id]
        return colour_hex[cl.colour], shape_of[cl.colour], icon_for(cls_id)

    faces: dict[str, Any] = {}
    backs: dict[str, Any] = {}
    pieces: dict[str, list[Piece]] = {k: [] for k in KIND_ORDER}
    details: dict[str, list[str]] = {k: [] for k in KIND_ORDER}

    # ---- cards ----
    for cd in m.cards():
        if cd.kind == "ingredient":
            i = m.ingredients[cd.ref]
            hex_, shape, cls_icon = cls_sign(i.cls)
            cl = m.classes[i.cls]
            cname = cl.name if lang == original else f"{cl.name} · {tx.game_text(cl.key + 'gloss')}"
            key = f"ingredient-{i.id}-{cd.value}"
            faces[key] = partial(ingredient_face, name=i.name, gloss=gloss(i), icon=icon_for(i.id), value=cd.value,
                                 fill=hex_, shape=shape, class_name=cname, class_icon=cls_icon, label={},
                                 mark=_mark(i, ("name", "values")))
        elif cd.kind == "character":
            ch = m.characters[cd.ref]
            ability = None
            if ch.kind == "free-symbol":
                ability = (*cls_sign(ch.cls)[:2], icon_for(ch.cls), ch.value)
            key = f"character-{ch.id}"
            faces[key] = partial(character_face, name=ch.name, gloss=gloss(ch), text=tx.game_text(ch.key + "text"),
                                 ability=ability, label={}, mark=_mark(ch, ("name", "ability")))
        else:
            raise PdfBuildError(f"ta-na-mesa: card {cd.id} has a kind the PDF cannot draw: {cd.kind!r}")
        pieces[cd.kind].append(Piece(cd.id, cd.kind, key, cd.back))
    for cls in m.classes.values():
        n = sum(len(i.values) for i in m.ingredients.values() if i.cls == cls.id)
        details["ingredient"].append(f"{n} × {cls.name}")
    details["character"] = [ch.name for ch in m.characters.values()]

    combos_by_size = sorted({(len(s), p) for ctr in m.counters.values() for s, p in ctr.combos})
    faces["aid"] = partial(aid_face, title=tx.ui_text("pdf.aid.title"),
                           items=[x for x in tx.ui_text("pdf.tnm.aid.text").splitlines() if x.strip()],
                           combos=combos_by_size, combo_label=tx.ui_text("pdf.tnm.spice_combos"),
                           mark=_mark_fact(m, "recipe_reshuffle"))
    pieces["aid"] = [Piece(f"aid-{n}", "aid", "aid", "aid") for n in range(1, m.players[1] + 1)]

    # ---- recipe tiles, counters, tokens (non-card pieces from the model) ----
    label = {"symbols": tx.ui_text("pdf.tnm.symbols"), "spices": tx.ui_text("pdf.tnm.spice_combos"),
             "note": tx.ui_text("pdf.tnm.counter.note", max=m.facts["presentation_max"])}
    for p in m.pieces():
        if p.kind == "recipe-tile":
            r = m.recipes[p.ref]
            key = f"recipe-{r.id}"
            bonus = (icon_for(r.bonus[0]), r.bonus[1]) if r.bonus else None
            faces[key] = partial(recipe_face, name=r.name, gloss=gloss(r), needs=[cls_sign(x) for x in r.needs],
                                 points=r.points, bonus=bonus, vegetarian=r.vegetarian,
                                 edges=[(colour_hex[e], shape_of[e]) for e in r.edges],
                                 mark=_mark(r, ("name", "needs", "points", "bonus", "edges")))
            pieces["recipe-tile"].append(Piece(p.id, "recipe-tile", key, "recipe"))
        elif p.kind == "counter":
            ctr = m.counters[p.ref]
            key = f"counter-{ctr.id}"
            faces[key] = partial(
                counter_face, name=ctr.name, gloss=gloss(ctr),
                symbols=[(*cls_sign(cls)[:2], icon_for(cls), v) for cls, v in ctr.symbols],
                combos=[([icon_for(s) for s in spices], pts) for spices, pts in ctr.combos],
                frame=[(colour_hex[col], shape_of[col]) for col in ctr.frame],
                spaces=[(sp, [(icon_for(s), m.spices[s].name) for s in ctr.spaces[sp]]) for sp in ("nw", "ne", "sw", "se")],
                label=label, mark=_mark(ctr, ("symbols", "combos", "stove")))
            pieces["counter"].append(Piece(p.id, "counter", key, None))
        elif p.kind == "spice-token":
            front, back = p.faces
            for s in (front, back):
                sp = m.spices[s]
                draw = partial(spice_token, icon=icon_for(s), name=sp.name, ring=SPICE_RINGS.get(s, TERRACOTTA))
                faces.setdefault(f"spice-{s}", draw)
                backs.setdefault(f"spice-{s}", draw)
            pieces["spice-token"].append(Piece(p.id, "spice-token", f"spice-{front}", f"spice-{back}"))
        elif p.kind == "marker":
            pc = m.player_colours[p.ref]
            role = p.faces[0]
            key = f"marker-{pc.id}-{role}"
            word = tx.game_text(m.tracks[role].text_key)
            draw = partial(marker_token, fill=pc.hex, icon=icon_for(role), word=word)
            faces[key] = draw
            backs[key] = draw
            pieces["marker"].append(Piece(p.id, "marker", key, key))
        elif p.kind == "vegetarian-prize":
            draw = partial(prize_token, points=m.vegetarian_prize["points"],
                           word=tx.ui_text("pdf.tnm.vegetarian"))
            faces["prize"] = backs["prize"] = draw
            pieces["vegetarian-prize"].append(Piece(p.id, "vegetarian-prize", "prize", "prize"))
        elif p.kind == "chefs-hat":
            draw = partial(hat_token, word=tx.ui_text("pdf.tnm.chef"))
            faces["hat"] = backs["hat"] = draw
            pieces["chefs-hat"].append(Piece(p.id, "chefs-hat", "hat", "hat"))
        elif p.kind == "scoring-board":
            continue      # a Board, below
        else:
            raise PdfBuildError(f"ta-na-mesa: piece {p.id} has a kind the PDF cannot draw: {p.kind!r}")
    details["recipe-tile"] = [f"{RECIPE_TILE_MM:g} × {RECIPE_TILE_MM:g} mm"]
    details["counter"] = [", ".join(ctr.name for ctr in m.counters.values())]
    details["spice-token"] = [", ".join(s.name for s in m.spices.values())]
    details["marker"] = [", ".join(f"2 × {tx.game_text(pc.key + 'gloss') if lang != original else pc.name}"
                                   for pc in m.player_colours.values())]

    # ---- the scoring board ----
    board_raw = m.raw["scoring_board"]
    bw, bh = board_size()
    table = [(tx.ui_text("pdf.tnm.players", n=pc.players), tx.ui_text("pdf.tnm.rounds", n=pc.rounds),
              tx.ui_text("pdf.tnm.spices_each", n=pc.spices_each)) for pc in m.player_counts.values()]
    f = m.facts
    combo_points = " / ".join(str(p) for _, p in combos_by_size)
    legend = [tx.ui_text("pdf.tnm.legend.sum", bonus=f["highest_sum_bonus"], tied=f["tied_highest_bonus"]),
              tx.ui_text("pdf.tnm.legend.spices", points=combo_points),
              tx.ui_text("pdf.tnm.legend.presentation", max=f["presentation_max"]),
              tx.ui_text("pdf.tnm.legend.vegetarian", points=m.vegetarian_prize["points"],
                         tied=m.vegetarian_prize["tied_points"])]
    board_mark = "*" if any(t.get("reconstructed") for t in board_raw["tracks"]) else "R"
    boards = [Board(board_raw["id"], "scoring-board", tx.ui_text("pdf.kind.scoring_board"), bw, bh,
                    partial(scoring_board, title=board_raw["name"], gloss=gloss("scoring_board."),
                            score=m.tracks["score"].spaces, sum_track=m.tracks["sum"].spaces,
                            labels={"sum": tx.game_text(m.tracks["sum"].text_key),
                                    "score_note": tx.ui_text("pdf.tnm.score_note",
                                                             score=tx.game_text(m.tracks["score"].text_key))},
                            table=table, legend=legend, mark=board_mark,
                            classes=[(*cls_sign(cl.id)[:2], icon_for(cl.id),
                                      cl.name if lang == original else f"{cl.name} · {tx.game_text(cl.key + 'gloss')}")
                                     for cl in m.classes.values()]))]
    details["scoring-board"] = [f"{bw:g} × {bh:g} mm"]

    backs["ingredient"] = partial(card_back, title=m.name, text=tx.game_text(m.backs["ingredient"]),
                                  fill=TERRACOTTA, icon="tnm-stove")
    backs["character"] = partial(card_back, title=m.name, text=tx.game_text(m.backs["character"]),
                                 fill=CHARACTER, icon="tnm-cook")
    backs["aid"] = partial(card_back, title=m.name, text=tx.ui_text("pdf.aid.title"), fill=AID, icon="checklist")
    backs["recipe"] = partial(recipe_back, title=m.name, text=tx.game_text(m.backs["recipe"]))
    back_labels = {b: tx.game_text(m.backs[b]) for b in ("ingredient", "character", "recipe")}
    back_labels["aid"] = tx.ui_text("pdf.aid.title")
    for k in backs:
        if k not in back_labels:
            back_labels[k] = tx.ui_text("pdf.tnm.other_face" if k.startswith("spice-") else "pdf.tnm.same_face")

    kinds = [Kind(k, tx.ui_text("pdf.kind." + k.replace("-", "_")), KIND_ICON[k],
                  pieces[k][0].back if pieces[k] else None, ", ".join(details[k]))
             for k in KIND_ORDER if pieces[k] or k == "scoring-board"]
    cards = pieces["ingredient"] + pieces["character"]
    small = card.width_mm < AID_MIN.width_mm or card.height_mm < AID_MIN.height_mm
    decks = [Deck(card, cards), Deck(AID_MIN, pieces["aid"])] if small else [Deck(card, cards + pieces["aid"])]
    decks += [tile_deck(tile_size("recipe tile", RECIPE_TILE_MM), pieces["recipe-tile"]),
              tile_deck(tile_size("counter", *COUNTER_MM), pieces["counter"]),
              token_deck("token", TOKEN_MM, pieces["spice-token"] + pieces["marker"] + pieces["vegetarian-prize"]
                         + pieces["chefs-hat"])]
    walls = {wallpaper_name(shape_of[m.classes[i.cls].colour], tint(colour_hex[m.classes[i.cls].colour], 0.28))
             for i in m.ingredients.values()}
    used_icons = sorted(set(ICONS.values()) | set(art.TNM_ICONS) | {"plate", "checklist", "chef-hat"} | walls)
    return PrintSet(
        game_id=m.id, title=m.name, subtitle=tx.game_text("gloss") if lang != original else "", lang=lang,
        decks=decks, faces=faces, backs=backs, back_labels=back_labels, kinds=kinds, credits=_credits(m, tx),
        icons=used_icons, fallback=tx.fallback, boards=boards)


def _mark(record, fields) -> str:
    marks = {record.prov(f).mark for f in fields}
    return "E" if "E" in marks else "*" if "*" in marks else "R"


def _mark_fact(m, field_: str) -> str:
    facts = m.raw["facts"]
    if field_ in (facts.get("errata") or {}):
        return "E"
    return "*" if field_ in (facts.get("reconstructed") or {}) else "R"


def _credits(m, tx: Texts) -> list[Credit]:
    credits = []
    for note in m.notes:
        if note.record in ("facts", "totals"):
            who = tx.ui_text("pdf.credits.game")
        elif note.record == "spice_tokens":
            who = tx.ui_text("pdf.kind.spice_token")
        else:
            who = note.name
        field_key = FIELD_KEYS.get(note.field, f"pdf.field.{note.field}")
        field = tx.ui_text(field_key) if tx.has_ui(field_key) else note.field.replace("_", " ")
        if note.kind == "erratum":
            base = note.reason_key.rsplit(".", 1)[0]        # facts.errata.recipe_reshuffle
            reason = tx.ui_text("pdf.erratum.text", says=tx.game_text(base + ".says"),
                                uses=tx.game_text(base + ".uses"), why=tx.game_text(base + ".why"))
        else:
            reason = tx.game_text(note.reason_key)
        credits.append(Credit(note.kind, who, field, reason))
    return credits
